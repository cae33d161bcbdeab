"""What the transcription screen is handed to draw (no Flet): the card in focus with its choices, the status
and the Play button, the table of every card, and a deck file to save. Built from the cards alone, so what the
screen shows is never out of step with what is saved.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.ui.decks.cards import (
    FIELDS,
    LABELS,
    PROMPTS,
    SHORT,
    SPACE_FIELDS,
    card_line,
    card_problem,
    complete,
    deck_problem,
    done,
    options,
    space_clash,
    value_label,
)


@dataclass(frozen=True)
class Choice:
    value: object
    label: str
    selected: bool
    #: Why a tap would break the card ("already 1st"): shown greyed, still tappable to change the other.
    clash: str | None = None


@dataclass(frozen=True)
class FieldView:
    name: str
    short: str
    label: str
    value: str
    filled: bool
    focused: bool


@dataclass(frozen=True)
class TranscribeView:
    deck: str
    heading: str  # "Red deck: card 7 of 20"
    card_id: str
    index: int
    total: int
    fields: tuple[FieldView, ...]
    focus: str
    focus_label: str
    choices: tuple[Choice, ...]
    #: One line from the deck checks for this card, or None when it checks clean (or is not finished).
    problem: str | None
    done: int  # cards whole and checking clean
    status: str  # "12 of 20 cards done" / "All 20 cards done and checked"
    deck_problem: str | None  # the first problem of the whole deck (ids, ...), when all cards are done
    play: str  # "Play with this red deck", "Play with the 6 finished cards"
    playable: bool  # False: no finished card yet
    #: Playing takes the finished cards only (the others stay in the draft, to carry on with later).
    finished_only: bool


@dataclass(frozen=True)
class TableRow:
    index: int
    id: str
    cells: tuple[str, ...]  # one per field
    complete: bool
    current: bool
    done: bool  # whole and checking clean
    problem: str | None  # why a whole card does not check
    #: The card in one line that wraps at a phone's width: "Mine, Tunnel, Tavern 4 · 1 axe · King 2 · ..."
    summary: str


@dataclass(frozen=True)
class DeckFile:
    """A transcription as a deck file to hand to the browser (a download) or the desktop (a save dialog)."""

    file_name: str  # "red-deck.toml"
    data: bytes
    message: str  # said once the file is handed over


def screen_view(deck: str, cards: list[dict], index: int, focus: str) -> TranscribeView:
    """Card ``index`` with the field ``focus`` asked for, and where the whole deck stands."""
    card = cards[index]
    fields = tuple(
        FieldView(f, SHORT[f], LABELS[f], value_label(f, card.get(f)), card.get(f) is not None, f == focus)
        for f in FIELDS
    )
    choices = tuple(
        Choice(v, value_label(focus, v), card.get(focus) == v, _clash(card, focus, v)) for v in options(focus)
    )
    finished = sum(done(c) for c in cards)
    whole_deck = deck_problem(deck, cards) if finished == len(cards) else None
    if finished < len(cards):
        status = f"{finished} of {len(cards)} cards done"
    elif whole_deck:
        status = f"All {finished} cards done; the deck does not check yet"
    else:
        status = f"All {finished} cards done and checked" if finished > 1 else "The card is done and checked"
    finished_only = 0 < finished < len(cards)
    play = f"Play with the {finished} finished card{'s' if finished > 1 else ''}" if finished_only \
        else f"Play with this {deck} deck"
    return TranscribeView(
        deck=deck, heading=f"{deck.capitalize()} deck: card {index + 1} of {len(cards)}",
        card_id=card["id"], index=index, total=len(cards), fields=fields, focus=focus,
        focus_label=PROMPTS[focus], choices=choices, problem=card_problem(deck, card), done=finished,
        status=status, deck_problem=whole_deck, play=play, playable=finished > 0 and whole_deck is None,
        finished_only=finished_only,
    )


def table_rows(deck: str, cards: list[dict], index: int) -> tuple[TableRow, ...]:
    """The preview: one row per card, a cell per field and the card in one line."""
    return tuple(
        TableRow(i, c["id"], tuple(value_label(f, c.get(f)) for f in FIELDS), complete(c), i == index,
                 done(c), card_problem(deck, c) if complete(c) else space_clash(c), card_line(c))
        for i, c in enumerate(cards)
    )


def _clash(card: dict, field: str, value) -> str | None:
    """Why tapping ``value`` for ``field`` would repeat a space already on the card ("already 1st")."""
    if field not in SPACE_FIELDS:
        return None
    other = next((f for f in SPACE_FIELDS if f != field and card.get(f) == value), None)
    return f"already {SHORT[other]}" if other else None
