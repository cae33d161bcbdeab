"""A message the server sends to the page is not written out as text for Flet's debug log while it is
off, and is written out whole when it is on."""

from __future__ import annotations

import logging

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi import flet_app

from companion.flet_seam import messages as flet_messages


class _Watched:
    """A value in a message's body that counts how often it is written out as text."""

    def __init__(self) -> None:
        self.written = 0

    def __repr__(self) -> str:
        self.written += 1
        return "<watched>"


@pytest.fixture
def transport_level():
    """Set the transport logger's level (``setLevel``: the logger's cached answers go too); restored after."""
    logger = flet_messages.TRANSPORT_LOG
    before = logger.level
    yield logger.setLevel
    logger.setLevel(before)


def _message(value) -> Message:
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(7, [{"value": value}, ft.Text("deep")]))


def test_flets_web_connection_logs_to_the_logger_the_short_repr_asks():
    assert flet_app.transport_log is flet_messages.TRANSPORT_LOG


def test_with_the_debug_log_off_a_message_is_not_written_out(monkeypatch, transport_level):
    monkeypatch.setattr(Message, "__repr__", Message.__repr__)  # undone after the test
    assert flet_messages.install()
    assert flet_messages.install()  # twice: still one wrapper, around Flet's own repr
    assert Message.__repr__.__wrapped__.__name__ != "short_repr"
    transport_level(logging.INFO)
    watched = _Watched()
    line = f"send_message: {_message(watched)}"  # what Flet's send_message builds for every message
    assert watched.written == 0
    assert line == "send_message: Message(<MessageAction.PATCH_CONTROL: 2>)"


def test_with_the_debug_log_on_a_message_is_written_out_whole(monkeypatch, transport_level):
    full = Message.__repr__
    monkeypatch.setattr(Message, "__repr__", Message.__repr__)
    flet_messages.install()
    transport_level(logging.DEBUG)
    watched = _Watched()
    message = _message(watched)
    assert repr(message) == full(message)
    assert "<watched>" in repr(message) and "deep" in repr(message)
