"""Server cost of each handled event, for the browser benchmark (``tests/bench/browser.py``); off unless asked.

With ``TREASURE_COMPANION_PROBE=FILE`` in the environment, every event a page sends (a tap, a change) appends one
JSON line to FILE: the event's name, the server's CPU time (``time.process_time``) and wall time spent handling
it, and the bytes sent to the page meanwhile. Handling covers the handler, Flet's diff of what it updated and
the msgpack encoding of the patch: Flet 1.0.5 does all three inside ``Session.dispatch_event`` (the socket
write happens later, in the connection's send loop, and is not counted). Without the variable nothing is
patched and nothing costs anything.

Touches Flet 1.0.5's private names: ``flet.messaging.session.Session.dispatch_event`` (wrapped) and the ``msgpack``
module as ``flet_web.fastapi.flet_app`` holds it (replaced by a counting stand-in). On a Flet upgrade:
``python -m tests.bench.bench --browser`` still reports a CPU time and bytes for each tap.
"""

from __future__ import annotations

import json
import os
import time

ENV = "TREASURE_COMPANION_PROBE"


class _CountingPack:
    """Stands in for the ``msgpack`` module inside Flet's web connection, counting the bytes it encodes."""

    def __init__(self, real) -> None:
        self._real = real
        self.sent = 0

    def packb(self, *args, **kwargs):
        body = self._real.packb(*args, **kwargs)
        self.sent += len(body)
        return body

    def __getattr__(self, name):
        return getattr(self._real, name)


def install_from_env() -> bool:
    """Wrap Flet's event dispatch when ``TREASURE_COMPANION_PROBE`` names a file; True when installed."""
    path = os.environ.get(ENV)
    if not path:
        return False
    from flet.messaging.session import Session
    from flet_web.fastapi import flet_app

    counter = _CountingPack(flet_app.msgpack)
    flet_app.msgpack = counter
    dispatch = Session.dispatch_event

    async def probed(self, control_id, event_name, event_data):
        sent, cpu, wall = counter.sent, time.process_time(), time.perf_counter()
        try:
            return await dispatch(self, control_id, event_name, event_data)
        finally:
            line = {
                "event": event_name,
                "cpu_ms": round((time.process_time() - cpu) * 1000, 3),
                "wall_ms": round((time.perf_counter() - wall) * 1000, 3),
                "bytes": counter.sent - sent,
            }
            with open(path, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")

    Session.dispatch_event = probed  # type: ignore[method-assign]  # wrapping Flet's dispatch is the probe
    return True
