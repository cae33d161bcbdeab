"""The game's own random generator: SplitMix64, whose whole state is one integer kept in the game state.

Python's ``random`` shuffles and ``randint`` have changed between versions; this generator is fixed by its
definition, so a seed gives the same dice and the same shuffles on every machine and every Python. Because the
state lives in the game state, undo followed by the same input gives the same die: undo is never a free re-roll.

>>> r = Rng(7)
>>> [r.die() for _ in range(5)]
[4, 1, 1, 4, 5]
>>> Rng(7).die() == Rng(7).die()
True
"""

from __future__ import annotations

import struct
from functools import cache

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# The rejection limit of ``below(n)`` for the small n a game asks for (dice, shuffles), worked out once.
_LIMITS = (0, *(_MASK - (_MASK + 1) % n for n in range(1, 129)))


class Rng:
    """SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, and good enough for dice and card shuffles."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS[n] if n < len(_LIMITS) else _MASK - (_MASK + 1) % n
        # next64 written out: a game draws a few hundred numbers, and this is the whole cost of its chance.
        state = self.state
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = z ^ (z >> 31)
            if x <= limit:
                self.state = state
                return x % n

    def die(self) -> int:
        """A six-sided die: 1..6."""
        return self.below(6) + 1

    def shuffled(self, items: list) -> list:
        """A Fisher-Yates shuffle of a copy of ``items``: for i from the last index down to 1, swap item i with
        item ``below(i + 1)``."""
        out = list(items)
        count = len(out) - 1
        if 0 < count < len(_LIMITS) - 1:
            # The numbers drawn one by one below are the generator's next ``count`` outputs (when none is
            # rejected), and SplitMix64's k-th output depends only on state + k * gamma: ``_outputs`` makes them
            # all in one pass over a packed integer, about half the instructions of drawing them one by
            # one (shuffles were an eighth of a simulated game).
            for (i, n, limit), x in zip(_swaps(count + 1), _outputs(self.state, count), strict=True):
                if x > limit:  # rejected (for these n about once in 2**59 draws): shuffle one by one instead
                    return self._shuffled_one_by_one(items)
                j = x % n
                out[i], out[j] = out[j], out[i]
            self.state = (self.state + count * _GAMMA) & _MASK
            return out
        return self._shuffled_one_by_one(items)

    def _shuffled_one_by_one(self, items: list) -> list:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


@cache
def _swaps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates swaps of a list of ``length`` items (under ``len(_LIMITS)``): (i, n = i + 1, the
    rejection limit of ``below(n)``), i from the last index down to 1."""
    return tuple((i, i + 1, _LIMITS[i + 1]) for i in range(length - 1, 0, -1))


@cache
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` outputs at once: each 128-bit lane's 1, each lane's k * gamma (mod 2**64, k from 1), each
    lane's 64-bit mask, and the layout that reads each lane's low 64 bits."""
    ones = sum(1 << (128 * k) for k in range(count))
    gammas = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(count))
    return ones, gammas, _MASK * ones, struct.Struct("<" + "Q8x" * count)


def _outputs(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of ``Rng(state).next64()``, without moving any generator.

    Each output in a 128-bit lane of one integer: a lane holds a 64-bit value, so a product with a 64-bit
    constant stays inside its lane, and a right shift brings the next lane's bits only to positions 98 and up,
    which the mask clears. So every step of ``next64`` done once on the packed integer is that step done in
    every lane (tests/rules/engine/test_fast_paths.py compares them with ``next64`` for any state)."""
    ones, gammas, masks, layout = _lanes(count)
    s = (state * ones + gammas) & masks
    z = ((s ^ ((s >> 30) & masks)) * _MIX1) & masks
    z = ((z ^ ((z >> 27) & masks)) * _MIX2) & masks
    return layout.unpack((z ^ ((z >> 31) & masks)).to_bytes(16 * count, "little"))
