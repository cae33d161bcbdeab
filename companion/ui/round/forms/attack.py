"""The dragon attack: the dragon tile, each human's die, axes and spells, the automa's axes; then resolve."""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.ui.round.forms.controls import RoundHost, choices, die_row, form_state, main_button, panel, stepper
from companion.ui.round.presenter import TILE_TREASURE, RoundView, cap
from companion.ui.widgets import common as w


def attack(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    a = v.attack
    p = screen.p
    names = p.names
    form = form_state(screen)
    # Strength and points start mid-range for their steppers; what the tile takes starts open: the player taps it
    # (one of two) when the tile is revealed, so no default answers for them.
    tile = form.setdefault("tile", {"strength": 4, "treasure": None, "points": 6})
    players = form.setdefault("players", {c: {"die": None, "axes": 0, "spells": []} for c in a.humans})
    automa_axes = form.setdefault("automa_axes", {c: n for c, n in a.automa_axes.items()})
    black = form.setdefault("black", None)
    sections: list[list[ft.Control]] = []

    def section(title: str) -> list[ft.Control]:
        """A part of the form (the tile, the black die, each player): side by side on a wide screen."""
        sections.append([w.heading(title, 3)])
        return sections[-1]

    rows = section("The dragon tile")
    rows.append(ft.Text("Reveal the top dragon tile and set its strength, what it takes and its points:"))
    rows.append(stepper(screen, "Strength", tile["strength"], 0, 20, lambda x: tile.__setitem__("strength", x)))

    def set_treasure(t):
        tile["treasure"] = t
        if p.error == TILE_TREASURE:  # answered: the line asking for it goes
            p.error = None
        screen.refresh()

    rows.append(
        ft.Row(
            [
                ft.Text("Takes", expand=True),
                choices(("gold", "gems"), tile["treasure"], set_treasure),
            ]
        )
    )
    rows.append(stepper(screen, "Tile points", tile["points"], 0, 50, lambda x: tile.__setitem__("points", x)))
    if a.rahdo:
        rows = section("The black die")
        if a.black_die is not None:
            rows.append(ft.Text(f"The app rolled the black die for {names.who(a.trigger)}: {a.black_die}"))
        else:

            def pick_black(n):
                form["black"] = None if form.get("black") == n else n
                screen.refresh()

            rows.append(ft.Text(f"{names.who(a.trigger)} rolls the black die (or leave it to the app)"))
            rows.append(die_row("Black die", black, pick_black))
    for color in a.humans:
        entry = players[color]
        rows = section(names.who(color))
        if not a.rahdo:

            def pick(n, entry=entry):
                entry["die"] = None if entry["die"] == n else n
                screen.refresh()

            rows.append(ft.Text(f"Your die: {entry['die']}" if entry["die"] else "Your die (or the app rolls)"))
            rows.append(die_row(f"{names.whose(color)} die", entry["die"], pick))
        rows.append(
            stepper(
                screen,
                f"{names.whose(color)} axes total",
                entry["axes"],
                0,
                40,
                lambda x, entry=entry: entry.__setitem__("axes", x),
            )
        )
        for spell, text in (("frost_bolt", "Frost Bolt (+1)"), ("ice_storm", "Ice Storm (+2)")) if v.expansion else ():

            def toggle(e, spell=spell, entry=entry):
                if e.control.value:
                    entry["spells"].append(spell)
                else:
                    entry["spells"].remove(spell)

            rows.append(
                ft.Checkbox(label=f"{names.name(color)} casts {text}", value=spell in entry["spells"], on_change=toggle)
            )
    for color, count in a.automa_axes.items():
        rows = section(f"{cap(color)} automa")
        die = a.automa_dice.get(color)
        if die is not None:
            rows.append(ft.Text(f"The app rolled {die} for it."))
        if a.virtual_axes:
            them = "it" if count == 1 else "them"
            rows.append(ft.Text(f"Its card says {words.count(count, 'axe')}: the app draws {them}."))
            automa_axes[color] = None
        else:
            what = "its value" if count == 1 else "their total"
            axes = words.count(count, "axe")
            rows.append(ft.Text(f"Its card says {axes}: draw {count} from the bag and enter {what}."))
            rows.append(
                stepper(
                    screen,
                    f"{cap(color)} axes total",
                    automa_axes[color],
                    count,
                    2 * count,
                    lambda x, color=color: automa_axes.__setitem__(color, x),
                )
            )
    resolve = main_button(
        screen,
        "Resolve the attack",
        lambda _e: screen.do(lambda: p.attack(tile, players, automa_axes, form.get("black"))),
        "SHIELD",
    )
    parts = [
        ft.Container(ft.Column(part, spacing=8, tight=True), col={"xs": 12, "md": 6}, padding=ft.Padding.only(right=8))
        for part in sections
    ]
    return [panel([ft.ResponsiveRow(parts, spacing=8, run_spacing=12)]), resolve]
