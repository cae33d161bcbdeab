"""The event log as table rows: one step's events checked (whole numbers for ``seq`` and ``step``, contiguous,
JSON that loads back unchanged) and turned into ``(seq, step, type, body)`` rows, and a game's events grouped
into its steps and checked in order.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from companion.store.errors import StoreError


def to_json(value: Any, what: str) -> str:
    """JSON text that loads back equal to ``value``, or ValueError (tuples, int keys, NaN would not)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{what} is not JSON: {e}") from None
    if json.loads(text) != value:
        raise ValueError(f"{what} would not load back unchanged as JSON (tuples or non-string keys?)")
    return text


def object_of(text: Any, what: str) -> dict[str, Any]:
    """The JSON object a row holds; a StoreError naming ``what`` ("game 3's setup") when it is not one.

    The app writes only objects, but the file is the user's: a row edited by hand or by another program must
    stop a read with one line, not a parser's traceback."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        raise StoreError(f"the saved games are damaged: {what} cannot be read")
    return value


def time_of(text: Any, what: str) -> datetime:
    """The ISO 8601 time a row holds (UTC when it names no zone); a StoreError naming ``what`` when it is not
    one (see :func:`object_of`)."""
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise StoreError(f"the saved games are damaged: {what} cannot be read") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # the app writes UTC; compared with the others


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def rows_of_step(events: list[dict[str, Any]]) -> list[tuple[int, int, str, str]]:
    """Validate one step's events and return (seq, step, type, body) rows."""
    if not events:
        raise ValueError("a step needs at least one event")
    rows = []
    for i, e in enumerate(events):
        if not isinstance(e, dict) or not is_int(e.get("seq")) or not is_int(e.get("step")):
            raise ValueError(f"event {i} of the step needs integer 'seq' and 'step'")
        if not isinstance(e.get("type"), str):
            raise ValueError(f"event seq {e['seq']} needs a string 'type'")
        rows.append((e["seq"], e["step"], e["type"], to_json(e, f"event seq {e['seq']}")))
    if len({r[1] for r in rows}) != 1:
        raise ValueError("all events of a step must share its step number")
    if [r[0] for r in rows] != list(range(rows[0][0], rows[0][0] + len(rows))):
        raise ValueError("the events of a step must have contiguous seq numbers")
    if rows[0][1] < 0 or rows[0][0] < 1:
        raise ValueError("step numbers start at 0 and seq numbers at 1")
    return rows


def group_steps(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    steps: list[list[dict[str, Any]]] = []
    for e in events:
        if steps and isinstance(e, dict) and steps[-1][0].get("step") == e.get("step"):
            steps[-1].append(e)
        else:
            steps.append([e])
    return steps


def rows_of_game(events: list[dict[str, Any]]) -> tuple[list[tuple[int, int, str, str]], int]:
    """A new game's events from step 0 on as rows, and its count of steps (at least 1: step 0 always exists).

    Steps must come in order and seq numbers run on from one step to the next; a step number skipped between
    two others is an empty step.
    """
    rows = []
    step, seq = -1, 0
    for step_events in group_steps(events):
        step_rows = rows_of_step(step_events)
        if step_rows[0][1] <= step:
            raise ValueError(f"events: step {step_rows[0][1]} comes after step {step}")
        if step_rows[0][0] != seq + 1:
            raise ValueError(f"events: seq {step_rows[0][0]} where seq {seq + 1} was expected")
        step, seq = step_rows[0][1], step_rows[-1][0]
        rows.extend(step_rows)
    return rows, max(step + 1, 1)
