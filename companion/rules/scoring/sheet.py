"""The score sheet, what a table enters at the end of a game (one line per player, the final turn order), and
reading one from JSON with one clear line for whatever is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from companion.rules.editions import expansion_parts
from companion.rules.scoring.terms import COLOR_GEM, COLORS, Color, Count, Difficulty, GemType


class SheetError(ValueError):
    """A score sheet that cannot be scored. The message is one line and names the field."""


def rule_error(field: str, message: str) -> PydanticCustomError:
    """A cross-field rule broken at ``field`` (relative to the model that raises it)."""
    return PydanticCustomError("field_rule", message, {"field": field})


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
            raise rule_error("gem_mine_tiles", "must be <= mine_tiles")
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
                raise rule_error(f"players[{i}].color", f"{p.color} appears twice")
            seen.add(p.color)
        if not self.expansion:
            for i, p in enumerate(self.players):
                # the check every entry point shares (a human's purple mana tiles are the sheet's one such line)
                parts = expansion_parts(p.model_dump(include={"mine_tiles"}), f"players[{i}]")
                if parts:
                    what = "purple mana tiles" if parts[0].what == "mana" else parts[0].what
                    raise rule_error(parts[0].field, f"{what} need the expansion")
        order = self.final_turn_order
        if sorted(order) != sorted(seen):
            detail = ", ".join(
                [f"{c} missing" for c in COLORS if c in seen and c not in order]
                + [f"{c} not playing" for c in COLORS if c in order and c not in seen]
                + [f"{c} twice" for c in COLORS if order.count(c) > 1]
            )
            raise rule_error("final_turn_order", f"must list exactly the players' colours ({detail})")
        return self


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SheetError(f"{key}: given twice")
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise SheetError(f"not JSON: {name} is not a number")


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif i == 2 and loc[0] == "players" and part in ("human", "automa"):
            continue  # the discriminated union's tag, not a field
        else:
            if len(part) > 60:  # a key of the sheet's own: a message quotes its start only
                part = f"{part[:40]}... ({len(part):,} characters)"
            out += f".{part}" if out else part
    return out


#: What a choice stands for, by its options in pydantic's words, so a bad one is called a colour, not a value.
_CHOICE_NOUNS = {
    ", ".join(map(repr, get_args(choice))): noun
    for choice, noun in ((Color, "colour"), (Difficulty, "difficulty"), (GemType, "gem"))
}


def _quoted(value: Any) -> str:
    """A value from the sheet as a message quotes it: a text in quotes (escaped, a long one cut to its start and
    length), anything else as JSON."""
    if isinstance(value, str):
        if len(value) > 40:
            return f"{value[:30]!r}... ({len(value):,} characters)"
        return repr(value)
    return json.dumps(value)


def _not_one_of(value: Any, expected: str) -> str:
    """``colour 'orange' is not one of red, yellow, green, blue``: the value given and the choices, so a typo
    shows at once (pydantic's ``expected`` is ``'red', 'yellow', 'green' or 'blue'``)."""
    options = expected.replace(" or ", ", ")
    noun = _CHOICE_NOUNS.get(options, "value")
    choices = options.replace("'", "")
    if isinstance(value, (dict, list)):
        return f"must be a {noun}, one of {choices}, not {'an object' if isinstance(value, dict) else 'a list'}"
    return f"{noun} {_quoted(value)} is not one of {choices}"


def _describe(err: Mapping[str, Any]) -> str:
    """One line for one pydantic error: ``path: what is wrong``."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    path = _path(tuple(err["loc"]))
    if kind == "field_rule":
        field = ctx["field"]
        path = f"{path}.{field}" if path else field
        return f"{path}: {err['msg']}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        path = f"{path}.kind"
        if kind == "union_tag_not_found":
            return f"{path}: missing (human or automa)"
        return f"{path}: must be {ctx['expected_tags'].replace(', ', ' or ')}"
    messages = {
        "missing": "missing",
        "extra_forbidden": "unknown field",
        "int_type": "must be a whole number",
        "int_from_float": "must be a whole number",
        "bool_type": "must be true or false",
        "list_type": "must be a list",
        "model_type": "must be an object",
        "model_attributes_type": "must be an object",
        "dict_type": "must be an object",
    }
    if kind in messages:
        message = messages[kind]
    elif kind == "greater_than_equal":
        message = f"must be >= {ctx['ge']}"
    elif kind == "literal_error":
        message = _not_one_of(err.get("input"), ctx["expected"])
    elif kind == "less_than_equal":
        message = f"must be <= {ctx['le']}"
    elif kind in ("too_short", "too_long") and path == "players":
        message = "must list 1 to 4 players"
    elif kind == "too_short":
        message = f"must have at least {ctx['min_length']} item(s)"
    elif kind == "too_long":
        message = f"must have at most {ctx['max_length']} item(s)"
    else:
        message = str(err["msg"])
    return f"{path or 'sheet'}: {message}"


def sheet_error(exc: ValidationError) -> SheetError:
    """The first problem of a validation error as a one-line :class:`SheetError`."""
    errors = exc.errors()
    line = _describe(errors[0])
    if len(errors) > 1:
        line += f" (and {len(errors) - 1} more)"
    return SheetError(line)


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
        raise SheetError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SheetError("not JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. a number with more digits than Python will convert
        text = str(exc).splitlines()[0]
        if "digits" in text:  # Python's own words name a function of its own: say what is wrong instead
            text = "a number longer than this app reads (4,300 digits)"
        raise SheetError(f"not JSON: {text}") from None
    try:
        return ScoreSheet.model_validate(raw)
    except ValidationError as exc:
        raise sheet_error(exc) from None
