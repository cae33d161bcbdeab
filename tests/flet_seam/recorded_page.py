"""A real Flet page on a connection that records what it sends, encoded as Flet's web connection encodes it (the
encoding takes the snapshots the next update is diffed against). Uses Flet 1.0.5's session internals, as the
seam's tests must."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Recording(Connection):
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Any] = []
        self.session: Session | None = None  # held here: the page holds its session weakly

    def send_message(self, message) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent.append(message)


def recorded_page() -> tuple[ft.Page, Recording]:
    """A page as a browser of 800x600 opened it at ``/``, and its connection; call inside a running loop."""
    connection = Recording()
    connection.pubsubhub = PubSubHub()
    connection.loop = asyncio.get_running_loop()
    session = connection.session = Session(connection)
    session.apply_page_patch({"route": "/", "width": 800.0, "height": 600.0})
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the register response (takes the snapshots)
    return session.page, connection


def patched_values(messages: list[Any]) -> list[Any]:
    """The values the messages' patches set, in order (``[op, id, name, value]`` entries)."""
    return [op[3] for m in messages for op in getattr(m.body, "patch", [])[1:] if isinstance(op, list) and len(op) == 4]
