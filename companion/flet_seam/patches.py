"""The patches that make a tap cheaper in Flet 1.0.5's server side, installed together when a page starts.

Each one stands alone and says what it saves (``python -m tests.bench.round_taps`` measures a tap's CPU, and
``--profile FILE`` shows where it goes); each leaves Flet as it is, and says so, when the names it touches moved.
"""

from __future__ import annotations

from companion.flet_seam import diff, events, messages


def install() -> dict[str, bool]:
    """Install every patch (idempotent): which ones took."""
    return {
        "events": events.install(),  # an event's payload type worked out once per kind of control, not per tap
        "diff": diff.install(),  # which fields a class has asked once per class, not at every value
        "messages": messages.install(),  # no message written out as text for a debug log that is off
    }
