"""The phone site against the served app, both measured as a phone in one run (a benchmark, not a test).

``python -m tests.bench.phone [--quick] [--runs N] [--only start|taps] [--no-throttle] [--site DIR ...]`` builds
the site (``treasure-companion publish``, from the cache folder after the first time; ``--site``: sites built
before instead, each measured in turn, to compare builds), serves it as plain files on 127.0.0.1 and prints
JSON lines:

- its size: every file, and as a host sends it compressed (gzip where that makes a file smaller: the wasm,
  scripts and the standard library; pictures, fonts and the already gzipped app archive go as they are);
- start: a new browser profile opening the site until the home screen's "New game" can be tapped (Pyodide's
  start, the app's imports and the first screen); then, once the service worker has kept every file and the
  page its Python runtime's snapshot, cached starts: the browser closed and opened again on the same profile.
  The served app (``python -m companion`` web mode, its server already running as at the table) the same way: a
  first load with an empty cache and reloads with a warm one;
- a round-screen tap's in-page latency (pointerdown to the banner's new text, ``tests/bench/browser.py``'s
  recorder) on the same seeded game in both, median and max;
- the ratios (phone site over served app) of the cached start and of the tap's median, beside their aims: a
  cached start within 2x, a tap's median within 1.5x. Printed, never asserted.

Every page is a phone (``PROFILE``): 390x844 at a device scale factor of 3, touch, and Chromium's CPU throttled
4x (CDP ``Emulation.setCPUThrottlingRate``) from before the page loads. Chromium throttles the page's main thread
only (Flutter's engine, the service worker's answers); not the site's Python worker: ``Operation is only
supported for pages, not workers`` for a worker target, and a busy loop in a worker runs at the same speed with
the page throttled or not (Chromium 156, measured for this benchmark). The phone site's Python therefore runs at
this machine's speed here, faster than on a phone: its figures are a floor. The served app's Python runs on the
computer, as at the table.

``--runs N`` measures everything N times in the one run (the machine is shared: compare within a run).
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.publish import fetch
from companion.publish.site import build_site, site_files
from tests.bench.bench import _figure
from tests.bench.browser import (
    ARGS,
    BANNER,
    CHROMIUM,
    RECORDER,
    ROUND_SEED,
    _free_port,
    _server,
    _wait_port,
    next_button,
)
from tests.browser.phone_page import StaticHost

PHONE = {"width": 390, "height": 844}
#: A phone: its screen (an iPhone 12's, in CSS pixels) at its density, touch; its CPU four times slower.
PROFILE = {"viewport": PHONE, "device_scale_factor": 3, "has_touch": True, "is_mobile": True}
CPU_RATE = 4
READY_S = 240
AIMS = {"cached_start_ratio": 2.0, "tap_median_ratio": 1.5}
SERVED = "served app"
#: Installed before the page's scripts: when the page last sent to the app (its Python worker on the phone site,
#: the server's WebSocket for the served app) and heard from it, so a tap splits into the page's part before
#: its message goes, the app's answer, and the page's drawing after it.
CHANNEL = """(() => {
  window.__sent = []; window.__heard = []; window.__down = null;
  addEventListener("pointerdown", e => { window.__down = e.timeStamp; }, true);
  const wrap = (Real, sendName) => {
    const Wrapped = function (...args) {
      const channel = new Real(...args);
      channel.addEventListener("message", () => window.__heard.push(performance.now()));
      const send = channel[sendName].bind(channel);
      channel[sendName] = (...a) => { window.__sent.push(performance.now()); return send(...a); };
      return channel;
    };
    Wrapped.prototype = Real.prototype;
    Object.assign(Wrapped, Real);
    return Wrapped;
  };
  window.Worker = wrap(window.Worker, "postMessage");
  window.WebSocket = wrap(window.WebSocket, "send");
})()"""
#: Whether the page's Python runtime has its snapshot kept for the next start (companion/phone/static/
#: python-snapshot.js), or the site keeps none (a build from before it, given with ``--site``).
#: (Playwright's wait_for_function takes a promise for true: it asks again until the answer it keeps is true.)
SNAPSHOT_KEPT = """() => {
  caches.open("treasure-python-snapshot").then((c) => c.keys()).then((k) => { window.__snapshotKept = k.length > 0; });
  return !flet.pythonSnapshotKey || window.__snapshotKept === true;
}"""
SPLIT = """() => {
  const lat = window.__lat[window.__lat.length - 1], start = window.__down, end = start + lat.dom;
  const sent = window.__sent.find(t => t >= start), heard = window.__heard.filter(t => t >= (sent ?? end) && t <= end);
  return {dom: lat.dom, sent: sent === undefined ? null : sent - start, first: heard.length ? heard[0] - start : null,
          last: heard.length ? heard[heard.length - 1] - start : null};
}"""


def sizes(site: Path) -> dict:
    total = sent = 0
    for name in site_files(site):
        data = (site / name).read_bytes()
        total += len(data)
        sent += min(len(data), len(gzip.compress(data, compresslevel=6)))
    return {"name": "phone site size", "files": len(site_files(site)), "total_bytes": total,
            "sent_gzip_bytes": sent, "total_mb": round(total / 1e6, 1), "sent_gzip_mb": round(sent / 1e6, 1)}


def phone_page(context, rate: int):
    """The context's page, its CPU throttled ``rate`` times (1: not at all) before anything loads in it."""
    page = context.pages[0] if context.pages else context.new_page()
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return page


def _semantics_on(page) -> None:
    placeholder = page.locator("flt-semantics-placeholder")
    if placeholder.count():
        placeholder.evaluate("e => e.click()")


def _usable(page, started: float) -> float:
    """Seconds from ``started`` until "New game" is in the accessibility tree (semantics switched on as soon
    as the placeholder is there): the first moment a person's tap on it is answered."""
    button = page.get_by_role("button", name="New game")
    deadline = time.monotonic() + READY_S
    while not button.count():
        if time.monotonic() > deadline:
            raise TimeoutError("no usable home screen")
        _semantics_on(page)
        page.wait_for_timeout(50)
    return time.perf_counter() - started


def phone_loads(playwright, url: str, reloads: int, rate: int) -> tuple[list[float], list[float]]:
    """First load with a new profile, then ``reloads`` cached starts (browser closed and reopened)."""
    first, cached = [], []
    with tempfile.TemporaryDirectory() as profile:
        for n in range(1 + reloads):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=ARGS, **PROFILE)
            page = phone_page(context, rate)
            started = time.perf_counter()
            page.goto(url)
            (first if n == 0 else cached).append(_usable(page, started))
            if n == 0:  # every file kept, and the Python runtime's snapshot, before the browser closes
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_S * 1000)
                page.wait_for_function(SNAPSHOT_KEPT, timeout=READY_S * 1000)
            context.close()
    return first, cached


def served_loads(browser, reloads: int, rate: int) -> tuple[list[float], list[float]]:
    """The served app, its server already up: first load with an empty cache, then reloads with a warm one."""
    first, cached = [], []
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        proc = _server(data, port)
        try:
            _wait_port(port, time.monotonic() + 60)
            context = browser.new_context(**PROFILE)
            page = phone_page(context, rate)
            time.sleep(3)  # the server's start is not part of this figure
            for n in range(1 + reloads):
                started = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/")
                (first if n == 0 else cached).append(_usable(page, started))
            context.close()
        finally:
            proc.kill()
            proc.wait()
    return first, cached


def play_taps(browser, url: str, target: int, rate: int) -> list[dict]:
    """In-page latency of the round screen's taps at ``url`` (the new-game screen of the seeded game), each
    answered the common way (``tests/bench/browser.py``'s ``next_button``), until ``target`` samples or a
    decision those taps leave alone."""
    context = browser.new_context(**PROFILE)
    page = phone_page(context, rate)
    page.add_init_script(RECORDER)
    page.add_init_script(CHANNEL)
    page.goto(url)
    start = page.get_by_role("button", name="Start the game")
    deadline = time.monotonic() + READY_S
    while not start.count() and time.monotonic() < deadline:
        _semantics_on(page)
        page.wait_for_timeout(100)
    start.first.tap()
    roll = page.get_by_role("button", name="Roll for the starting order").first
    roll.wait_for(timeout=60000)
    page.wait_for_function(f"() => ({BANNER})() !== null", timeout=60000)
    _tap(page, roll, page.evaluate(BANNER))  # builds the round screen: not a sample
    samples: list[dict] = []
    while len(samples) < target:
        banner = page.evaluate(BANNER) or ""
        button = next_button(page, banner)
        if button is None:
            print(f"stopping at: {banner[:80]!r}", file=sys.stderr)
            break
        button.wait_for(timeout=10000)
        samples.append(_tap(page, button, banner))
    context.close()
    return samples


def _tap(page, button, banner: str) -> dict:
    """A touch on ``button`` (Playwright brings it into view first): from its pointerdown, in milliseconds, to
    the banner's new text (``dom``), to the page's first message to the app after it (``sent``), to the first
    and the last answer heard from the app before the new text (``first``, ``last``; None: none heard)."""
    n = page.evaluate("() => window.__lat.length")
    page.evaluate("b => { window.__armed = b; window.__t0 = null; }", banner)
    button.tap()
    page.wait_for_function("n => window.__lat.length > n", arg=n, timeout=60000, polling=10)
    return page.evaluate(SPLIT)


def served_taps(browser, target: int, rate: int) -> list[dict]:
    """The same taps on the served app, its server started with the same seed."""
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        proc = _server(data, port, seed=ROUND_SEED)
        try:
            _wait_port(port, time.monotonic() + 60)
            return play_taps(browser, f"http://127.0.0.1:{port}/new", target, rate)
        finally:
            proc.kill()
            proc.wait()


def _split(what: str, taps: list[dict], extra: dict) -> dict:
    """Where a tap's time goes, medians in milliseconds from its pointerdown: the page's message to the app, the
    app's first and last answer, the banner's new text."""
    def median(key: str) -> float | None:
        values = [t[key] for t in taps if t[key] is not None]
        return round(statistics.median(values), 1) if values else None

    return {"name": f"{what}: round screen tap split (medians, ms from pointerdown)", "sent": median("sent"),
            "first_answer": median("first"), "last_answer": median("last"), "banner": median("dom"), **extra}


def measure(playwright, browser, sites: dict[str, str], quick: bool, rate: int, only: str | None = None
            ) -> list[dict]:
    """One run: each phone site's (``sites``: its name and address) and the served app's starts and taps
    (``only``: "start" or "taps"), then each site's ratios to the served app."""
    reloads, taps = (2, 15) if quick else (4, 40)
    extra = {"load_average": round(os.getloadavg()[0], 2), "cpu_rate": rate}
    starts, tap_splits = {}, {}
    for name, url in sites.items():
        starts[name] = ([], []) if only == "taps" else phone_loads(playwright, url, reloads, rate)
        tap_splits[name] = [] if only == "start" else play_taps(browser, f"{url}?seed={ROUND_SEED}#/new", taps, rate)
    starts[SERVED] = ([], []) if only == "taps" else served_loads(browser, reloads, rate)
    tap_splits[SERVED] = [] if only == "start" else served_taps(browser, taps, rate)
    figures = []
    for name, (first, cached) in starts.items():
        how = ("(server up, empty cache)", "(warm cache)") if name == SERVED else ("", "(browser reopened)")
        for what, samples, label in (("first load", first, how[0]), ("cached start", cached, how[1])):
            if samples:
                figures.append(_figure(f"{name}: {what} to a usable New game {label}".strip(), samples, unit="s",
                                       **extra))
    taps_s = {name: [t["dom"] / 1000 for t in split] for name, split in tap_splits.items()}
    for name, split in tap_splits.items():
        if split:
            figures.append(_figure(f"{name}: round screen tap, pointerdown to the banner's new text", taps_s[name],
                                   seed=ROUND_SEED, max=round(max(taps_s[name]) * 1000, 1), **extra))
            figures.append(_split(name, split, extra))
    served_cached = starts[SERVED][1]
    return figures + [_ratios(name, starts[name][1], served_cached, taps_s[name], taps_s[SERVED], extra)
                      for name in sites]


def _ratios(name: str, cached: list[float], served_cached: list[float], tap: list[float], served_tap: list[float],
            extra: dict) -> dict:
    def med(xs: list[float]) -> float:
        return statistics.median(xs) if xs else float("nan")

    def top(xs: list[float]) -> float:
        return max(xs) if xs else float("nan")

    return {
        "name": f"{name} over the served app",
        "cached_start_s": [round(med(cached), 2), round(med(served_cached), 2)],
        "cached_start_ratio": round(med(cached) / med(served_cached), 2),
        "tap_median_ms": [round(med(tap) * 1000, 1), round(med(served_tap) * 1000, 1)],
        "tap_max_ms": [round(top(tap) * 1000, 1), round(top(served_tap) * 1000, 1)],
        "tap_median_ratio": round(med(tap) / med(served_tap), 2),
        "aims": AIMS,
        **extra,
    }


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    args = argv if argv is not None else sys.argv[1:]
    quick = "--quick" in args
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 1
    rate = 1 if "--no-throttle" in args else CPU_RATE
    only = args[args.index("--only") + 1] if "--only" in args else None
    given = [Path(args[n + 1]) for n, a in enumerate(args) if a == "--site"]  # sites built before, to compare
    if not given:
        given = [Path(tempfile.mkdtemp(prefix="phone-bench-")) / "site"]
        build_site(given[0], fetch.default_cache_dir(), log=lambda _l: None)
    hosts = {("phone site" if len(given) == 1 else f"phone site {folder}"): StaticHost(folder) for folder in given}
    for folder in given:
        print(json.dumps({**sizes(folder), "site": str(folder)}), flush=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(runs):
                sites = {name: f"{host.url}/" for name, host in hosts.items()}
                for figure in measure(p, browser, sites, quick, rate, only):
                    print(json.dumps(figure), flush=True)
            browser.close()
    finally:
        for host in hosts.values():
            host.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
