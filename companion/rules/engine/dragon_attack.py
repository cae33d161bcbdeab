"""The dragon: aggression rolls, the dragon's track, and the attack at its head: the table's inputs, defences,
the winner's tile, captured dwarves and the automa's losses.

The numbers (threshold, defence, who wins, how much is lost) are in ``companion.rules.dragon``; this phase rolls,
asks and records. The re-rolls (Temple, Time Warp) and the pause before a fight's app-rolled dice are in
``rerolls``.

Rules version 2 (issue 12, ruling e): the automa keeps its Tunnel tiles face down, so a special tile gives it no
power (``side_inputs`` never gives it one): Dragon Song of an automa on the Treasure Hoard does not raise the
threshold, Stone Beards does not keep its dwarf or halve its loss. Version 1 gave the automa the powers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..dragon import aggression_threshold, defence, resolve_attack, split_gem_loss, treasure_loss
from .editions import expansion_only
from .inputs import IllegalInput

#: The lowest face that can move the dragon (the threshold without Dragon Song; Dragon Song only raises it).
LOWEST_THRESHOLD = min(aggression_threshold(False), aggression_threshold(True))


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
            self._settle_aggression(color, value, "table")
        else:
            rolled = self._roll(color, "aggression", None)
            if self._in_temple(color):
                # The Temple lets its occupant re-roll their own die once: ask before the dragon moves. A dragon
                # roll always decides something (some faces move the dragon, some do not), so it is always asked.
                task = {"kind": "keep_roll", "color": color, "value": rolled}
                if self.version >= 2:
                    task.update(purpose="aggression", temple=True)
                self.state.tasks.insert(0, task)
                return
            self._settle_aggression(color, rolled, "app")

    def _in_temple(self, color: str) -> bool:
        occ = self.state.board.get("temple")
        return occ is not None and occ.color == color and not occ.golem

    def _aggression(self, color: str, value: int) -> None:
        s = self.state
        # A die under the lower threshold never moves the dragon: no need to look for Dragon Song (a third of
        # the ~40 dragon rolls of a game).
        if value < LOWEST_THRESHOLD or value < self.aggression_threshold():
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
        """The table's inputs for the fight; the app rolls the dice nobody entered. Version 2 then shows an app
        die that can change the result to its owner first (``rerolls``); version 1 resolved at once."""
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
                if self.version >= 2 and not self.setup.expansion:
                    name = "Frost Bolt" if spell == "frost_bolt" else "Ice Storm"
                    raise expansion_only(name, f"players.{color}.spells")
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
        app_rolled: list[str] = []  # the humans whose die the app rolled here (Rahdo: the trigger's black die)
        if self.setup.variant == "rahdo":
            shared = task.get("black_die")
            if shared is None:
                shared = self._roll(task["trigger"], "attack", black, black=True)
                if black is None:
                    app_rolled.append(task["trigger"])
            dice = dict.fromkeys(s.turn_order, shared)
        else:
            for color in humans:
                entered = (given.get(color) or {}).get("die")
                dice[color] = self._roll(color, "attack", entered)
                if entered is None:
                    app_rolled.append(color)
        fight = {"tile": dict(tile), "players": {c: dict(v) for c, v in given.items()}, "dice": dice,
                 "axes": {c: automa_axes.get(c) for c in task["axes"]}}
        if self.version < 2:
            return self._resolve_fight(task, fight)
        for color in s.turn_order:  # drawn now (not at the reveal): the app must know every defence to tell
            if fight["axes"].get(color, 0) is None:  # whether a re-roll could change the result
                fight["axes"][color] = self._draw_virtual_axes(color, task["axes"][color])
        fight["open"] = app_rolled
        task["fight"] = fight
        self._next_fight_pause(task)

    def _draw_virtual_axes(self, color: str, count: int) -> int:
        values = [2 if self.state.rng.below(4) == 0 else 1 for _ in range(count)]
        self._emit("axes", color=color, values=values)
        return sum(values)

    def _defences(self, fight: Mapping, dice: Mapping[str, int]) -> dict[str, int]:
        """Every defence, for dice that are all known and automa axes that are all drawn."""
        out: dict[str, int] = {}
        for color in self.state.turn_order:
            if color in self._automa:
                out[color] = defence(dice[color], fight["axes"][color])
            else:
                entry = fight["players"].get(color) or {}
                out[color] = defence(dice[color], entry.get("axes", 0), entry.get("spells", []))
        return out

    def _resolve_fight(self, task: dict, fight: Mapping) -> None:
        """Defences, the winner's tile, the losers' captures and losses, and the dragon back to zero."""
        s = self.state
        tile, given, dice, automa_axes = fight["tile"], fight["players"], fight["dice"], fight["axes"]
        strength, treasure, points = tile["strength"], tile["treasure"], tile["points"]
        defences: dict[str, int] = {}
        for color in s.turn_order:
            if self._is_automa(color):
                total = automa_axes.get(color)
                if total is None:  # version 1 draws the app's axes here, at the reveal
                    total = self._draw_virtual_axes(color, task["axes"][color])
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
        s.tasks.remove(task)
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
