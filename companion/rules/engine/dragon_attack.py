"""A dragon attack once the dragon is at the head: the table's inputs, the dice the app rolls, the pause that shows
a human the app die that can change the fight, then defences, the winner's tile, captured dwarves and the
automa's losses.

The numbers (defence, who wins, how much is lost) are ``companion.rules.board.dragon``'s; the attack itself is queued
by ``dragon_track``; a re-roll of a paused die (Temple, Time Warp) comes from ``rerolls``, which hands the new
die back here (``temple_reroll``, ``die_changed``).

Rules version 2 (the rules audit): the automa keeps its Tunnel tiles face down, so a special tile gives it no
power (``side_inputs`` never gives it one): Stone Beards does not keep its dwarf or halve its loss. A die the app
rolled for a human is shown to its owner before the fight only when some face of it would change the result.
Version 3: and only when its owner has a re-roll for it (``can_reroll``). Version 1 resolved at once and gave
the automa its tiles' powers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.board.dragon import defence, resolve_attack, split_gem_loss, treasure_loss
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import AttackInput, DragonTile, Fighter
from companion.rules.engine.refusals import IllegalInput, expansion_only
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog
from companion.rules.engine.table_stash import TableStash

#: A human the table entered nothing for: the app rolls their die, no axes, no spell.
NO_FIGHTER = Fighter()


class DragonAttack:
    """From the table's inputs for a fight to its end."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, table_stash: TableStash) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.table_stash = table_stash

    # ------------------------------------------------------------------ the table's inputs

    def attack(self, inp: AttackInput) -> Recorded:
        """The table's inputs for the fight; the app rolls the dice nobody entered. Version 2 then shows an app
        die that can change the result to its owner first; version 1 resolved at once."""
        s, setup = self.state, self.fixed.setup
        task = s.tasks[0]
        self._check_tile(inp.tile)
        humans = [c for c in s.turn_order if c not in self.fixed.automa]
        given, automa_axes = inp.players, inp.automa_axes
        self._check_players(humans, given)
        for color, count in task["axes"].items():
            total = automa_axes.get(color)
            if total is None and not setup.virtual_axes:
                raise IllegalInput("axes_missing", color=color, count=count)
            if total is not None and not count <= total <= 2 * count:
                raise IllegalInput("axes_range", color=color, count=count)
        black = inp.black_die
        if black is not None and black not in range(1, 7):
            raise IllegalInput("not_a_die", field="black_die")
        dice, app_rolled = self._roll_dice(task, humans, given, black)
        fight: dict[str, Any] = {"tile": inp.tile, "players": dict(given), "dice": dice,
                                 "axes": {c: automa_axes.get(c) for c in task["axes"]}}
        if self.fixed.version < 2:
            self.resolve(task, fight)
            return inp.recorded()
        for color in s.turn_order:  # drawn now (not at the reveal): the app must know every defence to tell
            if fight["axes"].get(color, 0) is None:  # whether a re-roll could change the result
                fight["axes"][color] = self._draw_virtual_axes(color, task["axes"][color])
        fight["open"] = app_rolled
        task["fight"] = fight
        self.next_pause(task)
        return inp.recorded()

    @staticmethod
    def _check_tile(tile: DragonTile) -> None:
        if not 0 <= tile.strength <= 20:
            raise IllegalInput("number_range", field="tile.strength", low=0, high=20)
        if tile.treasure not in ("gold", "gems"):
            raise IllegalInput("tile_treasure")
        if not 0 <= tile.points <= 50:
            raise IllegalInput("number_range", field="tile.points", low=0, high=50)

    def _check_players(self, humans: list[str], given: Mapping[str, Fighter]) -> None:
        """Each human's entry: their die (or none: the app rolls it), the axes they spent, their spells."""
        for color in given:
            if color not in humans:
                raise IllegalInput("not_human", field="players", color=color)
        for color in humans:
            entry = given.get(color) or NO_FIGHTER
            if entry.die is not None and entry.die not in range(1, 7):
                raise IllegalInput("not_a_die", field=f"players.{color}.die")
            if not 0 <= entry.axes <= 40:
                raise IllegalInput("axes_spent", color=color)
            for spell in entry.spells:
                if spell not in ("frost_bolt", "ice_storm"):
                    raise IllegalInput("defence_spells", color=color)
                if self.fixed.version >= 2 and not self.fixed.setup.expansion:
                    raise expansion_only(spell, field=f"players.{color}.spells")

    def _roll_dice(self, task: dict, humans: list[str], given: Mapping[str, Fighter],
                   black: int | None) -> tuple[dict[str, int], list[str]]:
        """Every fighter's die, and the humans whose die the app rolled here (Rahdo: the trigger's black die)."""
        dice: dict[str, int] = dict(task["dice"])
        app_rolled: list[str] = []
        if self.fixed.setup.variant == "rahdo":
            shared = task.get("black_die")
            if shared is None:
                shared = self.step_log.roll(task["trigger"], "attack", black, black=True)
                if black is None:
                    app_rolled.append(task["trigger"])
            return dict.fromkeys(self.state.turn_order, shared), app_rolled
        for color in humans:
            entered = (given.get(color) or NO_FIGHTER).die
            dice[color] = self.step_log.roll(color, "attack", entered)
            if entered is None:
                app_rolled.append(color)
        return dice, app_rolled

    def _draw_virtual_axes(self, color: str, count: int) -> int:
        values = [2 if self.state.rng.below(4) == 0 else 1 for _ in range(count)]
        self.step_log.emit("axes", color=color, values=values)
        return sum(values)

    # ------------------------------------------------------------------ the pause for an app die

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

    def decides(self, task: Mapping, color: str) -> bool:
        """True when some face of ``color``'s die would change the fight's result (who takes the tile, who loses),
        the other dice and axes as they stand (under Rahdo the one black die is every player's die).

        Every defence is worked out once with the open die at 0, and each face added to it: a defence is the
        die plus the rest (``dragon.defence``), so that is the same number as with the face itself.

        Only faces 1 and 6 are resolved: the result never comes back to one it left as the face goes up, so it
        changes for some face exactly when it differs between the lowest and the highest. Why: a higher face
        only raises defences (the one die's owner, or everyone's by the same amount under Rahdo); a player out
        of the losers never goes back; the winner, the best defence at the strength or above (ties to the
        earlier turn), is nobody, then stays whoever first beats the others (under Rahdo whoever reaches the
        strength first is ahead of everyone who reaches it later). The engine's tests hold it to the check of
        every face."""
        fight = task["fight"]
        if self.fixed.setup.variant == "rahdo":  # one shared black die
            zero = dict.fromkeys(fight["dice"], 0)
            faced = list(zero)
        else:
            zero = {**fight["dice"], color: 0}
            faced = [color]
        base = self.defences(fight, zero)
        strength, order = fight["tile"].strength, self.state.turn_order

        def result(face: int) -> tuple:
            defences = dict(base)
            for c in faced:
                defences[c] += face
            r = resolve_attack(strength, defences, order)
            return r.winner, tuple(r.losers)

        return result(1) != result(6)

    def next_pause(self, attack: dict) -> None:
        """Show the next open app die that decides something to its owner, or resolve the fight."""
        fight = attack["fight"]
        while fight["open"]:
            color = fight["open"][0]
            temple = self.state.in_temple(color) and color not in fight.setdefault("temple_used", [])
            if self.can_reroll(temple) and self.decides(attack, color):
                rahdo = self.fixed.setup.variant == "rahdo"
                pause = {"kind": "keep_roll", "purpose": "attack", "color": color, "value": fight["dice"][color],
                         "temple": temple, "black": rahdo}
                self.state.tasks.insert(0, pause)
                return
            fight["open"].pop(0)
        self.resolve(attack, fight)

    def can_reroll(self, temple: bool) -> bool:
        """Whether the owner of an open fight die has a re-roll for it: the Temple's (``temple``: a dwarf there
        and its one re-roll of this die not spent) or, with the expansion, Time Warp (the app does not know a
        player's spells, so it may always be in hand). Only the player it was rolled for gets here: under Rahdo
        the trigger, the one player who may re-roll the black die.

        Rules version 3: with neither there is nothing to choose, so the die stands without a question (a
        base game's die of a player outside the Temple, or one the Temple has just re-rolled). Version 2 asked
        "keep" all the same."""
        return temple or self.fixed.expansion or self.fixed.version < 3

    def keep_die(self, pause: dict) -> None:
        """The owner keeps the paused die: on to the next one, or the fight."""
        color = pause["color"]
        self.step_log.emit("roll_kept", color=color, value=pause["value"])
        attack = self._attack_of()
        self.state.tasks.remove(pause)
        attack["fight"]["open"].remove(color)
        self.next_pause(attack)

    def temple_reroll(self, pause: dict) -> Recorded:
        """The owner re-rolls the paused die with the Temple (once a fight)."""
        color = pause["color"]
        if not pause["temple"]:
            raise IllegalInput("no_temple_reroll")
        extra = {"black": True} if pause.get("black") else {}
        pause["value"] = self.step_log.roll(color, "attack", None, reroll=True, **extra)
        self._attack_of()["fight"].setdefault("temple_used", []).append(color)
        self.die_changed(pause)
        return {"color": color}

    def die_changed(self, pause: dict) -> None:
        """A re-roll replaced the paused die: record it and ask again (or go on when it no longer decides)."""
        attack = self._attack_of()
        fight = attack["fight"]
        color = pause["color"]
        if pause.get("black"):
            fight["dice"] = dict.fromkeys(fight["dice"], pause["value"])
        else:
            fight["dice"][color] = pause["value"]
        self.state.tasks.remove(pause)
        self.next_pause(attack)

    def _attack_of(self) -> dict:
        return next(t for t in self.state.tasks if t["kind"] == "attack")

    # ------------------------------------------------------------------ the result

    def resolve(self, task: dict, fight: Mapping) -> None:
        """Defences, the winner's tile, the losers' captures and losses, and the dragon back to zero."""
        s = self.state
        tile, given, dice, automa_axes = fight["tile"], fight["players"], fight["dice"], fight["axes"]
        strength, treasure, points = tile.strength, tile.treasure, tile.points
        defences: dict[str, int] = {}
        for color in s.turn_order:
            if color in self.fixed.automa:
                total = automa_axes.get(color)
                if total is None:  # version 1 draws the app's axes here, at the reveal
                    total = self._draw_virtual_axes(color, task["axes"][color])
                defences[color] = defence(dice[color], total)
            else:
                entry = given.get(color) or NO_FIGHTER
                for spell in entry.spells:
                    self.step_log.emit("spell", color=color, spell=spell)
                defences[color] = defence(dice[color], entry.axes, entry.spells)
        result = resolve_attack(strength, defences, s.turn_order)
        captured: list[dict[str, Any]] = []
        for color in result.losers:
            if "stone_beards" in s.special_tiles[color]:
                continue
            free = [d for d in range(1, self.fixed.setup.dwarves + 1) if d not in s.captured[color]]
            if free:
                captured.append({"color": color, "dwarf": max(free)})
        self.step_log.emit(
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
