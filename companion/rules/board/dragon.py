"""The dragon: aggression rolls and attack resolution, as pure functions.

Aggression: after a dragon-symbol space is taken (or passed), the placer rolls; 3+ moves the dragon one step,
5+ while a Dragon Song owner occupies Treasure Hoard. Reaching the head of the track means an attack.

Attack: defence = die (own, or the shared black die under Rahdo) + axes + Frost Bolt (+1) / Ice Storm (+2).
A defence equal to or above the strength wins. Losers lose half the named treasure rounded up (a quarter,
rounded up, with Stone Beards: the app's reading of "cut in half") and their longest-beard dwarf is captured
(not with Stone Beards). The highest winning defence takes the tile, ties by turn order; no winner: the tile
goes to the box.

Dragon Attack Resolution Example (base rulebook): strength 4; blue 7, red 7, yellow 4, green 3.
>>> r = resolve_attack(4, {"blue": 7, "red": 7, "yellow": 4, "green": 3}, ["blue", "red", "yellow", "green"])
>>> r.winner, r.losers
('blue', ['green'])
>>> treasure_loss(7), treasure_loss(7, stone_beards=True)
(4, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SPELL_BONUS = {"frost_bolt": 1, "ice_storm": 2}


def aggression_threshold(dragon_song_on_hoard: bool) -> int:
    """The lowest die that moves the dragon."""
    return 5 if dragon_song_on_hoard else 3


def defence(die: int, axes: int, spells: Sequence[str] = ()) -> int:
    """A player's defensive strength.

    >>> defence(3, 2, ["frost_bolt"])
    6
    """
    return die + axes + sum(SPELL_BONUS[s] for s in spells)


def treasure_loss(amount: int, stone_beards: bool = False) -> int:
    """How much of ``amount`` a loser gives up: half rounded up, or a quarter rounded up with Stone Beards."""
    divisor = 4 if stone_beards else 2
    return -(-amount // divisor)


@dataclass(frozen=True)
class AttackResult:
    winner: str | None
    losers: list[str]


def resolve_attack(strength: int, defences: Mapping[str, int], turn_order: Sequence[str]) -> AttackResult:
    """Who wins the tile and who loses. Ties among the best winners go to the earlier player in turn order."""
    losers = [c for c in turn_order if c in defences and defences[c] < strength]
    winners = [c for c in turn_order if c in defences and defences[c] >= strength]
    winner = max(winners, key=lambda c: (defences[c], -turn_order.index(c))) if winners else None
    return AttackResult(winner=winner, losers=losers)


def split_gem_loss(gems: Mapping[str, int], count: int) -> dict[str, int]:
    """Which of the automa's gems the dragon takes: the app takes from the largest pile first (the rulebook
    lets a human loser choose; an automa has no preference, and this keeps its remaining gems spread).

    >>> split_gem_loss({"ruby": 3, "emerald": 1, "mana": 2}, 4)
    {'ruby': 3, 'mana': 1}
    """
    left = dict(gems)
    taken: dict[str, int] = {}
    for _ in range(count):
        color = max((c for c in left if left[c] > 0), key=lambda c: left[c], default=None)
        if color is None:
            break
        left[color] -= 1
        taken[color] = taken.get(color, 0) + 1
    return taken
