"""The automa decks (red and green) as validated data, and clear one-line errors for a bad deck file.

A card names three action spaces to try in order (primary, secondary, tertiary), the number of axes the automa
draws when it fights a dragon, and an all-play section saying how it joins an all-play action it did not claim
(which achievement card to take at the Dwarf King, which contract at the Gem Market, which mine tile at the
Tunnel, which spell at the Wizard's Cave). Positions count 1..4 from the left of the face-up row.

Where the deck files live: the TOML files in ``automa_decks/`` at the repository root are the one source of
truth (``red.toml``, ``green.toml``, with a README on the format). This module finds them through
``Path(__file__).resolve().parents[3] / "automa_decks"``, which works from a checkout and from the editable
install the project uses (``pip install -e .``). A non-editable wheel does not carry them (package data only
covers ``companion/``); :func:`load_builtin` then fails with a :class:`DeckError` naming the missing file
rather than guessing. The expansion spaces (``mana_cave``, ``wizards_cave``) may appear on cards; in a base
game the engine skips them, as the expansion rules allow.

>>> red = load_builtin("red")
>>> red.deck, len(red.cards), red.ids()[:3]
('red', 20, ('R01', 'R02', 'R03'))
>>> red.card("R01").primary
'treasure_hoard'
>>> try:
...     parse_deck('deck = "blue"\\ncards = []', "blue.toml")
... except DeckError as e:
...     print(e)
blue.toml: deck: Input should be 'red' or 'green', got 'blue' (and 1 more problem)
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from companion.rules.automa.toml_shape import ShapeError, check_shape
from companion.rules.board.spaces import SPACE_IDS
from companion.rules.names import DECK_NAMES, DeckName, GemType

#: The folder holding the shipped deck files (repository root; see the module docstring).
DECKS_DIR: Path = Path(__file__).resolve().parents[3] / "automa_decks"

_Position = Field(ge=1, le=4, strict=True)


class AllPlay(BaseModel):
    """How the automa joins an all-play action: a position 1..4 in a face-up row, or a gem colour.

    >>> AllPlay(dwarf_king=1, gem_market="ruby", tunnel=4, wizards_cave=2).tunnel
    4
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    dwarf_king: int = _Position
    gem_market: GemType
    tunnel: int = _Position
    wizards_cave: int = _Position


class Card(BaseModel):
    """One automa card. The three spaces are space ids from ``spaces.toml`` and are pairwise different.

    >>> card = Card(id="X1", primary="scout", secondary="temple", tertiary="tavern_1", axes=2,
    ...             all_play=AllPlay(dwarf_king=1, gem_market="ruby", tunnel=2, wizards_cave=3))
    >>> card.choices()
    ('scout', 'temple', 'tavern_1')
    >>> try:
    ...     Card(id="X2", primary="scout", secondary="scout", tertiary="tavern_1", axes=2,
    ...          all_play=card.all_play)
    ... except ValidationError as e:
    ...     print(e.errors()[0]["loc"], e.errors()[0]["msg"])
    ('secondary',) Value error, same space as primary ('scout')
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$")
    primary: str
    secondary: str
    tertiary: str
    axes: int = Field(ge=0, le=4, strict=True)
    all_play: AllPlay

    @field_validator("primary", "secondary", "tertiary")
    @classmethod
    def _known_and_different(cls, value: str, info: ValidationInfo) -> str:
        if value not in SPACE_IDS:
            raise ValueError(f"unknown action space {_short(repr(value))}")
        # Earlier fields that validated are in info.data, so the error lands on the later field.
        for earlier in ("primary", "secondary"):
            if earlier == info.field_name:
                break
            if info.data.get(earlier) == value:
                raise ValueError(f"same space as {earlier} ({_short(repr(value))})")
        return value

    def choices(self) -> tuple[str, str, str]:
        """The spaces in the order the automa tries them."""
        return (self.primary, self.secondary, self.tertiary)


class Deck(BaseModel):
    """One automa deck: its colour and its cards (at least one, ids unique).

    ``cards`` is a tuple so a deck (which :func:`load_builtin` caches and shares) cannot be changed in place.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    deck: DeckName
    cards: tuple[Card, ...]

    @field_validator("cards")
    @classmethod
    def _some_cards_unique_ids(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        # Checked here rather than with Field(min_length=1): pydantic counts only the cards that validated,
        # so a length constraint would add a second, misleading error to every bad card.
        if not cards:
            raise ValueError("a deck needs at least one card")
        seen: dict[str, int] = {}
        for index, card in enumerate(cards):
            if card.id in seen:
                raise PydanticCustomError(
                    "duplicate_card_id",
                    "duplicate card id (card #{first} has it too)",
                    {"card_id": card.id, "field": "id", "first": seen[card.id] + 1, "index": index},
                )
            seen[card.id] = index
        return cards

    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def card(self, card_id: str) -> Card:
        """The card with this id; ``KeyError`` when the deck has none."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"{self.deck} deck has no card {card_id!r}")


class DeckError(ValueError):
    """A deck file that cannot be used. ``str()`` is one line: file, card, field and what is wrong.

    ``problems`` holds every problem found (without the file name); the message shows the first and how many
    more there are.
    """

    def __init__(self, file: str, problems: list[str]):
        self.file = file
        self.problems = list(problems) or ["invalid deck"]
        more = len(self.problems) - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        super().__init__(f"{file}: {self.problems[0]}{suffix}")

    def lines(self) -> list[str]:
        """Every problem as its own ``file: ...`` line."""
        return [f"{self.file}: {p}" for p in self.problems]


_FIELDS_OF = {
    "deck": tuple(Deck.model_fields),
    "card": tuple(Card.model_fields),
    "all_play": tuple(AllPlay.model_fields),
}


def _short(text: str) -> str:
    """A key or value from the file as a message quotes it: its start only when long (a 100,000-character key
    made a 100 kB line on the Decks screen).

    >>> _short("k" * 1000)
    'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk... (1,000 characters)'
    """
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text):,} characters)"


def _card_label(raw: Any, index: int) -> str:
    """``R07`` when the raw card has a usable id, else its 1-based place in the file (``#7``)."""
    try:
        card_id = raw["cards"][index]["id"]
    except (KeyError, IndexError, TypeError):
        card_id = None
    if isinstance(card_id, str) and card_id.strip() and card_id.isprintable():
        return _short(card_id)
    return f"#{index + 1}"


def _problem(err: Mapping[str, Any], raw: Any) -> str:
    loc = list(err["loc"])
    ctx = err.get("ctx") or {}
    where: list[str] = []
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        where.append(f"card {_card_label(raw, loc[1])}")
        field, scope = loc[2:], "card"
    elif "card_id" in ctx:
        where.append(f"card {_short(str(ctx['card_id']))}")
        field, scope = [ctx["field"]], "card"
    else:
        field, scope = loc, "deck"
    if len(field) > 1 and field[0] == "all_play":
        scope = "all_play"
    if field:
        # A key that is not a plain name (it may hold a line break) is quoted, so the message stays one line.
        where.append(".".join(_short(f if isinstance(f, str) and f.isidentifier() else repr(f)) for f in field))

    kind = err["type"]
    if kind == "missing":
        what = "missing (required)"
    elif kind == "extra_forbidden":
        what = f"not a field of the format (allowed: {', '.join(_FIELDS_OF[scope])})"
    elif kind == "value_error":
        what = err["msg"].removeprefix("Value error, ")
    else:
        what = {
            "tuple_type": "should be an array of tables, written as [[cards]] sections",
            "model_type": "should be a table",
            "dict_type": "should be a table",
        }.get(kind, err["msg"])
        value = err.get("input")
        if isinstance(value, str | int | float | bool) and kind != "duplicate_card_id":
            what += f", got {_short(repr(value))}"
    return ": ".join([*where, what])


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    """A deck from TOML text; ``source`` names it in errors. Raises :class:`DeckError`.

    Every deck a person gives (``decks check``, ``--deck``, the Decks screen's paste box and file picker) comes
    through here, so a text whose shape no deck has (a key of thousands of dotted parts, tens of thousands of
    keys) is refused first, before ``tomllib`` spends memory on it (:mod:`companion.rules.automa.toml_shape`).

    >>> parse_deck('''deck = "green"
    ... [[cards]]
    ... id = "G1"
    ... primary = "mine"
    ... secondary = "tunnel"
    ... tertiary = "tavern_4"
    ... axes = 1
    ... all_play = { dwarf_king = 2, gem_market = "diamond", tunnel = 1, wizards_cave = 4 }
    ... ''').card("G1").all_play.gem_market
    'diamond'
    """
    text = text.removeprefix("\ufeff")  # a BOM (Notepad writes one) is not part of the text
    try:
        check_shape(text)
    except ShapeError as e:
        raise DeckError(source, [str(e)]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DeckError(source, [f"not valid TOML: {e}"]) from None
    except RecursionError:
        raise DeckError(source, ["not valid TOML: nested too deeply"]) from None
    except ValueError as e:  # a number with more digits than Python converts (4,300)
        raise DeckError(source, [f"not valid TOML: {str(e).split(':')[0]}"]) from None
    try:
        return Deck.model_validate(raw)
    except ValidationError as e:
        raise DeckError(source, [_problem(err, raw) for err in e.errors(include_url=False)]) from None


#: Largest deck file read (a deck of 20 cards is about 3 kB).
MAX_DECK_BYTES = 1_000_000


def load_deck(path: str | os.PathLike[str]) -> Deck:
    """Read and validate one deck file. Raises :class:`DeckError` naming the file as given.

    A plain open: for the shipped decks and tests. A file named by a person goes through
    ``companion.sim.decks.load_deck_file``, which never waits on a named pipe.
    """
    name = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            # Size first: /dev/zero or a huge file is refused before it is read whole.
            data = fh.read(MAX_DECK_BYTES + 1)
    except OSError as e:
        raise DeckError(name, [f"cannot read: {e.strerror or e}"]) from None
    return deck_from_bytes(data, name)


def deck_from_bytes(data: bytes, name: str) -> Deck:
    """A deck from the first ``MAX_DECK_BYTES + 1`` bytes of file ``name``. Raises :class:`DeckError`."""
    if len(data) > MAX_DECK_BYTES:
        raise DeckError(name, [f"larger than {MAX_DECK_BYTES / 1_000_000:g} MB, the limit for a deck file"])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckError(name, ["not UTF-8 text"]) from None
    return parse_deck(text, name)


@cache
def load_builtin(name: DeckName) -> Deck:
    """The shipped ``red`` or ``green`` deck from :data:`DECKS_DIR` (read once, then cached).

    >>> load_builtin("green").deck
    'green'
    """
    if name not in DECK_NAMES:
        raise ValueError(f"no built-in deck {name!r}: choose red or green")
    deck = load_deck(DECKS_DIR / f"{name}.toml")
    if deck.deck != name:
        raise DeckError(f"{name}.toml", [f"deck: says {deck.deck!r}, expected {name!r}"])
    return deck


def check_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """One message per deck file that does not load; empty when all are valid.

    >>> check_files([DECKS_DIR / "red.toml", DECKS_DIR / "green.toml"])
    []
    """
    messages = []
    for path in paths:
        try:
            load_deck(path)
        except DeckError as e:
            messages.append(str(e))
    return messages


def card_tables(deck: Deck) -> tuple[tuple[str, ...], dict[str, Card]]:
    """A deck's card ids in order and its cards by id: what a game shuffles and draws from (read only)."""
    return deck.ids(), {c.id: c for c in deck.cards}


@cache
def shipped_card_tables(name: DeckName) -> tuple[tuple[str, ...], dict[str, Card]]:
    """``card_tables`` of the shipped deck ``name``, made once: every game that plays it shares them (a simulated
    run sets up thousands of games)."""
    return card_tables(load_builtin(name))
