"""Checking a replay: a recorded step against the events the rules produce again.

Replay, redo and loading a record all feed recorded inputs back to the engine; ``compare`` holds what comes out
against what was recorded and raises ``Diverged`` at the first event that differs.
"""

from __future__ import annotations

from collections.abc import Mapping


class Diverged(ValueError):
    """A record whose events the rules do not produce. ``seq`` names the first event that differs."""

    def __init__(self, seq: int | None, message: str) -> None:
        super().__init__(message)
        self.seq = seq


def input_of(event: Mapping) -> dict:
    """The input that produced a recorded input event."""
    return {k: v for k, v in event.items() if k not in ("seq", "step", "input")}


def _comparable(event: Mapping) -> dict:
    return {k: v for k, v in event.items() if k != "step"}


def compare(produced: list[dict], recorded: list[Mapping], partial: bool = False) -> None:
    """Check that ``produced`` matches ``recorded`` event by event (``partial``: recorded may go on)."""
    for i, made in enumerate(produced):
        if i >= len(recorded):
            raise Diverged(made["seq"], f"the record ends where the rules still produce a {made['type']} event")
        if _comparable(made) != _comparable(recorded[i]):
            seq = recorded[i].get("seq")
            raise Diverged(seq, f"the record has {_comparable(recorded[i])}, the rules give {_comparable(made)}")
    if not partial and len(recorded) > len(produced):
        raise Diverged(recorded[len(produced)].get("seq"), "an event the rules do not produce here")
