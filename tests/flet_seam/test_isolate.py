"""Flet still reads the isolated mark: an ancestor's update skips an isolated control's children, the control's
own update sends them (companion/flet_seam/isolate.py)."""

from __future__ import annotations

import flet as ft

from companion.flet_seam.isolate import isolate
from tests.flet_helpers import run_async
from tests.flet_seam.recorded_page import patched_values, recorded_page


def _sent_after_a_change(isolated: bool) -> tuple[list, list]:
    """What the outer column's update sends after a text inside changed, then what the inner column's sends."""

    async def story():
        page, connection = recorded_page()
        text = ft.Text("before")
        inner = ft.Column([text])
        if isolated:
            assert isolate(inner) is inner
        outer = ft.Column([inner])
        page.add(outer)
        connection.sent.clear()
        text.value = "after"
        outer.update()
        by_outer = patched_values(connection.sent)
        connection.sent.clear()
        inner.update()
        return by_outer, patched_values(connection.sent)

    return run_async(story())


def test_an_ancestors_update_skips_an_isolated_controls_children():
    by_outer, by_inner = _sent_after_a_change(isolated=True)
    assert by_outer == [] and by_inner == ["after"]


def test_without_the_mark_the_ancestors_update_sends_the_change():
    by_outer, by_inner = _sent_after_a_change(isolated=False)
    assert by_outer == ["after"] and by_inner == []


def test_the_mark_is_flets_own_question():
    assert isolate(ft.Row()).is_isolated() and not ft.Row().is_isolated()
