"""The dragon: aggression rolls (with the Temple's re-roll), the dragon's track, and the attack at its head:
the table's inputs, defences, the winner's tile, captured dwarves and the automa's losses.

The numbers (threshold, defence, who wins, how much is lost) are in ``companion.rules.dragon``; this phase rolls,
asks and records.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..dragon import aggression_threshold, defence, resolve_attack, split_gem_loss, treasure_loss
from .inputs import IllegalInput


class DragonAttack:
    """Mixin of ``Game``: from a dragon roll to the end of an attack."""

    def aggression_threshold(self) -> int:
        occ = self.state.board.get("treasure_hoard")
        song = occ is not None and "dragon_song" in self.state.special_tiles[occ.color]
        return aggression_threshold(song)

    def _human_roll(self, color: str, value: int | None) -> None:
        if value is not None and value not in range(1, 7):
            raise IllegalInput("value: a die shows 1 to 6")
        self.state.tasks.pop(0)
        if value is not None:
            self._emit("roll", color=color, value=value, purpose="aggression", by="table", input=True)
            self._aggression(color, value)
        else:
            rolled = self._roll(color, "aggression", None)
            if self._in_temple(color):
                # The Temple lets its occupant re-roll their own die once: ask before the dragon moves.
                self.state.tasks.insert(0, {"kind": "keep_roll", "color": color, "value": rolled})
                return
            self._aggression(color, rolled)

    def _in_temple(self, color: str) -> bool:
        occ = self.state.board.get("temple")
        return occ is not None and occ.color == color and not occ.golem

    def _keep_or_reroll(self, color: str, reroll: bool) -> None:
        task = self.state.tasks.pop(0)
        if reroll:
            self._emit("reroll", color=color, input=True)
            self._aggression(color, self._roll(color, "aggression", None, reroll=True))
        else:
            self._emit("roll_kept", color=color, value=task["value"])
            self._aggression(color, task["value"])

    def _aggression(self, color: str, value: int) -> None:
        s = self.state
        if value < self.aggression_threshold():
            return
        self._move_dragon(s.dragon + 1, color)

    def _move_dragon(self, position: int, color: str) -> None:
        s = self.state
        s.dragon = position
        self._emit("dragon", position=position)
        if position >= self.setup.dragon_track:
            self._start_attack(color)

    def _start_attack(self, trigger: str) -> None:
        """The dragon reached the head: roll the automa's dice and draw their axe cards, then ask the table."""
        s = self.state
        task: dict = {"kind": "attack", "trigger": trigger, "dice": {}, "axes": {}}
        automa = [c for c in s.turn_order if self._is_automa(c)]
        if self.setup.variant == "rahdo":
            if self._is_automa(trigger):
                task["black_die"] = self._roll(trigger, "attack", None, black=True)
        else:
            for color in automa:
                task["dice"][color] = self._roll(color, "attack", None)
        for color in automa:
            task["axes"][color] = self._draw(color, "axes").axes
        s.tasks.insert(0, task)

    def _attack(self, inp: Mapping) -> None:
        s = self.state
        task = s.tasks[0]
        tile = inp.get("tile") or {}
        strength, treasure, points = tile.get("strength"), tile.get("treasure"), tile.get("points")
        if not isinstance(strength, int) or not 0 <= strength <= 20:
            raise IllegalInput("tile.strength: a whole number from 0 to 20")
        if treasure not in ("gold", "gems"):
            raise IllegalInput("tile.treasure: gold or gems")
        if not isinstance(points, int) or not 0 <= points <= 50:
            raise IllegalInput("tile.points: a whole number from 0 to 50")
        humans = [c for c in s.turn_order if not self._is_automa(c)]
        given = inp.get("players") or {}
        automa_axes = inp.get("automa_axes") or {}
        for color in given:
            if color not in humans:
                raise IllegalInput(f"players: {color} is not a human player")
        for color in humans:
            entry = given.get(color) or {}
            die, axes = entry.get("die"), entry.get("axes", 0)
            if die is not None and die not in range(1, 7):
                raise IllegalInput(f"players.{color}.die: a die shows 1 to 6")
            if not isinstance(axes, int) or not 0 <= axes <= 40:
                raise IllegalInput(f"players.{color}.axes: the total of the axes spent, 0 or more")
            for spell in entry.get("spells", []):
                if spell not in ("frost_bolt", "ice_storm"):
                    raise IllegalInput(f"players.{color}.spells: only frost_bolt and ice_storm add defence")
        for color, count in task["axes"].items():
            total = automa_axes.get(color)
            if total is None and not self.setup.virtual_axes:
                raise IllegalInput(f"automa_axes.{color}: enter the total of the {count} axes drawn for it")
            if total is not None and not (isinstance(total, int) and count <= total <= 2 * count):
                raise IllegalInput(f"automa_axes.{color}: {count} axes total {count} to {2 * count}")
        black = inp.get("black_die")
        if black is not None and black not in range(1, 7):
            raise IllegalInput("black_die: a die shows 1 to 6")
        self._emit(
            "attack_input",
            tile=dict(tile),
            players={c: dict(v) for c, v in given.items()},
            automa_axes=dict(automa_axes),
            black_die=black,
            input=True,
        )

        dice: dict[str, int] = dict(task["dice"])
        if self.setup.variant == "rahdo":
            shared = task.get("black_die") or self._roll(task["trigger"], "attack", black, black=True)
            dice = dict.fromkeys(s.turn_order, shared)
        else:
            for color in humans:
                dice[color] = self._roll(color, "attack", (given.get(color) or {}).get("die"))
        defences: dict[str, int] = {}
        for color in s.turn_order:
            if self._is_automa(color):
                total = automa_axes.get(color)
                if total is None:
                    values = [2 if s.rng.below(4) == 0 else 1 for _ in range(task["axes"][color])]
                    self._emit("axes", color=color, values=values)
                    total = sum(values)
                defences[color] = defence(dice[color], total)
            else:
                entry = given.get(color) or {}
                for spell in entry.get("spells", []):
                    self._emit("spell", color=color, spell=spell)
                defences[color] = defence(dice[color], entry.get("axes", 0), entry.get("spells", []))
        result = resolve_attack(strength, defences, s.turn_order)
        captured = []
        for color in result.losers:
            if "stone_beards" in s.special_tiles[color]:
                continue
            free = [d for d in range(1, self.setup.dwarves + 1) if d not in s.captured[color]]
            if free:
                captured.append({"color": color, "dwarf": max(free)})
        self._emit(
            "attack",
            strength=strength,
            treasure=treasure,
            points=points,
            defence=defences,
            winner=result.winner,
            losers=result.losers,
            captured=captured,
        )
        for c in captured:
            self._capture(c["color"], c["dwarf"])
        for color in result.losers:
            if self._is_automa(color):
                self._automa_loss(color, treasure)
        if result.winner is not None:
            s.dragon_tiles[result.winner] += 1
            self._score(result.winner, points, "dragon tile")
        s.tasks.pop(0)
        s.dragon = 0
        self._emit("dragon", position=0)

    def _capture(self, color: str, dwarf: int) -> None:
        s = self.state
        for space, occ in list(s.board.items()):
            if occ.color == color and occ.dwarf == dwarf and not occ.golem:
                del s.board[space]
        s.beds[color].discard(dwarf)
        s.benched[color].discard(dwarf)
        s.captured[color].add(dwarf)

    def _automa_loss(self, color: str, treasure: str) -> None:
        stash = self.state.stash[color]
        stone = "stone_beards" in self.state.special_tiles[color]
        if self._table_keeps_stash:
            return self._table_loss(color, treasure, stone)
        if treasure == "gold":
            lost = treasure_loss(stash.gold, stone)
            if lost:
                stash.gold -= lost
                self._emit("loss", color=color, gold=lost)
        else:
            taken = split_gem_loss(stash.gems, treasure_loss(stash.mined_gems, stone))
            if taken:
                for gem, n in taken.items():
                    stash.gems[gem] -= n
                self._emit("loss", color=color, gems=taken)
