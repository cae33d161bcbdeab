"""Transcribing printed automa cards, card by card, one tap a field (no Flet).

A card has the eight fields the rulebook's card drawing shows (:mod:`companion.ui.decks.cards`, with the
checks); what the screen draws is built in :mod:`companion.ui.decks.transcribe_views`. A new transcription
first asks how many cards the printed deck has (:class:`CardCount`). A tap on a choice fills the field in focus
and moves the focus on; the eighth tap of a card that checks clean moves to the next card, so a card takes 8
taps ("Copy this card" starts the next one from this one's values). A card is done once it is whole and checks.
Every tap is saved at once in the data folder (``decks/draft-<colour>.json``, :mod:`companion.store.drafts`), so
a transcription resumes where it stopped.

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
import os
from dataclasses import dataclass
from pathlib import Path

from companion.rules import words
from companion.rules.automa.deck import Deck, DeckError, parse_deck
from companion.store import decks as kept_decks
from companion.store.drafts import DraftFile
from companion.ui.decks.cards import (
    DEFAULT_CARDS,
    FIELDS,
    LABELS,
    MAX_CARDS,
    blank_card,
    card_dict,
    card_problem,
    deck_problem,
    deck_toml,
    done,
    is_blank,
    options,
    with_usable_ids,
)
from companion.ui.decks.presenter import import_deck
from companion.ui.decks.transcribe_views import DeckFile, TableRow, TranscribeView, screen_view, table_rows


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
        t = cls(data_dir, deck, [blank_card(deck, n) for n in range(1, total + 1)])
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
        cards = with_usable_ids(deck, cards)
        t = cls(data_dir, deck, cards)
        t.index = next((i for i, c in enumerate(cards) if not done(c)), len(cards) - 1)
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
        t = cls(data_dir, deck, [blank_card(deck, n) for n in range(1, total + 1)])
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
        return cls(data_dir, deck, [card_dict(c) for c in mine.cards])

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
        was_done = done(card)
        card[self.focus] = value
        self.message = None
        nxt = self._first_missing(self.index, after=self.focus)
        if nxt is not None:
            self.focus = nxt
        elif was_done or not done(card):
            self.focus = FIELDS[(FIELDS.index(self.focus) + 1) % len(FIELDS)]
        else:
            later = [*range(self.index + 1, len(self.cards)), *range(self.index)]
            unfinished = next((i for i in later if not done(self.cards[i])), None)
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
        while blank_card(self.deck, number)["id"] in ids:
            number += 1
        return blank_card(self.deck, number)

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
        if after < len(self.cards) and is_blank(self.cards[after]):
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
        return sum(done(c) for c in self.cards)

    def card_problem(self, index: int | None = None) -> str | None:
        """What is wrong with card ``index`` (default: the one shown), in the screen's words."""
        return card_problem(self.deck, self.cards[self.index if index is None else index])

    def deck_problem(self) -> str | None:
        """The first problem of the whole deck: an unfinished card, a card with a problem, a duplicate id."""
        return deck_problem(self.deck, self.cards)

    def view(self) -> TranscribeView:
        return screen_view(self.deck, self.cards, self.index, self.focus)

    def table(self) -> tuple[TableRow, ...]:
        """The preview: one row per card, a cell per field and the card in one line."""
        return table_rows(self.deck, self.cards, self.index)

    # ------------------------------------------------------------------ sharing
    def finished(self) -> list[dict]:
        """The cards done (whole and checking clean), in order."""
        return [c for c in self.cards if done(c)]

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
        self.cards = [card_dict(c) for c in deck.cards]
        self.go(0)
        self.save()

    def use(self, finished_only: bool = False) -> Deck:
        """Play with this transcription: it becomes the imported deck of its colour; ``finished_only``: its
        finished cards only, the others kept in the draft to carry on with. ``ValueError`` if not ready (or if
        another window changed the draft: then its cards are shown first)."""
        self._catch_up()
        if finished_only:
            problem = None if self.finished() else "no card is finished"
            problem = problem or deck_problem(self.deck, self.finished())
        else:
            problem = self.deck_problem()
        if problem:
            raise ValueError(f"Not ready to play: {problem}")
        outcome = import_deck(self.data_dir, self.export_toml(), f"your {self.deck} transcription")
        if outcome.error:
            raise ValueError(outcome.error)
        assert outcome.deck is not None
        return outcome.deck

