"""The die forms: the starting rolls (each human's die, or the app's), and a human's dragon roll."""

from __future__ import annotations

import flet as ft

from companion.ui.round.forms.controls import MAIN, RoundHost, die_row, form_state, main_button, panel
from companion.ui.round.view_model import RoundView
from companion.ui.widgets.colors import on_color


def starting_rolls(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    form = form_state(screen)
    rolls = form.setdefault("rolls", {})
    humans = [seat.color for seat in v.humans]
    names = screen.p.names
    rows: list[ft.Control] = [
        ft.Text(
            "Roll your own die and tap its value, or leave it to the app. "
            "The app rolls for the automa; ties are re-rolled."
        )
    ]
    for color in humans:

        def pick(n, color=color):
            rolls[color] = None if rolls.get(color) == n else n
            screen.refresh()

        whose = f"{names.whose(color)} die"
        rows.append(
            ft.Text(f"{whose}: {rolls[color]}" if rolls.get(color) else f"{whose} (or the app rolls)",
                    weight=ft.FontWeight.W_600)
        )
        rows.append(die_row(f"{names.name(color)} rolled", rolls.get(color), pick))
    go = main_button(
        screen, "Roll for the starting order", lambda _e: screen.do(lambda: screen.p.starting_rolls(rolls)), "CASINO",
        v.banner_color,
    )
    return [panel(rows), go]


def dragon_roll(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The app's die in the bar (with the threshold), the table's die row on the page."""
    p = screen.p
    threshold = ft.Text(f"The dragon moves on {v.threshold} or more.", color=on_color(v.banner_color), data=MAIN)
    return [
        threshold,
        main_button(screen, "Roll the app's die", lambda _e: screen.do(p.proceed), "CASINO", v.banner_color),
        panel(
            [
                ft.Text("Or tap the die rolled at the table:"),
                die_row("Table die", None, lambda n: screen.do(lambda: p.table_roll(n))),
            ]
        ),
    ]
