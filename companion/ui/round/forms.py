"""The round screen's inputs: what the banner offers for each decision, and the side panel (spells, special
tiles, corrections, the automa's hidden stash, the event log). Every control has a label a screen reader and a
browser test can find.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.rules import automa as automa_rules
from companion.rules.spaces import SPACES, spaces_for
from companion.ui import widgets as w
from companion.ui.round.presenter import COLOR_HEX, RoundView, cap

if TYPE_CHECKING:
    from companion.ui.round.view import RoundScreen

GEM_LABEL = {"ruby": "Ruby", "emerald": "Emerald", "sapphire": "Sapphire", "diamond": "Diamond", "mana": "Mana"}
COLOR_HEX_ON = {"yellow": "#201A17"}


def on_color(color: str | None) -> str:
    """Text colour on a player's colour (yellow needs dark text)."""
    return COLOR_HEX_ON.get(color or "", ft.Colors.WHITE)


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


def main_button(screen: RoundScreen, label: str, on_click, icon: str) -> ft.Control:
    """The banner's one big button: full width, tall, in the colours of the player it is for."""
    color = screen.p.game.decision.color
    hex_ = COLOR_HEX.get(color or "")
    return ft.Button(
        content=ft.Row(
            [ft.Icon(getattr(ft.Icons, icon), size=26), ft.Text(label, size=19, weight=ft.FontWeight.W_700)],
            alignment=ft.MainAxisAlignment.CENTER,
            tight=True,
            spacing=10,
        ),
        on_click=on_click,
        height=60,
        bgcolor=on_color(color) if hex_ else ft.Colors.PRIMARY,
        color=hex_ or ft.Colors.ON_PRIMARY,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14)),
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
                width=45,
                height=w.TARGET,
                style=ft.ButtonStyle(padding=0),
            )
        )
    return ft.Row(buttons, spacing=3, wrap=True, run_spacing=6)


def stepper(screen: RoundScreen, label: str, value: int, lo: int, hi: int, on_set, part: str = "banner") -> ft.Control:
    """A number with big minus and plus buttons (one hand, at the table). ``part``: what to redraw after."""

    def change(delta: int):
        on_set(max(lo, min(hi, value + delta)))
        screen.refresh(part)

    return ft.Row(
        [
            ft.Text(label, expand=True),
            w.icon_button("REMOVE", f"{label} minus one", lambda _e: change(-1), disabled=value <= lo),
            ft.Semantics(
                content=ft.Text(
                    str(value), size=22, weight=ft.FontWeight.W_700, width=44, text_align=ft.TextAlign.CENTER
                ),
                label=f"{label}: {value}",
                exclude_semantics=True,
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
            return [main_button(screen, "Draw a card and place", lambda _e: screen.do(p.proceed), "STYLE")]
        case "place":
            return [_place_hint(screen, v)]
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
                                _button("Keep it", lambda _e: screen.do(p.proceed), icon="CHECK"),
                                _button(
                                    "Re-roll (Temple)", lambda _e: screen.do(p.reroll), primary=False, icon="CASINO"
                                ),
                            ],
                            wrap=True,
                        ),
                    ]
                )
            ]
        case "question":
            return _question(screen, v)
        case "attack":
            return _attack(screen, v)
        case "next_round":
            order = ", ".join(f"{i}. {chip.label}" for i, chip in enumerate(v.turn_order, start=1))
            rows: list[ft.Control] = [
                ft.Text(f"New turn order: {order}", weight=ft.FontWeight.W_600),
                w.heading("Reset the board", 3),
            ]
            rows += [
                ft.Row(
                    [ft.Icon(ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=18), ft.Text(line, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
                for line in v.checklist
            ]
            return [
                _panel(rows),
                main_button(
                    screen, f"Start round {p.game.state.round + 1}", lambda _e: screen.do(p.proceed), "PLAY_ARROW"
                ),
            ]
        case "final_scores":
            return [main_button(screen, "Open the score sheet", lambda _e: screen.ctx.go("/final"), "SCOREBOARD")]
        case "over":
            return [main_button(screen, "See the result", lambda _e: screen.ctx.go("/final"), "EMOJI_EVENTS")]
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
            screen.refresh()

        rows.append(
            ft.Text(
                f"{cap(color)}'s die: {rolls[color]}" if rolls.get(color) else f"{cap(color)}'s die (or the app rolls)",
                weight=ft.FontWeight.W_600,
            )
        )
        rows.append(_die_row(f"{cap(color)} rolled", rolls.get(color), pick))
    go = main_button(
        screen, "Roll for the starting order", lambda _e: screen.do(lambda: screen.p.starting_rolls(rolls)), "CASINO"
    )
    return ft.Column([_panel(rows), go], spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _place_hint(screen: RoundScreen, v: RoundView) -> ft.Control:
    def toggle(spell):
        screen.spell = None if screen.spell == spell else spell
        screen.refresh()

    chips = []
    for spell, text in (("grow_beard", "Grow Beard"), ("blood_sacrifice", "Blood Sacrifice")):
        chips.append(
            ft.Chip(
                label=ft.Text(text),
                selected=screen.spell == spell,
                on_select=lambda _e, s=spell: toggle(s),
                bgcolor=ft.Colors.SURFACE,
            )
        )
    if screen.spell:
        name = "Grow Beard" if screen.spell == "grow_beard" else "Blood Sacrifice"
        hint = f"{name}: now tap the space to take."
    else:
        hint = "Tap a free space (green border) below. A spell first?"
    fg = on_color(v.banner_color)
    return ft.Column(
        [ft.Text(hint, color=fg), ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=6, tight=True
    )


def _roll(screen: RoundScreen, v: RoundView) -> ft.Control:
    p = screen.p
    return ft.Column(
        [
            ft.Text(f"The dragon moves on {v.threshold} or more.", color=on_color(v.banner_color)),
            main_button(screen, "Roll the app's die", lambda _e: screen.do(p.proceed), "CASINO"),
            _panel(
                [
                    ft.Text("Or tap the die rolled at the table:"),
                    _die_row("Table die", None, lambda n: screen.do(lambda: p.table_roll(n))),
                ]
            ),
        ],
        spacing=8,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _choices(options, chosen, on_pick, label=None) -> ft.Control:
    """Compact buttons, one per option, the chosen one filled: one tap, no menu to open."""
    buttons = []
    for key in options:
        text = label(key) if label else key.replace("_", " ").capitalize()
        cls = ft.FilledButton if key == chosen else ft.OutlinedButton
        buttons.append(
            cls(
                content=ft.Text(text),
                on_click=lambda _e, k=key: on_pick(k),
                height=44,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            )
        )
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def _question(screen: RoundScreen, v: RoundView) -> list[ft.Control]:
    """The form for an automa's question, and its OK button under it on the banner."""
    q = v.question
    p = screen.p
    form = _form(screen)
    rows: list[ft.Control] = []

    def redraw_after(change):
        def handler(*args):
            change(*args)
            screen.refresh()

        return handler

    if q.kind == "number":
        value = form.setdefault("value", 0)
        label = {"dwarf_king": "Achievement points", "gem_market": "Coins on the contract"}[q.question]
        rows.append(stepper(screen, label, value, 0, 99, lambda x: form.__setitem__("value", x)))
        ok = main_button(screen, f"OK: {value}", lambda _e: screen.do(lambda: p.answer(form["value"])), "CHECK")
    elif q.kind == "gems":
        chosen = form.setdefault("gems", [])
        allowed = q.choices if p.game.setup.expansion else automa_rules.GEM_COLORS

        def add(gem):
            if len(chosen) < q.count:
                chosen.append(gem)

        names = ", ".join(GEM_LABEL[g] for g in chosen) or "none yet"
        rows.append(ft.Text(f"Chosen: {names} ({len(chosen)} of {q.count})", weight=ft.FontWeight.W_600))
        rows.append(_choices(allowed, None, redraw_after(add), GEM_LABEL.get))
        if chosen:
            rows.append(w.text_button("Clear", redraw_after(lambda _e: chosen.clear()), icon_name="BACKSPACE"))
        ok = main_button(screen, "OK", lambda _e: screen.do(lambda: p.answer(list(chosen))), "CHECK")
        ok.disabled = len(chosen) != q.count
    elif q.kind == "tile":
        kind = form.setdefault("tile_kind", "gem")
        gem = form.setdefault("gem", "ruby")
        count = form.setdefault("count", 2)
        special = form.setdefault("special", q.choices[0])
        gems = automa_rules.STASH_GEMS if p.game.setup.expansion else automa_rules.GEM_COLORS
        rows.append(
            _choices(
                ("gem", "special"),
                kind,
                redraw_after(lambda k: form.__setitem__("tile_kind", k)),
                {"gem": "Gem tile", "special": "Special tile"}.get,
            )
        )
        if kind == "gem":
            rows.append(_choices(gems, gem, redraw_after(lambda g: form.__setitem__("gem", g)), GEM_LABEL.get))
            rows.append(stepper(screen, "Gems on the tile", count, 1, 9, lambda x: form.__setitem__("count", x)))
            value = {"kind": "gem", "gem": gem, "gems": count}
            summary = f"{GEM_LABEL[gem]} tile, {count} gems"
        else:
            rows.append(_choices(q.choices, special, redraw_after(lambda t: form.__setitem__("special", t))))
            value = {"kind": "special", "tile": special}
            summary = special.replace("_", " ").capitalize()
        rows.append(ft.Text(summary, weight=ft.FontWeight.W_600))
        ok = main_button(screen, f"OK: {summary}", lambda _e: screen.do(lambda: p.answer(value)), "CHECK")
    else:  # spell: one tap answers (Undo names it if the finger slipped)
        rows.append(ft.Text("Tap the spell. Charm scores 3 for the automa, Mind Control 9, any other nothing."))
        rows.append(_choices(q.choices, None, lambda x: screen.do(lambda: p.answer(x))))
        return [_panel(rows)]
    return [_panel(rows), ok]


def _attack(screen: RoundScreen, v: RoundView) -> list[ft.Control]:
    a = v.attack
    p = screen.p
    form = _form(screen)
    tile = form.setdefault("tile", {"strength": 4, "treasure": "gold", "points": 6})
    players = form.setdefault("players", {c: {"die": None, "axes": 0, "spells": []} for c in a.humans})
    automa_axes = form.setdefault("automa_axes", {c: n for c, n in a.automa_axes.items()})
    black = form.setdefault("black", None)
    rows: list[ft.Control] = [w.heading("The dragon tile", 3), ft.Text("Reveal the top dragon tile:")]
    rows.append(stepper(screen, "Strength", tile["strength"], 0, 20, lambda x: tile.__setitem__("strength", x)))

    def set_treasure(t):
        tile["treasure"] = t
        screen.refresh()

    rows.append(
        ft.Row(
            [
                ft.Text("Takes", expand=True),
                _choices(("gold", "gems"), tile["treasure"], set_treasure),
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
                screen.refresh()

            rows.append(ft.Text(f"{cap(a.trigger)} rolls the black die (or leave it to the app)"))
            rows.append(_die_row("Black die", black, pick_black))
    for color in a.humans:
        entry = players[color]
        rows.append(w.heading(cap(color), 3))
        if not a.rahdo:

            def pick(n, entry=entry):
                entry["die"] = None if entry["die"] == n else n
                screen.refresh()

            rows.append(ft.Text(f"Your die: {entry['die']}" if entry["die"] else "Your die (or the app rolls)"))
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
    resolve = main_button(
        screen,
        "Resolve the attack",
        lambda _e: screen.do(lambda: p.attack(tile, players, automa_axes, form.get("black"))),
        "SHIELD",
    )
    return [_panel(rows), resolve]


# ---------------------------------------------------------------------- the side panel


def side_panel(screen: RoundScreen) -> ft.Control:
    g = screen.p.game
    sections = []
    if g.state.round == 1 and any(e["type"] == "place" for e in g.events()):

        def setup_rows() -> list[ft.Control]:
            rows = [
                ft.Row([ft.Text(line, expand=True), *([w.chip("estimate", tone="warn")] if est else [])])
                for line, est in screen.setup_lines()
            ]
            return [_pad(rows)]

        sections.append(screen.section("setup", "Set up the table", setup_rows))
    sections.append(screen.section("extras", "Spells, special tiles and corrections", lambda: [_extras(screen)]))
    if g.setup.automa:
        sections.append(screen.section("stash", "Automa stash (hidden)", lambda: [_stash(screen)]))

    def log_rows() -> list[ft.Control]:
        return [_pad([ft.Text(line, size=13) for line in screen.p.log_lines()], spacing=2)]

    sections.append(screen.section("log", "Event log", log_rows))
    return w.card(sections, spacing=0, padding=4, stretch=True)


def _pad(controls: list[ft.Control], spacing: int = 6) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=spacing), padding=ft.Padding.symmetric(horizontal=16))


def _extras(screen: RoundScreen) -> ft.Control:
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
    rows: list[ft.Control] = []
    if len(humans) > 1:
        rows.append(
            ft.Dropdown(
                label="Player",
                value=who,
                options=[ft.DropdownOption(key=c, text=cap(c)) for c in humans],
                on_select=lambda e: form.__setitem__("who", e.control.value),
            )
        )

    def pick_and_do(dropdown: ft.Control, button: ft.Control) -> ft.Control:
        # A column, not a wrapping row: an expanding field inside a wrap is Flutter's grey error box.
        return ft.Column([dropdown, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    free = [sp.id for sp in spaces_for(g.setup.expansion) if g.state.board.get(sp.id) is None]
    if free:
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
                _button(
                    "Place the golem",
                    lambda _e: screen.do(lambda: p.golem(form["who"], form["golem_space"])),
                    primary=False,
                    icon="SMART_TOY",
                ),
            )
        )
    tile = form.setdefault("tile", "dragon_song")
    rows.append(
        pick_and_do(
            ft.Dropdown(
                label="Special tile gained",
                value=tile,
                options=[
                    ft.DropdownOption(key=t, text=t.replace("_", " ").capitalize()) for t in automa_rules.SPECIAL_TILES
                ],
                on_select=lambda e: form.__setitem__("tile", e.control.value),
            ),
            _button(
                "Record tile", lambda _e: screen.do(lambda: p.special_tile(form["who"], form["tile"])), primary=False
            ),
        )
    )
    spell = form.setdefault("spell", "charm")
    rows.append(
        pick_and_do(
            ft.Dropdown(
                label="Spell cast",
                value=spell,
                options=[
                    ft.DropdownOption(key=s, text=s.replace("_", " ").capitalize())
                    for s in automa_rules.SPELLS
                    if s not in ("draco_speak", "stone_golem")
                ],
                on_select=lambda e: form.__setitem__("spell", e.control.value),
            ),
            _button("Record spell", lambda _e: screen.do(lambda: p.spell(form["who"], form["spell"])), primary=False),
        )
    )
    rows.append(ft.Text("Draco Speak: move the dragon one step"))
    rows.append(
        ft.Row(
            [
                _button(
                    "Dragon down",
                    lambda _e: screen.do(lambda: p.spell(form["who"], "draco_speak", direction=-1)),
                    primary=False,
                    icon="ARROW_DOWNWARD",
                ),
                _button(
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
        _button("Set the dragon", lambda _e: screen.do(lambda: p.correct("dragon", form["dragon"])), primary=False)
    )
    for pl in g.setup.automa:
        c = pl.color
        pts = form.setdefault(f"points_{c}", g.state.points[c])
        gold = form.setdefault(f"gold_{c}", g.state.stash[c].gold)
        rows.append(
            stepper(
                screen,
                f"{cap(c)} automa points",
                pts,
                0,
                500,
                lambda x, c=c: form.__setitem__(f"points_{c}", x),
                part="side",
            )
        )
        rows.append(
            stepper(
                screen,
                f"{cap(c)} automa gold",
                gold,
                0,
                200,
                lambda x, c=c: form.__setitem__(f"gold_{c}", x),
                part="side",
            )
        )
        rows.append(
            ft.Row(
                [
                    _button(
                        f"Set {cap(c)} points",
                        lambda _e, c=c: screen.do(lambda: p.correct("points", form[f"points_{c}"], c)),
                        primary=False,
                    ),
                    _button(
                        f"Set {cap(c)} gold",
                        lambda _e, c=c: screen.do(lambda: p.correct("gold", form[f"gold_{c}"], c)),
                        primary=False,
                    ),
                ],
                wrap=True,
            )
        )
    return ft.Container(
        ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=16, vertical=4),
    )


def _stash(screen: RoundScreen) -> ft.Control:
    rows: list[ft.Control] = []
    for pl in screen.p.game.setup.automa:
        c = pl.color
        if c in screen.p.revealed:
            rows.append(ft.Text(f"{cap(c)} automa: " + "; ".join(screen.p.stash_lines(c))))
            rows.append(
                _button(
                    f"Hide {cap(c)}'s stash",
                    lambda _e, c=c: (screen.p.revealed.discard(c), screen.refresh("side")),
                    primary=False,
                )
            )
        else:
            rows.append(
                _button(
                    f"Reveal {cap(c)}'s stash",
                    lambda _e, c=c: (screen.p.revealed.add(c), screen.refresh("side")),
                    primary=False,
                    icon="VISIBILITY",
                )
            )
    return ft.Container(ft.Column(rows, spacing=8), padding=8)
