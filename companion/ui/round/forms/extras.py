"""Spells, special tiles and corrections: what the table tells the app besides the banner's decision (the golem,
a special tile gained, a spell cast, Draco Speak) and the steppers that make the app match the board.
"""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.rules.automa import choices as automa_rules
from companion.rules.board.spaces import SPACES
from companion.ui.round.forms.controls import RoundHost, action_button, stepper
from companion.ui.round.forms.dice import warp_controls
from companion.ui.round.view_model import RoundView, cap
from companion.ui.widgets import common as w

#: What the panel is for, with the expansion (the golem, spells) and without.
_INTRO = {
    True: "When it happens at the table, tell the app here: the golem placed, a special tile taken, a spell cast. "
    "Below: set the app's values to match the board.",
    False: "When a special tile is taken at the table, tell the app here. Below: set the app's values to match "
    "the board.",
}


def extras(screen: RoundHost, v: RoundView) -> ft.Control:
    """The panel: what it is for, the player it is about, Time Warp, the golem, a special tile, a spell, then the
    steppers that set the app's values to the table's."""
    form = screen.forms.extras
    if form.get("step") != v.step:  # the corrections start from the game's values after every step
        form.update({"step": v.step, "dragon": v.dragon})
        for tally in v.tallies:
            form[f"points_{tally.color}"] = tally.points
            form[f"gold_{tally.color}"] = tally.gold
    humans = [seat.color for seat in v.humans]
    form.setdefault("who", humans[0])
    # A newcomer opening this panel saw dropdowns already set (Tunnel, Dragon Song, Charm) and no word on when
    # to use them: one line says what it is for.
    rows: list[ft.Control] = [ft.Text(_INTRO[bool(v.expansion)], size=13)]
    if len(humans) > 1:
        rows.append(
            ft.Dropdown(
                label="Player",
                value=form["who"],
                options=[ft.DropdownOption(key=c, text=screen.p.names.who(c)) for c in humans],
                on_select=lambda e: form.__setitem__("who", e.control.value),
            )
        )
    if v.warp is not None:  # Time Warp on the dragon roll just made
        rows.append(warp_controls(screen, v.warp))
    free = [c.space for c in v.cells if c.occupant is None]
    if free and v.expansion:  # the golem, like every spell, comes with the expansion
        rows.append(_golem(screen, form, free))
    rows += _special_tile(screen, v, form)
    if v.expansion:  # spells, Draco Speak included, come with the expansion
        rows += _spells(screen, form)
    rows += _corrections(screen, v, form)
    return ft.Container(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=16, vertical=4),
    )


def _pick_and_do(dropdown: ft.Control, button: ft.Control) -> ft.Control:
    # A column, not a wrapping row: an expanding field inside a wrap is Flutter's grey error box.
    return ft.Column([dropdown, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _golem(screen: RoundHost, form: dict, free: list[str]) -> ft.Control:
    """The golem placed at the table: on which free space."""
    p = screen.p
    space = form.get("golem_space") if form.get("golem_space") in free else free[0]
    form["golem_space"] = space
    return _pick_and_do(
        ft.Dropdown(
            label="Golem space",
            value=space,
            options=[ft.DropdownOption(key=s, text=SPACES[s].name) for s in free],
            on_select=lambda e: form.__setitem__("golem_space", e.control.value),
        ),
        action_button(
            "Place the golem",
            lambda _e: screen.do(lambda: p.golem(form["who"], form["golem_space"])),
            primary=False,
            icon="SMART_TOY",
        ),
    )


def _special_tile(screen: RoundHost, v: RoundView, form: dict) -> list[ft.Control]:
    """A special tile gained at the table (and whose, when an automa's may be told too)."""
    p = screen.p
    rows: list[ft.Control] = []
    tile = form.setdefault("tile", "dragon_song")
    if v.ask_tile_owner:
        # Rules version 1: the table kept the automa's tiles face down and the app learnt an automa's Dragon Song or
        # Stone Beards only from here. Version 2: a face-down tile has no power for the automa.
        owners = [seat.color for seat in v.seats]
        owner = form.get("tile_owner") if form.get("tile_owner") in owners else owners[0]
        form["tile_owner"] = owner
        rows.append(
            ft.Dropdown(
                label="Whose special tile",
                value=owner,
                options=[ft.DropdownOption(key=seat.color, text=seat.label) for seat in v.seats],
                on_select=lambda e: form.__setitem__("tile_owner", e.control.value),
            )
        )
    rows.append(
        _pick_and_do(
            ft.Dropdown(
                label="Special tile gained",
                value=tile,
                options=[
                    ft.DropdownOption(key=t, text=words.special_tile(t))
                    for t in automa_rules.special_tiles(v.expansion)
                ],
                on_select=lambda e: form.__setitem__("tile", e.control.value),
            ),
            action_button(
                "Record tile",
                lambda _e: screen.do(lambda: p.special_tile(form.get("tile_owner") or form["who"], form["tile"])),
                primary=False,
            ),
        )
    )
    return rows


def _spells(screen: RoundHost, form: dict) -> list[ft.Control]:
    """A spell cast at the table, and Draco Speak's two directions."""
    p = screen.p
    spell = form.setdefault("spell", "charm")
    picker = _pick_and_do(
        ft.Dropdown(
            label="Spell cast",
            value=spell,
            options=[
                ft.DropdownOption(key=s, text=words.spell(s))
                for s in automa_rules.SPELLS
                if s not in ("draco_speak", "stone_golem", "time_warp")  # each has its own controls
            ],
            on_select=lambda e: form.__setitem__("spell", e.control.value),
        ),
        action_button(
            "Record spell", lambda _e: screen.do(lambda: p.spell(form["who"], form["spell"])), primary=False
        ),
    )
    draco = ft.Row(
        [
            action_button(
                "Dragon down",
                lambda _e: screen.do(lambda: p.spell(form["who"], "draco_speak", direction=-1)),
                primary=False,
                icon="ARROW_DOWNWARD",
            ),
            action_button(
                "Dragon up",
                lambda _e: screen.do(lambda: p.spell(form["who"], "draco_speak", direction=1)),
                primary=False,
                icon="ARROW_UPWARD",
            ),
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )
    return [picker, ft.Text("Draco Speak: move the dragon one step"), draco]


def _corrections(screen: RoundHost, v: RoundView, form: dict) -> list[ft.Control]:
    """The steppers that make the app match the table: the dragon, and each automa's points and gold the app
    keeps (the table keeps them otherwise)."""
    p = screen.p
    rows: list[ft.Control] = [w.heading("Make the app match the table", 3)]
    dragon = form.setdefault("dragon", v.dragon)
    rows.append(
        stepper(
            screen,
            "Dragon position",
            dragon,
            0,
            v.dragon_length - 1,
            lambda x: form.__setitem__("dragon", x),
            part="side",
        )
    )
    rows.append(
        action_button(
            "Set the dragon", lambda _e: screen.do(lambda: p.correct("dragon", form["dragon"])), primary=False
        )
    )
    for tally in v.tallies:
        c = tally.color
        values = (("points", tally.points, 500), ("gold", tally.gold, 200))
        for what, now, top in values:
            rows.append(
                stepper(
                    screen,
                    f"{cap(c)} automa {what}",
                    form.setdefault(f"{what}_{c}", now),
                    0,
                    top,
                    lambda x, key=f"{what}_{c}": form.__setitem__(key, x),
                    part="side",
                )
            )
        # Side by side, half the width each, under the automa's two steppers: "Set Green points" did not fit
        # beside "Set Green gold" at a phone's width, so the colour is said to a screen reader only.
        rows.append(
            ft.Row(
                [
                    action_button(
                        f"Set {what}",
                        lambda _e, c=c, what=what: screen.do(lambda: p.correct(what, form[f"{what}_{c}"], c)),
                        primary=False,
                        name=f"Set {cap(c)} {what}",
                        expand=True,
                    )
                    for what, _now, _top in values
                ],
            )
        )
    return rows
