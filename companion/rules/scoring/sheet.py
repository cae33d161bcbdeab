"""The score sheet, what a table enters at the end of a game (one line per player, the final turn order), and
reading one from JSON, whatever is wrong said as a :class:`SheetError`: a code, where, and its fields, which
``companion.rules.words.sheet`` words (one line for the command line, the player's name on the score screen).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from companion.rules.editions import expansion_parts
from companion.rules.names import PLAYER_KINDS, SheetProblemCode
from companion.rules.scoring.terms import COLOR_GEM, COLORS, Color, Count, Difficulty, GemType
from companion.rules.words.sheet import sheet_line


class SheetError(ValueError):
    """A score sheet that cannot be scored: ``code`` says what is wrong, ``path`` where (``("players", 1,
    "gold")``; empty for the text as a whole), ``fields`` the rest, ``more`` how many other problems the sheet
    has. ``str()`` is the one line naming the field (``players[1].gold: must be >= 0``)."""

    def __init__(self, code: SheetProblemCode, path: Sequence[str | int] = (), *, more: int = 0,
                 **fields: Any) -> None:
        super().__init__(code, tuple(path), fields)
        self.code: SheetProblemCode = code
        self.path: tuple[str | int, ...] = tuple(path)
        self.fields: dict[str, Any] = fields
        self.more = more

    def __str__(self) -> str:
        return sheet_line(self.code, self.path, self.fields, self.more)


def rule_error(code: SheetProblemCode, field: Sequence[str | int], **fields: Any) -> PydanticCustomError:
    """A cross-field rule broken at ``field`` (a path relative to the model that raises it); the words are
    ``companion.rules.words.sheet``'s, so pydantic's own message is only the code."""
    return PydanticCustomError(code, code, {"field": tuple(field), **fields})


class MineTiles(BaseModel):
    """A human's mine tiles added during the game, by type (the starting tile is not included)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    ruby: Count = 0
    emerald: Count = 0
    sapphire: Count = 0
    diamond: Count = 0
    special: Count = 0
    mana: Count = 0


class HumanLine(BaseModel):
    """One human player's line on the score sheet."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    kind: Literal["human"]
    color: Color
    track: Count = Field(description="Points already on the score track.")
    starting_tile: GemType | None = Field(
        default=None, description="Type of the starting tile; defaults to the colour's gem as shipped (green's and "
        "yellow's are the app's estimates)."
    )
    mine_tiles: MineTiles = Field(description="Tiles added during the game; the starting tile is added here.")
    gold: Count
    mined_gems: Count
    #: App's choice: mana gems left in the mine join this one count, halved and rounded up once (the expansion
    #: scores mana "like the other gems").
    gems_in_mine: Count = Field(description="Gems still on the mine tiles (mana included).")

    @property
    def start(self) -> str:
        return self.starting_tile or COLOR_GEM[self.color]

    def tile_counts(self, counts_as: int = 2) -> dict[str, int]:
        """Tiles per type for scoring, the starting tile counting as ``counts_as`` tiles.

        >>> line = HumanLine(kind="human", color="green", track=0, mine_tiles=MineTiles(emerald=1),
        ...                  gold=0, mined_gems=0, gems_in_mine=0)
        >>> line.tile_counts()["emerald"]
        3
        """
        counts = self.mine_tiles.model_dump()
        counts[self.start] += counts_as
        return counts


class AutomaLine(BaseModel):
    """One automa's line on the score sheet: its stack of mine tiles, gold and gems."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    kind: Literal["automa"]
    color: Color
    difficulty: Difficulty
    track: Count = Field(description="Points already on the score track.")
    mine_tiles: Count = Field(description="All mine tiles in the automa's stack (gem and special).")
    gem_mine_tiles: Count = Field(description="Gem mine tiles in the stack (special tiles not counted).")
    gold: Count
    mined_gems: Count

    @model_validator(mode="after")
    def _gem_tiles_in_stack(self) -> AutomaLine:
        if self.gem_mine_tiles > self.mine_tiles:
            raise rule_error("gem_tiles_over_tiles", ("gem_mine_tiles",))
        return self


PlayerLine = Annotated[HumanLine | AutomaLine, Field(discriminator="kind")]


class ScoreSheet(BaseModel):
    """The end-of-game count for every player (humans and automa), with the final turn order."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        title="Treasure Mountain score sheet",
    )
    expansion: bool = Field(description="Played with Caverns of Gandum (purple mana tiles allowed).")
    final_turn_order: list[Color] = Field(description="Colours in the final turn order; breaks ties.")
    players: list[PlayerLine] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _consistent(self) -> ScoreSheet:
        seen: set[str] = set()
        for i, p in enumerate(self.players):
            if p.color in seen:
                raise rule_error("colour_twice", ("players", i, "color"), color=p.color)
            seen.add(p.color)
        if not self.expansion:
            for i, p in enumerate(self.players):
                # the check every entry point shares (a human's purple mana tiles are the sheet's one such line)
                parts = expansion_parts(p.model_dump(include={"mine_tiles"}))
                if parts:
                    raise rule_error("needs_expansion", ("players", i, *parts[0].field.split(".")), what=parts[0].what)
        order = self.final_turn_order
        if sorted(order) != sorted(seen):
            raise rule_error(
                "turn_order", ("final_turn_order",),
                missing=[c for c in COLORS if c in seen and c not in order],
                not_playing=[c for c in COLORS if c in order and c not in seen],
                twice=[c for c in COLORS if order.count(c) > 1],
            )
        return self


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SheetError("given_twice", (key,))
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise SheetError("not_a_number", name=name)


def _path(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """Pydantic's location of an error without the tag of the players' union (``human``, ``automa``): the
    tag is not a field of the sheet."""
    return tuple(part for i, part in enumerate(loc)
                 if not (i == 2 and loc[0] == "players" and part in PLAYER_KINDS))


#: What a choice stands for, by its options in pydantic's words, so a bad one is called a colour, not a value.
_CHOICES = {
    ", ".join(map(repr, get_args(choice))): (noun, get_args(choice))
    for choice, noun in ((Color, "colour"), (Difficulty, "difficulty"), (GemType, "gem"))
}

#: The codes of the sheet's own rules, raised by :func:`rule_error` (pydantic's error type is the code).
_RULES: frozenset[str] = frozenset({"gem_tiles_over_tiles", "colour_twice", "needs_expansion", "turn_order"})
#: Pydantic's error types that say the same thing as one of the sheet's codes, with no fields.
_SAME: dict[str, SheetProblemCode] = {
    "missing": "missing",
    "extra_forbidden": "unknown_field",
    "int_type": "whole_number",
    "int_from_float": "whole_number",
    "bool_type": "true_or_false",
    "list_type": "list",
    "model_type": "object",
    "model_attributes_type": "object",
    "dict_type": "object",
}


def _problem(err: Mapping[str, Any], more: int = 0) -> SheetError:
    """The :class:`SheetError` of one pydantic error."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    path = _path(tuple(err["loc"]))
    if kind in _RULES:  # a rule of the sheet's own (``rule_error``)
        fields = {k: v for k, v in ctx.items() if k != "field"}
        return SheetError(kind, path + tuple(ctx["field"]), more=more, **fields)
    if kind == "union_tag_not_found":
        return SheetError("kind_missing", (*path, "kind"), more=more, kinds=PLAYER_KINDS)
    if kind == "union_tag_invalid":
        return SheetError("kind_wrong", (*path, "kind"), more=more, kinds=PLAYER_KINDS)
    if kind in _SAME:
        return SheetError(_SAME[kind], path, more=more)
    if kind == "greater_than_equal":
        return SheetError("at_least", path, more=more, low=ctx["ge"])
    if kind == "less_than_equal":
        return SheetError("at_most", path, more=more, high=ctx["le"])
    if kind == "literal_error":
        options = ctx["expected"].replace(" or ", ", ")
        noun, choices = _CHOICES.get(options, ("value", tuple(options.replace("'", "").split(", "))))
        return SheetError("not_one_of", path, more=more, noun=noun, choices=choices, value=err.get("input"))
    if kind in ("too_short", "too_long") and path == ("players",):
        return SheetError("players_count", path, more=more, low=1, high=4)
    if kind == "too_short":
        return SheetError("too_few_items", path, more=more, low=ctx["min_length"])
    if kind == "too_long":
        return SheetError("too_many_items", path, more=more, high=ctx["max_length"])
    return SheetError("invalid", path, more=more, detail=str(err["msg"]))


def sheet_error(exc: ValidationError) -> SheetError:
    """The first problem of a validation error as a :class:`SheetError` (counting the others)."""
    errors = exc.errors()
    return _problem(errors[0], more=len(errors) - 1)


def parse_sheet(text: str) -> ScoreSheet:
    """Read a JSON score sheet; a problem raises :class:`SheetError` with one line naming the field.

    >>> parse_sheet('{"expansion": false, "final_turn_order": ["red"], "players": [{"color": "red",'
    ...             ' "kind": "human", "track": 0, "mine_tiles": {}, "gold": -1, "mined_gems": 0,'
    ...             ' "gems_in_mine": 0}]}')
    Traceback (most recent call last):
    ...
    companion.rules.scoring.sheet.SheetError: players[0].gold: must be >= 0
    """
    try:
        raw = json.loads(text, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant)
    except SheetError:
        raise
    except json.JSONDecodeError as exc:
        raise SheetError("not_json", detail=exc.msg, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise SheetError("nested_too_deeply") from None
    except ValueError as exc:  # e.g. a number with more digits than Python will convert
        text = str(exc).splitlines()[0]
        if "digits" in text:  # Python's own words name a function of its own: say what is wrong instead
            raise SheetError("number_too_long", digits=sys.get_int_max_str_digits()) from None
        raise SheetError("not_json", detail=text) from None
    try:
        return ScoreSheet.model_validate(raw)
    except ValidationError as exc:
        raise sheet_error(exc) from None
