"""What the table tells the engine: one small frozen class per input type, each with its JSON form.

``Game.act`` takes an ``Input`` (what the screens and the bots build) or its JSON form (what a record, a stored
game or a test holds): :func:`parse` turns the JSON into the class, refusing a bad shape in one line
(``IllegalInput`` with code ``wrong_shape``, ``missing``, ``unknown_field``...), before any part reads it. The
JSON form is the dict the app has always written, ``{"type": "place", "space": "forge"}``: ``to_json`` gives it
back, and a record's input event holds the input's fields as its JSON gave them, so records do not change.

Which part takes an input follows from its class (``routes.route``); what its input event records besides its
own fields (the dwarf that placed, the question answered...) is the part's to say.

>>> parse({"type": "place", "space": "forge"})
Place(space='forge', spell=None, roll=None, golem=False, color=None)
>>> Place("forge", roll="app").to_json()
{'type': 'place', 'space': 'forge', 'roll': 'app'}
>>> parse({"type": "roll", "value": "6"})
Traceback (most recent call last):
...
companion.rules.engine.refusals.IllegalInput: value: expected a whole number
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.rules.engine.refusals import IllegalInput

#: A value as JSON holds it: a text, a whole number, true or false, null, a list or an object.
Json = Any


class Input:
    """An input of any type: ``TYPE`` is its JSON ``type``."""

    __slots__ = ()
    TYPE: ClassVar[str]

    def to_json(self) -> dict[str, Json]:
        """The input as JSON, ``{"type": TYPE, ...}`` with the fields given (a default is left out)."""
        return {"type": self.TYPE}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Input:
        """The input of ``data`` (its ``type`` is this class's): raises IllegalInput for a field of the wrong
        shape. Fields it does not know are left alone at the top: a record's input event holds the facts the
        input led to (the dwarf placed, the question answered) beside the input's own fields."""
        return cls()


# ---------------------------------------------------------------------------------------------- reading JSON


def _text(data: Mapping[str, Json], name: str, where: str = "") -> str | None:
    value = data.get(name)
    if value is not None and type(value) is not str:
        raise IllegalInput("wrong_shape", field=where + name, expected="text")
    return value


def _whole(data: Mapping[str, Json], name: str, where: str = "") -> int | None:
    value = data.get(name)
    if value is not None and (type(value) is not int):
        raise IllegalInput("wrong_shape", field=where + name, expected="whole_number")
    return value


def _object(data: Mapping[str, Json], name: str, where: str = "") -> Mapping[str, Json] | None:
    value = data.get(name)
    if value is not None and not isinstance(value, Mapping):
        raise IllegalInput("wrong_shape", field=where + name, expected="object")
    return value


def _given(value: Json, name: str) -> Json:
    """``value``, which the input must give (raises IllegalInput ``missing``)."""
    if value is None:
        raise IllegalInput("missing", field=name)
    return value


def _only(data: Mapping[str, Json], names: tuple[str, ...], where: str) -> None:
    """Refuse a key of a nested object that is none of ``names`` (a fight's tile, a fighter)."""
    for key in data:
        if key not in names:
            raise IllegalInput("unknown_field", field=f"{where}{key}")


# ---------------------------------------------------------------------------------------------- the inputs


@dataclass(frozen=True, slots=True)
class Proceed(Input):
    """Go on: draw the automa's card, roll the app's die, keep the die shown, start the next round."""

    TYPE: ClassVar[str] = "proceed"


#: The one ``Proceed`` (it has no field): the bots and the screens pass it on every "go on".
PROCEED = Proceed()


@dataclass(frozen=True, slots=True)
class _DiceByColour(Input):
    """Dice the people rolled at the table, by colour (``rolls``); the app rolls any not given."""

    rolls: Mapping[str, int | None] = field(default_factory=dict)

    def to_json(self) -> dict[str, Json]:
        return {"type": self.TYPE, "rolls": dict(self.rolls)}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> _DiceByColour:
        rolls = _object(data, "rolls") or {}
        for color in rolls:
            _whole(rolls, color, "rolls.")
        return cls(dict(rolls))


@dataclass(frozen=True, slots=True)
class StartingRolls(_DiceByColour):
    """The people's dice for the turn order (the app rolls the rest, and the automa's)."""

    TYPE: ClassVar[str] = "starting_rolls"


@dataclass(frozen=True, slots=True)
class AttackDice(_DiceByColour):
    """Rules version 4: the people's dice for a dragon fight, before anything else of it (Rahdo: the trigger's
    black die)."""

    TYPE: ClassVar[str] = "attack_dice"


@dataclass(frozen=True, slots=True)
class Place(Input):
    """A human's dwarf takes ``space`` (with a dislodging ``spell``); ``roll="app"``: the app rolls the dragon die
    the space asks for in the same step. ``golem``: the stone golem of ``color`` takes the space instead."""

    TYPE: ClassVar[str] = "place"
    space: str
    spell: str | None = None
    roll: str | None = None
    golem: bool = False
    color: str | None = None

    def to_json(self) -> dict[str, Json]:
        given = {"spell": self.spell, "roll": self.roll, "golem": self.golem or None, "color": self.color}
        return {"type": self.TYPE, "space": self.space, **{k: v for k, v in given.items() if v is not None}}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Place:
        golem = data.get("golem")
        if golem is not None and type(golem) is not bool:
            raise IllegalInput("wrong_shape", field="golem", expected="true_or_false")
        return cls(_given(_text(data, "space"), "space"), _text(data, "spell"), _text(data, "roll"), bool(golem),
                   _text(data, "color"))


@dataclass(frozen=True, slots=True)
class Roll(Input):
    """A human's dragon die rolled at the table (``value`` None: the app rolls it)."""

    TYPE: ClassVar[str] = "roll"
    value: int | None = None

    def to_json(self) -> dict[str, Json]:
        return {"type": self.TYPE, "value": self.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Roll:
        return cls(_whole(data, "value"))


@dataclass(frozen=True, slots=True)
class Reroll(Input):
    """Re-roll the die shown (the Temple's re-roll)."""

    TYPE: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class Answer(Input):
    """The table's answer to the automa's question: gem colours (a list), a count, a tile (an object) or a spell,
    as the question asks (its part checks which)."""

    TYPE: ClassVar[str] = "answer"
    value: Json = None

    def to_json(self) -> dict[str, Json]:
        return {"type": self.TYPE, "value": self.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Answer:
        return cls(data.get("value"))


@dataclass(frozen=True, slots=True)
class DragonTile:
    """The dragon tile revealed for a fight: its ``strength``, what it takes (``treasure``: gold or gems) and
    the ``points`` its winner scores."""

    strength: int
    treasure: str
    points: int

    FIELDS: ClassVar[tuple[str, ...]] = ("strength", "treasure", "points")

    def to_json(self) -> dict[str, Json]:
        return {"strength": self.strength, "treasure": self.treasure, "points": self.points}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> DragonTile:
        _only(data, cls.FIELDS, "tile.")
        strength, points = _whole(data, "strength", "tile."), _whole(data, "points", "tile.")
        treasure = _text(data, "treasure", "tile.")
        return cls(_given(strength, "tile.strength"), _given(treasure, "tile.treasure"), _given(points, "tile.points"))


@dataclass(frozen=True, slots=True)
class Fighter:
    """A human in a fight: the ``die`` rolled at the table (None: the app rolls it), the ``axes`` spent, the
    ``spells`` that add to the defence.

    ``keys``: the fields its JSON names, in that order. A field left out means its default and stays left out
    when the input is recorded: an older record gave no ``die``, the bots give no ``spells``, and a record
    replays byte for byte."""

    die: int | None = None
    axes: int = 0
    spells: tuple[str, ...] = ()
    keys: tuple[str, ...] = ("die", "axes", "spells")

    FIELDS: ClassVar[tuple[str, ...]] = ("die", "axes", "spells")

    def to_json(self) -> dict[str, Json]:
        values = {"die": self.die, "axes": self.axes, "spells": list(self.spells)}
        return {key: values[key] for key in self.keys}

    @classmethod
    def from_json(cls, data: Json, color: str) -> Fighter:
        where = f"players.{color}."
        if not isinstance(data, Mapping):
            raise IllegalInput("wrong_shape", field=f"players.{color}", expected="object")
        _only(data, cls.FIELDS, where)
        spells = data.get("spells", [])
        if type(spells) is not list:
            raise IllegalInput("wrong_shape", field=where + "spells", expected="list")
        if not all(type(spell) is str for spell in spells):
            raise IllegalInput("wrong_shape", field=where + "spells", expected="texts")
        axes = data.get("axes", 0)
        if type(axes) is not int:
            raise IllegalInput("wrong_shape", field=where + "axes", expected="whole_number")
        return cls(_whole(data, "die", where), axes, tuple(spells), tuple(data))


@dataclass(frozen=True, slots=True)
class AttackInput(Input):
    """The table's part of a dragon fight: the revealed ``tile``, each human's die (rules version 4: none, see
    ``AttackDice``), axes and spells (``players``), each automa's axes total (``automa_axes``: None where the app
    draws them), and the Rahdo black die if the table rolled it (version 4: none)."""

    TYPE: ClassVar[str] = "attack_input"
    tile: DragonTile
    players: Mapping[str, Fighter] = field(default_factory=dict)
    automa_axes: Mapping[str, int | None] = field(default_factory=dict)
    black_die: int | None = None

    def to_json(self) -> dict[str, Json]:
        return {"type": self.TYPE, **self.recorded()}

    def recorded(self) -> dict[str, Json]:
        """The fields as the input event records them (``black_die`` always, null when not rolled)."""
        return {"tile": self.tile.to_json(), "players": {c: f.to_json() for c, f in self.players.items()},
                "automa_axes": dict(self.automa_axes), "black_die": self.black_die}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> AttackInput:
        tile = DragonTile.from_json(_given(_object(data, "tile"), "tile"))
        players = {c: Fighter.from_json(v, c) for c, v in (_object(data, "players") or {}).items()}
        automa_axes = dict(_object(data, "automa_axes") or {})
        for color in automa_axes:
            _whole(automa_axes, color, "automa_axes.")
        return cls(tile, players, automa_axes, _whole(data, "black_die"))


@dataclass(frozen=True, slots=True)
class GameEnd(Input):
    """The final ``scores`` by colour, and the score ``sheet`` behind them (the scoring assistant's JSON, kept as
    given so the history can show every line)."""

    TYPE: ClassVar[str] = "game_end"
    scores: Mapping[str, int]
    sheet: Mapping[str, Json] | None = None

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": self.TYPE, "scores": dict(self.scores)}
        if self.sheet is not None:
            out["sheet"] = self.sheet
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> GameEnd:
        return cls(_given(_object(data, "scores"), "scores"), _object(data, "sheet"))


@dataclass(frozen=True, slots=True)
class Spell(Input):
    """A spell ``color`` cast: Draco Speak moves the dragon by ``direction`` (1 up, -1 down); Time Warp
    re-rolls the caster's open die (``value``: the new die rolled at the table, None when the app rolled it)."""

    TYPE: ClassVar[str] = "spell"
    color: str
    spell: str
    direction: int | None = None
    value: int | None = None

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": self.TYPE, "color": self.color, "spell": self.spell}
        if self.direction is not None:
            out["direction"] = self.direction
        if self.value is not None:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Spell:
        return cls(_given(_text(data, "color"), "color"), _given(_text(data, "spell"), "spell"),
                   _whole(data, "direction"), _whole(data, "value"))


@dataclass(frozen=True, slots=True)
class SpecialTile(Input):
    """A special mine tile ``color`` took at the table."""

    TYPE: ClassVar[str] = "special_tile"
    color: str
    tile: str

    def to_json(self) -> dict[str, Json]:
        return {"type": self.TYPE, "color": self.color, "tile": self.tile}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> SpecialTile:
        return cls(_given(_text(data, "color"), "color"), _given(_text(data, "tile"), "tile"))


@dataclass(frozen=True, slots=True)
class Correction(Input):
    """Make the model match the table: the dragon's position (``target`` "dragon"), or an automa's (``color``)
    points, gold or gems (``gem``: which) set to ``value``."""

    TYPE: ClassVar[str] = "correction"
    target: str
    value: int
    color: str | None = None
    gem: str | None = None

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": self.TYPE, "target": self.target, "value": self.value}
        if self.color is not None:
            out["color"] = self.color
        if self.gem is not None:
            out["gem"] = self.gem
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> Correction:
        return cls(_given(_text(data, "target"), "target"), _given(_whole(data, "value"), "value"),
                   _text(data, "color"), _text(data, "gem"))


#: Every input type by its JSON ``type``: the one list of them.
INPUTS: dict[str, type[Input]] = {cls.TYPE: cls for cls in (
    Proceed, StartingRolls, Place, Roll, Reroll, Answer, AttackDice, AttackInput, GameEnd, Spell, SpecialTile,
    Correction)}
#: The JSON types of the inputs that leave an input event in the record (a plain "go on" leaves none).
RECORDED_TYPES = frozenset(INPUTS) - {Proceed.TYPE}


def parse(data: Input | Mapping[str, Json]) -> Input:
    """The input ``data`` is (an ``Input`` as it is), or raise IllegalInput naming the field of the wrong shape."""
    if isinstance(data, Input):
        return data
    if not isinstance(data, Mapping):
        raise IllegalInput("wrong_shape", field="", expected="object")
    kind = data.get("type")
    if type(kind) is not str:
        raise IllegalInput("no_type")
    cls = INPUTS.get(kind)
    if cls is None:
        raise IllegalInput("unknown_input", input=kind)
    return cls.from_json(data)
