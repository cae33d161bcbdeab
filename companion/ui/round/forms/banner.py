"""The banner's inputs: for each decision the game waits for, the form or the one big button that answers it."""

from __future__ import annotations

import flet as ft

from companion.ui.round import answers
from companion.ui.round.forms.attack import attack
from companion.ui.round.forms.controls import RoundHost, form_state, main_button, panel
from companion.ui.round.forms.dice import keep_roll_controls
from companion.ui.round.forms.placing import place_hint
from companion.ui.round.forms.question import question
from companion.ui.round.forms.rolls import dragon_roll, fight_dice, starting_rolls
from companion.ui.round.view_model import RoundView, required
from companion.ui.widgets import common as w

#: Decisions shown whole in the bar pinned at the bottom (small enough to stay on screen with the board above).
#: The setup and reset lists are plain lists (a chevron a line), not boxes that look tickable and are not.
BAR_DECISIONS = frozenset({"automa_turn", "place", "keep_roll", "question", "final_scores", "over"})


def kept_key(screen: RoundHost, v: RoundView) -> tuple | None:
    """What the bar's inputs for ``v`` show, when they can be kept and shown again at a later step that shows
    the same (their handlers read the game and the form state when tapped, not when built); None when they are
    built anew. An automa's question comes back often (the same number chips, the same tiles): the round screen
    keeps its chips hidden in the bar and shows them again, instead of building and sending them each time.

    Not kept: a form being filled in (a stepper, gems chosen one by one), a placement's spell chips (a chip's
    selection lives in the page too)."""
    if form_state(screen):
        return None
    match v.decision:
        case "question":
            q = required(v.question, "question")
            if q.kind == "gems" and not 1 <= q.count <= answers.COMBINATION_MAX:
                return None  # a chip per gem, the chosen ones kept in the form
            # What the form shows of the question (its prompt is the bar's text, not the form's; the last answer
            # only a number's chips show).
            last = repr(q.last) if q.kind == "number" else None
            return ("question", q.kind, q.question, q.count, q.choices, q.labels, last, v.expansion)
        case "keep_roll":
            return ("keep_roll", repr(v.keep), v.time_warp)
    return None


def decision_controls(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    p = screen.p
    color = v.banner_color
    match v.decision:
        case "starting_rolls":
            return starting_rolls(screen, v)
        case "automa_turn":
            return [main_button(screen, "Draw a card and place", lambda _e: screen.do(p.proceed), "STYLE", color)]
        case "place":
            return [place_hint(screen, v)]
        case "roll":
            return dragon_roll(screen, v)
        case "keep_roll":
            return [keep_roll_controls(screen, v, required(v.keep, "roll to keep or re-roll"))]
        case "question":
            return question(screen, v)
        case "attack_dice":
            return fight_dice(screen, v)
        case "attack":
            return attack(screen, v)
        case "next_round":
            return next_round(screen, v)
        case "final_scores":
            return [main_button(screen, "Open the score sheet", lambda _e: screen.ctx.go("/final"), "SCOREBOARD",
                                color)]
        case "over":
            return [main_button(screen, "See the result", lambda _e: screen.ctx.go("/final"), "EMOJI_EVENTS", color)]
    return []


def next_round(screen: RoundHost, v: RoundView) -> list[ft.Control]:
    """The round is over: the new turn order, the board's reset, a line each, and "Start round N"."""
    order = ", ".join(f"{i}. {chip.label}" for i, chip in enumerate(v.turn_order, start=1))
    rows: list[ft.Control] = [
        ft.Text(f"New turn order: {order}", weight=ft.FontWeight.W_600),
        w.heading("Reset the board", 3),
    ]
    rows += [
        ft.Row(
            [ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18), ft.Text(line, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        for line in v.checklist
    ]
    start = main_button(screen, f"Start round {v.round + 1}", lambda _e: screen.do(screen.p.proceed), "PLAY_ARROW",
                        v.banner_color)
    return [panel(rows), start]
