"""Checking a replay: a recorded step against the events the rules produce again.

Replay, redo and loading a record all feed recorded inputs back to the engine; ``compare`` holds what comes out
against what was recorded and raises ``Diverged`` at the first event that differs.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

#: How much of a value a divergence message quotes: a record may hold a field of megabytes.
QUOTE = 60


class Diverged(ValueError):
    """A record whose events the rules do not produce. ``seq`` names the first event that differs."""

    def __init__(self, seq: int | None, message: str) -> None:
        super().__init__(message)
        self.seq = seq


def input_of(event: Mapping) -> dict:
    """The input that produced a recorded input event."""
    return {k: v for k, v in event.items() if k not in ("seq", "step", "input")}


def compare(produced: list[dict], recorded: Sequence[Mapping], partial: bool = False, start: int = 0) -> None:
    """Check that ``produced`` matches ``recorded[start:]`` event by event (``partial``: recorded may go on).

    ``start`` instead of a slice: a whole record is replayed step by step without copying what is left of it
    at every step (that copy made replay quadratic in the record's length)."""
    end = len(recorded)
    for i, made in enumerate(produced):
        if start + i >= end:
            raise Diverged(made["seq"], f"the record ends where the rules still produce a {made['type']} event")
        kept = recorded[start + i]
        # Every field counts, the step too: a record's steps are where the rules make them (undo takes one back).
        if made != (kept if type(kept) is dict else dict(kept)):
            raise Diverged(kept.get("seq"), _difference(kept, made))
    if not partial and end - start > len(produced):
        raise Diverged(recorded[start + len(produced)].get("seq"), "an event the rules do not produce here")


def _difference(kept: Mapping, made: Mapping) -> str:
    """The first field where a recorded event and the produced one differ, values cut short (one line)."""
    missing = object()
    for key in sorted(set(kept) | set(made), key=lambda k: (k not in ("type", "color"), str(k))):
        was, now = kept.get(key, missing), made.get(key, missing)
        if was != now:
            return (f"{_quote(made.get('type'))} event, field {_quote(key)}: the record has "
                    f"{'nothing' if was is missing else _quote(was)}, the rules give "
                    f"{'nothing' if now is missing else _quote(now)}")
    return f"{_quote(made.get('type'))} event differs"  # not reached: the events differ in some field


def _quote(value: Any) -> str:
    """A value as JSON on one line (ASCII, so no line separator survives), at most QUOTE characters."""
    if isinstance(value, str) and len(value) > QUOTE:
        text = json.dumps(value[:QUOTE], ensure_ascii=True)
    else:
        text = json.dumps(value, ensure_ascii=True, default=str)
    return text if len(text) <= QUOTE else text[: QUOTE - 3] + "..."
