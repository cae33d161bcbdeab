"""A page's sending wrapped: every message of the page passes through the wrapper, in order, and reaches the
client only when the wrapper sends it (companion/flet_seam/connection.py)."""

from __future__ import annotations

import flet as ft

from companion.flet_seam.connection import wrap_send
from tests.flet_helpers import run_async
from tests.flet_seam.recorded_page import patched_values, recorded_page


def test_a_pages_updates_go_through_the_wrapper():
    async def story():
        page, connection = recorded_page()
        held: list = []

        def holding(send):
            def hold(message) -> None:
                held.append((send, message))

            return hold

        text = ft.Text("one")
        page.add(text)
        connection.sent.clear()
        wrapper = wrap_send(page, holding)
        text.value = "two"
        text.update()
        text.value = "three"
        text.update()
        assert connection.sent == [] and len(held) == 2  # held back: nothing reached the client
        for send, message in held:
            send(message)  # the connection's own send, as the wrapper was given it
        return wrapper, patched_values(connection.sent)

    wrapper, sent = run_async(story())
    assert wrapper.__name__ == "hold" and sent == ["two", "three"]
