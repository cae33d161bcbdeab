"""Spells, special tiles and corrections: what the table tells the app besides the banner's decision (the golem,
a special tile gained, a spell cast, Draco Speak) and the steppers that make the app match the board.
"""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.rules.automa import choices as automa_rules
from companion.rules.board.spaces import SPACES, spaces_for
from companion.ui.round.forms.controls import RoundHost, action_button, stepper
from companion.ui.round.forms.dice import warp_controls
from companion.ui.round.presenter import cap
from companion.ui.widgets import common as w

#: What the panel is for, with the expansion (the golem, spells) and without.
_INTRO = {
    True: "When it happens at the table, tell the app here: the golem placed, a special tile taken, a spell cast. "
    "Below: set the app's values to match the board.",
    False: "When a special tile is taken at the table, tell the app here. Below: set the app's values to match "
    "the board.",
}


def extras(screen: RoundHost) -> ft.Control:
    p = screen.p
    g = p.game
    form = screen.__dict__.setdefault("_extras", {})
    if form.get("step") != len(g.steps):  # the corrections start from the game's values after every step
        form.update({"step": len(g.steps), "dragon": g.state.dragon})
        for pl in g.setup.automa:
            form[f"points_{pl.color}"] = g.state.points[pl.color]
            form[f"gold_{pl.color}"] = g.state.stash[pl.color].gold
    humans = [pl.color for pl in g.setup.humans]
    who = form.setdefault("who", humans[0])
    # A newcomer opening this panel saw dropdowns already set (Tunnel, Dragon Song, Charm) and no word on when
    # to use them: one line says what it is for.
    rows: list[ft.Control] = [ft.Text(_INTRO[bool(g.setup.expansion)], size=13)]
    if len(humans) > 1:
        rows.append(
            ft.Dropdown(
                label="Player",
                value=who,
                options=[ft.DropdownOption(key=c, text=p.names.who(c)) for c in humans],
                on_select=lambda e: form.__setitem__("who", e.control.value),
            )
        )

    def pick_and_do(dropdown: ft.Control, button: ft.Control) -> ft.Control:
        # A column, not a wrapping row: an expanding field inside a wrap is Flutter's grey error box.
        return ft.Column([dropdown, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    v = p.view()
    if v.warp is not None:  # Time Warp on the dragon roll just made
        rows.append(warp_controls(screen, v.warp))
    free = [sp.id for sp in spaces_for(g.setup.expansion) if g.state.board.get(sp.id) is None]
    if free and v.expansion:  # the golem, like every spell, comes with the expansion
        space = form.get("golem_space") if form.get("golem_space") in free else free[0]
        form["golem_space"] = space
        rows.append(
            pick_and_do(
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
        )
    tile = form.setdefault("tile", "dragon_song")
    if g.setup.table_stash and g.version < 2:
        # Rules version 1: the table kept the automa's tiles face down and the app learnt an automa's Dragon Song or
        # Stone Beards only from here. Version 2: a face-down tile has no power for the automa (issue 12, e).
        owners = [pl.color for pl in g.setup.players]
        owner = form.get("tile_owner") if form.get("tile_owner") in owners else owners[0]
        form["tile_owner"] = owner
        rows.append(
            ft.Dropdown(
                label="Whose special tile",
                value=owner,
                options=[ft.DropdownOption(key=c, text=p.names.player(c, g.setup.player(c).is_automa))
                         for c in owners],
                on_select=lambda e: form.__setitem__("tile_owner", e.control.value),
            )
        )
    rows.append(
        pick_and_do(
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
    if v.expansion:  # spells, Draco Speak included, come with the expansion
        spell = form.setdefault("spell", "charm")
        rows.append(
            pick_and_do(
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
        )
        rows.append(ft.Text("Draco Speak: move the dragon one step"))
        rows.append(
            ft.Row(
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
        )
    rows.append(w.heading("Make the app match the table", 3))
    dragon = form.setdefault("dragon", g.state.dragon)
    rows.append(
        stepper(
            screen,
            "Dragon position",
            dragon,
            0,
            g.setup.dragon_track - 1,
            lambda x: form.__setitem__("dragon", x),
            part="side",
        )
    )
    rows.append(
        action_button(
            "Set the dragon", lambda _e: screen.do(lambda: p.correct("dragon", form["dragon"])), primary=False
        )
    )
    for pl in g.setup.automa if not g.setup.table_stash else ():  # the table keeps their points, gold and gems
        c = pl.color
        values = (("points", g.state.points[c], 500), ("gold", g.state.stash[c].gold, 200))
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
    return ft.Container(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=16, vertical=4),
    )
