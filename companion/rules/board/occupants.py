"""Who stands where: the occupants of the action spaces.

>>> Occupant("red", 2).label
'red #2'
>>> Occupant("blue", 1, golem=True).label
'golem (blue)'
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple


class Occupant(NamedTuple):
    """A dwarf on a space, or the Stone Golem (beard length 1) controlled by ``color``.

    A NamedTuple (immutable, compared by value like the frozen dataclass it was): its hash and its fields are
    read in C, so ``placement.occupied_reason`` can keep the reasons it worked out."""

    color: str
    dwarf: int
    golem: bool = False

    @property
    def label(self) -> str:
        return f"golem ({self.color})" if self.golem else f"{self.color} #{self.dwarf}"

    def as_fact(self) -> dict:
        fact = {"color": self.color, "dwarf": self.dwarf}
        if self.golem:
            fact["golem"] = True
        return fact


@cache
def dwarf_on_space(color: str, dwarf: int) -> Occupant:
    """``color #dwarf`` as an occupant, made once per dwarf: an occupant is immutable and compared by value, so
    one serves every placement (a game places about 90 dwarves)."""
    return Occupant(color, dwarf)
