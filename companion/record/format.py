"""The game record: the public JSON Lines format that saves, exports, imports and replays a game.

Line 1 is the header ``{"format": "treasure-companion-record", "version": 4, "setup": {...}}``; every further
line is one event (``seq``, ``step``, ``type`` and the event's fields). Loading tells apart three failures, each
reported in one line, never a traceback:

- malformed (exit code 2): not JSON, a torn line, a missing field, a setup that does not validate;
- unsupported (exit code 3): another format, or a version this code does not know;
- diverged (exit code 4): well-formed, but an event the rules do not allow at that point, or a recorded fact the
  replay contradicts; the message names the event's ``seq``.

Bump ``VERSION`` when a rules change would make the same inputs produce a different game, and keep a pinned
record of the old version in the tests. A record replays under the rules of its own version.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable, Mapping, Sequence
from itertools import compress, repeat

from companion.files.oneline import json_escaped, one_line
from companion.files.reading import megabytes
from companion.record.plain_json import fast_lines
from companion.record.strict import (
    MAX_EVENTS,
    MAX_RECORD_BYTES,
    RecordError,
    check_edition,
    check_event,
    check_header,
    check_step,
    load_line,
)
from companion.rules.engine.game import KNOWN_VERSIONS, RULES_VERSION, Diverged, Game
from companion.rules.setup import Setup

FORMAT = "treasure-companion-record"
#: The format version is the rules version (``companion.rules.engine.versions``): 2 since the rules
#: audit, 3 since issue 30 (no "keep or re-roll?" without a re-roll), 4 since the dragon fight follows the
#: rulebook's order (the dice first). An older record still replays, under its own version's rules.
VERSION = RULES_VERSION
SUPPORTED_VERSIONS = KNOWN_VERSIONS


def _line_encoder() -> Callable[[object], str]:
    """One compact JSON encoder for every line, the text exactly ``json.dumps(value, separators=(",", ":"),
    ensure_ascii=False)``.

    Why: ``json.dumps`` with options builds a new encoder at each call (once a line of every record), and even a
    kept ``JSONEncoder`` builds its C encoder again at each ``encode``; so the C encoder is made once, as
    ``JSONEncoder.iterencode`` makes it. Anything it cannot encode goes to the standard encoder, which raises its
    own error; without the C accelerator, the standard encoder does it all."""
    standard = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    sample = {"seq": 1, "a": [1, "\u2028é\n\"", None, True, 1.5, {}], "b": {"c": -2}}
    if make is None:  # no C accelerator
        return standard.encode
    try:
        fast = make(None, standard.default, json.encoder.encode_basestring, None, ":", ",", False, False, True)
        if "".join(fast(sample, 0)) != standard.encode(sample):
            return standard.encode
    except TypeError:  # another signature in another Python
        return standard.encode

    def encode(value: object) -> str:
        try:
            return "".join(fast(value, 0))
        except Exception:  # not JSON (a set, a cycle): the standard encoder says why
            return standard.encode(value)

    return encode


_encode = _line_encoder()

#: What stands between two lines while a record is encoded in one call (:func:`_encode_lines`): a text no game
#: writes (if one does, the count there finds it out), and short, since it is encoded ~400 times a record.
_LINE_MARK = "\x00"
_MARK_BETWEEN = "," + _encode(_LINE_MARK) + ","


#: orjson's writer of plain lines, or None without orjson.
_fast_lines = fast_lines()


def _encode_lines(values: Sequence[Mapping], looked_at: Sequence[Mapping] | None = None) -> str:
    """Every value (a mapping) as its compact JSON line, joined by "\\n": exactly ``"\\n".join(map(_encode,
    values))``.

    orjson writes them when it is installed and the values are plain JSON (``companion.record.plain_json``: a game's
    record always is), faster (``python -m tests.bench.claims`` prints how much); otherwise the standard encoder
    does (:func:`_standard_lines`).
    ``looked_at``: the values whose plainness decides it, all of them unless a caller knows better
    (:func:`game_record`).
    """
    if _fast_lines is not None and (text := _fast_lines(values, looked_at)) is not None:
        return text
    return _standard_lines(values)


def _standard_lines(values: Sequence[Mapping]) -> str:
    """``_encode_lines`` by the standard library's encoder.

    Why: one call for all of them costs fewer instructions than a call for each event.
    So the values are encoded as one list with a mark between each two, and each ``,<mark>,`` becomes a line
    break. The text of a mark cannot straddle a value's edge (a dict's JSON starts at "{" and ends at "}"), so
    when a value holds the mark's text itself the count is off and the lines are encoded one by one."""
    if len(values) < 2 or set(map(type, values)) != {dict}:
        return "\n".join(map(_encode, values))
    items: list[object] = [_LINE_MARK] * (2 * len(values) - 1)
    items[::2] = values
    try:
        text = _encode(items)
    except Exception:  # not JSON: the line-by-line encoder raises the standard error for it
        return "\n".join(map(_encode, values))
    body = text[1:-1]
    if body.count(_MARK_BETWEEN) != len(values) - 1:
        return "\n".join(map(_encode, values))
    return body.replace(_MARK_BETWEEN, "\n")


def dumps(header: Mapping, events: Sequence[Mapping]) -> str:
    """The record as JSON Lines text (one compact line each, keys in a stable order)."""
    # Characters some readers take for the end of a line (str.splitlines: U+0085, U+2028, U+2029) or a terminal
    # for a control (the C1 range) are written as escapes: one event is one line for every reader. They only
    # ever stand inside a JSON string, never touch the "\n" between lines: one pass over the whole text gives
    # the same bytes as one pass a line.
    return json_escaped(_encode_lines([header, *events]) + "\n")


def game_record(game: Game, *, plain_inputs: bool = False) -> str:
    """The game's record: the same text as ``dumps(game.header(), game.events())``, written sooner.

    Why: ``dumps`` looks at every value of a record before orjson may write it (``companion.record.plain_json``),
    work of the order of the writing itself. Of a game the engine made, only the header
    and the input events need that look, as every other event holds only what the engine makes itself (whole
    numbers from its own arithmetic and dice, never a float; texts it writes; lists and dicts it builds), the
    setup's values (the header's) and the values of the game's inputs, which the input events hold as they
    came: the engine logs each input's values as they are, never converted, and passes on the same objects.
    tests/record/test_encoder.py holds it to ``dumps`` for played games and for inputs that are not plain.

    ``plain_inputs``: the caller vouches that every input it gave the game held plain values only (exactly a str,
    an int, a bool, None, a list or a dict: ``companion.sim.bots.Bot``'s inputs do), so only the header is looked
    at. Why: a simulated game has a hundred input events, each looked at again otherwise."""
    header, events = game.header(), game.events()
    if plain_inputs:
        looked_at = [header]
    else:
        looked_at = [header, *compress(events, map(dict.get, events, repeat("input")))]  # the input events, in C
    return json_escaped(_encode_lines([header, *events], looked_at) + "\n")


def parse(text: str) -> tuple[dict, list[dict]]:
    """Split a record into its header and events, checking the form, the limits and the types of every value
    (raises RecordError 2 or 3). Lines end at "\\n" only: a name may hold any other line separator."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(2, f"malformed record: larger than {megabytes(MAX_RECORD_BYTES)}, the limit for a record")
    if text.count("\n") + (not text.endswith("\n")) > MAX_EVENTS + 1:  # the header and one event a line
        raise RecordError(2, f"malformed record: more than {MAX_EVENTS:,} events, the limit for a record")
    header: dict | None = None
    events: list[dict] = []
    expansion, version = True, VERSION
    for number, line in enumerate((ln for ln in text.split("\n") if ln.strip()), start=1):
        value = load_line(line, number)
        if header is None:
            # format and version first: 3 before any 2 below
            expansion = check_header(value, SUPPORTED_VERSIONS, FORMAT).expansion
            header, version = value, value["version"]
        else:
            check_event(value, number)
            check_step(value, number, events[-1]["step"] if events else None)
            check_edition(value, number, expansion, version)
            events.append(value)
    if header is None:
        raise RecordError(2, "malformed record: it is empty")
    return header, events


def _setup(header: Mapping) -> Setup:
    return check_header(header, SUPPORTED_VERSIONS, FORMAT)


def replay(header: Mapping, events: Sequence[Mapping]) -> Game:
    """Rebuild the game by feeding the record's inputs; every recorded fact must come out again."""
    try:
        return Game.from_events(_setup(header), events, version=header.get("version", 1))
    except Diverged as exc:
        raise RecordError(4, one_line(f"diverged at event seq {exc.seq}: {exc}"), exc.seq) from None


def loads(text: str) -> Game:
    """Parse and replay a record."""
    header, events = parse(text)
    return replay(header, events)

