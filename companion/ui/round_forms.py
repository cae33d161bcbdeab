"""The round screen's inputs: what the banner offers for each decision, and the side panel (spells, special
tiles, corrections, the automa's hidden stash, the event log). Every control has a label a screen reader and a
browser test can find.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.rules import automa as automa_rules
from companion.rules.spaces import SPACES
from companion.ui import widgets as w
from companion.ui.round_presenter import RoundView, cap

if TYPE_CHECKING:
    from companion.ui.round_screen import RoundScreen

GEM_LABEL = {"ruby": "Ruby", "emerald": "Emerald", "sapphire": "Sapphire", "diamond": "Diamond", "mana": "Mana"}
ON_BANNER = ft.Colors.WHITE


def _form(screen: RoundScreen) -> dict:
    """Per-decision form state, reset whenever the game moves on."""
    key = len(screen.p.game.steps)
    if screen.__dict__.get("_form_key") != key:
        screen._form_key = key
        screen._form = {}
    return screen._form


def _button(label: str, on_click, *, primary: bool = True, icon: str | None = None, disabled: bool = False):
    cls = ft.FilledButton if primary else ft.FilledTonalButton
    return cls(
        label,
        icon=getattr(ft.Icons, icon) if icon else None,
        on_click=on_click,
        disabled=disabled,
        height=w.TARGET,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)),
    )


def _die_row(label: str, chosen: int | None, on_pick) -> ft.Control:
    """Six big buttons for a die the table rolled; the chosen one is filled."""
    buttons = []
    for n in range(1, 7):
        cls = ft.FilledButton if chosen == n else ft.OutlinedButton
        buttons.append(
            cls(
                content=ft.Text(str(n), semantics_label=f"{label} {n}"),
                on_click=lambda _e, n=n: on_pick(n),
                width=48,
                height=w.TARGET,
                tooltip=f"{label} {n}",
                style=ft.ButtonStyle(padding=0),
            )
        )
    return ft.Row(buttons, spacing=4, wrap=True, run_spacing=6)


def stepper(screen: RoundScreen, label: str, value: int, lo: int, hi: int, on_set) -> ft.Control:
    """A number with big minus and plus buttons (one hand, at the table)."""

    def change(delta: int):
        on_set(max(lo, min(hi, value + delta)))
        screen.redraw()

    return ft.Row(
        [
            ft.Text(label, expand=True),
            w.icon_button("REMOVE", f"{label} minus one", lambda _e: change(-1), disabled=value <= lo),
            ft.Semantics(
                content=ft.Text(
                    str(value), size=22, weight=ft.FontWeight.W_700, width=44, text_align=ft.TextAlign.CENTER
                ),
                label=f"{label}: {value}",
            ),
            w.icon_button("ADD", f"{label} plus one", lambda _e: change(1), disabled=value >= hi),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _panel(controls: list[ft.Control]) -> ft.Control:
    return ft.Container(
        ft.Column(controls, spacing=8, tight=True), bgcolor=ft.Colors.SURFACE, border_radius=12, padding=12
    )


# ---------------------------------------------------------------------- the banner's inputs


def decision_controls(screen: RoundScreen, v: RoundView) -> list[ft.Control]:
    p = screen.p
    match v.decision:
        case "starting_rolls":
            return [_starting_rolls(screen)]
        case "automa_turn":
            return [_button("Draw a card and place", lambda _e: screen.act(p.proceed()), icon="STYLE")]
        case "place":
            return [_place_hint(screen)]
        case "roll":
            return [_roll(screen, v)]
        case "keep_roll":
            return [
                _panel(
                    [
                        ft.Text(
                            f"The dragon moves on {v.threshold} or more. Your dwarf in the Temple lets you re-roll once"
                        ),
                        ft.Row(
                            [
                                _button("Keep it", lambda _e: screen.act(p.proceed()), icon="CHECK"),
                                _button(
                                    "Re-roll (Temple)", lambda _e: screen.act(p.reroll()), primary=False, icon="CASINO"
                                ),
                            ],
                            wrap=True,
                        ),
                    ]
                )
            ]
        case "question":
            return [_question(screen, v)]
        case "attack":
            return [_attack(screen, v)]
        case "next_round":
            rows = [ft.Text(f"• {line}", color=ON_BANNER) for line in v.checklist]
            return [
                *rows,
                _button(f"Start round {p.game.state.round + 1}", lambda _e: screen.act(p.proceed()), icon="PLAY_ARROW"),
            ]
        case "final_scores":
            return [_button("Open the score sheet", lambda _e: screen.ctx.go("/final"), icon="SCOREBOARD")]
        case "over":
            return [_button("See the result", lambda _e: screen.ctx.go("/final"), icon="EMOJI_EVENTS")]
    return []


def _starting_rolls(screen: RoundScreen) -> ft.Control:
    form = _form(screen)
    rolls = form.setdefault("rolls", {})
    humans = [pl.color for pl in screen.p.game.setup.humans]
    rows: list[ft.Control] = [
        ft.Text(
            "Roll your own die and tap its value, or leave it to the app. "
            "The app rolls for the automa; ties are re-rolled."
        )
    ]
    for color in humans:

        def pick(n, color=color):
            rolls[color] = None if rolls.get(color) == n else n
            screen.redraw()

        rows.append(
            ft.Text(
                f"{cap(color)}'s die" + ("" if rolls.get(color) else " (the app rolls)"), weight=ft.FontWeight.W_600
            )
        )
        rows.append(_die_row(f"{cap(color)} rolled", rolls.get(color), pick))
    rows.append(
        _button("Roll for the starting order", lambda _e: screen.act(screen.p.starting_rolls(rolls)), icon="CASINO")
    )
    return _panel(rows)


def _place_hint(screen: RoundScreen) -> ft.Control:
    def toggle(spell):
        screen.spell = None if screen.spell == spell else spell
        screen.redraw()

    chips = []
    for spell, text in (("grow_beard", "Grow Beard"), ("blood_sacrifice", "Blood Sacrifice")):
        on = screen.spell == spell
        chips.append(
            ft.Chip(
                label=ft.Text(f"Cast {text}"),
                selected=on,
                on_select=lambda _e, s=spell: toggle(s),
                tooltip=f"Cast {text} for this placement",
            )
        )
    hint = (
        "Tap a space on the board below."
        if not screen.spell
        else (f"{'Grow Beard' if screen.spell == 'grow_beard' else 'Blood Sacrifice'}: tap the space to take.")
    )
    return _panel([ft.Text(hint), ft.Row(chips, wrap=True, spacing=6)])


def _roll(screen: RoundScreen, v: RoundView) -> ft.Control:
    p = screen.p
    return _panel(
        [
            ft.Text(f"The dragon moves on {v.threshold} or more."),
            _button("Roll the app's die", lambda _e: screen.act(p.proceed()), icon="CASINO"),
            ft.Text("Or tap the table's die:"),
            _die_row("Table die", None, lambda n: screen.act(p.table_roll(n))),
        ]
    )


def _question(screen: RoundScreen, v: RoundView) -> ft.Control:
    q = v.question
    p = screen.p
    form = _form(screen)
    rows: list[ft.Control] = []
    if q.kind == "number":
        value = form.setdefault("value", 0)
        label = {"dwarf_king": "Achievement points", "gem_market": "Coins on the contract"}[q.question]
        rows.append(stepper(screen, label, value, 0, 99, lambda x: form.__setitem__("value", x)))
        rows.append(_button("OK", lambda _e: screen.act(p.answer(form["value"])), icon="CHECK"))
    elif q.kind == "gems":
        chosen = form.setdefault("gems", [])
        allowed = q.choices if p.game.setup.expansion else automa_rules.GEM_COLORS

        def add(gem):
            if len(chosen) < q.count:
                chosen.append(gem)
            screen.redraw()

        rows.append(
            ft.Text(f"Chosen: {', '.join(GEM_LABEL[g] for g in chosen) or 'none'} ({len(chosen)} of {q.count})")
        )
        rows.append(
            ft.Row(
                [_button(GEM_LABEL[g], lambda _e, g=g: add(g), primary=False) for g in allowed],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        rows.append(
            ft.Row(
                [
                    _button(
                        "OK",
                        lambda _e: screen.act(p.answer(list(chosen))),
                        icon="CHECK",
                        disabled=len(chosen) != q.count,
                    ),
                    _button("Clear", lambda _e: (chosen.clear(), screen.redraw()), primary=False),
                ],
                wrap=True,
            )
        )
    elif q.kind == "tile":
        kind = form.setdefault("tile_kind", "gem")
        gem = form.setdefault("gem", "ruby")
        count = form.setdefault("count", 2)
        gems = automa_rules.STASH_GEMS if p.game.setup.expansion else automa_rules.GEM_COLORS

        def set_kind(k):
            form["tile_kind"] = k
            screen.redraw()

        rows.append(
            ft.Row(
                [
                    _button("Gem tile", lambda _e: set_kind("gem"), primary=kind == "gem"),
                    _button("Special tile", lambda _e: set_kind("special"), primary=kind == "special"),
                ],
                wrap=True,
            )
        )
        if kind == "gem":

            def set_gem(g):
                form["gem"] = g
                screen.redraw()

            rows.append(
                ft.Row(
                    [_button(GEM_LABEL[g], lambda _e, g=g: set_gem(g), primary=g == gem) for g in gems],
                    wrap=True,
                    spacing=6,
                    run_spacing=6,
                )
            )
            rows.append(stepper(screen, "Gems on the tile", count, 1, 9, lambda x: form.__setitem__("count", x)))
            value = {"kind": "gem", "gem": gem, "gems": count}
        else:
            tile = form.setdefault("special", q.choices[0])
            rows.append(
                ft.Dropdown(
                    label="Special tile",
                    value=tile,
                    options=[ft.DropdownOption(key=t, text=t.replace("_", " ").capitalize()) for t in q.choices],
                    on_select=lambda e: form.__setitem__("special", e.control.value),
                )
            )
            value = None
        rows.append(
            _button(
                "OK",
                lambda _e: screen.act(
                    p.answer(value if value is not None else {"kind": "special", "tile": form["special"]})
                ),
                icon="CHECK",
            )
        )
    else:  # spell
        spell = form.setdefault("spell", q.choices[0])
        rows.append(
            ft.Dropdown(
                label="Spell discarded",
                value=spell,
                options=[ft.DropdownOption(key=s, text=s.replace("_", " ").capitalize()) for s in q.choices],
                on_select=lambda e: form.__setitem__("spell", e.control.value),
            )
        )
        rows.append(ft.Text("Charm scores 3 for the automa, Mind Control 9, any other spell nothing."))
        rows.append(_button("OK", lambda _e: screen.act(p.answer(form["spell"])), icon="CHECK"))
    return _panel(rows)


def _attack(screen: RoundScreen, v: RoundView) -> ft.Control:
    a = v.attack
    p = screen.p
    form = _form(screen)
    tile = form.setdefault("tile", {"strength": 4, "treasure": "gold", "points": 6})
    players = form.setdefault("players", {c: {"die": None, "axes": 0, "spells": []} for c in a.humans})
    automa_axes = form.setdefault("automa_axes", {c: n for c, n in a.automa_axes.items()})
    black = form.setdefault("black", None)
    rows: list[ft.Control] = [w.heading("The dragon tile", 3)]
    rows.append(stepper(screen, "Strength", tile["strength"], 0, 20, lambda x: tile.__setitem__("strength", x)))

    def set_treasure(t):
        tile["treasure"] = t
        screen.redraw()

    rows.append(
        ft.Row(
            [
                ft.Text("Takes", expand=True),
                _button("Gold", lambda _e: set_treasure("gold"), primary=tile["treasure"] == "gold"),
                _button("Gems", lambda _e: set_treasure("gems"), primary=tile["treasure"] == "gems"),
            ]
        )
    )
    rows.append(stepper(screen, "Tile points", tile["points"], 0, 50, lambda x: tile.__setitem__("points", x)))
    if a.rahdo:
        rows.append(w.heading("The black die", 3))
        if a.black_die is not None:
            rows.append(ft.Text(f"The app rolled the black die for {cap(a.trigger)}: {a.black_die}"))
        else:

            def pick_black(n):
                form["black"] = None if form.get("black") == n else n
                screen.redraw()

            rows.append(ft.Text(f"{cap(a.trigger)} rolls the black die (or leave it to the app)"))
            rows.append(_die_row("Black die", black, pick_black))
    for color in a.humans:
        entry = players[color]
        rows.append(w.heading(cap(color), 3))
        if not a.rahdo:

            def pick(n, entry=entry):
                entry["die"] = None if entry["die"] == n else n
                screen.redraw()

            rows.append(ft.Text("Your die" + ("" if entry["die"] else " (the app rolls)")))
            rows.append(_die_row(f"{cap(color)} die", entry["die"], pick))
        rows.append(
            stepper(
                screen,
                f"{cap(color)} axes total",
                entry["axes"],
                0,
                40,
                lambda x, entry=entry: entry.__setitem__("axes", x),
            )
        )
        for spell, text in (("frost_bolt", "Frost Bolt (+1)"), ("ice_storm", "Ice Storm (+2)")):

            def toggle(e, spell=spell, entry=entry):
                if e.control.value:
                    entry["spells"].append(spell)
                else:
                    entry["spells"].remove(spell)

            rows.append(
                ft.Checkbox(label=f"{cap(color)} casts {text}", value=spell in entry["spells"], on_change=toggle)
            )
    for color, count in a.automa_axes.items():
        rows.append(w.heading(f"{cap(color)} automa", 3))
        die = a.automa_dice.get(color)
        if die is not None:
            rows.append(ft.Text(f"The app rolled {die} for it."))
        if a.virtual_axes:
            rows.append(ft.Text(f"Its card says {count} axes: the app draws them."))
            automa_axes[color] = None
        else:
            rows.append(ft.Text(f"Its card says {count} axes: draw {count} from the bag and enter their total."))
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
    rows.append(
        _button(
            "Resolve the attack",
            lambda _e: screen.act(p.attack(tile, players, automa_axes, form.get("black"))),
            icon="SHIELD",
        )
    )
    return _panel(rows)


# ---------------------------------------------------------------------- the side panel


def side_panel(screen: RoundScreen) -> ft.Control:
    g = screen.p.game
    return ft.Column(
        [
            ft.ExpansionTile(
                title=ft.Text("Spells, special tiles and corrections"), controls=[_extras(screen)], maintain_state=True
            ),
            ft.ExpansionTile(title=ft.Text("Automa stash (hidden)"), controls=[_stash(screen)], maintain_state=True)
            if g.setup.automa
            else ft.Container(),
            ft.ExpansionTile(
                title=ft.Text("Event log"),
                controls=[ft.Text(line, size=13, selectable=True) for line in screen.p.log_lines()],
            ),
        ],
        spacing=4,
    )


def _extras(screen: RoundScreen) -> ft.Control:
    p = screen.p
    g = p.game
    form = screen.__dict__.setdefault("_extras", {})
    humans = [pl.color for pl in g.setup.humans]
    who = form.setdefault("who", humans[0])
    rows: list[ft.Control] = []
    rows.append(
        ft.Dropdown(
            label="Player",
            value=who,
            options=[ft.DropdownOption(key=c, text=cap(c)) for c in humans],
            on_select=lambda e: form.__setitem__("who", e.control.value),
        )
    )
    free = [
        sid
        for sid, occ in ((s, g.state.board.get(s)) for s in (sp.id for sp in SPACES.values()))
        if occ is None and (g.setup.expansion or not SPACES[sid].expansion)
    ]
    if free:
        space = form.get("golem_space") if form.get("golem_space") in free else free[0]
        form["golem_space"] = space
        rows.append(
            ft.Row(
                [
                    ft.Dropdown(
                        label="Golem space",
                        value=space,
                        expand=True,
                        options=[ft.DropdownOption(key=s, text=SPACES[s].name) for s in free],
                        on_select=lambda e: form.__setitem__("golem_space", e.control.value),
                    ),
                    _button(
                        "Place the golem",
                        lambda _e: screen.act(p.golem(form["who"], form["golem_space"])),
                        primary=False,
                        icon="SMART_TOY",
                    ),
                ],
                wrap=True,
            )
        )
    tile = form.setdefault("tile", "dragon_song")
    rows.append(
        ft.Row(
            [
                ft.Dropdown(
                    label="Special tile gained",
                    value=tile,
                    expand=True,
                    options=[
                        ft.DropdownOption(key=t, text=t.replace("_", " ").capitalize())
                        for t in automa_rules.SPECIAL_TILES
                    ],
                    on_select=lambda e: form.__setitem__("tile", e.control.value),
                ),
                _button("Record tile", lambda _e: screen.act(p.special_tile(form["who"], form["tile"])), primary=False),
            ],
            wrap=True,
        )
    )
    spell = form.setdefault("spell", "charm")
    rows.append(
        ft.Row(
            [
                ft.Dropdown(
                    label="Spell cast",
                    value=spell,
                    expand=True,
                    options=[
                        ft.DropdownOption(key=s, text=s.replace("_", " ").capitalize())
                        for s in automa_rules.SPELLS
                        if s not in ("draco_speak", "stone_golem")
                    ],
                    on_select=lambda e: form.__setitem__("spell", e.control.value),
                ),
                _button("Record spell", lambda _e: screen.act(p.spell(form["who"], form["spell"])), primary=False),
            ],
            wrap=True,
        )
    )
    rows.append(
        ft.Row(
            [
                ft.Text("Draco Speak", expand=True),
                _button(
                    "Dragon down",
                    lambda _e: screen.act(p.spell(form["who"], "draco_speak", direction=-1)),
                    primary=False,
                    icon="ARROW_DOWNWARD",
                ),
                _button(
                    "Dragon up",
                    lambda _e: screen.act(p.spell(form["who"], "draco_speak", direction=1)),
                    primary=False,
                    icon="ARROW_UPWARD",
                ),
            ],
            wrap=True,
        )
    )
    rows.append(w.heading("Make the app match the table", 3))
    dragon = form.setdefault("dragon", g.state.dragon)
    rows.append(
        stepper(screen, "Dragon position", dragon, 0, g.setup.dragon_track - 1, lambda x: form.__setitem__("dragon", x))
    )
    rows.append(_button("Set the dragon", lambda _e: screen.act(p.correct("dragon", form["dragon"])), primary=False))
    for pl in g.setup.automa:
        c = pl.color
        pts = form.setdefault(f"points_{c}", g.state.points[c])
        gold = form.setdefault(f"gold_{c}", g.state.stash[c].gold)
        rows.append(
            stepper(screen, f"{cap(c)} automa points", pts, 0, 500, lambda x, c=c: form.__setitem__(f"points_{c}", x))
        )
        rows.append(
            stepper(screen, f"{cap(c)} automa gold", gold, 0, 200, lambda x, c=c: form.__setitem__(f"gold_{c}", x))
        )
        rows.append(
            ft.Row(
                [
                    _button(
                        f"Set {cap(c)} points",
                        lambda _e, c=c: screen.act(p.correct("points", form[f"points_{c}"], c)),
                        primary=False,
                    ),
                    _button(
                        f"Set {cap(c)} gold",
                        lambda _e, c=c: screen.act(p.correct("gold", form[f"gold_{c}"], c)),
                        primary=False,
                    ),
                ],
                wrap=True,
            )
        )
    return ft.Container(ft.Column(rows, spacing=8), padding=8)


def _stash(screen: RoundScreen) -> ft.Control:
    rows: list[ft.Control] = []
    for pl in screen.p.game.setup.automa:
        c = pl.color
        if c in screen.p.revealed:
            rows.append(ft.Text(f"{cap(c)} automa: " + "; ".join(screen.p.stash_lines(c)), selectable=True))
            rows.append(
                _button(
                    f"Hide {cap(c)}'s stash",
                    lambda _e, c=c: (screen.p.revealed.discard(c), screen.redraw()),
                    primary=False,
                )
            )
        else:
            rows.append(
                _button(
                    f"Reveal {cap(c)}'s stash",
                    lambda _e, c=c: (screen.p.revealed.add(c), screen.redraw()),
                    primary=False,
                    icon="VISIBILITY",
                )
            )
    return ft.Container(ft.Column(rows, spacing=8), padding=8)
