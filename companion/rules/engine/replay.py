"""Checking a replay: a recorded step against the events the rules produce again.

Replay, redo and loading a record all feed recorded inputs back to the engine; ``compare`` holds what comes out
against what was recorded and raises ``Diverged`` at the first event that differs. Whatever stops a game from
being rebuilt is a :class:`ReplayProblem`: a code and its fields, which ``companion.rules.words.replay`` words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from companion.rules.engine.refusals import IllegalInput
from companion.rules.names import ReplayProblemCode
from companion.rules.setup import Setup
from companion.rules.words.replay import replay_line


class ReplayProblem(ValueError):
    """Why the rules cannot rebuild a game: ``code`` what (``ReplayProblemCode``), ``fields`` its values.
    ``str()`` is the record's one-line detail (``companion.rules.words.replay``); a screen says it in fewer
    words (``replay_said``)."""

    def __init__(self, code: ReplayProblemCode, **fields: Any) -> None:
        super().__init__(code, fields)
        self.code: ReplayProblemCode = code
        self.fields: dict[str, Any] = fields

    def __str__(self) -> str:
        return replay_line(self.code, self.fields)


class Diverged(ReplayProblem):
    """A record whose events the rules do not produce. ``seq`` names the first event that differs (also a field,
    with the event's ``type``)."""

    def __init__(self, code: ReplayProblemCode, seq: int | None, **fields: Any) -> None:
        super().__init__(code, seq=seq, **fields)
        self.seq = seq


def refused(event: Mapping, exc: IllegalInput) -> Diverged:
    """A recorded input the rules refuse now."""
    return Diverged("refused", event.get("seq"), type=event.get("type"), refusal=exc.code, refusal_fields=exc.fields)


def saved_setup(header: Mapping) -> Setup:
    """The setup a saved game's header holds; a :class:`ReplayProblem` (``bad_setup``) naming the field and what
    the setup's checks say when it is not one this app plays (an older or a damaged save)."""
    try:
        return Setup.model_validate(header["setup"])
    except KeyError:
        raise ReplayProblem("bad_setup", field="setup", detail="missing") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        raise ReplayProblem("bad_setup", field=field, detail=first["msg"].removeprefix("Value error, ")) from None


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
            raise Diverged("ends_early", made["seq"], type=made["type"])
        kept = recorded[start + i]
        # Every field counts, the step too: a record's steps are where the rules make them (undo takes one back).
        if made != (kept if type(kept) is dict else dict(kept)):
            raise _difference(kept, made)
    if not partial and end - start > len(produced):
        raise Diverged("extra_event", recorded[start + len(produced)].get("seq"))


def _difference(kept: Mapping, made: Mapping) -> Diverged:
    """The first field where a recorded event and the produced one differ (a value absent from one is left out
    of the fields)."""
    for key in sorted(set(kept) | set(made), key=lambda k: (k not in ("type", "color"), str(k))):
        if key not in kept or key not in made or kept[key] != made[key]:
            values = {name: e[key] for name, e in (("recorded", kept), ("given", made)) if key in e}
            return Diverged("differs", kept.get("seq"), type=made.get("type"), field=key, **values)
    raise AssertionError("the events differ in some field")  # not reached: compare found them different
