"""Why the engine refused an input, in one line: each refusal code (``companion.rules.names.RefusalCode``) and
its fields, worded. A line starts with the input field it is about (``value: a die shows 1 to 6``), so the
command line's and the record's messages say where; a screen words it with the game's names.

>>> refusal("not_now", {"input": "attack_input", "waiting": "starting_rolls"})
'The dragon attack is not possible now: the game waits for the starting rolls'
>>> refusal("expansion_only", {"field": "spell", "things": ["grow_beard"]})
'spell: Grow Beard comes with Caverns of Gandûm: this game is the base game'
>>> refusal("not_human", {"field": "golem", "color": "blue"}, Names({"blue": "Ann"}))
'golem: Ann (Blue) is not a human player'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.rules.board.placement import Blocked
from companion.rules.names import RefusalCode
from companion.rules.words.names import NO_NAMES, Names, name_of, space, spell
from companion.rules.words.plural import join_and

#: What a field of the wrong shape should have been.
_SHAPES = {"text": "a text", "whole_number": "a whole number", "object": "an object", "list": "a list",
           "texts": "a list of texts", "true_or_false": "true or false"}
#: The expansion's things that are not one of the board's ids, as a sentence names them.
_THINGS = {"spells": "Spells", "golem": "the golem", "mana": "mana", "expansion_sheet": "the expansion's score sheet"}


def _at(fields: Mapping[str, Any], text: str) -> str:
    """``text`` after the input field it is about (``field``), if any."""
    field = fields.get("field")
    return f"{field}: {text}" if field else text


def _input(kind: str) -> str:
    """An input type as a sentence starts with it: "The dragon attack", "'jump'"."""
    said = name_of(kind)
    return said[0].upper() + said[1:]


def expansion_only(things: list[str], field: str = "") -> str:
    """``things`` (ids) refused in a base game, at ``field``."""
    names = [_THINGS.get(t) or name_of(t) for t in things]
    verb = "come" if len(names) > 1 or things == ["spells"] else "comes"
    text = f"{join_and(names)} {verb} with Caverns of Gandûm: this game is the base game"
    return f"{field}: {text}" if field else text[0].upper() + text[1:]


def blocked(why: Blocked, names: Names = NO_NAMES, whose: str = "your") -> str:
    """Why a dwarf may not take a space, for its player (``whose``: "your"): "held by Red #2: a dislodge needs a
    higher number", "held by your own #2"."""
    held = names.dwarf(why.occupant.as_fact())
    match why.why:
        case "locked":
            return f"held by {held} in the tavern (locked)"
        case "sacrifice_own":
            return "Blood Sacrifice only dislodges your own dwarf"
        case "sacrifice_smaller":
            return f"Blood Sacrifice needs a smaller beard than #{why.dwarf}"
        case "own":
            return f"held by {whose} own {'golem' if why.occupant.golem else f'#{why.occupant.dwarf}'}"
    return f"held by {held}: a dislodge needs a higher number"


Wording = Callable[[Mapping[str, Any], Names], str]

#: Each refusal code -> its line, from the refusal's fields and the game's names.
WORDING: dict[RefusalCode, Wording] = {
    # the input's shape
    "wrong_shape": lambda f, n: f"{f['field'] or 'the input'}: expected {_SHAPES[f['expected']]}",
    "missing": lambda f, n: f"{f['field']}: not given",
    "unknown_field": lambda f, n: f"{f['field']}: not a field of this input",
    "no_type": lambda f, n: "type: the input's type must be a text",
    "unknown_input": lambda f, n: f"unknown input '{f['input']}'",
    # when
    "not_now": lambda f, n: f"{_input(f['input'])} is not possible now: the game waits for {name_of(f['waiting'])}",
    "before_start": lambda f, n: f"{_input(f['input'])} is not possible before the start",
    "game_over": lambda f, n: f"{_input(f['input'])} is not possible now: the game is over",
    "golem_not_now": lambda f, n: "the golem can be placed only between dwarf actions",
    # who and where
    "not_a_player": lambda f, n: f"color: '{f['color']}' is not a player of this game",
    "not_human": lambda f, n: _at(f, f"{n.who(f['color'])} is not a human player"),
    "not_a_space": lambda f, n: _at(f, f"'{f['space']}' is not an action space of this game"),
    "blocked": lambda f, n: f"{space(f['space'])}: {blocked(f['reason'], n)}",
    "golem_needs_empty": lambda f, n: f"{space(f['space'])}: the golem (beard 1) can only take an empty space",
    "expansion_only": lambda f, n: expansion_only(f["things"], f.get("field", "")),
    # spells and tiles
    "not_a_spell": lambda f, n: _at(f, f"'{f['value']}' is not a spell"),
    "spell_not_for_placement": lambda f, n: f"spell: {spell(f['spell'])} does not change a placement",
    "spell_needs_dislodge": lambda f, n: (
        f"spell: {spell(f['spell'])} is for a dislodge, and {space(f['space'])} is empty"),
    "automa_no_spells": lambda f, n: "spell: the automa cast no spells",
    "not_a_special_tile": lambda f, n: f"tile: '{f['value']}' is not a special mine tile",
    "automa_tiles_face_down": lambda f, n: "tile: the automa's tiles lie face down and give it no power",
    "direction": lambda f, n: "direction: 1 (up) or -1 (down)",
    "draco_at_top": lambda f, n: "Draco Speak cannot be cast once the dragon has reached the top of the track",
    "draco_off_track": lambda f, n: "Draco Speak: the dragon cannot move there",
    # dice
    "not_a_die": lambda f, n: _at(f, "a die shows 1 to 6"),
    "warp_not_yours": lambda f, n: (
        f"Time Warp: the die waiting is {n.whose(f['color'])}; re-roll your own"),
    "warp_app_die": lambda f, n: "Time Warp: the app rolled this die, so the app re-rolls it",
    "warp_no_die": lambda f, n: "Time Warp: no die of yours to re-roll now (cast it right after your roll)",
    "warp_table_die": lambda f, n: "Time Warp: re-roll your die at the table and enter the new value",
    "no_temple_reroll": lambda f, n: (
        "reroll: no Temple re-roll for this die (it needs your dwarf in the Temple, once a die)"),
    # a dragon fight
    "black_die_trigger": lambda f, n: _at(f, f"only {n.who(f['color'])}, who set the dragon off, rolls the black die"),
    "die_settled": lambda f, n: _at(f, "the fight's dice were rolled before the axes (undo to change one)"),
    "number_range": lambda f, n: _at(f, f"a whole number from {f['low']} to {f['high']}"),
    "tile_treasure": lambda f, n: "tile.treasure: gold or gems",
    "axes_spent": lambda f, n: f"players.{f['color']}.axes: the total of the axes spent, 0 or more",
    "defence_spells": lambda f, n: (
        f"players.{f['color']}.spells: only {spell('frost_bolt')} and {spell('ice_storm')} add defence"),
    "axes_missing": lambda f, n: (
        f"automa_axes.{f['color']}: enter the total of the {f['count']} axes drawn for it"),
    "axes_range": lambda f, n: (
        f"automa_axes.{f['color']}: {f['count']} axes total {f['count']} to {2 * f['count']}"),
    # answers and corrections
    "answer_gems": lambda f, n: f"value: name {f['count']} gem colours from {', '.join(f['choices'])}",
    "answer_tile": lambda f, n: "value: a tile, {kind: gem, gem, gems} or {kind: special, tile}",
    "answer_gem_tile": lambda f, n: "value: a gem tile names its colour and 1 to 9 gems",
    "answer_special_tile": lambda f, n: "value: a special tile must be one of " + ", ".join(f["choices"]),
    "not_a_count": lambda f, n: _at(f, "a whole number, 0 or more"),
    "dragon_range": lambda f, n: f"value: the dragon's track runs 0 to {f['top']}",
    "correction_automa_only": lambda f, n: "color: corrections of points, gold and gems are for an automa",
    "table_stash_counts": lambda f, n: (
        "the table keeps the automa's points, gold and gems: count them on the end-of-game sheet"),
    "not_a_gem": lambda f, n: "gem: one of " + ", ".join(f["choices"]),
    "correction_target": lambda f, n: "target: dragon, points, gold or gems",
    # the end
    "scores_players": lambda f, n: "scores: one total for every player",
    "scores_whole": lambda f, n: "scores: whole numbers",
}


def refusal(code: RefusalCode, fields: Mapping[str, Any], names: Names = NO_NAMES) -> str:
    """The refusal ``code`` with ``fields`` in one line (``names``: the game's people, said by name)."""
    return WORDING[code](fields, names)


