"""The decks screen as plain data: every card of a deck in words, and importing a transcribed deck (no Flet).

An imported deck is checked by :func:`companion.rules.automa.deck.parse_deck` and, when valid, kept in the data
folder as ``decks/<colour>.toml`` ("your transcription", :mod:`companion.store.decks`, which gives it to whoever
sets up a game); the shipped decks stay untouched.

>>> view = deck_view(load_builtin("red"))
>>> view.title, len(view.cards)
("Red deck (the app's design)", 20)
>>> view.cards[0].places
('1. Treasure Hoard', '2. Scout', '3. Tavern 2')
>>> print(view.cards[0].all_play)
Dwarf King: achievement 1 · Gem Market: emerald contract · Tunnel: tile 1 · Wizard's Cave: spell 4
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from companion.rules import words
from companion.rules.automa.deck import DECK_NAMES, Card, Deck, DeckError, deck_from_bytes, load_builtin
from companion.rules.board.spaces import SPACES
from companion.store import decks as kept


@dataclass(frozen=True)
class CardView:
    id: str
    #: The spaces in the order the automa tries them, numbered; "*" marks an expansion space.
    places: tuple[str, ...]
    axes: str
    all_play: str


@dataclass(frozen=True)
class DeckView:
    name: str
    title: str
    cards: tuple[CardView, ...]
    source: str  # "app" or "yours"
    #: Why your kept transcription of this deck cannot be used (edited by hand since), else None.
    problem: str | None = None


@dataclass(frozen=True)
class ImportOutcome:
    deck: Deck | None = None
    error: str | None = None
    path: Path | None = None
    #: Every problem of a bad deck, one line each (the screen lists them all, not "and 3 more").
    problems: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        if self.error:
            return self.error
        assert self.deck is not None
        n = len(self.deck.cards)
        return f"Imported your {self.deck.deck} deck: {words.count(n, 'card')}, kept as your transcription."


#: The deck format, as the Decks screen explains it (automa_decks/README.md has the long version).
FORMAT_HELP = (
    "A deck file is TOML text: deck = \"red\" or \"green\", then one [[cards]] section a card with: id (a "
    "short name, unique in the deck, e.g. R01); primary, secondary, tertiary (three different spaces the automa "
    "tries in that order, by id: tunnel, mine, gem_market, dwarf_king, excavate, forge, temple, trading_post, "
    "treasure_hoard, supply_wagon, scout, tribute, tavern_1 to tavern_4, mana_cave, wizards_cave); axes (0 to 4); "
    "all_play = { dwarf_king = 1-4, gem_market = \"ruby\", \"emerald\", \"sapphire\" or \"diamond\", "
    "tunnel = 1-4, wizards_cave = 1-4 }. Lines starting with # are comments."
)
EXAMPLE_CARD = """deck = "red"

[[cards]]
id = "R01"
primary = "treasure_hoard"
secondary = "scout"
tertiary = "tavern_2"
axes = 3
all_play = { dwarf_king = 1, gem_market = "emerald", tunnel = 1, wizards_cave = 4 }"""


def _space(space_id: str) -> str:
    s = SPACES[space_id]
    return s.name + (" *" if s.expansion else "")


def card_view(card: Card) -> CardView:
    a = card.all_play
    return CardView(
        id=card.id,
        places=tuple(f"{i}. {_space(s)}" for i, s in enumerate(card.choices(), start=1)),
        axes=f"{words.count(card.axes, 'axe')} in a dragon fight",
        all_play=(
            f"Dwarf King: achievement {a.dwarf_king} · Gem Market: {a.gem_market} contract · "
            f"Tunnel: tile {a.tunnel} · Wizard's Cave: spell {a.wizards_cave}"
        ),
    )


def deck_view(deck: Deck, source: str = "app") -> DeckView:
    whose = "the app's design" if source == "app" else "your transcription"
    return DeckView(
        name=deck.deck,
        title=f"{deck.deck.capitalize()} deck ({whose})",
        cards=tuple(card_view(c) for c in deck.cards),
        source=source,
    )


# ------------------------------------------------------------------------------------------ imports


def import_deck(data_dir: str | os.PathLike[str], text: str | bytes, source: str = "pasted text") -> ImportOutcome:
    """Check a transcribed deck and keep it in the data folder; a bad one gives a one-line error.

    Pasted text is measured in UTF-8 bytes, as a file is: ``decks check``'s limit and checks
    (:func:`~companion.rules.automa.deck.deck_from_bytes`) are the screen's, so a deck one takes the other takes."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if not data.strip():
        return ImportOutcome(error=f"{source}: empty: paste the deck's TOML text")
    try:
        deck = deck_from_bytes(data, source)
    except DeckError as err:
        lines = tuple(" ".join(line.split()) for line in err.lines())
        if len(lines) == 1:
            return ImportOutcome(error=lines[0], problems=lines)
        return ImportOutcome(error=f"{source}: {len(lines)} problems, each below:", problems=lines)
    try:
        path = kept.keep(data_dir, deck.deck, data.decode("utf-8"))
    except OSError as err:  # a full disk: the kept deck stays, and no partial copy takes what room there is
        return ImportOutcome(error=f"{source}: valid, but it could not be saved: {err.strerror or err}")
    return ImportOutcome(deck=deck, path=path)


def use_app_deck(data_dir: str | os.PathLike[str], name: str) -> tuple[str, bool]:
    """"Use the app's deck again": what to say and whether it worked. A read-only data folder (or a folder put
    where the transcription goes) made the button do nothing, with a traceback in the log."""
    try:
        kept.remove_imported(data_dir, name)
    except OSError as err:
        return (f"The {name} deck could not be put back: {err.strerror or err}. Your transcription is kept; make "
                "the data folder writable, then tap again."), False
    return f"The {name} deck is the app's design again.", True


def all_decks(data_dir: str | os.PathLike[str]) -> list[DeckView]:
    """Each deck the app can use: the user's transcription where there is one, else the app's design; each says
    why a kept transcription cannot be used, if it cannot."""
    out = []
    for name in DECK_NAMES:
        mine = kept.imported_deck(data_dir, name)
        view = deck_view(mine, "yours") if mine else deck_view(load_builtin(name))
        out.append(replace(view, problem=kept.imported_problem(data_dir, name)))
    return out


def picked_file(path: str, name: str) -> bytes:
    """The deck file picked in the desktop window (by its path); ``ValueError`` in one line when it cannot be
    read (a folder or a named pipe picked is refused at once, never waited on)."""
    try:
        return kept.read_deck_file(path)
    except OSError as err:
        raise ValueError(f"{name}: cannot be read: {err.strerror or err}") from None
