"""What the table tells the app besides placements and rolls: spells cast, special mine tiles taken,
corrections that make the model match the board, and answers to the automa's questions the app cannot know.

Rules version 2 (the rules audit): a base game refuses spells and the Spell Chamber (``editions``); Time Warp
re-rolls a die (``rerolls``); the automa's Tunnel tiles lie face down and give it no power (it still scores them
as mine tiles), so none is recorded for it; Draco Speak may move the dragon onto the head, which attacks at once
(the spell only forbids casting it once the dragon is at the top).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.automa import choices as automa_rules
from companion.rules.editions import EXPANSION_TILES
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import Answer, Correction, Json, SpecialTile, Spell
from companion.rules.engine.refusals import IllegalInput, expansion_only
from companion.rules.engine.rerolls import TIME_WARP, Rerolls
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog

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

    def _in_play(self, kind: str, color: str | None) -> None:
        """A spell, a special tile or a correction may come at any time of the game but its start and end;
        ``color``, when given, must be a player's."""
        phase = self.state.phase
        if phase == "start":
            raise IllegalInput("before_start", input=kind)
        if phase == "over":
            raise IllegalInput("game_over", input=kind)
        if color is not None and color not in {p.color for p in self.fixed.setup.players}:
            raise IllegalInput("not_a_player", color=color)

    def spell(self, inp: Spell) -> Recorded:
        """A spell a human cast: Draco Speak and Time Warp change the game, any other is only recorded."""
        self._in_play(inp.TYPE, inp.color)
        color, spell = inp.color, inp.spell
        if spell not in automa_rules.SPELLS:
            raise IllegalInput("not_a_spell", field="spell", value=spell)
        if self.fixed.is_automa(color):  # app's choice: the automa rules give them no spells (nor the draft)
            raise IllegalInput("automa_no_spells")
        if self.fixed.version >= 2 and not self.fixed.setup.expansion:
            raise expansion_only("spells")
        if spell == DRACO_SPEAK:
            return self._draco_speak(color, inp.direction)
        if spell == TIME_WARP and self.fixed.version >= 2:
            return self.rerolls.time_warp(color, inp.value)
        return {"color": color, "spell": spell}

    def special_tile(self, inp: SpecialTile) -> Recorded:
        """A special mine tile a human took (version 1: an automa's too)."""
        self._in_play(inp.TYPE, inp.color)
        color, tile = inp.color, inp.tile
        if tile not in automa_rules.SPECIAL_TILES:
            raise IllegalInput("not_a_special_tile", value=tile)
        if self.fixed.version >= 2:
            if self.fixed.is_automa(color):
                raise IllegalInput("automa_tiles_face_down")
            if tile in EXPANSION_TILES and not self.fixed.setup.expansion:
                raise expansion_only(tile, field="tile")
        self.state.special_tiles[color].add(tile)
        return {"color": color, "tile": tile}

    def _draco_speak(self, color: str, direction: int | None) -> Recorded:
        """Move the dragon one step; never once it is at the head (the spell's text).

        Version 2 (ruling f): the spell may move the dragon onto the head; it then attacks at once, set off by
        the caster (who rolls the Rahdo black die). Version 1 kept it off the head.
        """
        s = self.state
        if direction not in (1, -1):
            raise IllegalInput("direction")
        if s.dragon >= self.fixed.setup.dragon_track:
            raise IllegalInput("draco_at_top")
        target = s.dragon + direction
        top = self.fixed.setup.dragon_track if self.fixed.version >= 2 else self.fixed.setup.dragon_track - 1
        if not 0 <= target <= top:
            raise IllegalInput("draco_off_track")
        self.dragon_track.move(target, color)
        return {"color": color, "spell": DRACO_SPEAK, "direction": direction}

    def correction(self, inp: Correction) -> Recorded:
        """Make the model match the table: the dragon's position, an automa's points, gold or gems."""
        self._in_play(inp.TYPE, inp.color)
        s = self.state
        target, value, color = inp.target, inp.value, inp.color
        if value < 0:
            raise IllegalInput("not_a_count", field="value")
        recorded: Recorded = {"target": target, "value": value}
        if target == "dragon":
            if value >= self.fixed.setup.dragon_track:
                raise IllegalInput("dragon_range", top=self.fixed.setup.dragon_track - 1)
            s.dragon = value
            return recorded
        if color is None or not self.fixed.is_automa(color):
            raise IllegalInput("correction_automa_only")
        if self.fixed.table_stash:
            raise IllegalInput("table_stash_counts")
        recorded["color"] = color
        stash = s.stash[color]
        if target == "points":
            s.points[color] = value
        elif target == "gold":
            stash.gold = value
        elif target == "gems":
            gem = inp.gem
            if gem not in automa_rules.STASH_GEMS:
                raise IllegalInput("not_a_gem", choices=list(automa_rules.STASH_GEMS))
            recorded["gem"] = gem
            stash.gems[gem] = value
        else:
            raise IllegalInput("correction_target")
        return recorded

    def answer(self, inp: Answer) -> Recorded:
        """The table's answer to the automa's question waiting first."""
        s = self.state
        task = s.tasks[0]
        color, question, value = task["color"], task["question"], inp.value
        recorded: Recorded = {"color": color, "question": question, "value": value}
        if question == "gems":
            allowed = automa_rules.STASH_GEMS if self.fixed.setup.expansion else automa_rules.GEM_COLORS
            if not isinstance(value, list) or len(value) != task["count"] or not all(map(allowed.__contains__, value)):
                raise IllegalInput("answer_gems", count=task["count"], choices=list(allowed))
            recorded["value"] = list(value)
            gems: dict[str, int] = {}
            for v in value:
                gems[v] = gems.get(v, 0) + 1
            self.step_log.gain(color, "gems chosen by the humans", gems=gems)
        elif question in ("dwarf_king", "gem_market"):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise IllegalInput("number_range", field="value", low=0, high=99)
            if question == "dwarf_king":
                self.step_log.score(color, value, "Dwarf King achievement")
            elif value:
                self.step_log.gain(color, f"coins on the {task['gem']} contract", gold=value)
        elif question == "tunnel":
            tile = recorded["value"] = self._check_tile(value)
            if tile["kind"] == "gem":
                self.step_log.gain(color, "mine tile", gems={tile["gem"]: tile["gems"]}, tile=tile)
            else:
                self.step_log.gain(color, "special mine tile", tile=tile)
                self._special_tile(color, tile["tile"])
        elif question == "wizards_cave":
            if value not in automa_rules.SPELLS:
                raise IllegalInput("not_a_spell", field="value", value=value)
            points = automa_rules.SPELL_POINTS.get(value, 0)
            if points:
                self.step_log.score(color, points, f"spell {value}")
        s.tasks.pop(0)
        return recorded

    def _check_tile(self, value: Json) -> dict:
        if not isinstance(value, Mapping):
            raise IllegalInput("answer_tile")
        if value.get("kind") == "gem":
            gems = automa_rules.STASH_GEMS if self.fixed.setup.expansion else automa_rules.GEM_COLORS
            n = value.get("gems")
            if value.get("gem") not in gems or not isinstance(n, int) or not 1 <= n <= 9:
                raise IllegalInput("answer_gem_tile")
            return {"kind": "gem", "gem": value["gem"], "gems": n}
        if value.get("kind") == "special" and value.get("tile") in automa_rules.SPECIAL_TILES:
            if self.fixed.version >= 2 and value["tile"] in EXPANSION_TILES and not self.fixed.setup.expansion:
                raise expansion_only(value["tile"], field="value")
            return {"kind": "special", "tile": value["tile"]}
        raise IllegalInput("answer_special_tile", choices=list(automa_rules.SPECIAL_TILES))

    def _special_tile(self, color: str, tile: str) -> None:
        """An automa's Tunnel tile. Version 2: face down, no power (it is in the stash's tiles, for the end)."""
        if self.fixed.version >= 2 and self.fixed.is_automa(color):
            return
        self.state.special_tiles[color].add(tile)
        self.step_log.emit("special_tile", color=color, tile=tile)
