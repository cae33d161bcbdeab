"""The round screen's setup and reset lists are plain lists: no line looks like a box to tick (a
newcomer tapped the boxes and nothing happened)."""

from types import SimpleNamespace

import flet as ft

from companion.ui.round.forms.banner import decision_controls
from companion.ui.round.forms.controls import FormState, MainButton
from tests.ui.round.test_presenter import started, until


def icons(control) -> list:
    found = []
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Icon):
            found.append(c.icon)
        for attr in ("content", "controls"):
            child = getattr(c, attr, None)
            if isinstance(child, list):
                stack += child
            elif isinstance(child, ft.Control):
                stack.append(child)
    return found


def test_the_reset_list_has_no_tick_boxes():
    p = started()
    v = until(p, "next_round")
    # What a form may ask of the screen (forms.controls.RoundHost).
    screen = SimpleNamespace(p=p, spell=None, drawn=v, forms=FormState(), main=MainButton(), refresh=lambda *a: None,
                             do=lambda call: call())
    shown = [i for c in decision_controls(screen, v) for i in icons(c)]
    assert ft.Icons.CHEVRON_RIGHT in shown
    assert not [i for i in shown if "CHECK_BOX" in str(i)]
