"""The round screen's re-roll controls: "keep or re-roll" for a die the app rolled (Temple, Time Warp), and Time
Warp on a dragon roll just made. The rules are the engine's (``companion.rules.engine.rerolls``); this draws them.
"""

from __future__ import annotations

import flet as ft

from companion.ui.round.forms.controls import RoundHost, panel
from companion.ui.round.view_model import KeepRoll, RoundView, WarpOffer
from companion.ui.widgets import common as w


def keep_roll_controls(screen: RoundHost, v: RoundView, keep: KeepRoll) -> ft.Control:
    """What the owner of a die the app rolled may do before it counts: keep it, the Temple, Time Warp."""
    p = screen.p
    if keep.purpose == "attack" and keep.blind:  # rules version 4: nothing else of the fight is known yet
        die = "the black die (everyone's)" if keep.black else "this die"
        text = f"Before any axe is spent or the dragon tile turned: keep {die} or re-roll it."
    elif keep.purpose == "attack":
        die = "The black die" if keep.black else "This die"
        text = f"{die} can change the fight (who loses, who takes the tile): keep it or re-roll it first."
    else:
        text = f"The dragon moves on {keep.threshold} or more. Your dwarf in the Temple lets you re-roll once."
    buttons: list[ft.Control] = [w.filled_button("Keep it", lambda _e: screen.do(p.proceed), icon_name="CHECK")]
    if keep.temple:
        buttons.append(w.filled_button("Re-roll (Temple)", lambda _e: screen.do(p.reroll), icon_name="CASINO"))
    if v.time_warp:
        buttons.append(
            w.text_button("Time Warp", lambda _e: screen.do(lambda: p.time_warp(keep.color)), icon_name="HOURGLASS_TOP")
        )
    return panel([ft.Text(text), ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)])


def warp_controls(screen: RoundHost, warp: WarpOffer) -> ft.Control:
    """Time Warp on the dragon roll just made: the app re-rolls its own die; the table's is entered again."""
    p = screen.p
    who, whose = p.names.who(warp.color), p.names.whose(warp.color)
    if warp.by == "app":
        return ft.Column(
            [
                ft.Text(f"{who} rolled {warp.value} for the dragon. Cast Time Warp on it?"),
                w.text_button(
                    f"Time Warp: re-roll {whose} {warp.value}",
                    lambda _e: screen.do(lambda: p.time_warp(warp.color)),
                    icon_name="HOURGLASS_TOP",
                ),
            ],
            spacing=4,
            tight=True,
        )
    buttons: list[ft.Control] = [
        ft.OutlinedButton(
            content=ft.Text(str(n), semantics_label=f"Time Warp: {whose} new die {n}"),
            on_click=lambda _e, n=n: screen.do(lambda: p.time_warp(warp.color, n)),
            width=45,
            height=w.TARGET,
            style=ft.ButtonStyle(padding=0),
        )
        for n in range(1, 7)
    ]
    return ft.Column(
        [
            ft.Text(f"{who} rolled {warp.value} for the dragon. Time Warp: re-roll it at the table, tap the new die."),
            ft.Row(buttons, spacing=3, wrap=True, run_spacing=6),
        ],
        spacing=4,
        tight=True,
    )
