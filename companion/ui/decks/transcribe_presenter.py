"""Transcribing printed automa cards, card by card, one tap a field (no Flet).

A card has the eight fields the rulebook's card drawing shows: three action spaces (tried in order), the axe
draw, and the all-play section (Dwarf King position, Gem Market colour, Tunnel slot, Wizard's Cave position).
A new transcription first asks how many cards the printed deck has. A tap on a choice fills the field in focus
and moves the focus on; the eighth tap of a card that checks clean moves to the next card, so a card takes 8
taps ("Copy this card" starts the next one from this one's values). A card is done once it is whole and checks.
Every tap is saved at once in the data folder (``decks/draft-<colour>.json``, :mod:`companion.store.drafts`), so
a transcription resumes where it stopped. Checks are those of ``decks check``
(:func:`companion.rules.automa.deck.parse_deck`), said in the screen's words.

>>> import tempfile
>>> t = Transcription.start(tempfile.mkdtemp(), "green")
>>> t.view().heading
'Green deck: card 1 of 20'
>>> for value in ("mine", "tunnel", "tavern_4", 1, 2, "diamond", 1, 4):
...     t.tap(value)
>>> t.view().heading, t.done_cards()
('Green deck: card 2 of 20', 1)
"""

from __future__ import annotations

import copy
import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path

from companion.rules import words
from companion.rules.automa import choices as automa
from companion.rules.automa.deck import GEM_COLOURS, Deck, DeckError, parse_deck
from companion.rules.board.spaces import SPACES
from companion.store import decks as kept_decks
from companion.store.drafts import DraftFile
from companion.ui.decks.presenter import import_deck

FIELDS = ("primary", "secondary", "tertiary", "axes", "dwarf_king", "gem_market", "tunnel", "wizards_cave")
SPACE_FIELDS = FIELDS[:3]
ALL_PLAY = FIELDS[4:]
DEFAULT_CARDS = 20
MAX_CARDS = 60

LABELS = {
    "primary": "Primary space", "secondary": "Secondary space", "tertiary": "Tertiary space", "axes": "Axe draw",
    "dwarf_king": "Dwarf King: achievement", "gem_market": "Gem Market: contract colour",
    "tunnel": "Tunnel: tile", "wizards_cave": "Wizard's Cave: spell",
}
#: What the screen asks for the field in focus.
PROMPTS = {
    "primary": "Primary space (tried first)", "secondary": "Secondary space", "tertiary": "Tertiary space (tried last)",
    "axes": "Axe draw: how many axes", "dwarf_king": "All play, Dwarf King: which achievement from the left",
    "gem_market": "All play, Gem Market: which contract colour", "tunnel": "All play, Tunnel: the tile's price",
    "wizards_cave": "All play, Wizard's Cave: which spell from the left",
}
SHORT = {"primary": "1st", "secondary": "2nd", "tertiary": "3rd", "axes": "Axes", "dwarf_king": "King",
         "gem_market": "Market", "tunnel": "Tunnel", "wizards_cave": "Wizard"}
#: The Tunnel slots by what the card shows: the tile's price (see automa_decks/README.md), the engine's own
#: prices written short for a chip ("1 beer + 1 gold").
TUNNEL_PRICES = {slot: price.replace(" and ", " + ") for slot, price in automa.TUNNEL_PRICES.items()}


def _space_name(space_id: str) -> str:
    return SPACES[space_id].name


def value_label(field: str, value) -> str:
    """How a field's value reads on a chip and in the table.

    >>> value_label("tunnel", 2), value_label("secondary", "tavern_1"), value_label("axes", 0)
    ('1 beer + 1 gold', 'Tavern 1 (top)', '0')
    """
    if value is None:
        return "–"
    if field in SPACE_FIELDS:
        return _space_name(value)
    if field == "gem_market":
        return str(value).capitalize()
    if field == "tunnel":
        return TUNNEL_PRICES[value]
    return str(value)


def options(field: str) -> tuple:
    """The values a field can take, in the order its chips show them (spaces in board order)."""
    if field in SPACE_FIELDS:
        return tuple(SPACES)
    if field == "axes":
        return (0, 1, 2, 3, 4)
    if field == "gem_market":
        return GEM_COLOURS
    return (1, 2, 3, 4)


@dataclass(frozen=True)
class Choice:
    value: object
    label: str
    selected: bool
    #: Why a tap would break the card ("already primary"): shown greyed, still tappable to change the other.
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


def _blank(deck: str, number: int) -> dict:
    return {"id": f"{deck[0].upper()}{number:02d}"}


def _complete(card: dict) -> bool:
    return all(card.get(f) is not None for f in FIELDS)


def _blank_card(card: dict) -> bool:
    return all(card.get(f) is None for f in FIELDS)


def space_clash(card: dict) -> str | None:
    """Two of a card's spaces the same, in the screen's words: "2nd space is the same as the 1st (Mine)".

    >>> space_clash({"primary": "mine", "secondary": "mine"})
    '2nd space is the same as the 1st (Mine)'
    """
    for i, f in enumerate(SPACE_FIELDS):
        for g in SPACE_FIELDS[:i]:
            if card.get(f) is not None and card.get(f) == card.get(g):
                return f"{SHORT[f]} space is the same as the {SHORT[g]} ({_space_name(card[f])})"
    return None


def _done(card: dict) -> bool:
    """Whole and checking clean: the only cards counted done, exported or played."""
    return _complete(card) and space_clash(card) is None


def card_line(card: dict) -> str:
    """A card in one line that wraps at a phone's width (the table of cards).

    >>> card_line({"primary": "mine", "secondary": "tunnel", "tertiary": "tavern_4", "axes": 1, "dwarf_king": 2,
    ...            "gem_market": "diamond", "tunnel": 1, "wizards_cave": 4})
    'Mine, Tunnel, Tavern 4 (bottom) · Axes 1 · King 2 · Market Diamond · Tunnel 1 beer or 1 gold · Wizard 4'
    """
    spaces = ", ".join(value_label(f, card.get(f)) for f in SPACE_FIELDS)
    rest = " · ".join(f"{SHORT[f]} {value_label(f, card.get(f))}" for f in FIELDS[3:])
    return f"{spaces} · {rest}"


def card_toml(card: dict) -> str:
    """One ``[[cards]]`` section in the automa deck format."""
    a = ", ".join(f"{f} = {json.dumps(card[f])}" for f in ALL_PLAY)
    spaces = "".join(f"{f} = {json.dumps(card[f])}\n" for f in SPACE_FIELDS)
    return f'[[cards]]\nid = {json.dumps(card["id"])}\n{spaces}axes = {card["axes"]}\nall_play = {{ {a} }}\n'


def deck_toml(deck: str, cards: list[dict]) -> str:
    """The deck file (automa_decks/README.md) of the cards given."""
    head = f'# {deck.capitalize()} automa deck, transcribed from the printed cards in Treasure Companion.\n'
    return head + f'deck = "{deck}"\n' + "".join("\n" + card_toml(c) for c in cards)


def _check(deck: str, cards: list[dict], source: str) -> str | None:
    """The first problem ``decks check`` finds in these cards, as one line without the file name."""
    try:
        parse_deck(deck_toml(deck, cards), source)
    except DeckError as err:
        return err.problems[0]
    return None


@dataclass(frozen=True)
class DeckFile:
    """A transcription as a deck file to hand to the browser (a download) or the desktop (a save dialog)."""

    file_name: str  # "red-deck.toml"
    data: bytes
    message: str  # said once the file is handed over


@dataclass
class CardCount:
    """Before the first card of a new transcription: how many cards the printed deck has, so the screen shows
    that many (not a guessed 20 and a Play button greyed out until all are done)."""

    deck: str
    total: int = DEFAULT_CARDS
    error: str | None = None
    #: Start again: the new cards replace the saved draft (else a saved draft found meanwhile is carried on).
    fresh: bool = False

    @property
    def question(self) -> str:
        return f"How many cards has your printed {self.deck} deck?"

    def set(self, text: str) -> None:
        """The count as typed; one outside 1 to ``MAX_CARDS`` is named in one line and Start waits for a good one."""
        n = int(text) if text.strip().isdigit() else 0
        if 1 <= n <= MAX_CARDS:
            self.total, self.error = n, None
        else:
            self.error = f"Cards: a number from 1 to {MAX_CARDS}"

    def start(self, data_dir) -> Transcription:
        if self.error:
            raise ValueError(self.error)
        if self.fresh:
            return Transcription.start(data_dir, self.deck, self.total)
        return Transcription.open(data_dir, self.deck, self.total)


class NotSaved(ValueError):
    """The draft could not be written (a full disk, a read-only data folder); the message is one line."""


class ChangedElsewhere(ValueError):
    """Another window (a phone, a tab) saved this draft since this one read it: its cards are shown instead."""


def _saved_or_undone(change):
    """A change that is saved, or taken back: when the draft cannot be written the transcription stays as it
    was and :class:`NotSaved` says why, so a tap that was not saved is never shown as made."""

    @functools.wraps(change)
    def run(self, *args, **kwargs):
        self._catch_up()
        before = (copy.deepcopy(self.cards), self.index, self.focus, self.message)
        try:
            return change(self, *args, **kwargs)
        except NotSaved:
            self.cards, self.index, self.focus, self.message = before
            raise

    return run


class Transcription:
    """One deck's transcription in progress, kept in the data folder after every change."""

    def __init__(self, data_dir: str | os.PathLike[str], deck: str, cards: list[dict], index: int = 0) -> None:
        if deck not in ("red", "green"):
            raise ValueError(f"no deck {deck!r}: red or green")
        self.data_dir = Path(data_dir)
        self.deck = deck
        self.file = DraftFile(data_dir, deck)
        self.cards = cards
        self.index = max(0, min(index, len(cards) - 1))
        self.focus = self._first_missing(self.index) or FIELDS[0]
        self.message: str | None = None
        self._unreadable = False  # an unreadable draft is at the draft's path: set it aside before saving
        self._aside: Path | None = None
        self._seen: tuple[int, int, int] | None = None  # the draft file as this window last read or wrote it

    # ------------------------------------------------------------------ opening and saving
    @classmethod
    def start(cls, data_dir, deck: str, total: int = DEFAULT_CARDS) -> Transcription:
        """A new transcription of ``total`` blank cards (replacing any draft of this deck)."""
        t = cls(data_dir, deck, [_blank(deck, n) for n in range(1, total + 1)])
        t.save()
        return t

    @classmethod
    def resume(cls, data_dir, deck: str) -> Transcription | None:
        """The saved draft of ``deck`` at its first unfinished card; None when there is none (or it is unreadable)."""
        read = DraftFile(data_dir, deck).read()
        if read is None:
            return None
        cards, seen = read  # seen before reading: a save in between is caught up with at the next change
        cards = [{k: v for k, v in c.items() if k == "id" or (k in FIELDS and v in options(k))} for c in cards]
        t = cls(data_dir, deck, cards)
        t.index = next((i for i, c in enumerate(cards) if not _done(c)), len(cards) - 1)
        t.focus = t._first_missing(t.index) or FIELDS[0]
        t._seen = seen
        return t

    @classmethod
    def open(cls, data_dir, deck: str, total: int = DEFAULT_CARDS) -> Transcription:
        """The saved draft, or a new one of ``total`` blank cards. A draft that cannot be read is kept aside (never
        overwritten) and the new transcription's message says where; when the folder will not let it be moved
        (read-only, full), the screen opens on blank cards saying why, and the first save that works moves it
        aside first."""
        found = cls.resume(data_dir, deck)
        if found is not None:
            return found
        t = cls(data_dir, deck, [_blank(deck, n) for n in range(1, total + 1)])
        t._unreadable = t.file.there()
        try:
            t.save()
        except NotSaved as err:  # the screen opens on blank cards and says why; each tap tries again
            t.message = str(err)
            return t
        if t._aside is not None:
            t.message = f"The saved transcription could not be read; it is kept as {t._aside.name}. Started afresh."
        return t

    @classmethod
    def from_kept(cls, data_dir, deck: str) -> Transcription | None:
        """Your kept deck of this colour (imported, or played from an earlier transcription) as the cards to go
        on from, when there is no draft; None when the app's design is in use. Importing says the file is "kept as
        your transcription": transcribing the deck next opens on its cards, not on blank ones."""
        mine = kept_decks.imported_deck(data_dir, deck)
        if mine is None:
            return None
        return cls(data_dir, deck, [_card_dict(c) for c in mine.cards])

    @staticmethod
    def saved(data_dir, deck: str) -> tuple[int, int] | None:
        """(cards done, cards) of the saved draft of ``deck``, or None."""
        t = Transcription.resume(data_dir, deck)
        return (t.done_cards(), len(t.cards)) if t else None

    @staticmethod
    def button(data_dir, deck: str) -> tuple[str, str]:
        """The Decks screen's button for ``deck`` and its hint: carry on with a draft, edit your kept deck, or
        transcribe from the start."""
        saved = Transcription.saved(data_dir, deck)
        if saved is not None:
            return f"Carry on with the {deck} deck", f"{saved[0]} of {saved[1]} cards done"
        mine = kept_decks.imported_deck(data_dir, deck)
        if mine is not None:
            return f"Edit your {deck} deck", f"{words.count(len(mine.cards), 'card')}, in use"
        return f"Transcribe the {deck} deck", ""

    def _catch_up(self) -> None:
        """Before a change: when another window saved the draft since this one read or wrote it, show its
        cards and refuse the change (:class:`ChangedElsewhere`), as a game's step is refused; writing over it
        lost every tap made there."""
        if self._seen is None or self.file.identity() == self._seen:
            return
        saved = Transcription.resume(self.data_dir, self.deck)
        if saved is None:  # gone or unreadable: this window's cards are saved over it at this change
            self._seen = None
            return
        self.cards, self._seen = saved.cards, saved._seen
        self.index = min(self.index, len(self.cards) - 1)
        self.focus = self._first_missing(self.index) or FIELDS[0]
        raise ChangedElsewhere("Changed in another window: its saved cards are shown. Tap again.")

    def save(self) -> None:
        """Write the draft (whole, then renamed over the last one); :class:`NotSaved` when the disk will not
        take it, leaving the last saved draft and no partial file behind."""
        try:
            if self._unreadable:  # never written over: moved aside first (see open)
                self._aside = self.file.set_aside()
                self._unreadable = False
            self._seen = self.file.write(self.cards)
        except OSError as err:
            raise NotSaved(f"Not saved: {err.strerror or err}. Free some space or make the data folder writable, "
                           "then tap again.") from None

    def discard(self) -> None:
        self.file.discard()

    # ------------------------------------------------------------------ taps
    @_saved_or_undone
    def tap(self, value) -> None:
        """Fill the field in focus; then focus the next empty field, or the next unfinished card once this tap
        made this one done. A change to a card already done (a copy being edited) stays on it, the focus on its
        next field."""
        if value not in options(self.focus):
            raise ValueError(f"{LABELS[self.focus]}: {value!r} is not a choice")
        card = self.cards[self.index]
        was_done = _done(card)
        card[self.focus] = value
        self.message = None
        nxt = self._first_missing(self.index, after=self.focus)
        if nxt is not None:
            self.focus = nxt
        elif was_done or not _done(card):
            self.focus = FIELDS[(FIELDS.index(self.focus) + 1) % len(FIELDS)]
        else:
            later = [*range(self.index + 1, len(self.cards)), *range(self.index)]
            unfinished = next((i for i in later if not _done(self.cards[i])), None)
            if unfinished is not None:
                self.go(unfinished)
        self.save()

    def focus_field(self, name: str) -> None:
        if name not in FIELDS:
            raise ValueError(f"no field {name!r}")
        self.focus = name

    def go(self, index: int) -> None:
        """Show card ``index`` (0-based), focused on its first empty field."""
        if not 0 <= index < len(self.cards):
            raise ValueError(f"no card {index + 1}: the deck has {len(self.cards)}")
        self.index = index
        self.focus = self._first_missing(index) or FIELDS[0]

    def previous(self) -> None:
        self.go(max(0, self.index - 1))

    def next(self) -> None:
        self.go(min(len(self.cards) - 1, self.index + 1))

    def _new_card(self) -> dict:
        """A blank card with an id no other card has (R21, R22...)."""
        if len(self.cards) >= MAX_CARDS:
            raise ValueError(f"a deck of at most {MAX_CARDS} cards")
        ids = {c["id"] for c in self.cards}
        number = len(self.cards) + 1
        while _blank(self.deck, number)["id"] in ids:
            number += 1
        return _blank(self.deck, number)

    @_saved_or_undone
    def add_card(self) -> None:
        """One more card at the end (a printed deck may have more cards than were counted)."""
        self.cards.append(self._new_card())
        self.go(len(self.cards) - 1)
        self.save()

    @_saved_or_undone
    def copy_card(self) -> str:
        """Copy this card's values to the next card when it is blank, else to a new card right after this one,
        and show the copy (two printed cards often differ in a field or two). Returns the copy's id."""
        values = {f: v for f, v in self.cards[self.index].items() if f in FIELDS and v is not None}
        if not values:
            raise ValueError("Nothing to copy: this card is blank")
        after = self.index + 1
        if after < len(self.cards) and _blank_card(self.cards[after]):
            self.cards[after].update(values)
        else:
            self.cards.insert(after, {**self._new_card(), **values})
        self.go(after)
        self.save()
        return self.cards[after]["id"]

    @_saved_or_undone
    def remove_card(self) -> None:
        """Remove the card shown (a deck keeps at least one)."""
        if len(self.cards) == 1:
            raise ValueError("a deck needs at least one card")
        del self.cards[self.index]
        self.go(min(self.index, len(self.cards) - 1))
        self.save()

    # ------------------------------------------------------------------ checks and views
    def _first_missing(self, index: int, after: str | None = None) -> str | None:
        card = self.cards[index]
        order = FIELDS if after is None else FIELDS[FIELDS.index(after) + 1:] + FIELDS[: FIELDS.index(after)]
        return next((f for f in order if card.get(f) is None), None)

    def done_cards(self) -> int:
        """The cards done: whole and checking clean (a card with a problem is not)."""
        return sum(_done(c) for c in self.cards)

    def card_problem(self, index: int | None = None) -> str | None:
        """What is wrong with this card, in the screen's words ("2nd space is the same as the 1st (Mine)"), as
        soon as it shows; else, once every field is filled, what ``decks check`` says about it."""
        card = self.cards[self.index if index is None else index]
        clash = space_clash(card)
        if clash or not _complete(card):
            return clash
        problem = _check(self.deck, [card], "card")
        return words.plain(problem.split(": ", 1)[1] if problem and problem.startswith("card ") else problem) \
            if problem else None

    def deck_problem(self) -> str | None:
        """The first problem of the whole deck: an unfinished card, a card with a problem, a duplicate id."""
        for i, card in enumerate(self.cards):
            if not _done(card):
                where = f"card {i + 1} ({card['id']})"
                clash = space_clash(card)
                return f"{where}: {clash}" if clash else f"{where} is not finished"
        return _check(self.deck, self.cards, "deck")

    def _clash(self, field: str, value) -> str | None:
        if field not in SPACE_FIELDS:
            return None
        card = self.cards[self.index]
        other = next((f for f in SPACE_FIELDS if f != field and card.get(f) == value), None)
        return f"already {SHORT[other]}" if other else None

    def view(self) -> TranscribeView:
        card = self.cards[self.index]
        fields = tuple(
            FieldView(f, SHORT[f], LABELS[f], value_label(f, card.get(f)), card.get(f) is not None, f == self.focus)
            for f in FIELDS
        )
        choices = tuple(
            Choice(v, value_label(self.focus, v), card.get(self.focus) == v, self._clash(self.focus, v))
            for v in options(self.focus)
        )
        done = self.done_cards()
        deck_problem = self.deck_problem() if done == len(self.cards) else None
        if done < len(self.cards):
            status = f"{done} of {len(self.cards)} cards done"
        elif deck_problem:
            status = f"All {done} cards done; the deck does not check yet"
        else:
            status = f"All {done} cards done and checked" if done > 1 else "The card is done and checked"
        finished_only = 0 < done < len(self.cards)
        play = f"Play with the {done} finished card{'s' if done > 1 else ''}" if finished_only \
            else f"Play with this {self.deck} deck"
        return TranscribeView(
            deck=self.deck, heading=f"{self.deck.capitalize()} deck: card {self.index + 1} of {len(self.cards)}",
            card_id=card["id"], index=self.index, total=len(self.cards), fields=fields, focus=self.focus,
            focus_label=PROMPTS[self.focus], choices=choices, problem=self.card_problem(), done=done, status=status,
            deck_problem=deck_problem, play=play, playable=done > 0 and deck_problem is None,
            finished_only=finished_only,
        )

    def table(self) -> tuple[TableRow, ...]:
        """The preview: one row per card, a cell per field and the card in one line."""
        return tuple(
            TableRow(i, c["id"], tuple(value_label(f, c.get(f)) for f in FIELDS), _complete(c), i == self.index,
                     _done(c), self.card_problem(i) if _complete(c) else space_clash(c), card_line(c))
            for i, c in enumerate(self.cards)
        )

    # ------------------------------------------------------------------ sharing
    def finished(self) -> list[dict]:
        """The cards done (whole and checking clean), in order."""
        return [c for c in self.cards if _done(c)]

    def export_toml(self) -> str:
        """The finished cards as a deck file (the format of automa_decks/README.md)."""
        return deck_toml(self.deck, self.finished())

    def export_file(self) -> DeckFile:
        """The finished cards as a file to download or share; ``ValueError`` (one line) when none is finished."""
        n = len(self.finished())
        if not n:
            raise ValueError("Nothing to save yet: no card is finished.")
        name = f"{self.deck}-deck.toml"
        cards = f"{n} finished card{'s' if n > 1 else ''}"
        return DeckFile(name, self.export_toml().encode("utf-8"),
                        f"{cards.capitalize()} of your {self.deck} deck in {name}: import it on the Decks screen.")

    @_saved_or_undone
    def import_toml(self, text: str, source: str = "pasted text") -> None:
        """Replace the cards with those of a deck file of this colour; ``ValueError`` (one line) if it fails."""
        try:
            deck = parse_deck(text, source)
        except DeckError as err:
            raise ValueError(" ".join(str(err).split())) from None
        if deck.deck != self.deck:
            raise ValueError(f"{source}: a {deck.deck} deck; this transcription is the {self.deck} deck")
        self.cards = [_card_dict(c) for c in deck.cards]
        self.go(0)
        self.save()

    def use(self, finished_only: bool = False) -> Deck:
        """Play with this transcription: it becomes the imported deck of its colour; ``finished_only``: its
        finished cards only, the others kept in the draft to carry on with. ``ValueError`` if not ready (or if
        another window changed the draft: then its cards are shown first)."""
        self._catch_up()
        if finished_only:
            problem = None if self.finished() else "no card is finished"
            problem = problem or _check(self.deck, self.finished(), "deck")
        else:
            problem = self.deck_problem()
        if problem:
            raise ValueError(f"Not ready to play: {problem}")
        outcome = import_deck(self.data_dir, self.export_toml(), f"your {self.deck} transcription")
        if outcome.error:
            raise ValueError(outcome.error)
        assert outcome.deck is not None
        return outcome.deck


def _card_dict(card) -> dict:
    out = {"id": card.id, "primary": card.primary, "secondary": card.secondary, "tertiary": card.tertiary,
           "axes": card.axes}
    out.update(card.all_play.model_dump())
    return out
