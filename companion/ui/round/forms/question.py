"""An automa's question the app cannot answer alone: a number, the gems the humans give, a mine tile, a spell."""

from __future__ import annotations

import flet as ft

from companion.rules import automa as automa_rules
from companion.rules import words
from companion.ui import widgets as w
from companion.ui.round.forms.controls import GEM_LABEL, RoundHost, choices, form_state, main_button, panel, stepper
from companion.ui.round.presenter import RoundView


def question(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The form for an automa's question, and its OK button under it on the banner."""
    q = v.question
    p = screen.p
    form = form_state(screen)
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
        rows.append(choices(allowed, None, redraw_after(add), GEM_LABEL.get))
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
            choices(
                ("gem", "special"),
                kind,
                redraw_after(lambda k: form.__setitem__("tile_kind", k)),
                {"gem": "Gem tile", "special": "Special tile"}.get,
            )
        )
        if kind == "gem":
            rows.append(choices(gems, gem, redraw_after(lambda g: form.__setitem__("gem", g)), GEM_LABEL.get))
            rows.append(stepper(screen, "Gems on the tile", count, 1, 9, lambda x: form.__setitem__("count", x)))
            value = {"kind": "gem", "gem": gem, "gems": count}
            summary = f"{GEM_LABEL[gem]} tile with {words.count(count, 'gem')}"
        else:
            rows.append(choices(q.choices, special, redraw_after(lambda t: form.__setitem__("special", t))))
            value = {"kind": "special", "tile": special}
            summary = words.special_tile(special)
        rows.append(ft.Text(summary, weight=ft.FontWeight.W_600))
        ok = main_button(screen, f"OK: {summary}", lambda _e: screen.do(lambda: p.answer(value)), "CHECK")
    else:  # spell: one tap answers (Undo names it if the finger slipped)
        rows.append(ft.Text("Tap the spell. Charm scores 3 for the automa, Mind Control 9, any other nothing."))
        rows.append(choices(q.choices, None, lambda x: screen.do(lambda: p.answer(x))))
        return [panel(rows)]
    return [panel(rows), ok]
