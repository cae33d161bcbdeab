"""Re-rolls: the Temple's and Time Warp's, and the pause that shows a fight's app-rolled die first.

The rules: the Temple's occupant "may re-roll each new instance of a die roll once", only their own die (base
rulebook, Temple); Time Warp re-rolls one die, the new result stands, several may be cast on one die and with the
Temple (expansion, Spell Appendix); under Rahdo only the player whose action set the dragon off may re-roll the
shared black die, by Temple or spell (Rahdo appendix).

What the app does (rules version 2; version 1 offered the Temple for the app's dragon roll only and logged Time
Warp without re-rolling anything):

- A human's dragon roll that the app made, with a dwarf in the Temple: "keep or re-roll" before the dragon moves.
  A dragon roll always decides something (some faces move the dragon, some do not), so this is always asked.
- A die the app rolled for a human in a dragon fight (their own die; under Rahdo the black die, when the player who
  set the dragon off is human) is shown to its owner before the fight is resolved, but only when some face of it
  would change the result (who loses, who takes the tile, the other dice and axes as they stand). Then the owner
  may re-roll it with the Temple (once), cast Time Warp on it (the app re-rolls), or keep it.
- Time Warp on a dragon roll, right after it (the next step, nothing else in between): the app re-rolls its own
  die from the game's generator; a die rolled at the table is re-rolled there and the spell carries the new
  value. When the new die changes whether the dragon climbs, the climb is taken back or made; an attack the old
  die started is called off and the automa's axe cards go back on their decks (their fight dice stay rolled).
- Dice the table rolls in a fight are re-rolled at the table before they are entered. The automa never re-roll:
  they make no choices beyond their cards.

Undo is no free re-roll: every re-roll comes from the generator kept in the state, after the die it replaces.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..dragon import resolve_attack
from .inputs import IllegalInput

TIME_WARP = "time_warp"


class Rerolls:
    """Mixin of ``Game``: the Temple's "keep or re-roll", Time Warp, and the fight's pause for an app die."""

    # ------------------------------------------------------------------ a dragon roll

    def _settle_aggression(self, color: str, value: int, by: str) -> None:
        """Apply a human's dragon roll; in version 2 it stays open to Time Warp until the next step."""
        s = self.state
        if self.version < 2:
            self._aggression(color, value)
            return
        before = {"color": color, "value": value, "by": by, "dragon": s.dragon,
                  "decks": {c: (list(p.draw), list(p.discard)) for c, p in s.decks.items()}}
        self._aggression(color, value)
        s.last_die = before

    def _keep_or_reroll(self, color: str, reroll: bool) -> None:
        task = self.state.tasks[0]
        if task.get("purpose") == "attack":
            return self._fight_keep_or_reroll(task, reroll)
        self.state.tasks.pop(0)
        if reroll:
            self._emit("reroll", color=color, input=True)
            self._settle_aggression(color, self._roll(color, "aggression", None, reroll=True), "app")
        else:
            self._emit("roll_kept", color=color, value=task["value"])
            self._settle_aggression(color, task["value"], "app")

    # ------------------------------------------------------------------ Time Warp

    def _time_warp(self, color: str, value) -> None:
        """Re-roll the caster's open die: one waiting for "keep or re-roll", else their dragon roll just made."""
        s = self.state
        if value is not None and value not in range(1, 7):
            raise IllegalInput("value: a die shows 1 to 6")
        task = s.tasks[0] if s.tasks else None
        if task is not None and task["kind"] == "keep_roll":
            if task["color"] != color:
                raise IllegalInput(f"Time Warp: the die waiting is {color_name(task['color'])}'s; re-roll your own")
            if value is not None:
                raise IllegalInput("Time Warp: the app rolled this die, so the app re-rolls it")
            self._emit("spell", color=color, spell=TIME_WARP, input=True)
            purpose = task.get("purpose", "aggression")
            extra = {"black": True} if task.get("black") else {}
            task["value"] = self._roll(color, purpose, None, reroll=True, **extra)
            if purpose == "attack":
                self._fight_die_changed(task)
            return
        die = self._open_die
        if die is None or die["color"] != color:
            raise IllegalInput("Time Warp: no die of yours to re-roll now (cast it right after your roll)")
        if die["by"] == "table" and value is None:
            raise IllegalInput("Time Warp: re-roll your die at the table and enter the new value")
        if die["by"] == "app" and value is not None:
            raise IllegalInput("Time Warp: the app rolled this die, so the app re-rolls it")
        fact = {"value": value} if value is not None else {}
        self._emit("spell", color=color, spell=TIME_WARP, **fact, input=True)
        new = self._roll(color, "aggression", value, reroll=True)
        threshold = self.aggression_threshold()
        climbed, climbs = die["value"] >= threshold, new >= threshold
        if climbed and not climbs:
            attack = next((t for t in s.tasks if t["kind"] == "attack" and "fight" not in t), None)
            if attack is not None:  # the old die set the dragon off: call the attack off
                s.tasks.remove(attack)
                for c, (draw, discard) in die["decks"].items():
                    s.decks[c].draw, s.decks[c].discard = list(draw), list(discard)
                self._emit("attack_called_off", color=color)
            s.dragon = die["dragon"]
            self._emit("dragon", position=s.dragon)
        elif climbs and not climbed:
            self._move_dragon(die["dragon"] + 1, color)
        s.last_die = {**die, "value": new}

    # ------------------------------------------------------------------ a fight's app-rolled dice

    def _decides(self, task: Mapping, color: str) -> bool:
        """True when some face of ``color``'s die would change the fight's result (who takes the tile, who loses),
        the other dice and axes as they stand (under Rahdo the one black die is every player's die).

        Every defence is worked out once with the open die at 0, and each face added to it: a defence is the
        die plus the rest (``dragon.defence``), so that is the same number as with the face itself.

        Only faces 1 and 6 are resolved: the result never comes back to one it left as the face goes up, so it
        changes for some face exactly when it differs between the lowest and the highest. Why: a higher face
        only raises defences (the one die's owner, or everyone's by the same amount under Rahdo); a player out
        of the losers never goes back; the winner, the best defence at the strength or above (ties to the
        earlier turn), is nobody, then stays whoever first beats the others (under Rahdo whoever reaches the
        strength first is ahead of everyone who reaches it later). tests/test_engine_fast_paths.py holds it to
        the check of every face. Issue 13: two resolutions a die instead of up to six."""
        fight = task["fight"]
        if self.setup.variant == "rahdo":  # one shared black die
            zero = dict.fromkeys(fight["dice"], 0)
            faced = list(zero)
        else:
            zero = {**fight["dice"], color: 0}
            faced = [color]
        base = self._defences(fight, zero)
        strength, order = fight["tile"]["strength"], self.state.turn_order

        def result(face: int) -> tuple:
            defences = dict(base)
            for c in faced:
                defences[c] += face
            r = resolve_attack(strength, defences, order)
            return r.winner, tuple(r.losers)

        return result(1) != result(6)

    def _next_fight_pause(self, attack: dict) -> None:
        """Show the next open app die that decides something to its owner, or resolve the fight."""
        fight = attack["fight"]
        while fight["open"]:
            color = fight["open"][0]
            if self._decides(attack, color):
                rahdo = self.setup.variant == "rahdo"
                temple = self._in_temple(color) and color not in fight.setdefault("temple_used", [])
                pause = {"kind": "keep_roll", "purpose": "attack", "color": color, "value": fight["dice"][color],
                         "temple": temple, "black": rahdo}
                self.state.tasks.insert(0, pause)
                return
            fight["open"].pop(0)
        self._resolve_fight(attack, fight)

    def _fight_keep_or_reroll(self, pause: dict, reroll: bool) -> None:
        color = pause["color"]
        if not reroll:
            self._emit("roll_kept", color=color, value=pause["value"])
            attack = self._attack_of(pause)
            self.state.tasks.remove(pause)
            attack["fight"]["open"].remove(color)
            self._next_fight_pause(attack)
            return
        if not pause["temple"]:
            raise IllegalInput("reroll: no Temple re-roll for this die (it needs your dwarf in the Temple, once a die)")
        self._emit("reroll", color=color, input=True)
        extra = {"black": True} if pause.get("black") else {}
        pause["value"] = self._roll(color, "attack", None, reroll=True, **extra)
        self._attack_of(pause)["fight"].setdefault("temple_used", []).append(color)
        self._fight_die_changed(pause)

    def _attack_of(self, pause: Mapping) -> dict:
        return next(t for t in self.state.tasks if t["kind"] == "attack")

    def _fight_die_changed(self, pause: dict) -> None:
        """A re-roll replaced the open die: record it and ask again (or go on when it no longer decides)."""
        attack = self._attack_of(pause)
        fight = attack["fight"]
        color = pause["color"]
        if pause.get("black"):
            fight["dice"] = dict.fromkeys(fight["dice"], pause["value"])
        else:
            fight["dice"][color] = pause["value"]
        self.state.tasks.remove(pause)
        self._next_fight_pause(attack)


def color_name(color: str) -> str:
    return color.capitalize()
