"""What the table tells the app besides placements and rolls: spells cast, special mine tiles taken,
corrections that make the model match the board, and answers to the automa's questions the app cannot know.

Rules version 2 (the rules audit): a base game refuses spells and the Spell Chamber (``editions``); Time Warp
re-rolls a die (``rerolls``); the automa's Tunnel tiles lie face down and give it no power (it still scores them
as mine tiles), so none is recorded for it; Draco Speak may move the dragon onto the head, which attacks at once
(the spell only forbids casting it once the dragon is at the top).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from companion.rules.automa import choices as automa_rules
from companion.rules.engine.decisions import Decision
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.editions import EXPANSION_TILES, expansion_only
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import IllegalInput
from companion.rules.engine.rerolls import TIME_WARP, Rerolls
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog

DRACO_SPEAK = "draco_speak"


class SideInputs:
    """Spells, special tiles, corrections and answers."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, dragon_track: DragonTrack,
                 rerolls: Rerolls) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.dragon_track = dragon_track
        self.rerolls = rerolls

    def side_input(self, kind: str, inp: Mapping, decision: Decision) -> None:
        """A spell, a special tile or a correction: they may come at any time of the game but its start and end."""
        s = self.state
        if s.phase in ("start", "over"):
            raise IllegalInput(f"'{kind}' is not possible {'before the start' if s.phase == 'start' else 'now'}")
        color = cast(str, inp.get("color"))  # a player's, checked below (a correction may have none)
        if kind != "correction" or "color" in inp:
            if color not in {p.color for p in self.fixed.setup.players}:
                raise IllegalInput(f"color: '{color}' is not a player of this game")
        if kind == "spell":
            spell = inp.get("spell")
            if spell not in automa_rules.SPELLS:
                raise IllegalInput(f"spell: '{spell}' is not a spell")
            if self.fixed.is_automa(color):  # app's choice: the automa rules give them no spells (nor the draft)
                raise IllegalInput("spell: the automa cast no spells")
            if self.fixed.version >= 2 and not self.fixed.setup.expansion:
                raise expansion_only("Spells", plural=True)
            if spell == DRACO_SPEAK:
                return self._draco_speak(color, inp.get("direction"))
            if spell == TIME_WARP and self.fixed.version >= 2:
                return self.rerolls.time_warp(color, inp.get("value"))
            self.step_log.emit("spell", color=color, spell=spell, input=True)
        elif kind == "special_tile":
            tile = inp.get("tile")
            if tile not in automa_rules.SPECIAL_TILES:
                raise IllegalInput(f"tile: '{tile}' is not a special mine tile")
            if self.fixed.version >= 2:
                if self.fixed.is_automa(color):
                    raise IllegalInput("tile: the automa's tiles lie face down and give it no power")
                if tile in EXPANSION_TILES and not self.fixed.setup.expansion:
                    raise expansion_only("Spell Chamber", "tile")
            self.step_log.emit("special_tile", color=color, tile=tile, input=True)
            s.special_tiles[color].add(tile)
        else:
            self._correction(inp)

    def _draco_speak(self, color: str, direction) -> None:
        """Move the dragon one step; never once it is at the head (the spell's text).

        Version 2 (ruling f): the spell may move the dragon onto the head; it then attacks at once, set off by
        the caster (who rolls the Rahdo black die). Version 1 kept it off the head.
        """
        s = self.state
        if direction not in (1, -1):
            raise IllegalInput("direction: 1 (up) or -1 (down)")
        if s.dragon >= self.fixed.setup.dragon_track:
            raise IllegalInput("Draco Speak cannot be cast once the dragon has reached the top of the track")
        target = s.dragon + direction
        top = self.fixed.setup.dragon_track if self.fixed.version >= 2 else self.fixed.setup.dragon_track - 1
        if not 0 <= target <= top:
            raise IllegalInput("Draco Speak: the dragon cannot move there")
        self.step_log.emit("spell", color=color, spell=DRACO_SPEAK, direction=direction, input=True)
        self.dragon_track.move(target, color)

    def _correction(self, inp: Mapping) -> None:
        """Make the model match the table: the dragon's position, an automa's points, gold or gems."""
        s = self.state
        target, value, color = inp.get("target"), inp.get("value"), inp.get("color")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise IllegalInput("value: a whole number, 0 or more")
        fact = {"target": target, "value": value}
        if target == "dragon":
            if value >= self.fixed.setup.dragon_track:
                raise IllegalInput(f"value: the dragon's track runs 0 to {self.fixed.setup.dragon_track - 1}")
            self.step_log.emit("correction", **fact, input=True)
            s.dragon = value
            return
        if color is None or not self.fixed.is_automa(color):
            raise IllegalInput("color: corrections of points, gold and gems are for an automa")
        if self.fixed.table_keeps_stash:
            raise IllegalInput("the table keeps the automa's points, gold and gems: count them on the end-of-game "
                               "sheet")
        fact["color"] = color
        stash = s.stash[color]
        if target == "points":
            s.points[color] = value
        elif target == "gold":
            stash.gold = value
        elif target == "gems":
            gem = inp.get("gem")
            if gem not in automa_rules.STASH_GEMS:
                raise IllegalInput("gem: one of " + ", ".join(automa_rules.STASH_GEMS))
            fact["gem"] = gem
            stash.gems[gem] = value
        else:
            raise IllegalInput("target: dragon, points, gold or gems")
        self.step_log.emit("correction", **fact, input=True)

    def answer(self, inp: Mapping) -> None:
        """The table's answer to the automa's question waiting first."""
        s = self.state
        task = s.tasks[0]
        color, question, value = task["color"], task["question"], inp.get("value")
        if question == "gems":
            allowed = automa_rules.STASH_GEMS if self.fixed.setup.expansion else automa_rules.GEM_COLORS
            if not isinstance(value, list) or len(value) != task["count"] or not all(map(allowed.__contains__, value)):
                raise IllegalInput(f"value: name {task['count']} gem colours from {', '.join(allowed)}")
            self._log_answer(color, question, list(value))
            gems: dict[str, int] = {}
            for v in value:
                gems[v] = gems.get(v, 0) + 1
            self.step_log.gain(color, "gems chosen by the humans", gems=gems)
        elif question in ("dwarf_king", "gem_market"):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise IllegalInput("value: a whole number from 0 to 99")
            self._log_answer(color, question, value)
            if question == "dwarf_king":
                self.step_log.score(color, value, "Dwarf King achievement")
            elif value:
                self.step_log.gain(color, f"coins on the {task['gem']} contract", gold=value)
        elif question == "tunnel":
            tile = self._check_tile(value)
            self._log_answer(color, question, tile)
            if tile["kind"] == "gem":
                self.step_log.gain(color, "mine tile", gems={tile["gem"]: tile["gems"]}, tile=tile)
            else:
                self.step_log.gain(color, "special mine tile", tile=tile)
                self._special_tile(color, tile["tile"])
        elif question == "wizards_cave":
            if value not in automa_rules.SPELLS:
                raise IllegalInput(f"value: '{value}' is not a spell")
            self._log_answer(color, question, value)
            points = automa_rules.SPELL_POINTS.get(value, 0)
            if points:
                self.step_log.score(color, points, f"spell {value}")
        s.tasks.pop(0)

    def _log_answer(self, color: str, question: str, value) -> None:
        self.step_log.log({"seq": None, "step": None, "type": "answer", "color": color, "question": question,
                           "value": value, "input": True})

    def _check_tile(self, value) -> dict:
        if not isinstance(value, Mapping):
            raise IllegalInput("value: a tile, {kind: gem, gem, gems} or {kind: special, tile}")
        if value.get("kind") == "gem":
            gems = automa_rules.STASH_GEMS if self.fixed.setup.expansion else automa_rules.GEM_COLORS
            n = value.get("gems")
            if value.get("gem") not in gems or not isinstance(n, int) or not 1 <= n <= 9:
                raise IllegalInput("value: a gem tile names its colour and 1 to 9 gems")
            return {"kind": "gem", "gem": value["gem"], "gems": n}
        if value.get("kind") == "special" and value.get("tile") in automa_rules.SPECIAL_TILES:
            if self.fixed.version >= 2 and value["tile"] in EXPANSION_TILES and not self.fixed.setup.expansion:
                raise expansion_only("Spell Chamber", "value")
            return {"kind": "special", "tile": value["tile"]}
        raise IllegalInput("value: a special tile must be one of " + ", ".join(automa_rules.SPECIAL_TILES))

    def _special_tile(self, color: str, tile: str) -> None:
        """An automa's Tunnel tile. Version 2: face down, no power (it is in the stash's tiles, for the end)."""
        if self.fixed.version >= 2 and self.fixed.is_automa(color):
            return
        self.state.special_tiles[color].add(tile)
        self.step_log.emit("special_tile", color=color, tile=tile)
