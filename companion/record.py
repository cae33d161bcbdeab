"""The game record: the public JSON Lines format that saves, exports, imports and replays a game.

Line 1 is the header ``{"format": "treasure-companion-record", "version": 1, "setup": {...}}``; every further
line is one event (``seq``, ``step``, ``type`` and the event's fields). Loading tells apart three failures, each
reported in one line, never a traceback:

- malformed (exit code 2): not JSON, a torn line, a missing field, a setup that does not validate;
- unsupported (exit code 3): another format, or a version this code does not know;
- diverged (exit code 4): well-formed, but an event the rules do not allow at that point, or a recorded fact the
  replay contradicts; the message names the event's ``seq``.

Bump ``VERSION`` when a rules change would make the same inputs produce a different game, and keep a pinned
record of the old version in the tests.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from pydantic import ValidationError

from companion.rules.game import Diverged, Game
from companion.rules.setup import Setup

FORMAT = "treasure-companion-record"
VERSION = 1
SUPPORTED_VERSIONS = (1,)


class RecordError(Exception):
    """A record that cannot be loaded. ``code``: 2 malformed, 3 unsupported, 4 diverged."""

    def __init__(self, code: int, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.seq = seq


def dumps(header: Mapping, events: list[Mapping]) -> str:
    """The record as JSON Lines text (one compact line each, keys in a stable order)."""
    lines = [json.dumps(header, separators=(",", ":"), ensure_ascii=False)]
    lines += [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in events]
    return "\n".join(lines) + "\n"


def game_record(game: Game) -> str:
    return dumps(game.header(), game.events())


def parse(text: str) -> tuple[dict, list[dict]]:
    """Split a record into its header and events, checking the form only (raises RecordError 2 or 3)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RecordError(2, "malformed record: it is empty")
    parsed = []
    for number, line in enumerate(lines, start=1):
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(2, f"malformed record: line {number} is not JSON ({exc.msg})") from None
        if not isinstance(value, dict):
            raise RecordError(2, f"malformed record: line {number} is not a JSON object")
        parsed.append(value)
    header, events = parsed[0], parsed[1:]
    if header.get("format") != FORMAT:
        raise RecordError(3, f"unsupported record: format is {header.get('format')!r}, expected {FORMAT!r}")
    if header.get("version") not in SUPPORTED_VERSIONS:
        raise RecordError(3, f"unsupported record: version {header.get('version')!r} (this app reads "
                             f"{', '.join(map(str, SUPPORTED_VERSIONS))})")
    if "setup" not in header:
        raise RecordError(2, "malformed record: line 1 has no setup")
    for number, event in enumerate(events, start=2):
        for key in ("seq", "type"):
            if key not in event:
                raise RecordError(2, f"malformed record: line {number} has no '{key}'")
        if event["seq"] != number - 1:
            raise RecordError(2, f"malformed record: line {number} has seq {event['seq']}, expected {number - 1}")
    return header, events


def _setup(header: Mapping) -> Setup:
    try:
        return Setup.model_validate(header["setup"])
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "setup"
        raise RecordError(2, f"malformed record: setup.{where}: {err['msg']}") from None


def replay(header: Mapping, events: list[Mapping]) -> Game:
    """Rebuild the game by feeding the record's inputs; every recorded fact must come out again."""
    try:
        return Game.from_events(_setup(header), events)
    except Diverged as exc:
        raise RecordError(4, f"diverged at event seq {exc.seq}: {exc}", exc.seq) from None


def loads(text: str) -> Game:
    """Parse and replay a record."""
    header, events = parse(text)
    return replay(header, events)

