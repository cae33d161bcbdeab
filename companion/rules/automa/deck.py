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
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from companion.rules.automa.toml_shape import ShapeError, check_shape
from companion.rules.board.spaces import SPACE_IDS
from companion.rules.names import DECK_NAMES, DeckName, DeckProblemCode, GemType
from companion.rules.words.decks import deck_line

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


#: What a card id may be: a letter or digit, then up to 15 letters, digits, "_" or "-" ("R07", "G-12").
CARD_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$"


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
    ...     print(e.errors()[0]["loc"], e.errors()[0]["type"], e.errors()[0]["ctx"])
    ('secondary',) same_space {'earlier': 'primary', 'space': 'scout'}
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=CARD_ID)
    primary: str
    secondary: str
    tertiary: str
    axes: int = Field(ge=0, le=4, strict=True)
    all_play: AllPlay

    @field_validator("primary", "secondary", "tertiary")
    @classmethod
    def _known_and_different(cls, value: str, info: ValidationInfo) -> str:
        if value not in SPACE_IDS:
            raise PydanticCustomError("unknown_space", "unknown action space", {"space": value})
        # Earlier fields that validated are in info.data, so the error lands on the later field.
        for earlier in ("primary", "secondary"):
            if earlier == info.field_name:
                break
            if info.data.get(earlier) == value:
                raise PydanticCustomError("same_space", "same space as {earlier}", {"earlier": earlier, "space": value})
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
            raise PydanticCustomError("no_cards", "a deck needs at least one card")
        seen: dict[str, int] = {}
        for index, card in enumerate(cards):
            if card.id in seen:
                raise PydanticCustomError(
                    "duplicate_id",
                    "duplicate card id (card #{first} has it too)",
                    {"card_id": card.id, "first": seen[card.id] + 1, "index": index},
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


@dataclass(frozen=True)
class DeckProblem:
    """One thing wrong with a deck file: ``code`` what (``DeckProblemCode``), ``fields`` its values; where it is:
    ``card`` the card's id as the file gives it (None when it gives no usable one), ``number`` the card's place in
    the file (1 on), ``path`` the field's keys. ``str()`` is ``decks check``'s line without the file's name
    (``companion.rules.words.decks``)."""

    code: DeckProblemCode
    fields: Mapping[str, Any] = field(default_factory=dict)
    card: str | None = None
    number: int | None = None
    path: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        return deck_line(self.code, self.fields, self.card, self.number, self.path)


class DeckError(ValueError):
    """A deck file that cannot be used. ``str()`` is one line: file, card, field and what is wrong.

    ``problems`` holds every problem found (:class:`DeckProblem`, without the file name); the message shows the
    first and how many more there are.
    """

    def __init__(self, file: str, problems: list[DeckProblem]):
        self.file = file
        self.problems = list(problems) or [DeckProblem("invalid", {"detail": "invalid deck"})]
        more = len(self.problems) - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        super().__init__(f"{file}: {self.problems[0]}{suffix}")

    def lines(self) -> list[str]:
        """Every problem as its own ``file: ...`` line."""
        return [f"{self.file}: {p}" for p in self.problems]


def file_problem(file: str, code: DeckProblemCode, **fields: Any) -> DeckError:
    """The deck file ``file`` refused as a whole (it cannot be read, it is too large, it is not text...)."""
    return DeckError(file, [DeckProblem(code, fields)])


_FIELDS_OF = {
    "deck": tuple(Deck.model_fields),
    "card": tuple(Card.model_fields),
    "all_play": tuple(AllPlay.model_fields),
}
#: A choice's values by pydantic's words for them (``'red', 'green'``), so a problem names them as values.
_CHOICES = {", ".join(map(repr, get_args(t))): get_args(t) for t in (DeckName, GemType)}
#: Pydantic's error types that say the same as one of the deck's codes, the value given after.
_SHAPES: dict[str, DeckProblemCode] = {
    "tuple_type": "not_cards", "model_type": "not_a_table", "dict_type": "not_a_table", "int_type": "whole_number",
    "string_type": "text", "string_pattern_mismatch": "bad_id", "greater_than_equal": "at_least",
    "less_than_equal": "at_most", "literal_error": "not_one_of",
}
#: The deck's own codes (its validators'), by pydantic's type for them.
_OWN: dict[str, DeckProblemCode] = {"missing": "missing", "extra_forbidden": "unknown_field",
                                    "unknown_space": "unknown_space", "same_space": "same_space",
                                    "no_cards": "no_cards", "duplicate_id": "duplicate_id"}


def _card_id(raw: Any, index: int) -> str | None:
    """The raw card's id when it is a usable text (printable, not blank), else None."""
    try:
        card_id = raw["cards"][index]["id"]
    except (KeyError, IndexError, TypeError):
        card_id = None
    return card_id if isinstance(card_id, str) and card_id.strip() and card_id.isprintable() else None


def _fields(kind: str, ctx: Mapping[str, Any], value: Any, scope: str) -> dict[str, Any]:
    """The problem's values from pydantic's context and the value the file gave."""
    fields: dict[str, Any] = {}
    if kind == "extra_forbidden":
        fields["allowed"] = _FIELDS_OF[scope]
    elif kind == "literal_error":
        options = ctx["expected"].replace(" or ", ", ")
        fields["choices"] = _CHOICES.get(options) or tuple(o.strip("'") for o in options.split(", "))
    elif kind in _OWN:
        fields.update({k: v for k, v in ctx.items() if k not in ("card_id", "index")})
    else:
        fields.update({"low": ctx.get("ge"), "high": ctx.get("le"), "pattern": ctx.get("pattern")})
        fields = {k: v for k, v in fields.items() if v is not None}
    if kind not in _OWN and isinstance(value, str | int | float | bool):
        fields["got"] = value
    return fields


def _problem(err: Mapping[str, Any], raw: Any) -> DeckProblem:
    """The :class:`DeckProblem` of one pydantic error, with the card it is in."""
    loc = list(err["loc"])
    ctx = err.get("ctx") or {}
    kind = err["type"]
    card: str | None = None
    number: int | None = None
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        card, number, path, scope = _card_id(raw, loc[1]), loc[1] + 1, loc[2:], "card"
    elif kind == "duplicate_id":
        card, number, path, scope = str(ctx["card_id"]), ctx["index"] + 1, ["id"], "card"
    else:
        path, scope = loc, "deck"
    if len(path) > 1 and path[0] == "all_play":
        scope = "all_play"
    code = _OWN.get(kind) or _SHAPES.get(kind) or "invalid"
    fields = _fields(kind, ctx, err.get("input"), scope)
    if code == "invalid":
        fields["detail"] = err["msg"]
    return DeckProblem(code, fields, card, number, tuple(path))


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
        raise file_problem(source, e.code, **e.fields) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise file_problem(source, "not_toml", detail=str(e)) from None
    except RecursionError:
        raise file_problem(source, "not_toml", detail="nested too deeply") from None
    except ValueError as e:  # a number with more digits than Python converts (4,300)
        raise file_problem(source, "not_toml", detail=str(e).split(":")[0]) from None
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
        raise file_problem(name, "cannot_read", why=e.strerror or str(e)) from None
    return deck_from_bytes(data, name)


def deck_from_bytes(data: bytes, name: str) -> Deck:
    """A deck from the first ``MAX_DECK_BYTES + 1`` bytes of file ``name``. Raises :class:`DeckError`."""
    if len(data) > MAX_DECK_BYTES:
        raise file_problem(name, "too_large", limit=MAX_DECK_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise file_problem(name, "not_utf8") from None
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
        said = DeckProblem("not_one_of", {"choices": (name,), "got": deck.deck}, path=("deck",))
        raise DeckError(f"{name}.toml", [said])
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
