"""A human's placement: the hint above the board, and the spell (Grow Beard, Blood Sacrifice) chosen first."""

from __future__ import annotations

import flet as ft

from companion.ui.round.forms.controls import RoundHost
from companion.ui.round.view_model import RoundView, placing_hint
from companion.ui.widgets.colors import on_color


def place_hint(screen: RoundHost, v: RoundView) -> ft.Control:
    def toggle(spell):
        screen.spell = None if screen.spell == spell else spell
        screen.refresh()

    chips: list[ft.Control] = []
    if not v.expansion:  # a base game has no spells
        return ft.Text(placing_hint(False), color=on_color(v.banner_color))
    for spell, text in (("grow_beard", "Grow Beard"), ("blood_sacrifice", "Blood Sacrifice")):
        chips.append(
            ft.Chip(
                label=ft.Text(text),
                selected=screen.spell == spell,
                on_select=lambda _e, s=spell: toggle(s),
                bgcolor=ft.Colors.SURFACE,
            )
        )
    # The board is above this bar on a phone and on a desktop alike (there, on the right).
    hint = placing_hint(True, screen.spell)
    fg = on_color(v.banner_color)
    # The chips above the hint, the hint at the bar's foot: where the automa's "Draw a card and place" was. A
    # double tap on that button played the automa's turn, then landed its second touch on what the bar drew there:
    # a spell chip armed the spell unseen; the hint's text takes the touch and does nothing.
    return ft.Column(
        [ft.Row(chips, wrap=True, spacing=6, run_spacing=6), ft.Text(hint, color=fg)], spacing=6, tight=True
    )
