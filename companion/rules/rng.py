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
        """A Fisher-Yates shuffle of a copy of ``items``."""
        out = list(items)
        if len(out) >= len(_LIMITS):
            for i in range(len(out) - 1, 0, -1):
                j = self.below(i + 1)
                out[i], out[j] = out[j], out[i]
            return out
        # ``below(i + 1)`` written out, with the state and the constants kept in locals and each swap's (i, n,
        # limit) read from a table made once per length: a deck of 30 cards draws 29 numbers, a game shuffles
        # ten times, and this loop was a tenth of a simulated game's bytecodes.
        state = self.state
        mask, gamma, mix1, mix2 = _MASK, _GAMMA, _MIX1, _MIX2
        for i, n, limit in _swaps(len(out)):
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            x = z ^ (z >> 31)
            while x > limit:  # rejected (for these n about once in 2**59 draws): the next number, as ``below``
                state = (state + gamma) & mask
                z = ((state ^ (state >> 30)) * mix1) & mask
                z = ((z ^ (z >> 27)) * mix2) & mask
                x = z ^ (z >> 31)
            j = x % n
            out[i], out[j] = out[j], out[i]
        self.state = state
        return out


@cache
def _swaps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates swaps of a list of ``length`` items (under ``len(_LIMITS)``): (i, n = i + 1, the
    rejection limit of ``below(n)``), i from the last index down to 1."""
    return tuple((i, i + 1, _LIMITS[i + 1]) for i in range(length - 1, 0, -1))
