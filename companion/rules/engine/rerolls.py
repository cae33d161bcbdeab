"""A human's dragon roll and its re-rolls: the Temple's "keep or re-roll" and Time Warp.

The rules, in short: whoever stands in the Temple may re-roll any new roll of their own die once (base rulebook,
Temple); Time Warp re-rolls one die and the new result stands, more than one may be cast on a die and beside the
Temple (expansion, spell appendix); under Rahdo only the player whose action set the dragon off may re-roll the
shared black die, by Temple or spell (Rahdo appendix).

What the app does (rules version 2; version 1 offered the Temple for the app's dragon roll only and logged Time
Warp without re-rolling anything):

- A human's dragon roll that the app made, with a dwarf in the Temple: "keep or re-roll" before the dragon moves.
  A dragon roll always decides something (some faces move the dragon, some do not), so this is always asked.
- A die the app rolled for a human in a dragon fight is shown to its owner first (``dragon_attack``): from rules
  version 4 whenever they have a re-roll for it, before the axes and the tile; in versions 2 and 3 after them,
  only when it could change the result. The owner may keep it, re-roll it with the Temple (once), or cast Time
  Warp on it (the app re-rolls). This part takes the owner's answer and hands the die back to the fight.
- Time Warp on a dragon roll, right after it (the next step, nothing else in between): the app re-rolls its own
  die from the game's generator; a die rolled at the table is re-rolled there and the spell carries the new
  value. When the new die changes whether the dragon climbs, the climb is taken back or made; an attack the old
  die started is called off, its automa's fight dice staying rolled (before version 4, which draws them only
  once the fight's dice are settled, the automa's axe cards go back on their decks).
- Dice the table rolls in a fight are re-rolled at the table before they are entered. The automa never re-roll:
  they make no choices beyond their cards.

Undo is no free re-roll: every re-roll comes from the generator kept in the state, after the die it replaces.
"""

from __future__ import annotations

from companion.rules.engine.dragon_attack import DragonAttack
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.refusals import IllegalInput
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog

TIME_WARP = "time_warp"


class Rerolls:
    """A human's dragon roll, "keep or re-roll", and Time Warp.

    ``open_die``: the die Time Warp may re-roll in the step being made (``Game`` sets it as each step begins: the
    last die a human rolled for the dragon, kept in ``GameState.last_die`` for one step)."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, dragon_track: DragonTrack,
                 dragon_attack: DragonAttack) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.dragon_track = dragon_track
        self.dragon_attack = dragon_attack
        self.open_die: dict | None = None

    # ------------------------------------------------------------------ a dragon roll

    def human_roll(self, color: str, value: int | None) -> Recorded | None:
        """``color``'s dragon roll: ``value`` rolled at the table (recorded as the step's input), or the app rolls
        (and, with a dwarf in the Temple, asks before the dragon moves)."""
        if value is not None and value not in range(1, 7):
            raise IllegalInput("not_a_die", field="value")
        self.state.tasks.pop(0)
        if value is not None:
            self._settle_aggression(color, value, "table")
            return {"color": color, "value": value, "purpose": "aggression", "by": "table"}
        rolled = self.step_log.roll(color, "aggression", None)
        if self.state.in_temple(color):
            task = {"kind": "keep_roll", "color": color, "value": rolled}
            if self.fixed.version >= 2:
                task.update(purpose="aggression", temple=True)
            self.state.tasks.insert(0, task)
            return None
        self._settle_aggression(color, rolled, "app")
        return None

    def _settle_aggression(self, color: str, value: int, by: str) -> None:
        """Apply a human's dragon roll; in version 2 it stays open to Time Warp until the next step."""
        s = self.state
        if self.fixed.version < 2:
            self.dragon_track.aggression(color, value)
            return
        before = {"color": color, "value": value, "by": by, "dragon": s.dragon,
                  "decks": {c: (list(p.draw), list(p.discard)) for c, p in s.decks.items()}}
        self.dragon_track.aggression(color, value)
        s.last_die = before

    def keep_or_reroll(self, color: str, reroll: bool) -> Recorded | None:
        """The answer to "keep or re-roll" for the die waiting: a dragon roll here, a fight die in the fight. A
        re-roll is the step's input; keeping the die is a plain "go on"."""
        task = self.state.tasks[0]
        if task.get("purpose") == "attack":
            if reroll:
                return self.dragon_attack.temple_reroll(task)
            self.dragon_attack.keep_die(task)
            return None
        self.state.tasks.pop(0)
        if reroll:
            self._settle_aggression(color, self.step_log.roll(color, "aggression", None, reroll=True), "app")
            return {"color": color}
        self.step_log.emit("roll_kept", color=color, value=task["value"])
        self._settle_aggression(color, task["value"], "app")
        return None

    # ------------------------------------------------------------------ Time Warp

    def time_warp(self, color: str, value: int | None) -> Recorded:
        """Re-roll the caster's open die: one waiting for "keep or re-roll", else their dragon roll just made."""
        s = self.state
        if value is not None and value not in range(1, 7):
            raise IllegalInput("not_a_die", field="value")
        task = s.tasks[0] if s.tasks else None
        if task is not None and task["kind"] == "keep_roll":
            if task["color"] != color:
                raise IllegalInput("warp_not_yours", color=task["color"])
            if value is not None:
                raise IllegalInput("warp_app_die")
            purpose = task.get("purpose", "aggression")
            extra = {"black": True} if task.get("black") else {}
            task["value"] = self.step_log.roll(color, purpose, None, reroll=True, **extra)
            if purpose == "attack":
                self.dragon_attack.die_changed(task)
            return {"color": color, "spell": TIME_WARP}
        die = self.open_die
        if die is None or die["color"] != color:
            raise IllegalInput("warp_no_die")
        if die["by"] == "table" and value is None:
            raise IllegalInput("warp_table_die")
        if die["by"] == "app" and value is not None:
            raise IllegalInput("warp_app_die")
        new = self.step_log.roll(color, "aggression", value, reroll=True)
        self._warp_the_dragon(color, die, new)
        s.last_die = {**die, "value": new}
        return {"color": color, "spell": TIME_WARP, **({"value": value} if value is not None else {})}

    def _warp_the_dragon(self, color: str, die: dict, new: int) -> None:
        """The dragon as ``new`` would have left it instead of the old die: the climb taken back (and an attack it
        started called off, the axe cards back on their decks) or made."""
        s = self.state
        threshold = self.dragon_track.threshold()
        climbed, climbs = die["value"] >= threshold, new >= threshold
        if climbed and not climbs:
            attack = next((t for t in s.tasks if t["kind"] == "attack" and "fight" not in t), None)
            if attack is not None:  # the old die set the dragon off: call the attack off
                s.tasks.remove(attack)
                for c, (draw, discard) in die["decks"].items():
                    s.decks[c].draw, s.decks[c].discard = list(draw), list(discard)
                self.step_log.emit("attack_called_off", color=color)
            s.dragon = die["dragon"]
            self.step_log.emit("dragon", position=s.dragon)
        elif climbs and not climbed:
            self.dragon_track.move(die["dragon"] + 1, color)
