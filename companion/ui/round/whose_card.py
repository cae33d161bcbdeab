"""The card a joined phone shows before the game, once: "Whose phone is this?" (companion/ui/round/whose.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from companion.ui.round import whose
from companion.ui.round.view_model import SeatLabel
from companion.ui.widgets import common as w


def whose_card(players: Iterable[SeatLabel], on_pick: Callable[[str], None]) -> ft.Control:
    """A big button per human player, then "Just watching"; ``on_pick`` gets the colour or ``whose.WATCHING``."""
    buttons = [
        w.big_button(
            choice.label,
            _picks(on_pick, choice.value),
            icon_name="VISIBILITY" if choice.value == whose.WATCHING else "PERSON",
            primary=choice.value != whose.WATCHING,
            expand=False,
        )
        for choice in whose.choices(players)
    ]
    return w.card([w.heading(whose.QUESTION), w.para(whose.WHY), *buttons], spacing=12, stretch=True)


def _picks(on_pick: Callable[[str], None], value: str) -> Callable[[object], None]:
    """A button's click handler that picks ``value``."""
    return lambda _e: on_pick(value)
