"""A dragon fight's result, once every die, axe and the tile are known: each defence, the winner's tile, the
losers' captured dwarves and the automa's losses, and the dragon back to zero.

The numbers (defence, who wins, how much is lost) are ``companion.rules.board.dragon``'s; ``dragon_attack`` takes
the table's inputs and hands the fight here. The virtual axe bag's draws for an automa are made here too: at the
reveal (rules versions 1 and 4), or before a die is shown (versions 2 and 3, which must know every defence).

Rules version 4: the attack's event holds every fighter's die and axes beside the defences, so the log can say
what each defence was made of.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.board.dragon import defence, resolve_attack, split_gem_loss, treasure_loss
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import Fighter
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog
from companion.rules.engine.table_stash import TableStash

#: A human the table entered nothing for: no die entered (the app rolls it), no axes, no spell.
NO_FIGHTER = Fighter()


class FightResult:
    """Defences, the winner, the losses."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, table_stash: TableStash) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.table_stash = table_stash

    def draw_virtual_axes(self, color: str, count: int) -> int:
        """The virtual axe bag: ``count`` axes for ``color``, each 1 three times in four and 2 once in four."""
        values = [2 if self.state.rng.below(4) == 0 else 1 for _ in range(count)]
        self.step_log.emit("axes", color=color, values=values)
        return sum(values)

    def defences(self, fight: Mapping, dice: Mapping[str, int]) -> dict[str, int]:
        """Every defence, for dice that are all known and automa axes that are all drawn."""
        out: dict[str, int] = {}
        automa = self.fixed.automa
        for color in self.state.turn_order:
            if color in automa:
                out[color] = defence(dice[color], fight["axes"][color])
            else:
                entry = fight["players"].get(color) or NO_FIGHTER
                out[color] = defence(dice[color], entry.axes, entry.spells)
        return out

    def resolve(self, task: dict, fight: Mapping) -> None:
        """Defences, the winner's tile, the losers' captures and losses, and the dragon back to zero."""
        s = self.state
        tile, given, dice, automa_axes = fight["tile"], fight["players"], fight["dice"], fight["axes"]
        strength, treasure, points = tile.strength, tile.treasure, tile.points
        defences: dict[str, int] = {}
        axes: dict[str, int] = {}
        for color in s.turn_order:
            if color in self.fixed.automa:
                total = automa_axes.get(color)
                if total is None:  # the virtual bag draws here, at the reveal (versions 1 and 4)
                    total = self.draw_virtual_axes(color, task["axes"][color])
                axes[color] = total
                defences[color] = defence(dice[color], total)
            else:
                entry = given.get(color) or NO_FIGHTER
                for spell in entry.spells:
                    self.step_log.emit("spell", color=color, spell=spell)
                axes[color] = entry.axes
                defences[color] = defence(dice[color], entry.axes, entry.spells)
        result = resolve_attack(strength, defences, s.turn_order)
        captured: list[dict[str, Any]] = []
        for color in result.losers:
            if "stone_beards" in s.special_tiles[color]:
                continue
            free = [d for d in range(1, self.fixed.setup.dwarves + 1) if d not in s.captured[color]]
            if free:
                captured.append({"color": color, "dwarf": max(free)})
        # Version 4: what each defence was made of, for the log (a spell's part is the defence's rest).
        parts = {"dice": {c: dice[c] for c in s.turn_order}, "axes": axes} if self.fixed.version >= 4 else {}
        self.step_log.emit("attack", strength=strength, treasure=treasure, points=points, **parts,
                           defence=defences, winner=result.winner, losers=result.losers, captured=captured)
        for c in captured:
            s.capture(c["color"], c["dwarf"])
        for color in result.losers:
            if color in self.fixed.automa:
                self._automa_loss(color, treasure)
        if result.winner is not None:
            s.dragon_tiles[result.winner] += 1
            self.step_log.score(result.winner, points, "dragon tile")
        s.tasks.remove(task)
        s.dragon = 0
        self.step_log.emit("dragon", position=0)

    def _automa_loss(self, color: str, treasure: str) -> None:
        stash = self.state.stash[color]
        stone = "stone_beards" in self.state.special_tiles[color]
        if self.fixed.table_stash:
            return self.table_stash.loss(color, treasure, stone)
        if treasure == "gold":
            lost = treasure_loss(stash.gold, stone)
            if lost:
                stash.gold -= lost
                self.step_log.emit("loss", color=color, gold=lost)
        else:
            taken = split_gem_loss(stash.gems, treasure_loss(stash.mined_gems, stone))
            if taken:
                for gem, n in taken.items():
                    stash.gems[gem] -= n
                self.step_log.emit("loss", color=color, gems=taken)
