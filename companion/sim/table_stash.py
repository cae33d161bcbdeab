"""The counts beside each automa's deck when the table keeps its things (``Setup.table_stash``).

The app does not count them in that mode; a bot standing in for the table does, so a simulated game ends with
a score sheet as a table would fill it in. What the app could not know (an achievement's points, the coins on
a contract, a tile, a spell, gem colours) the bot draws as it answers those questions when the app keeps the
stash (:meth:`Bot._table_answer`): the same simple ranges, documented estimates for simulations only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rules.automa.choices import SPELL_POINTS
from companion.rules.board.dragon import split_gem_loss, treasure_loss

#: table_keeps ``what`` -> the question the app would have asked (the bot answers it the same way).
QUESTION_OF = {"achievement": "dwarf_king", "contract": "gem_market", "tile": "tunnel", "spell": "wizards_cave",
               "gems": "gems"}


@dataclass
class Pile:
    """What lies beside one automa's deck, and where its score marker stands."""

    track: int = 0
    gold: int = 0
    gems: dict[str, int] = field(default_factory=dict)
    tiles: list[dict] = field(default_factory=list)

    def line(self, color: str, difficulty: str | None) -> dict:
        return {
            "color": color,
            "kind": "automa",
            "difficulty": difficulty,
            "track": self.track,
            "mine_tiles": len(self.tiles),
            "gem_mine_tiles": sum(1 for t in self.tiles if t["kind"] == "gem"),
            "gold": self.gold,
            "mined_gems": sum(self.gems.values()),
        }

    def add_gems(self, gems: Mapping[str, int]) -> None:
        for gem, n in gems.items():
            self.gems[gem] = self.gems.get(gem, 0) + n


def tally(events: Sequence[Mapping], automa: Mapping[str, str | None], answer: Callable[[str, int], Any]
          ) -> dict[str, dict]:
    """Each automa's score-sheet line from a table-kept game's events. ``automa``: colour -> difficulty;
    ``answer(question, count)`` gives the table's answer to a question the app did not ask (``count``: how many
    gems, for ``gems``)."""
    piles = {color: Pile() for color in automa}
    for e in events:
        color = e.get("color")
        if color not in piles:
            continue
        pile = piles[color]
        t = e["type"]
        if t == "gain":
            pile.gold += e.get("gold", 0)
            pile.add_gems(e.get("gems") or {})
            if e.get("tile"):
                pile.tiles.append(dict(e["tile"]))
        elif t == "score":
            pile.track += e["points"]
        elif t == "table_keeps":
            _keep(pile, e, answer)
    return {color: piles[color].line(color, level) for color, level in automa.items()}


def _keep(pile: Pile, e: Mapping, answer: Callable[[str, int], Any]) -> None:
    what = e["what"]
    if what == "loss":
        quarter = e["share"] == "quarter"
        if e["treasure"] == "gold":
            pile.gold -= treasure_loss(pile.gold, quarter)
        else:
            for gem, n in split_gem_loss(pile.gems, treasure_loss(sum(pile.gems.values()), quarter)).items():
                pile.gems[gem] -= n
        return
    value = answer(QUESTION_OF[what], e.get("count", 0))
    if what == "gems":
        for gem in value:
            pile.add_gems({gem: 1})
    elif what == "achievement":
        pile.track += value
    elif what == "contract":
        pile.gold += value
    elif what == "tile":
        pile.tiles.append(dict(value))
        if value["kind"] == "gem":
            pile.add_gems({value["gem"]: value["gems"]})
    elif what == "spell":
        pile.track += SPELL_POINTS.get(value, 0)
