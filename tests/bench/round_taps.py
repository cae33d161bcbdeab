"""Server CPU of the round screen's taps, in process: no browser, no socket, the same taps as the browser bench.

    python -m tests.bench.round_taps [--seed N] [--taps N] [--parts] [--profile FILE]

A real Flet ``Session`` runs the app (``companion.ui.shell.app.main``) on a fake connection that msgpack-encodes every
message as Flet's web connection does (the encoding also takes Flet's snapshots for the next diff), so a tap
costs what it costs in the server: the handler, Flet's diff of what it updated and the encoding. The game is
started in the store, the page opens at /round, and each tap is dispatched as the page sends it
(``Session.dispatch_event`` on the control the browser bench would tap, ``tests/bench/browser.py``). Prints one
JSON line: CPU per tap (``time.process_time``: this process's CPU, not the wall clock of a shared machine),
median and p95, bytes sent, cores, load average. ``--parts`` adds the CPU of each kind of tap and of each
updated control kind; ``--profile`` writes a cProfile of the taps. Timings are reported, never asserted.
Touches Flet 1.0.5's session internals (``Session``, ``Connection``): a tool to find where a tap's time goes,
beside the browser bench that measures it end to end.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from types import SimpleNamespace

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.flet_seam.messages import TRANSPORT_LOG
from companion.rules.setup import Setup
from companion.store import Store
from companion.ui.shell import app, game_access
from companion.ui.shell.context import AppContext

ENCODE = configure_encode_object_for_msgpack(BaseControl)
#: The answer the browser bench gives to each banner (tests/bench/browser.py): a banner's words, then the tapped
#: control's text or label.
ANSWERS = [
    ("automa places", r"Draw a card and place"),
    ("your move", r": empty, free"),
    ("rolls for the dragon", r"Roll the app's die"),
    ("keep it or re-roll", r"^Keep it"),
    ("is over", r"Start round"),
    ("how many", r" 1( \(as last time\))?$"),
    ("which tile", r"Sapphire tile with 3 gems"),
    ("which spell", r"^Charm"),
    ("choose the colours", r"^(Ruby|Emerald|Sapphire|Diamond|Mana)( and \w+)?"),
]


class EncodingConnection(Connection):
    """Logs and encodes what the session sends, as Flet's web connection does, and counts the bytes."""

    def __init__(self) -> None:
        super().__init__()
        self.sent = 0

    def send_message(self, message) -> None:
        # Flet's web connection (flet_web.fastapi.flet_app.FletApp.send_message) builds this debug line for every
        # message, whether or not its logger prints it: companion/flet_seam/messages.py makes that cheap.
        TRANSPORT_LOG.debug(f"send_message: {message}")
        self.sent += len(msgpack.packb([message.action, message.body], default=ENCODE))


def _controls(control, visible_only: bool = False) -> Iterator:
    """``control`` and the controls under it (with ``visible_only``, not those under a hidden one)."""
    if visible_only and not getattr(control, "visible", True):
        return
    yield control
    for name in ("controls", "content", "actions", "title", "leading", "appbar"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child]:
            if isinstance(c, BaseControl):
                yield from _controls(c, visible_only)


def _words(control) -> str:
    texts = []
    for c in _controls(control):
        for name in ("value", "label", "semantics_label", "content"):
            value = getattr(c, name, None)
            if isinstance(value, str):
                texts.append(value)
    return " | ".join(texts)


def _banner(page: ft.Page) -> str:
    for c in _controls(page.views[-1]):
        if isinstance(c, ft.Semantics) and isinstance(c.label, str) and c.label.startswith("Next: "):
            return c.label
    return ""


def _tappable(page: ft.Page, pattern: str):
    """The first visible control of the top view with a click (or select) handler whose words match."""
    found = re.compile(pattern)
    for c in _controls(page.views[-1], visible_only=True):
        for event in ("click", "select"):
            if getattr(c, f"on_{event}", None) is not None and found.search(_words(c)):
                return c, event
    raise LookupError(f"nothing to tap for {pattern!r}")


async def play(seed: int, taps: int, profile: cProfile.Profile | None, parts: dict | None) -> dict:
    data = tempfile.mkdtemp()
    conn = EncodingConnection()
    conn.pubsubhub = PubSubHub()
    conn.loop = asyncio.get_running_loop()
    session = Session(conn)
    page = session.page
    starter = AppContext.load(SimpleNamespace(route="/"), data)  # starts the game as New game does
    with Store.open(data) as store:
        starter.state.store = store
        game_access.start(starter, Setup.solo(seed=seed))
    session.apply_page_patch({"route": "/round", "width": 1280.0, "height": 800.0})  # as the bench's page
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the register response (takes the snapshots)
    app.main(page, data)
    await session.after_event(page)
    if parts is not None:
        _count_updates(parts)

    async def tap(pattern: str) -> None:
        control, event = _tappable(page, pattern)
        await session.dispatch_event(control._i, event, True if event == "select" else None)

    await tap(r"Roll for the starting order")  # builds the round: not a sample
    cpu, sent, kinds = [], [], []
    while len(cpu) < taps:
        banner = _banner(page)
        pattern = next((p for words, p in ANSWERS if words in banner), None)
        if pattern is None:
            print(f"stopping at: {banner[:80]!r}", file=sys.stderr)
            break  # a dragon attack: enough samples of the common taps
        # Found before the clock starts: the browser bench's probe (companion/flet_seam/probe.py) times the dispatch.
        control, event = _tappable(page, pattern)
        bytes0, cpu0 = conn.sent, time.process_time()
        if profile:
            profile.enable()
        await session.dispatch_event(control._i, event, True if event == "select" else None)
        if profile:
            profile.disable()
        cpu.append(time.process_time() - cpu0)
        sent.append(conn.sent - bytes0)
        kinds.append(next(words for words, p in ANSWERS if p == pattern))
    return {"cpu": cpu, "sent": sent, "kinds": kinds}


def _count_updates(parts: dict) -> None:
    """Record the CPU of each ``Session.patch_control`` (one control's update) by the control's kind."""
    patch = Session.patch_control

    def timed(self, control, *args, **kwargs):
        t = time.process_time()
        try:
            return patch(self, control, *args, **kwargs)
        finally:
            parts.setdefault(type(control).__name__, []).append(time.process_time() - t)

    Session.patch_control = timed


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.round_taps", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--parts", action="store_true", help="CPU by kind of tap and by kind of updated control")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the taps to FILE")
    args = parser.parse_args(argv)
    profile = cProfile.Profile() if args.profile else None
    parts: dict | None = {} if args.parts else None
    load = os.getloadavg()[0]
    run = asyncio.run(play(args.seed, args.taps, profile, parts))
    cpu, sent = run["cpu"], run["sent"]
    if not cpu:
        print("no taps", file=sys.stderr)
        return 1
    print(json.dumps({
        "name": "round screen tap, in process: server CPU per tap (handler, diff, encoding)",
        "cores": os.cpu_count(), "samples": len(cpu), "unit": "ms", "seed": args.seed,
        "median": round(statistics.median(cpu) * 1000, 3), "p95": round(_p95(cpu) * 1000, 3),
        "bytes_sent_median": sorted(sent)[len(sent) // 2], "bytes_sent_max": max(sent),
        "load_average": round(load, 2),
    }))
    if parts is not None:
        for kind in dict.fromkeys(run["kinds"]):
            mine = [c for c, k in zip(cpu, run["kinds"], strict=True) if k == kind]
            print(f"  tap {kind!r}: {len(mine)} taps, median {statistics.median(mine) * 1000:.2f} ms")
        for kind, times in sorted(parts.items(), key=lambda kv: -sum(kv[1])):
            print(f"  updates of {kind}: {len(times)}, {sum(times) * 1000 / len(cpu):.2f} ms a tap")
    if profile:
        profile.dump_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
