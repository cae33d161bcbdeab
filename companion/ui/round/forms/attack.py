"""The dragon attack's form: its resolve button under the fight's parts.

Rules version 4, the rulebook's order: every die is rolled already (the dice form, ``rolls.fight_dice``) and shown
first; then each fighter in turn order, a person's axes and defence spells, an automa's axe card (drawn when the
dice were settled) in its own place: the people above it declare before reading on, as at the table, where it
draws its card at its turn to declare; the dragon tile last. Earlier versions: the tile, each person's die, axes
and spells, then the automa's axes.
"""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.ui.round.forms.controls import RoundHost, choices, die_row, form_state, main_button, panel, stepper
from companion.ui.round.presenter import TILE_TREASURE
from companion.ui.round.view_model import AttackForm, RoundView, cap, required
from companion.ui.widgets import common as w


def attack(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The attack's form, a part each (the dice, each fighter, the tile; before version 4 the tile, the black die,
    each person, each automa), and its resolve button."""
    a = required(v.attack, "attack form")
    p = screen.p
    form = form_state(screen)
    # Strength and points start mid-range for their steppers; what the tile takes starts open: the player taps it
    # (one of two) when the tile is revealed, so no default answers for them.
    tile = form.setdefault("tile", {"strength": 4, "treasure": None, "points": 6})
    entry = {"axes": 0, "spells": []} if a.dice_first else {"die": None, "axes": 0, "spells": []}
    players = form.setdefault("players", {c: dict(entry, spells=[]) for c in a.humans})
    automa_axes = form.setdefault("automa_axes", {c: n for c, n in a.automa_axes.items()})
    form.setdefault("black", None)
    if a.dice_first:
        sections = [_dice_section(screen, a)]
        for place, color in enumerate(a.fighters, start=1):  # numbered as the turn order's chips
            if color in a.automa_axes:
                sections.append(_automa_section(screen, a, color, a.automa_axes[color], automa_axes, place))
            elif color in players:
                sections.append(_human_section(screen, v, color, players[color], place))
        sections.append(_tile_section(screen, tile, last=True))
    else:
        sections = [_tile_section(screen, tile)]
        if a.rahdo:
            sections.append(_black_die_section(screen, a, form))
        sections += [_human_section(screen, v, color, players[color]) for color in a.humans]
        sections += [_automa_section(screen, a, color, count, automa_axes) for color, count in a.automa_axes.items()]
    resolve = main_button(
        screen,
        "Resolve the attack",
        lambda _e: screen.do(lambda: p.attack(tile, players, automa_axes, form.get("black"))),
        "SHIELD",
        v.banner_color,
    )
    # Side by side on a wide screen.
    parts: list[ft.Control] = [
        ft.Container(ft.Column(part, spacing=8, tight=True), col={"xs": 12, "md": 6}, padding=ft.Padding.only(right=8))
        for part in sections
    ]
    return [panel([ft.ResponsiveRow(parts, spacing=8, run_spacing=12)]), resolve]


def _dice_section(screen: RoundHost, a: AttackForm) -> list[ft.Control]:
    """Version 4: every fighter's die, rolled before anything else, and how the axes are declared."""
    names = screen.p.names
    if a.rahdo:
        dice = f"The black die, everyone's: {a.black_die}"
    else:
        dice = ", ".join(f"{cap(c)} automa {n}" if c in a.automa_axes else f"{names.who(c)} {n}"
                         for c, n in a.dice.items())
    return [
        w.heading("The dice", 3),
        ft.Text(dice, weight=ft.FontWeight.W_600),
        ft.Text("Now the axes, in turn order (1, 2, 3...): each person puts theirs face down and sets the total "
                "before reading on; an automa's card shows its axes only in its own place."),
    ]


def _tile_section(screen: RoundHost, tile: dict, last: bool = False) -> list[ft.Control]:
    """The dragon tile just revealed: its strength, what it takes (tapped by the player), its points. ``last``:
    after every axe (version 4)."""
    p = screen.p

    def set_treasure(t):
        tile["treasure"] = t
        if p.error == TILE_TREASURE:  # answered: the line asking for it goes
            p.error = None
        screen.refresh()

    return [
        w.heading("The dragon tile", 3),
        ft.Text(("Every axe is down: now reveal" if last else "Reveal") + " the top dragon tile and set its "
                "strength, what it takes and its points:"),
        stepper(screen, "Strength", tile["strength"], 0, 20, lambda x: tile.__setitem__("strength", x)),
        ft.Row(
            [
                ft.Text("Takes", expand=True),
                choices(("gold", "gems"), tile["treasure"], set_treasure),
            ]
        ),
        stepper(screen, "Tile points", tile["points"], 0, 50, lambda x: tile.__setitem__("points", x)),
    ]


def _black_die_section(screen: RoundHost, a: AttackForm, form: dict) -> list[ft.Control]:
    """Rahdo's variant: the black die, rolled by the app or by the player who set the dragon off."""
    names = screen.p.names
    rows: list[ft.Control] = [w.heading("The black die", 3)]
    if a.black_die is not None:
        rows.append(ft.Text(f"The app rolled the black die for {names.who(a.trigger)}: {a.black_die}"))
        return rows

    def pick_black(n):
        form["black"] = None if form.get("black") == n else n
        screen.refresh()

    rows.append(ft.Text(f"{names.who(a.trigger)} rolls the black die (or leave it to the app)"))
    rows.append(die_row("Black die", form["black"], pick_black))
    return rows


def _human_section(screen: RoundHost, v: RoundView, color: str, entry: dict,
                   place: int | None = None) -> list[ft.Control]:
    """A human's part: the die (unless Rahdo's or version 4's), the axes total, the defence spells (with the
    expansion). ``place``: their place in the turn order (version 4)."""
    names = screen.p.names
    rows: list[ft.Control] = [w.heading(_numbered(place, names.who(color)), 3)]
    a = required(v.attack, "attack form")
    if not (a.rahdo or a.dice_first):  # version 4: the die is rolled already

        def pick(n):
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
            lambda x: entry.__setitem__("axes", x),
        )
    )
    for spell, text in (("frost_bolt", "Frost Bolt (+1)"), ("ice_storm", "Ice Storm (+2)")) if v.expansion else ():

        def toggle(e, spell=spell):
            if e.control.value:
                entry["spells"].append(spell)
            else:
                entry["spells"].remove(spell)

        rows.append(
            ft.Checkbox(label=f"{names.name(color)} casts {text}", value=spell in entry["spells"], on_change=toggle)
        )
    return rows


def _automa_section(screen: RoundHost, a: AttackForm, color: str, count: int, automa_axes: dict,
                    place: int | None = None) -> list[ft.Control]:
    """An automa's part: its die (before version 4), and the axes its card says (drawn from the bag, or by the
    app). ``place``: its place in the turn order (version 4)."""
    rows: list[ft.Control] = [w.heading(_numbered(place, f"{cap(color)} automa"), 3)]
    die = a.automa_dice.get(color)
    if die is not None and not a.dice_first:  # version 4: the dice are shown together, first
        rows.append(ft.Text(f"The app rolled {die} for it."))
    if a.virtual_axes:
        them = "it" if count == 1 else "them"
        when = " when the tile is revealed" if a.dice_first else ""
        rows.append(ft.Text(f"Its card says {words.count(count, 'axe')}: the app draws {them}{when}."))
        automa_axes[color] = None
        return rows
    what = "its value" if count == 1 else "their total"
    axes = words.count(count, "axe")
    when = "once the tile is revealed, " if a.dice_first else ""
    rows.append(ft.Text(f"Its card says {axes}: {when}draw {count} from the bag and enter {what}."))
    rows.append(
        stepper(
            screen,
            f"{cap(color)} axes total",
            automa_axes[color],
            count,
            2 * count,
            lambda x: automa_axes.__setitem__(color, x),
        )
    )
    return rows


def _numbered(place: int | None, who: str) -> str:
    return f"{place}. {who}" if place else who
