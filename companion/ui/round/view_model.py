"""What the round screen shows, as plain data: ``RoundView`` and its parts. No Flet, no engine.

The presenter (``companion.ui.round.presenter``) builds a ``RoundView`` from the game after every step; the screen
and its forms draw only from it (and send taps back to the presenter), so a form never needs to know how the
engine keeps the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from companion.rules import words

T = TypeVar("T")


def required(value: T | None, what: str) -> T:
    """``value``, which the view's decision implies (a question for "question", the attack's form for "attack")."""
    if value is None:
        raise ValueError(f"the round view's decision needs its {what}, and it has none")
    return value


def cap(color: str | None) -> str:
    return words.colour(color)


@dataclass(frozen=True)
class Cell:
    """One action space on the board grid."""

    space: str
    name: str
    occupant: str | None  # "Red #2", "Golem (blue)"
    occupant_color: str | None
    status: str  # "free" | "dislodge" | "blocked" | "idle" (not the human's turn)
    reason: str | None
    dragon: bool
    all_play: bool
    locked: bool

    @property
    def tappable(self) -> bool:
        return self.status in ("free", "dislodge")


@dataclass(frozen=True)
class PlayerChip:
    color: str
    label: str
    automa: bool
    waiting: list[int]  # beard numbers still in bed
    captured: list[int]
    #: The app's count of points scored in play (automa only: humans keep theirs on the board; None too when the
    #: table keeps the automa's things, its score disc then being the count)
    points: int | None
    #: A human's name, when the table gave one (the chip shows it; ``label`` says "Ann (Blue)")
    name: str | None = None


#: The most characters of a player's name a turn-order chip shows (a longer one ends in "…"): the chip is one
#: line, and a name of the 40 New game allows ran past the phone's edge, cut off mid-letter.
CHIP_NAME_MAX = 16


def chip_name(chip: PlayerChip) -> str:
    """The name on a chip: the player's name (shortened past ``CHIP_NAME_MAX``) or the colour. The chip's
    label for a screen reader keeps the whole name.

    >>> chip_name(PlayerChip("blue", "Ann (Blue)", False, [1], [], None, "Ann"))
    'Ann'
    >>> chip_name(PlayerChip("blue", "x", False, [1], [], None, "Wilhelmina Mountainbeard"))
    'Wilhelmina Moun…'
    """
    name = chip.name or cap(chip.color)
    return name if len(name) <= CHIP_NAME_MAX else name[: CHIP_NAME_MAX - 1].rstrip() + "…"


def placing_hint(expansion: bool, spell: str | None = None) -> str:
    """The line under "Blue #2 — your move": where to tap, and (with the expansion) that a dislodging spell is
    tapped first. The bar is at the bottom of the screen, so the board is above it in every game.

    >>> placing_hint(False)
    'Tap a free space on the board above (green border).'
    >>> placing_hint(True, "grow_beard")
    'Grow Beard: now tap the space to take.'
    """
    if spell:
        return f"{words.spell(spell)}: now tap the space to take."
    hint = "Tap a free space on the board above (green border)."
    return hint + " Casting one of these spells? Tap it first." if expansion else hint


def chip_key(chips: list[PlayerChip]) -> str:
    """The line under the turn-order chips that says what their small numbers are (a newcomer could not tell
    what "2 3 4 5 · 7 pts" counted); "capt." is explained while a chip shows it. Points say themselves.

    >>> chip_key([PlayerChip("red", "Red automa", True, [2, 3], [5], 7)])
    'Under each name: the dwarves still to place; capt.: captured'
    """
    key = "Under each name: the dwarves still to place"
    return key + "; capt.: captured" if any(c.captured for c in chips) else key


@dataclass(frozen=True)
class Question:
    """What the app asks about the physical board for an automa."""

    kind: str  # "number" | "gems" | "tile" | "spell"
    question: str
    prompt: str
    count: int = 0
    choices: tuple[str, ...] = ()
    #: What each choice is called on the board ("Mind Control", "Dragon Song", "sapphire"), in choices' order.
    labels: tuple[str, ...] = ()
    #: The value last given to the same question in this game (its chip comes first), None if never asked.
    last: object = None


@dataclass(frozen=True)
class FightDice:
    """Rules version 4: the dragon attacks and every fighter rolls first. ``rollers``: the people whose die the
    table taps (or leaves to the app), in turn order; under Rahdo (``black``) only ``trigger``, for the black die.
    ``automa_dice``: the automa's, the app rolled them."""

    trigger: str
    rollers: list[str]
    automa_dice: dict[str, int]
    black: bool


@dataclass(frozen=True)
class AttackForm:
    """The fight's form: the axes and the tile (and before rules version 4 the people's dice). ``fighters``: every
    fighter in turn order; with ``dice_first`` (version 4) ``dice`` holds every fighter's die, rolled already."""

    trigger: str
    humans: list[str]
    automa_dice: dict[str, int]
    automa_axes: dict[str, int]  # axes to draw from the bag, per automa
    rahdo: bool
    black_die: int | None
    virtual_axes: bool
    fighters: list[str] = field(default_factory=list)
    dice_first: bool = False
    dice: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class KeepRoll:
    """A die the app rolled for a human, shown before it counts: keep it, re-roll it (Temple), Time Warp."""

    color: str
    value: int
    purpose: str  # "aggression" | "attack"
    temple: bool  # the Temple's re-roll is there for this die
    black: bool  # the Rahdo black die
    threshold: int | None  # a dragon roll: the lowest face that moves the dragon
    blind: bool = False  # a fight die asked about before the axes and the tile (rules version 4)


@dataclass(frozen=True)
class WarpOffer:
    """A human's dragon roll Time Warp may still re-roll (the step right after it): the app's die is re-rolled
    by the app, the table's is re-rolled at the table and its new value entered."""

    color: str
    value: int
    by: str  # "app" | "table"


@dataclass(frozen=True)
class SeatLabel:
    """A seat of the game as the round screen names it."""

    color: str
    label: str  # "Ann (Blue)", "Blue", "Red automa"
    automa: bool


@dataclass(frozen=True)
class AutomaTally:
    """An automa's counts the app keeps (the side panel's corrections start from them)."""

    color: str
    points: int  # scored in play
    gold: int  # in its hidden stash


@dataclass
class RoundView:
    title: str
    phase: str
    dragon: int
    dragon_length: int
    turn_order: list[PlayerChip]
    banner: str
    banner_color: str | None
    decision: str
    actor_is_automa: bool
    instructions: list[str]
    cells: list[Cell]
    question: Question | None = None
    fight_dice: FightDice | None = None
    attack: AttackForm | None = None
    threshold: int | None = None
    undo_label: str | None = None
    redo_label: str | None = None
    checklist: list[str] = field(default_factory=list)
    error: str | None = None
    #: Caverns of Gandûm: spells, the golem, Grow Beard, Frost Bolt, Ice Storm, the Spell Chamber. A base game
    #: offers none of them (the engine refuses them too).
    expansion: bool = True
    keep: KeepRoll | None = None
    warp: WarpOffer | None = None
    #: How many steps the game has taken: a form's half-filled values belong to one step and start again after it.
    step: int = 0
    #: The round in play (0 before the starting rolls): "Start round N+1" and the table's setup in round 1.
    round: int = 0
    #: A dwarf has been placed in this game: until then "On the board" lists the table's setup.
    placed: bool = False
    #: The last step resolved a dragon attack: its result leads "On the board", which the screen scrolls to.
    after_attack: bool = False
    #: Time Warp re-rolls a die the app rolled (the expansion from rules version 2; version 1 only logged it).
    time_warp: bool = False
    #: Every player in the setup's order (the starting rolls, whose phone this is, the side panel's player).
    seats: tuple[SeatLabel, ...] = ()
    #: The automa whose points, gold and stash the app keeps: none when the table keeps them.
    tallies: tuple[AutomaTally, ...] = ()
    #: Rules version 1 with the table keeping the automa's things: a special tile gained is told for any player,
    #: an automa's too (the app learnt its Dragon Song or Stone Beards only from there).
    ask_tile_owner: bool = False

    @property
    def humans(self) -> tuple[SeatLabel, ...]:
        return tuple(s for s in self.seats if not s.automa)
