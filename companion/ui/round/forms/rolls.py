"""The die forms: the starting rolls (each human's die, or the app's), a human's dragon roll, and a dragon
fight's dice (rules version 4: every die before the axes and the tile)."""

from __future__ import annotations

import flet as ft

from companion.ui.round.forms.controls import MAIN, RoundHost, die_row, form_state, main_button, panel
from companion.ui.round.view_model import RoundView, cap, required
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


def fight_dice(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The fight's dice, first: the automa's (the app rolled them), each person's tapped or left to the app, the
    main button rolling the rest. The face that completes the dice goes on at once (one tap a person, as a
    dragon roll's); a face tapped again is taken back while others are still missing."""
    f = required(v.fight_dice, "fight's dice")
    p, names = screen.p, screen.p.names
    rolls = form_state(screen).setdefault("rolls", {})
    if f.black:
        lead = (f"{names.who(f.trigger)} set the dragon off and rolls the black die: everyone's die in this "
                "fight. Tap its face, or leave it to the app.")
    else:
        lead = ("Everyone rolls a die now, before any axe is spent or the tile turned. Tap yours, or leave it to "
                "the app.")
    rows: list[ft.Control] = [ft.Text(lead)]
    if f.automa_dice:
        rolled = ", ".join(f"{cap(c)} automa {n}" for c, n in f.automa_dice.items())
        rows.append(ft.Text(f"The app rolled for the automa: {rolled}.", weight=ft.FontWeight.W_600))
    alone = len(f.rollers) == 1
    for color in f.rollers:

        def pick(n, color=color):
            rolls[color] = None if rolls.get(color) == n else n
            if all(rolls.get(c) for c in f.rollers):
                screen.do(lambda: p.fight_dice(rolls))
            else:
                screen.refresh()

        die = "black die" if f.black else "die"
        shown = f"{names.whose(color)} {die}"
        rows.append(ft.Text(f"{shown}: {rolls[color]}" if rolls.get(color) else f"{shown} (or the app rolls)",
                            weight=ft.FontWeight.W_600))
        rows.append(die_row(f"{names.name(color)} rolled", rolls.get(color), pick))
    rerolls = "the Temple or Time Warp" if v.expansion else "the Temple"
    rows.append(ft.Text(f"Re-rolling with {rerolls}? Do it at the table, then tap the final face. A die the app "
                        "rolls is shown to you first when you can re-roll it."))
    label = "Roll for me" if alone else "Roll the rest" if any(rolls.get(c) for c in f.rollers) else "Roll for everyone"
    go = main_button(screen, label, lambda _e: screen.do(lambda: p.fight_dice(rolls)), "CASINO", v.banner_color)
    return [panel(rows), go]
