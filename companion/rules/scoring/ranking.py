"""Who places where: the ranking (a tie to the earlier player in turn order; in a solo game the automa ahead on a
tie), the solo verdict and the beard rank a solo win reaches.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from companion.rules.scoring.results import PlayerScore, SoloResult
from companion.rules.scoring.tables import load_scoring


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


def solo_result(ranked: list[PlayerScore]) -> SoloResult | None:
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
