"""The limits and strict types of a game record, checked before anything is replayed.

A record comes from anywhere (another phone, a hand edit, an attacker), so it is read strictly:
- limits first: at most :data:`MAX_RECORD_BYTES` bytes and :data:`MAX_EVENTS` events (a real game has about a
  thousand), checked before the text is read whole or parsed;
- JSON without NaN or Infinity, nested at most :data:`MAX_DEPTH` levels, every number a whole number that fits
  64 bits (:data:`MAX_INT`);
- no coercion: ``"version": true`` or ``"rounds": "5"`` are refused, not read as 1 and 5;
- every event of a type the record knows (:data:`EVENT_TYPES`);
- every event in an undo step (``step``, a whole number), in the order steps are made: the setup's events are
  step 0; each further event is in the step of the event before it or in the next one (steps never go back,
  never skip a number, and one step's events are consecutive lines); the first event is in step 0, or in step 1
  for a game whose setup makes no event (no automa to shuffle for). Where the steps fall is then the replay's
  to check: a step the rules make of other events than the record's diverges (exit 4), as any other field;
- a ``game_end``'s scores between 0 and :data:`MAX_SCORE`, and its score sheet valid like one the score
  sheet tool reads;
- in a base game of rules version 3 or later, no input holding the expansion's things (mana, a spell, an
  expansion space or tile, the golem: ``companion.rules.editions``, the check the engine makes too).
Every refusal is a :class:`RecordError` with code 2 and one line naming the line and the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from companion.files.oneline import cut, one_line
from companion.rules.editions import expansion_parts, refusal
from companion.rules.engine.inputs import RECORDED_TYPES, GameEnd
from companion.rules.scoring import ScoreSheet, sheet_error
from companion.rules.setup import Setup

#: Largest record read (bytes); a whole game is about 50 kB, 100,000 correction steps about 9 MB.
MAX_RECORD_BYTES = 20_000_000
#: Most events in one record (a real game has about a thousand).
MAX_EVENTS = 200_000
#: Deepest nesting of objects and lists (a record needs about 6 levels).
MAX_DEPTH = 32
#: Every whole number in a record fits a signed 64-bit integer (the seed needs 63 bits).
MAX_INT = 2**63 - 1
#: Every event type a record may hold (README, "The game record"): the facts the rules record, and the input
#: events of the input types (``companion.rules.engine.inputs``). Another type is a malformed record, not a game
#: that diverges from the rules.
EVENT_TYPES = RECORDED_TYPES | {
    "automa_shuffle", "roll", "roll_kept", "attack_called_off", "turn_order", "round_start", "round_end", "place",
    "automa_draw", "sit_out", "gain", "loss", "table_keeps", "score", "special_tile", "spell", "dragon", "axes",
    "attack",
}
#: Highest final score a game_end may carry: a score sheet with every count at its maximum (999) stays below.
MAX_SCORE = 99_999


class RecordError(Exception):
    """A record that cannot be loaded. ``code``: 2 malformed, 3 unsupported, 4 diverged."""

    def __init__(self, code: int, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.seq = seq


def malformed(where: str, what: str) -> RecordError:
    return RecordError(2, f"malformed record: {where}: {one_line(what)}")


class _Header(BaseModel):
    model_config = ConfigDict(strict=True)

    version: StrictInt
    setup: dict[str, Any]


class _EventHead(BaseModel):
    model_config = ConfigDict(strict=True)

    seq: StrictInt = Field(ge=1)
    step: StrictInt = Field(ge=0)
    type: StrictStr = Field(min_length=1, max_length=40)
    input: StrictBool = False


Score = Annotated[StrictInt, Field(ge=0, le=MAX_SCORE)]


class _GameEnd(BaseModel):
    model_config = ConfigDict(strict=True)

    scores: dict[StrictStr, Score]


def _field(exc: ValidationError, prefix: str = "") -> str:
    """``path: what is wrong`` for the first problem of a validation error, on one line."""
    err = exc.errors()[0]
    path = ".".join(str(p) for p in err["loc"])
    path = f"{prefix}.{path}" if prefix and path else prefix or path
    got = err.get("input")
    shown = "" if err["type"] == "missing" or isinstance(got, (dict, list)) else f" (got {cut(json.dumps(got))})"
    return one_line(f"{path}: {err['msg']}{shown}")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record may hold")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: ``{"version": 2, "version": 1}`` was read as version 1, silently
    (JSON leaves duplicates undefined; each parser keeps a different one)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {cut(json.dumps(twice))} is given twice in one object")
    return value


def load_line(line: str, number: int) -> dict:
    """One line of the record as a JSON object, its values checked (raises RecordError 2)."""
    where = f"line {number}"
    try:
        value = json.loads(line, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise RecordError(2, f"malformed record: {where} is not JSON ({exc.msg})") from None
    except RecursionError:
        raise malformed(where, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        text = str(exc)
        if "digits" in text:
            text = "a number longer than this app reads (4,300 digits)"
        raise malformed(where, one_line(text)) from None
    if not isinstance(value, dict):
        raise RecordError(2, f"malformed record: {where} is not a JSON object")
    _check_values(value, where)
    if _SURROGATE_ESCAPE.search(line):  # rare: only then are the texts looked at
        _check_texts(value, where)
    return value


# UTF-8 text cannot hold a surrogate, but a JSON escape can ("\ud800"); paired ones make one character, a lone
# one is no character at all, and would fail later with a parser's puzzling message.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_texts(root: dict, where: str) -> None:
    """Refuse a text (or a key) holding a lone surrogate, naming where it is."""
    stack: list[tuple[Any, tuple | None]] = [(root, None)]
    while stack:
        value, at = stack.pop()
        if type(value) is str and (lone := _SURROGATE.search(value)):
            raise malformed(where, f"{_spelled(at)}: an invalid character (a lone surrogate, "
                                   f"{lone.group().encode('unicode_escape').decode()})")
        if type(value) is dict:
            for k, v in value.items():
                if _SURROGATE.search(k):
                    raise malformed(where, f"{_spelled((at, ascii(k)[1:-1]))}: a key holds an invalid character "
                                           "(a lone surrogate)")
                stack.append((v, (at, k)))
        elif type(value) is list:
            stack.extend((v, (at, i)) for i, v in enumerate(value))


def _check_values(root: dict, where: str) -> None:
    """Whole numbers of 64 bits only, nesting at most MAX_DEPTH (iterative: a deep value cannot overflow).

    Texts, booleans and nulls are skipped at once, and a value's path is spelled out only for the message:
    this runs for every event of a record of up to 200,000."""
    stack: list[tuple[Any, tuple | None, int]] = [(root, None, 1)]
    while stack:
        value, at, depth = stack.pop()
        if type(value) is dict or type(value) is list:
            if depth > MAX_DEPTH:
                raise malformed(where, f"nested deeper than {MAX_DEPTH} levels")
            items = value.items() if type(value) is dict else enumerate(value)
            stack.extend((v, (at, k), depth + 1) for k, v in items if type(v) not in _PLAIN)
        elif type(value) is float:
            raise malformed(where, f"{_spelled(at)}: {cut(repr(value))} is not a whole number")
        elif type(value) is int and not -MAX_INT - 1 <= value <= MAX_INT:
            raise malformed(where, f"{_spelled(at)}: {cut(str(value), 40)} is out of range (64-bit whole numbers)")


_PLAIN = (str, bool, type(None))


def _spelled(at: tuple | None) -> str:
    """``(((None, "sheet"), "players"), 0)`` as ``sheet.players.0``."""
    parts = []
    while at is not None:
        at, key = at
        parts.append(str(key))
    return cut(".".join(reversed(parts)))


def check_header(header: Mapping, supported: tuple[int, ...], fmt: str) -> Setup:
    """The header's format and version (3 when missing or another), then its setup, strictly (2)."""
    if header.get("format") != fmt:
        raise RecordError(3, f"unsupported record: format is {cut(repr(header.get('format')))}, expected {fmt!r}")
    if "version" not in header:
        raise RecordError(3, "unsupported record: it has no version")
    try:
        head = _Header.model_validate(header)
    except ValidationError as exc:
        raise malformed("line 1", _field(exc)) from None
    if head.version not in supported:
        raise RecordError(3, f"unsupported record: version {cut(str(head.version), 40)} (this app reads "
                             f"{', '.join(map(str, supported))})")
    try:
        # JSON mode: strict about types (no "5" for 5, no true for 1) while lists stay lists.
        return Setup.model_validate_json(json.dumps(head.setup), strict=True)
    except ValidationError as exc:
        raise RecordError(2, f"malformed record: {_field(exc, 'setup')}") from None


def check_step(event: Mapping, number: int, previous: int | None) -> None:
    """An event's step against the step of the event before it (``None``: it is the first event); see the
    module's docstring for the rule."""
    step = event["step"]
    where = f"line {number}"
    if previous is None:
        if step > 1:
            raise malformed(where, f"step: the first event is in step {step}; steps start at 0, the setup's")
    elif step < previous:
        raise malformed(where, f"step: {step} after step {previous}; steps never go back")
    elif step > previous + 1:
        raise malformed(where, f"step: {step} after step {previous}; steps count up by one")


def check_event(event: Mapping, number: int) -> None:
    """An event's seq, step, type and input flag (strict types), and a game_end's scores and sheet."""
    where = f"line {number}"
    for key in ("seq", "type"):
        if key not in event:
            raise RecordError(2, f"malformed record: {where} has no '{key}'")
    head = {k: event[k] for k in ("seq", "step", "type", "input") if k in event}
    try:
        _EventHead.model_validate(head)
    except ValidationError as exc:
        raise malformed(where, _field(exc)) from None
    if event["seq"] != number - 1:
        raise RecordError(2, f"malformed record: {where} has seq {event['seq']}, expected {number - 1}")
    if event["type"] not in EVENT_TYPES:
        raise malformed(where, f"type: {cut(json.dumps(event['type']))} is not an event type of the record")
    if event["type"] == GameEnd.TYPE:
        try:
            _GameEnd.model_validate({"scores": event.get("scores")})
        except ValidationError as exc:
            raise malformed(where, _field(exc)) from None
        if event.get("sheet") is not None:
            try:
                ScoreSheet.model_validate(event["sheet"], strict=True)
            except ValidationError as exc:
                raise malformed(where, f"sheet.{sheet_error(exc)}") from None


#: The first rules version whose base game refuses every input holding the expansion's things
#: (``companion.rules.engine.versions``); an older record is held to the checks of its own version at replay.
EDITION_CHECKED_FROM = 3


def check_edition(event: Mapping, number: int, expansion: bool, version: int) -> None:
    """A base game's input holds nothing of the expansion (version 3 on); facts are the replay's to check (an
    automa's card may name an expansion space it skipped)."""
    if expansion or version < EDITION_CHECKED_FROM or event.get("input") is not True:
        return
    parts = expansion_parts({k: v for k, v in event.items() if k not in ("seq", "step", "type", "input")})
    if parts:
        raise malformed(f"line {number}", refusal(parts))
