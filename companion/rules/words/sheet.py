"""What is wrong with a score sheet, in one line: each problem's code (``companion.rules.names.SheetProblemCode``)
and its fields, worded. The command line and a record's error lines say it after the field's path as the sheet's
JSON names it; the score screen names the player and the field as the sheet on screen shows them.

>>> sheet_line("at_least", ("players", 0, "gold"), {"low": 0})
'players[0].gold: must be >= 0'
>>> sheet_line("not_json", (), {"detail": "Expecting value", "line": 1, "column": 1})
'not JSON: Expecting value (line 1, column 1)'
>>> sheet_said("at_most", {"high": 999}, who="Blue", label="Gold")
'Blue: gold must be 999 or less'
>>> sheet_said("not_one_of", {"noun": "difficulty", "choices": ["easy", "hard"], "value": "x"}, "Red", "Difficulty")
"Red: difficulty 'x' is not one of easy, hard"
>>> sheet_said("gem_tiles_over_tiles", {}, who="Red automa (Hard)", more=1)
'Red automa (Hard): it cannot have more gem tiles than tiles in its stack (and 1 more)'
>>> sheet_said("turn_order", {"missing": ["red"], "not_playing": [], "twice": []}, label="final turn order")
"Final turn order: must list exactly the players' colours (red missing)"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.rules.names import SheetProblemCode
from companion.rules.words.names import colour, words_of

#: The problems of the text itself: said without a field before them.
_OF_THE_TEXT = frozenset({"not_json", "not_a_number", "nested_too_deeply", "number_too_long"})
#: The sheet's keys in words, for a problem the screen cannot pin on a player.
SHEET_TERMS = {"final_turn_order": "final turn order", "expansion": "Caverns of Gandûm", "players": "players",
               "color": "colour", "kind": "kind", "starting_tile": "starting tile", "mine_tiles": "mine tiles",
               "gem_mine_tiles": "gem tiles in stack", "mined_gems": "mined gems", "gems_in_mine": "gems in mine"}


def path_text(path: Sequence[str | int]) -> str:
    """A field's place in the sheet's JSON: ``players[1].mine_tiles.ruby``; a key of the sheet's own too long to
    quote whole is cut to its start and length."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            if len(part) > 60:
                part = f"{part[:40]}... ({len(part):,} characters)"
            out += f".{part}" if out else part
    return out


def quoted(value: Any) -> str:
    """A value from the sheet as a line quotes it: a text in quotes (escaped, a long one cut to its start and
    length), anything else as JSON."""
    if isinstance(value, str):
        if len(value) > 40:
            return f"{value[:30]!r}... ({len(value):,} characters)"
        return repr(value)
    return json.dumps(value)


def _not_one_of(f: Mapping[str, Any]) -> str:
    """``colour 'orange' is not one of red, yellow, green, blue``: the value given and the choices, so a typo
    shows at once."""
    choices, value = ", ".join(f["choices"]), f.get("value")
    if isinstance(value, dict | list):
        return f"must be a {f['noun']}, one of {choices}, not {'an object' if isinstance(value, dict) else 'a list'}"
    return f"{f['noun']} {quoted(value)} is not one of {choices}"


def _turn_order(f: Mapping[str, Any]) -> str:
    detail = ", ".join([f"{c} missing" for c in f["missing"]] + [f"{c} not playing" for c in f["not_playing"]]
                       + [f"{c} twice" for c in f["twice"]])
    return f"must list exactly the players' colours ({detail})"


Wording = Callable[[Mapping[str, Any]], str]

#: Each problem code -> what is wrong, after the field's path.
WORDING: dict[SheetProblemCode, Wording] = {
    # the text
    "not_json": lambda f: f"not JSON: {f['detail']}" + (f" (line {f['line']}, column {f['column']})"
                                                         if "line" in f else ""),
    "not_a_number": lambda f: f"not JSON: {f['name']} is not a number",
    "nested_too_deeply": lambda f: "not JSON: nested too deeply",
    "number_too_long": lambda f: f"not JSON: a number longer than this app reads ({f['digits']:,} digits)",
    "given_twice": lambda f: "given twice",
    # a field's shape
    "missing": lambda f: "missing",
    "unknown_field": lambda f: "unknown field",
    "whole_number": lambda f: "must be a whole number",
    "true_or_false": lambda f: "must be true or false",
    "list": lambda f: "must be a list",
    "object": lambda f: "must be an object",
    "at_least": lambda f: f"must be >= {f['low']}",
    "at_most": lambda f: f"must be <= {f['high']}",
    "not_one_of": _not_one_of,
    "kind_missing": lambda f: f"missing ({' or '.join(f['kinds'])})",
    "kind_wrong": lambda f: "must be " + " or ".join(repr(k) for k in f["kinds"]),
    "players_count": lambda f: f"must list {f['low']} to {f['high']} players",
    "too_few_items": lambda f: f"must have at least {f['low']} item(s)",
    "too_many_items": lambda f: f"must have at most {f['high']} item(s)",
    "invalid": lambda f: str(f["detail"]),
    # the sheet's rules
    "gem_tiles_over_tiles": lambda f: "must be <= mine_tiles",
    "colour_twice": lambda f: f"{f['color']} appears twice",
    "needs_expansion": lambda f: f"{'purple mana tiles' if f['what'] == 'mana' else f['what']} need the expansion",
    "turn_order": _turn_order,
}

#: What the screen says differently, in words a person reads rather than a file's checks.
SAID: dict[SheetProblemCode, Wording] = {
    "missing": lambda f: "is missing",
    "unknown_field": lambda f: "is not on the sheet",
    "at_least": lambda f: f"must be {f['low']} or more",
    "at_most": lambda f: f"must be {f['high']} or less",
    "needs_expansion": lambda f: "need Caverns of Gandûm",
}


def sheet_line(code: SheetProblemCode, path: Sequence[str | int], fields: Mapping[str, Any], more: int = 0) -> str:
    """The problem in one line after its path, as the command line and a record's error lines say it; ``more``:
    how many other problems the sheet has."""
    what = WORDING[code](fields)
    line = what if code in _OF_THE_TEXT else f"{path_text(path) or 'sheet'}: {what}"
    return line + (f" (and {more} more)" if more else "")


def sheet_said(code: SheetProblemCode, fields: Mapping[str, Any], who: str = "", label: str = "",
               more: int = 0) -> str:
    """The problem as the score screen says it: ``who`` the player it is about (their line's label), ``label``
    the field as the sheet shows it ("Gold"), ``more`` how many other problems the sheet has. Without ``who``,
    ``label`` starts the line."""
    return _said(code, fields, who, label) + (f" (and {more} more)" if more else "")


def _said(code: SheetProblemCode, fields: Mapping[str, Any], who: str, label: str) -> str:
    if code == "gem_tiles_over_tiles":
        return f"{who or 'An automa'}: it cannot have more gem tiles than tiles in its stack"
    if code == "colour_twice":
        return f"{who or colour(fields['color'])}: another player has this colour too"
    if code == "not_one_of" and label and not isinstance(fields.get("value"), dict | list):
        what = f"{quoted(fields.get('value'))} is not one of {', '.join(fields['choices'])}"
    else:
        what = (SAID.get(code) or WORDING[code])(fields)
    if who:
        return f"{who}: " + " ".join(part for part in (label.lower(), what) if part)
    head = label or "the sheet"
    return f"{head[0].upper()}{head[1:]}: {what}"


def sheet_field(key: str) -> str:
    """A key of the sheet in words: "final turn order"."""
    return SHEET_TERMS.get(key) or words_of(key)
