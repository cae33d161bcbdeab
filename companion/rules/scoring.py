"""End-game scoring: humans through the mine-tile set chart, automa through their difficulty table.

Every value comes from ``data/scoring.toml`` with its ``source``. The set chart is printed in the rulebook
only at 1, 3 and 5 tiles; the other counts are estimates, and a player whose total used one lists it in
``estimates_used``. An owner can correct the chart (:meth:`SetChart.corrected`) and pass it to :func:`score`.

>>> sheet = parse_sheet('''{"expansion": true, "final_turn_order": ["blue", "red"], "players": [
...  {"color": "blue", "kind": "human", "track": 57, "mine_tiles": {"ruby": 5, "sapphire": 1},
...   "gold": 11, "mined_gems": 9, "gems_in_mine": 7},
...  {"color": "red", "kind": "automa", "difficulty": "easy", "track": 40,
...   "mine_tiles": 12, "gem_mine_tiles": 11, "gold": 15, "mined_gems": 18}]}''')
>>> result = score(sheet)
>>> [(p.color, p.rank, p.total) for p in result.players]
[('red', 1, 123), ('blue', 2, 107)]
>>> result.players[1].breakdown
Breakdown(track=57, mine_tiles=15, gold=22, mined_gems=9, gems_in_mine=4)
>>> result.players[1].estimates_used
[]

The blue player's starting sapphire counts as two tiles, so 1 added sapphire makes a set of 3 (5 points, as
printed); the 5 rubies score 10 (printed). A set of 2 would use an estimate:

>>> set_points(2)
(2, 'estimate')
>>> set_points(3)
(5, 'rulebook')
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

Color = Literal["red", "yellow", "green", "blue"]
Difficulty = Literal["easy", "hard", "punishing"]
GemType = Literal["ruby", "emerald", "sapphire", "diamond"]
TileType = Literal["ruby", "emerald", "sapphire", "diamond", "special", "mana"]
ChartSource = Literal["rulebook", "estimate", "owner"]

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue")
DIFFICULTIES: tuple[str, ...] = ("easy", "hard", "punishing")
TILE_TYPES: tuple[str, ...] = ("ruby", "emerald", "sapphire", "diamond", "special", "mana")
BASE_TILE_TYPES: tuple[str, ...] = ("ruby", "emerald", "sapphire", "diamond", "special")
COLOR_GEM: dict[str, str] = {"red": "ruby", "yellow": "diamond", "green": "emerald", "blue": "sapphire"}
CATEGORIES: tuple[str, ...] = ("track", "mine_tiles", "gold", "mined_gems", "gems_in_mine")

# No real game comes near this; the bound keeps absurd input out and every result printable.
MAX_COUNT = 999
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


class SheetError(ValueError):
    """A score sheet that cannot be scored. The message is one line and names the field."""


def _rule_error(field: str, message: str) -> PydanticCustomError:
    """A cross-field rule broken at ``field`` (relative to the model that raises it)."""
    return PydanticCustomError("field_rule", message, {"field": field})


# --- reference data -------------------------------------------------------------------------------------


class SetChartEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    tiles: int = Field(ge=0)
    points: int = Field(ge=0)
    source: ChartSource


def _weakest(*sources: str) -> str:
    """The least trustworthy of some sources: an estimate taints, then an owner's correction."""
    for s in ("estimate", "owner"):
        if s in sources:
            return s
    return "rulebook"


class SetChart(BaseModel):
    """Points for N mine tiles of one type; counts past the last entry add ``beyond_per_tile`` each.

    >>> chart = load_scoring().set_chart
    >>> chart.points(5), chart.points(13)
    ((10, 'rulebook'), (29, 'estimate'))
    >>> fixed = chart.corrected({2: 3, 4: 8})
    >>> fixed.points(2), fixed.points(4), fixed.points(6)
    ((3, 'owner'), (8, 'owner'), (12, 'estimate'))
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    entries: list[SetChartEntry] = Field(min_length=1)
    beyond_per_tile: int = Field(ge=0)
    beyond_source: ChartSource

    @model_validator(mode="after")
    def _well_formed(self) -> SetChart:
        for i, e in enumerate(self.entries):
            if e.tiles != i:
                raise ValueError(
                    f"set chart: entries must list 0, 1, 2, ... tiles in order (found {e.tiles})"
                )
        if self.entries[0].points != 0:
            raise ValueError("set chart: 0 tiles must score 0")
        for prev, cur in zip(self.entries, self.entries[1:], strict=False):
            if cur.points < prev.points:
                raise ValueError(f"set chart: {cur.tiles} tiles cannot score less than {prev.tiles}")
        return self

    def points(self, n_tiles: int) -> tuple[int, str]:
        """(points, source) for ``n_tiles`` tiles of one type."""
        if n_tiles < 0:
            raise ValueError(f"tile count cannot be negative: {n_tiles}")
        if n_tiles < len(self.entries):
            e = self.entries[n_tiles]
            return e.points, e.source
        last = self.entries[-1]
        extra = n_tiles - last.tiles
        return last.points + extra * self.beyond_per_tile, _weakest(last.source, self.beyond_source)

    def corrected(self, values: Mapping[int, int], beyond_per_tile: int | None = None) -> SetChart:
        """A copy with the owner's values from their own reference card; each gets source ``"owner"``.

        A count past the end extends the chart (the counts in between keep their current values). Values
        printed in the rulebook are the authority and cannot be changed.

        >>> load_scoring().set_chart.corrected({3: 6})
        Traceback (most recent call last):
        ...
        ValueError: set chart: 3 tiles is printed in the rulebook (5 points) and cannot be corrected
        """
        entries = list(self.entries)
        top = max(values, default=-1)
        for n in range(len(entries), top + 1):
            pts, src = self.points(n)
            entries.append(SetChartEntry(tiles=n, points=pts, source=src))
        for n, pts in values.items():
            if n < 0:
                raise ValueError(f"set chart: tile count cannot be negative: {n}")
            old = entries[n]
            if old.source == "rulebook" and old.points != pts:
                raise ValueError(
                    f"set chart: {n} tiles is printed in the rulebook ({old.points} points) "
                    "and cannot be corrected"
                )
            if old.source != "rulebook":
                entries[n] = SetChartEntry(tiles=n, points=pts, source="owner")
        data: dict[str, Any] = {
            "entries": [e.model_dump() for e in entries],
            "beyond_per_tile": self.beyond_per_tile,
            "beyond_source": self.beyond_source,
        }
        if beyond_per_tile is not None:
            data["beyond_per_tile"] = beyond_per_tile
            data["beyond_source"] = "owner"
        return SetChart.model_validate(data)

    def estimates(self) -> list[int]:
        """The tile counts whose value is an estimate, for the settings screen to mark."""
        return [e.tiles for e in self.entries if e.source == "estimate"]


class HumanRates(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    gold: int = Field(ge=0)
    mined_gem: int = Field(ge=0)
    gems_in_mine_per_point: int = Field(ge=1)
    starting_tile_counts_as: int = Field(ge=1)
    source: ChartSource


class AutomaRates(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    mine_tile: int = Field(ge=0)
    gold: int = Field(ge=0)
    mined_gem: int = Field(ge=0)
    gem_mine_tile: int = Field(ge=0)
    source: ChartSource


class BeardRank(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    min_points: int = Field(ge=0)
    name: str
    source: ChartSource


class ScoringData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    human: HumanRates
    set_chart: SetChart
    automa: dict[Difficulty, AutomaRates]
    beard_ranks: list[BeardRank] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> ScoringData:
        if set(self.automa) != set(DIFFICULTIES):
            raise ValueError("automa: needs exactly easy, hard and punishing")
        mins = [b.min_points for b in self.beard_ranks]
        if mins[0] != 0 or mins != sorted(set(mins)):
            raise ValueError("beard_ranks: must start at 0 and rise strictly")
        return self


@cache
def load_scoring() -> ScoringData:
    """The shipped scoring data, validated.

    >>> data = load_scoring()
    >>> data.automa["punishing"].gem_mine_tile, data.automa["punishing"].source
    (2, 'rulebook')
    >>> data.set_chart.estimates()
    [0, 2, 4, 6, 7, 8, 9, 10, 11, 12]
    """
    text = resources.files("companion.rules").joinpath("data/scoring.toml").read_text("utf-8")
    return ScoringData.model_validate(tomllib.loads(text))


# --- the score sheet (input) ------------------------------------------------------------------------------


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
        default=None, description="Type of the starting tile; defaults to the colour's gem."
    )
    mine_tiles: MineTiles = Field(description="Tiles added during the game; the starting tile is added here.")
    gold: Count
    mined_gems: Count
    gems_in_mine: Count = Field(description="Gems still on the mine tiles.")

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
            raise _rule_error("gem_mine_tiles", "must be <= mine_tiles")
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
                raise _rule_error(f"players[{i}].color", f"{p.color} appears twice")
            seen.add(p.color)
        if not self.expansion:
            for i, p in enumerate(self.players):
                if isinstance(p, HumanLine) and p.mine_tiles.mana:
                    raise _rule_error(f"players[{i}].mine_tiles.mana", "purple mana tiles need the expansion")
        order = self.final_turn_order
        if sorted(order) != sorted(seen):
            detail = ", ".join(
                [f"{c} missing" for c in COLORS if c in seen and c not in order]
                + [f"{c} not playing" for c in COLORS if c in order and c not in seen]
                + [f"{c} twice" for c in COLORS if order.count(c) > 1]
            )
            raise _rule_error("final_turn_order", f"must list exactly the players' colours ({detail})")
        return self


# --- results ------------------------------------------------------------------------------------------------


class Breakdown(BaseModel):
    """Points per category; the total is their sum."""

    model_config = ConfigDict(frozen=True)
    track: int
    mine_tiles: int
    gold: int
    mined_gems: int
    gems_in_mine: int

    @property
    def total(self) -> int:
        return sum(getattr(self, c) for c in CATEGORIES)


class TileSet(BaseModel):
    """One line of a human's mine-tile score: a type, how many tiles (starting tile included), the points."""

    model_config = ConfigDict(frozen=True)
    tile: TileType
    tiles: int
    points: int
    source: ChartSource


class PlayerScore(BaseModel):
    model_config = ConfigDict(frozen=True)
    color: Color
    kind: Literal["human", "automa"]
    difficulty: Difficulty | None = None
    rank: int
    total: int
    breakdown: Breakdown
    mine_tile_sets: list[TileSet] = Field(default_factory=list)
    estimates_used: list[str] = Field(default_factory=list)


class SoloResult(BaseModel):
    """A solo game (one human, two automa): the human wins only with more points than both automa."""

    model_config = ConfigDict(frozen=True)
    verdict: Literal["win", "loss"]
    beard_rank: str | None = None
    to_beat: int = Field(description="The higher automa total; a win needs more than this.")


class ScoreResult(BaseModel):
    model_config = ConfigDict(frozen=True)
    expansion: bool
    players: list[PlayerScore] = Field(description="In rank order.")
    solo: SoloResult | None = None

    def to_json(self) -> str:
        """The printed form: absent values (an automa's tile sets, a loss's beard rank) are left out."""
        return json.dumps(self.model_dump(mode="json", exclude_none=True), indent=2, ensure_ascii=False)


# --- computation -----------------------------------------------------------------------------------------


def set_points(n_tiles: int, chart: SetChart | None = None) -> tuple[int, str]:
    """Points for ``n_tiles`` mine tiles of one type, and the source of that value.

    >>> set_points(5), set_points(1), set_points(0)
    ((10, 'rulebook'), (0, 'rulebook'), (0, 'estimate'))
    """
    return (chart or load_scoring().set_chart).points(n_tiles)


def beard_rank(points: int) -> str:
    """The solo beard rank for a winning score.

    >>> beard_rank(50), beard_rank(51), beard_rank(110), beard_rank(201)
    ('Stubble', 'Goatee', 'Mutton Chops', 'Dwarf Longbeard')
    """
    if points < 0:
        raise ValueError(f"points cannot be negative: {points}")
    name = ""
    for rank in load_scoring().beard_ranks:
        if points >= rank.min_points:
            name = rank.name
    return name


def _check_counts(**counts: int) -> None:
    for name, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name}: must be a whole number")
        if value < 0:
            raise ValueError(f"{name}: must be >= 0")


def automa_points(
    difficulty: str, mine_tiles: int, gem_mine_tiles: int, gold: int, mined_gems: int, track: int = 0
) -> Breakdown:
    """An automa's end-game points by the expansion's table for its difficulty.

    The rulebook's Easy example: 12 tiles, 11 of them gem tiles, 15 gold, 18 gems.

    >>> b = automa_points("easy", mine_tiles=12, gem_mine_tiles=11, gold=15, mined_gems=18)
    >>> b.mine_tiles, b.gold, b.mined_gems, b.gems_in_mine, b.total
    (24, 30, 18, 11, 83)
    """
    rates = load_scoring().automa.get(difficulty)
    if rates is None:
        raise ValueError(f"difficulty: must be one of {', '.join(DIFFICULTIES)}")
    _check_counts(
        mine_tiles=mine_tiles, gem_mine_tiles=gem_mine_tiles, gold=gold, mined_gems=mined_gems, track=track
    )
    if gem_mine_tiles > mine_tiles:
        raise ValueError("gem_mine_tiles: must be <= mine_tiles")
    return Breakdown(
        track=track,
        mine_tiles=rates.mine_tile * mine_tiles,
        gold=rates.gold * gold,
        mined_gems=rates.mined_gem * mined_gems,
        gems_in_mine=rates.gem_mine_tile * gem_mine_tiles,
    )


def human_points(
    line: HumanLine, expansion: bool = True, chart: SetChart | None = None
) -> tuple[Breakdown, list[TileSet], list[str]]:
    """A human's breakdown, the set-chart lines behind its mine-tile points, and the estimates used.

    >>> line = HumanLine(kind="human", color="yellow", track=3, mine_tiles=MineTiles(ruby=2),
    ...                  gold=15, mined_gems=14, gems_in_mine=19)
    >>> breakdown, sets, estimates = human_points(line, expansion=False)
    >>> breakdown
    Breakdown(track=3, mine_tiles=4, gold=30, mined_gems=14, gems_in_mine=10)
    >>> [(s.tile, s.tiles, s.points, s.source) for s in sets]
    [('ruby', 2, 2, 'estimate'), ('diamond', 2, 2, 'estimate')]
    >>> estimates
    ['set chart: 2 tiles']
    """
    data = load_scoring()
    chart = chart or data.set_chart
    rates = data.human
    counts = line.tile_counts(rates.starting_tile_counts_as)
    if not expansion and counts["mana"]:
        raise ValueError("mine_tiles.mana: purple mana tiles need the expansion")
    sets: list[TileSet] = []
    for tile in TILE_TYPES if expansion else BASE_TILE_TYPES:
        n = counts[tile]
        if n:
            pts, src = chart.points(n)
            sets.append(TileSet(tile=tile, tiles=n, points=pts, source=src))
    estimated = sorted({s.tiles for s in sets if s.source == "estimate"})
    breakdown = Breakdown(
        track=line.track,
        mine_tiles=sum(s.points for s in sets),
        gold=rates.gold * line.gold,
        mined_gems=rates.mined_gem * line.mined_gems,
        gems_in_mine=-(-line.gems_in_mine // rates.gems_in_mine_per_point),
    )
    return breakdown, sets, [f"set chart: {n} tiles" for n in estimated]


def rank_order(
    totals: Mapping[str, int], turn_order: Sequence[str], ahead_on_tie: Collection[str] = ()
) -> list[str]:
    """Colours from first to last place: most points first, a tie to the earlier player in turn order.

    ``ahead_on_tie`` rank ahead of everyone else on equal points: the automa of a solo game, where a tie
    with an automa is a loss (the app's ruling: the expansion's solo win needs a score "higher than both").

    >>> rank_order({"red": 80, "blue": 80, "green": 90}, ["blue", "green", "red"])
    ['green', 'blue', 'red']
    >>> rank_order({"red": 80, "blue": 80, "green": 90}, ["blue", "green", "red"], ahead_on_tie=["red", "green"])
    ['green', 'red', 'blue']
    """
    position = {c: i for i, c in enumerate(turn_order)}
    first = set(ahead_on_tie)
    return sorted(totals, key=lambda c: (-totals[c], c not in first, position[c]))


def solo_automa(players: Sequence[tuple[str, str]]) -> list[str]:
    """The automa colours that win ties: those of a solo game (one human, two automa), else none.

    ``players`` are (colour, kind) pairs, kind "human" or "automa".

    >>> solo_automa([("blue", "human"), ("red", "automa"), ("green", "automa")])
    ['red', 'green']
    >>> solo_automa([("blue", "human"), ("yellow", "human"), ("red", "automa")])
    []
    """
    automa = [c for c, kind in players if kind == "automa"]
    humans = [c for c, kind in players if kind != "automa"]
    return automa if len(humans) == 1 and len(automa) == 2 else []


def score(sheet: ScoreSheet, chart: SetChart | None = None) -> ScoreResult:
    """Score a whole sheet: each player's breakdown and total, the ranking, and the solo verdict.

    ``chart`` replaces the shipped set chart (an owner's corrected copy); it does not change the automa.
    """
    lines: dict[str, PlayerScore] = {}
    for p in sheet.players:
        if isinstance(p, HumanLine):
            breakdown, sets, estimates = human_points(p, sheet.expansion, chart)
            lines[p.color] = PlayerScore(
                color=p.color,
                kind="human",
                rank=0,
                total=breakdown.total,
                breakdown=breakdown,
                mine_tile_sets=sets,
                estimates_used=estimates,
            )
        else:
            breakdown = automa_points(
                p.difficulty, p.mine_tiles, p.gem_mine_tiles, p.gold, p.mined_gems, p.track
            )
            lines[p.color] = PlayerScore(
                color=p.color,
                kind="automa",
                difficulty=p.difficulty,
                rank=0,
                total=breakdown.total,
                breakdown=breakdown,
            )
    ahead = solo_automa([(c, s.kind) for c, s in lines.items()])
    order = rank_order({c: s.total for c, s in lines.items()}, sheet.final_turn_order, ahead)
    ranked = [lines[c].model_copy(update={"rank": i}) for i, c in enumerate(order, start=1)]
    return ScoreResult(expansion=sheet.expansion, players=ranked, solo=_solo(ranked))


def _solo(ranked: list[PlayerScore]) -> SoloResult | None:
    humans = [p for p in ranked if p.kind == "human"]
    automa = [p for p in ranked if p.kind == "automa"]
    if len(humans) != 1 or len(automa) != 2:
        return None
    return solo_verdict(humans[0].total, [a.total for a in automa])


def solo_verdict(human: int, automa: Sequence[int]) -> SoloResult:
    """A solo game is won only with more points than every automa (a tie is a loss).

    >>> solo_verdict(101, [100, 90]).beard_rank, solo_verdict(100, [100, 90]).verdict
    ('Mutton Chops', 'loss')
    """
    to_beat = max(automa)
    if human > to_beat:
        return SoloResult(verdict="win", beard_rank=beard_rank(human), to_beat=to_beat)
    return SoloResult(verdict="loss", to_beat=to_beat)


# --- reading a sheet ------------------------------------------------------------------------------------


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
            out += f".{part}" if out else part
    return out


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
        message = f"must be {ctx['expected']}"
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
    companion.rules.scoring.SheetError: players[0].gold: must be >= 0
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
        raise SheetError(f"not JSON: {str(exc).splitlines()[0]}") from None
    try:
        return ScoreSheet.model_validate(raw)
    except ValidationError as exc:
        raise sheet_error(exc) from None
