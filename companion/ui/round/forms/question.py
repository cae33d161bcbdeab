"""An automa's question the app cannot answer alone: a number, the gems the humans give, a mine tile, a spell.

Every usual answer is one tap on a chip (``companion/ui/round/answers.py`` says which chips, and what each answer
costs in taps): the chip sends the answer at once, and Undo names it if the finger slipped.
"""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.rules.automa import choices as automa_rules
from companion.ui.round import answers
from companion.ui.round.forms.controls import GEM_LABEL, RoundHost, choices, form_state, main_button, panel, stepper
from companion.ui.round.view_model import RoundView, required
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import GEM_HEX, GEM_HEX_ON

CHIP = 56  # a number chip's width: five to a row on a phone


def question(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The form for an automa's question; its OK button (only for the rare answer a stepper needs) under it."""
    q = required(v.question, "question")
    p = screen.p
    form = form_state(screen)

    def send(value):
        screen.do(lambda: p.answer(value))

    def redraw_after(change):
        def handler(*args):
            change(*args)
            screen.refresh()

        return handler

    rows: list[ft.Control] = []
    ok = None
    if q.kind == "number":
        rows, ok = _number_rows(screen, v, form, send, redraw_after)
    elif q.kind == "gems":
        allowed = q.choices if v.expansion else automa_rules.GEM_COLORS
        rows += _gem_rows(screen, form, allowed, q.count, send, redraw_after)
    elif q.kind == "tile":
        rows, ok = _tile_rows(screen, v, form, send, redraw_after)
    else:  # spell: one tap answers
        rows.append(ft.Text("Tap the spell. Charm scores 3 for the automa, Mind Control 9, any other nothing."))
        rows.append(choices(q.choices, None, send))
    return [panel(rows), ok] if ok else [panel(rows)]


def _number_rows(screen, v, form, send, redraw_after) -> tuple[list[ft.Control], ft.Control | None]:
    """A number: a chip each for 0-9 (the last answer first), "More" for a stepper and its OK button."""
    q = v.question
    rows: list[ft.Control] = []
    label = {"dwarf_king": "Achievement points", "gem_market": "Coins on the contract"}[q.question]
    last = q.last if isinstance(q.last, int) else None
    rows.append(ft.Text(f"{label}: tap the number", weight=ft.FontWeight.W_600))
    chips = [_number_chip(label, n, n == last, lambda _e, n=n: send(n)) for n in answers.number_chips(last)]
    if form.get("more"):
        value = form.setdefault("value", answers.CHIP_MAX + 1)
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        rows.append(stepper(screen, label, value, answers.CHIP_MAX + 1, 99, lambda x: form.__setitem__("value", x)))
        return rows, main_button(screen, f"OK: {value}", lambda _e: send(form["value"]), "CHECK", v.banner_color)
    more = ft.OutlinedButton(
        content=ft.Text("More", semantics_label=f"{label}: more than {answers.CHIP_MAX}"),
        # The form of the step it is tapped in (the round screen keeps these chips for later steps).
        on_click=redraw_after(lambda _e: form_state(screen).__setitem__("more", True)),
        width=CHIP + 20,
        height=w.TARGET,
        style=ft.ButtonStyle(padding=0),
    )
    rows.append(ft.Row([*chips, more], wrap=True, spacing=6, run_spacing=6))
    return rows, None


def _tile_rows(screen, v, form, send, redraw_after) -> tuple[list[ft.Control], ft.Control | None]:
    """A mine tile: a row a gem colour (a chip per count, "5+" for a stepper and its OK button), then the special
    tiles."""
    q = v.question
    gems = automa_rules.STASH_GEMS if v.expansion else automa_rules.GEM_COLORS
    picked = form.get("gem")  # set by a colour's "5+": the stepper for a tile with many gems
    rows: list[ft.Control] = [ft.Text("Tap its gems and their number, or the special tile", weight=ft.FontWeight.W_600)]
    for gem in gems:
        # The name takes what the chips leave (no fixed width: with Larger text "Sapphire" must not break).
        row: list[ft.Control] = [ft.Text(GEM_LABEL[gem], expand=True, weight=ft.FontWeight.W_600, no_wrap=True)]
        for n in answers.tile_counts():
            tile = {"kind": "gem", "gem": gem, "gems": n}
            row.append(
                _gem_chip(
                    gem,
                    str(n),
                    f"{GEM_LABEL[gem]} tile with {words.count(n, 'gem')}",
                    lambda _e, t=tile: send(t),
                    width=40,
                )
            )
        row.append(
            _gem_chip(
                gem,
                f"{answers.TILE_CHIP_MAX + 1}+",
                f"{GEM_LABEL[gem]} tile with more than {answers.TILE_CHIP_MAX} gems",
                redraw_after(
                    lambda _e, g=gem: form_state(screen).update(gem=g, count=answers.TILE_CHIP_MAX + 1)
                ),
                width=46,
                outlined=picked != gem,
            )
        )
        rows.append(ft.Row(row, spacing=4))
    ok = None
    if picked:
        count = form["count"]
        rows.append(
            stepper(
                screen,
                f"{GEM_LABEL[picked]}: gems on the tile",
                count,
                answers.TILE_CHIP_MAX + 1,
                9,
                lambda x: form.__setitem__("count", x),
            )
        )
        summary = f"{GEM_LABEL[picked]} tile with {words.count(count, 'gem')}"
        ok = main_button(screen, f"OK: {summary}", lambda _e: send({"kind": "gem", "gem": picked, "gems": count}),
                         "CHECK", v.banner_color)
    rows.append(ft.Text("Special tile", weight=ft.FontWeight.W_600))
    rows.append(_special_grid(q.choices, q.labels, lambda t: send({"kind": "special", "tile": t})))
    return rows, ok


def _gem_rows(screen, form, allowed, count, send, redraw_after) -> list[ft.Control]:
    """Gems the humans give: every combination one chip (two gems or fewer), else a chip per gem."""
    rows: list[ft.Control] = []
    combos = answers.gem_combinations(allowed, count)
    if combos:
        rows.append(ft.Text(f"Tap the {words.count(count, 'gem')} you give it", weight=ft.FontWeight.W_600))
        rows.append(_legend(allowed))
        for first in allowed:
            line = [c for c in combos if c[0] == first]
            rows.append(
                ft.Row(
                    [_combo_chip(c, lambda _e, c=c: send(list(c))) for c in line], spacing=4, wrap=True, run_spacing=4
                )
            )
        return rows
    chosen = form.setdefault("gems", [])

    def add(gem):
        chosen.append(gem)
        if len(chosen) == count:  # the last gem sends the answer
            send(list(chosen))
        else:
            screen.refresh()

    names = ", ".join(GEM_LABEL[g] for g in chosen) or "none yet"
    rows.append(ft.Text(f"Chosen: {names} ({len(chosen)} of {count})", weight=ft.FontWeight.W_600))
    rows.append(ft.Text("Tap each gem:"))
    rows.append(
        ft.Row(
            [_gem_chip(g, GEM_LABEL[g], f"One {GEM_LABEL[g]}", lambda _e, g=g: add(g)) for g in allowed],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
    )
    if not chosen:
        rows.append(ft.Text(f"Or all {count} of one colour:"))
        rows.append(
            ft.Row(
                [
                    _gem_chip(
                        g, f"{count} {GEM_LABEL[g]}", f"All {count} {GEM_LABEL[g]}", lambda _e, g=g: send([g] * count)
                    )
                    for g in allowed
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    else:
        rows.append(w.text_button("Clear", redraw_after(lambda _e: chosen.clear()), icon_name="BACKSPACE"))
    return rows


def _special_grid(tiles, labels, on_pick) -> ft.Control:
    """The special tiles, three a row on a phone (a name wraps rather than being cut)."""
    cells: list[ft.Control] = [
        ft.Container(
            content=ft.OutlinedButton(
                content=ft.Text(name, size=13, text_align=ft.TextAlign.CENTER),
                on_click=lambda _e, t=tile: on_pick(t),
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=4, vertical=4), shape=ft.RoundedRectangleBorder(radius=10)
                ),
            ),
            col={"xs": 4, "md": 3},
        )
        for tile, name in zip(tiles, labels, strict=True)
    ]
    return ft.ResponsiveRow(cells, spacing=4, run_spacing=4)


def _legend(gems) -> ft.Control:
    """Which colour is which gem, as the combination chips show them."""
    return ft.Row(
        [
            ft.Row(
                [ft.Icon(ft.Icons.CIRCLE, size=14, color=GEM_HEX[g]), ft.Text(GEM_LABEL[g], size=13)],
                spacing=2,
                tight=True,
            )
            for g in gems
        ],
        wrap=True,
        spacing=10,
        run_spacing=2,
    )


def _number_chip(label: str, n: int, last: bool, on_click) -> ft.Control:
    cls = ft.FilledButton if last else ft.OutlinedButton
    return cls(
        content=ft.Text(
            str(n),
            size=20,
            weight=ft.FontWeight.W_700,
            semantics_label=f"{label} {n}" + (" (as last time)" if last else ""),
        ),
        on_click=on_click,
        width=CHIP,
        height=w.TARGET,
        style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=12)),
    )


def _gem_chip(gem: str, text: str, label: str, on_click, width: int | None = None, outlined: bool = False):
    """A chip in the gem's colour (outlined: its colour only as the border, the text in the theme's own colour: a
    gem's colour as text was unreadable on one theme or the other, diamond's pale grey on the light one, the dark
    gems on the dark one)."""
    fg = ft.Colors.ON_SURFACE if outlined else GEM_HEX_ON.get(gem, "#FFFFFF")
    return ft.Button(
        content=ft.Text(text, weight=ft.FontWeight.W_700, semantics_label=label, color=fg),
        on_click=on_click,
        width=width,
        height=w.TARGET - 4,
        bgcolor=ft.Colors.SURFACE if outlined else GEM_HEX[gem],
        style=ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=8),
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(2, GEM_HEX[gem] if gem != "diamond" else "#90A4AE"),
        ),
    )


def _combo_chip(combo: tuple[str, ...], on_click) -> ft.Control:
    """A chip for a combination of gems: a dot in each gem's colour."""
    label = " and ".join(GEM_LABEL[g] for g in combo)
    dots: list[ft.Control] = [ft.Icon(ft.Icons.CIRCLE, size=20, color=GEM_HEX[g]) for g in combo]
    # As a board cell: a Container taps reliably with its Semantics label (a button's own label would win).
    return ft.Container(
        content=ft.Semantics(
            content=ft.Row(dots, spacing=2, tight=True), label=label, button=True, exclude_semantics=True
        ),
        on_click=on_click,
        ink=True,
        width=56,
        height=w.TARGET - 4,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        border_radius=10,
    )
