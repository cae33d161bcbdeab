"""A page's way of sending to its client, wrapped: the phone site holds the page's messages until its data is
stored (``companion/phone/storage.py``, ``StoredBeforeShown``).

Flet 1.0.5 sends every message of a session through its connection's ``send_message`` (``page.session`` is
public, its ``connection`` and the connection's ``send_message`` are Flet's own wiring, not its API): the one
method is replaced on the instance, so every update, dialog and navigation of the page passes through the
wrapper, in order.

On a Flet upgrade: ``tests/flet_seam/test_connection.py`` checks that a page's update still reaches the wrapper.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

#: Sends one message to the page's client (Flet's ``Message``, taken as it comes).
Send = Callable[[Any], None]


def wrap_send(page: ft.Page, wrap: Callable[[Send], Send]) -> Send:
    """Send this page's messages through ``wrap(send)``, ``send`` being the connection's own; returns the
    wrapper."""
    connection: Any = page.session.connection
    wrapped = wrap(connection.send_message)
    connection.send_message = wrapped
    return wrapped
