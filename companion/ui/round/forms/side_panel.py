"""The side panel under the board: the table's setup, spells and corrections, the automa's hidden stash, the log.

Each section is built only while it is open (``RoundHost.section``).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.round.forms.controls import RoundHost, action_button, pad
from companion.ui.round.forms.extras import extras
from companion.ui.round.view_model import AutomaTally, RoundView, cap
from companion.ui.widgets import common as w


def side_panel(screen: RoundHost, v: RoundView) -> ft.Control:
    sections = []
    if v.round == 1 and v.placed:

        def setup_rows() -> list[ft.Control]:
            rows: list[ft.Control] = [
                ft.Row([ft.Text(line, expand=True), *([w.chip("estimate", tone="warn")] if est else [])])
                for line, est in screen.setup_lines()
            ]
            return [pad(rows)]

        sections.append(screen.section("setup", "Set up the table", setup_rows))
    sections.append(screen.section("extras", "Spells, special tiles and corrections", lambda: [extras(screen, v)]))
    if v.tallies:  # the table keeps the automa's things otherwise: nothing hidden in the app
        sections.append(screen.section("stash", "Automa stash (hidden)", lambda: [stash(screen, v.tallies)]))

    def log_rows() -> list[ft.Control]:
        return [pad([ft.Text(line, size=13) for line in screen.p.log_lines()], spacing=2)]

    sections.append(screen.section("log", "Event log", log_rows))
    return w.card(sections, spacing=0, padding=4, stretch=True)


def stash(screen: RoundHost, tallies: tuple[AutomaTally, ...]) -> ft.Control:
    """Each automa's hidden stash, shown only after the user asks (a button each to reveal or hide it)."""
    rows: list[ft.Control] = []
    for tally in tallies:
        c = tally.color
        if c in screen.p.revealed:
            rows.append(ft.Text(f"{cap(c)} automa: " + "; ".join(screen.p.stash_lines(c))))
            rows.append(
                action_button(
                    f"Hide {cap(c)}'s stash",
                    _reveals(screen, c, False),
                    primary=False,
                )
            )
        else:
            rows.append(
                action_button(
                    f"Reveal {cap(c)}'s stash",
                    _reveals(screen, c, True),
                    primary=False,
                    icon="VISIBILITY",
                )
            )
    return ft.Container(ft.Column(rows, spacing=8), padding=8)


def _reveals(screen: RoundHost, color: str, shown: bool) -> Callable[[object], None]:
    """A click handler that reveals (or hides) ``color``'s stash, then redraws the side panel."""

    def clicked(_e: object) -> None:
        (screen.p.revealed.add if shown else screen.p.revealed.discard)(color)
        screen.refresh("side")

    return clicked
