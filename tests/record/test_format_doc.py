"""The record's documentation (companion/record/README.md) lists exactly the event types the strict checker knows
and the engine makes."""

import re
from pathlib import Path

from companion.record.strict import EVENT_TYPES
from companion.rules.engine.inputs import RECORDED_TYPES

REPO = Path(__file__).resolve().parents[2]


def listed_types() -> set[str]:
    doc = (REPO / "companion" / "record" / "README.md").read_text(encoding="utf-8")
    table = doc[doc.index("| type | fields | when |"):doc.index("Bump the version")]
    rows = [row for row in table.splitlines()[2:] if row.startswith("|")]
    return {name for row in rows for name in re.findall(r"`([a-z_]+)`", row.split("|")[1])}


def engine_types() -> set[str]:
    """Every event type the rules make: a fact written in their code (``emit("type", ...)`` or an event written
    out whole, ``"type": "roll"``), or the input event of an input type (``engine.inputs``: every type but a plain
    "go on")."""
    code = "".join(p.read_text(encoding="utf-8") for p in (REPO / "companion" / "rules").rglob("*.py"))
    made = set(re.findall(r'\bemit\(\s*"([a-z_]+)"', code)) | set(re.findall(r'"type": "([a-z_]+)"', code))
    return made - {"proceed"} | RECORDED_TYPES  # proceed: an input that is no event


def test_the_documented_event_types_are_the_checker_s():
    assert listed_types() == EVENT_TYPES


def test_every_event_type_the_engine_makes_is_documented_and_known():
    assert engine_types() == EVENT_TYPES
