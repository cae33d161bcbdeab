"""Why the rules cannot rebuild a game, from its code (``companion.rules.names.ReplayProblemCode``) and fields.

Two ways to say it: :func:`replay_line`, the record's detail for the command line (the event's type and the
differing field, values quoted as JSON on one line), and :func:`replay_said`, a few words for a screen, which
names the event by its number and shows no JSON.

>>> replay_line("differs", {"seq": 5, "type": "roll", "field": "value", "recorded": 3, "given": 4})
'"roll" event, field "value": the record has 3, the rules give 4'
>>> replay_line("refused", {"seq": 9, "type": "place", "refusal": "game_over", "refusal_fields": {"input": "place"}})
'place is not allowed here: Place is not possible now: the game is over'
>>> replay_said("ends_early", {"seq": 12, "type": "dragon"})
'its event 12 is not what the rules give now'
>>> replay_said("unknown_version", {"version": 9})
'it was played under rules version 9, which this app does not know'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from companion.rules.names import ReplayProblemCode
from companion.rules.words.refusals import refusal

#: How much of a value a line quotes: a record may hold a field of megabytes.
QUOTE = 60


def quote(value: Any) -> str:
    """A value as JSON on one line (ASCII, so no line separator survives), at most QUOTE characters."""
    if isinstance(value, str) and len(value) > QUOTE:
        text = json.dumps(value[:QUOTE], ensure_ascii=True)
    else:
        text = json.dumps(value, ensure_ascii=True, default=str)
    return text if len(text) <= QUOTE else text[: QUOTE - 3] + "..."


def _differs(f: Mapping[str, Any]) -> str:
    """The first field where the recorded event and the one the rules give differ (absent: "nothing")."""
    was = quote(f["recorded"]) if "recorded" in f else "nothing"
    now = quote(f["given"]) if "given" in f else "nothing"
    return f"{quote(f['type'])} event, field {quote(f['field'])}: the record has {was}, the rules give {now}"


def _setup(f: Mapping[str, Any]) -> str:
    return f"{f['field']}: {f['detail']}" if f.get("field") else str(f["detail"])


Wording = Callable[[Mapping[str, Any]], str]

#: Each code -> the record's detail, after "diverged at event seq N: " for a diverging event.
LINES: dict[ReplayProblemCode, Wording] = {
    "refused": lambda f: f"{f['type']} is not allowed here: {refusal(f['refusal'], f['refusal_fields'])}",
    "differs": _differs,
    "ends_early": lambda f: f"the record ends where the rules still produce a {f['type']} event",
    "extra_event": lambda f: "an event the rules do not produce here",
    "unknown_version": lambda f: f"rules version {f['version']!r} is not one this app knows",
    "bad_setup": lambda f: f"the setup does not check: {_setup(f)}",
}


def replay_line(code: ReplayProblemCode, fields: Mapping[str, Any]) -> str:
    """The problem as the record's error line and the command line say it."""
    return LINES[code](fields)


def replay_said(code: ReplayProblemCode, fields: Mapping[str, Any]) -> str:
    """The problem in a few words for a screen ("Game 4 could not be opened: ...")."""
    if code == "unknown_version":
        return f"it was played under rules version {fields['version']!r}, which this app does not know"
    if code == "bad_setup":
        return f"its setup is not one this app plays ({_setup(fields)})"
    return f"its event {fields['seq']} is not what the rules give now"
