"""A record's lines written by orjson, when it is installed and writes them byte for byte as ``json.dumps`` does.

Why: writing a simulated game's record with the standard library's encoder costs of the order of playing the game
(aim: 300 games a second with records); orjson writes the same ~400 lines faster (``python -m tests.bench.claims``
prints how much). But orjson does not write every value as ``json.dumps(value, separators=(",", ":"),
ensure_ascii=False)`` does: a float's exponent (``1e16`` against ``1e+16``), NaN (``null`` against ``NaN``), an
enum, a dataclass, a subclass of dict, an int key. So it writes only values that are *plain*: every value inside
them exactly a str, an int, a bool, None, a dict with str keys or a list (what a game's record holds: a record may
hold no float, ``record_check``), nested at most :data:`MAX_LEVELS` deep. Over those types the two write the same
text: every character of a string is escaped the same way (tests/record/test_encoder.py checks every code point), an
int the same digits. What orjson still refuses there (an int outside 64 bits, a lone surrogate) raises its
TypeError, and the caller falls back to the standard encoder, which writes or refuses it as it always did.

orjson is optional (``pip install .[fast]``): without it every record is written by the standard encoder.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

orjson: ModuleType | None
try:
    import orjson
except ImportError:  # pragma: no cover - the standard encoder writes every record then
    orjson = None

#: Deepest nesting looked at (a record needs about 6 levels); deeper, or a cycle, goes to the standard encoder.
MAX_LEVELS = 64
_NONE = type(None)


def is_plain(values: list[dict]) -> bool:
    """Whether ``values`` are dicts and every value inside them is exactly (no subclass) a str, an int, a bool,
    None, a dict or a list, nested at most :data:`MAX_LEVELS` levels. Dict keys are not looked at: orjson itself
    refuses a key that is not exactly a str (a str subclass too), and the caller falls back then.

    One plain loop a level: measured against ``set(map(type, ...))`` and ``compress`` pipelines, it costs less
    (Python 3.11 specialises the ``type(x) is ...`` tests)."""
    if set(map(type, values)) - {dict}:
        return False
    level: list = values
    for _ in range(MAX_LEVELS):
        nested = []
        for container in level:
            for x in container.values() if type(container) is dict else container:
                kind = type(x)
                if kind is str or kind is int or kind is bool or kind is _NONE:
                    continue
                if kind is dict or kind is list:
                    nested.append(x)
                else:
                    return False
        if not nested:
            return True
        level = nested
    return False


def fast_lines() -> Callable[..., str | None] | None:
    """A function that writes a list of dicts as their compact JSON lines joined by "\\n" (None when a value is
    not plain or orjson refuses it: the caller encodes those), or None when orjson is not installed.

    ``lines(values, looked_at)``: ``looked_at`` are the values whose plainness is checked, ``values`` themselves
    by default; a caller passes fewer only when it knows the others are plain whenever those are
    (``record.game_record``)."""
    if orjson is None:
        return None
    dumps = orjson.dumps

    def lines(values: list, looked_at: list | None = None) -> str | None:
        if not is_plain(values if looked_at is None else looked_at):
            return None
        try:
            return b"\n".join(map(dumps, values)).decode("utf-8")
        except TypeError:  # orjson.JSONEncodeError: an int beyond 64 bits, a lone surrogate
            return None

    return lines
