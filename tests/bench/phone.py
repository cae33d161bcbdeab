"""The phone site against the served app, measured in one run (a benchmark, not a test): prints JSON lines.

``python -m tests.bench.phone [--quick]`` builds the site (``treasure-companion publish``, from the cache
folder after the first time), serves it as plain files on 127.0.0.1 and reports:

- its size: every file, and as a host sends it compressed (gzip where that makes a file smaller: the wasm,
  scripts and the standard library; pictures, fonts and the already gzipped app archive go as they are);
- first load: a new browser profile opening the site until the home screen's "New game" can be tapped, at a
  phone's 390x844 (Pyodide's start, the app's imports and the first screen); then, once the service worker
  has kept every file, a cached reload: the browser closed and opened again on the same profile;
- the served app's figures the same way in the same run: a first load with an empty cache and a reload with a
  warm one (the server already running, as at the table);
- a round-screen tap's in-page latency (pointerdown to the banner's new text, ``tests/bench/browser.py``'s
  recorder) on the same seeded game in both, at 1280x800 like the served app's benchmark.

Aims: the cached reload within 2x the served app's; a tap within 1.5x.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from companion.phone import fetch
from companion.phone.site import build_site, site_files
from tests.bench.bench import _figure
from tests.bench.browser import (
    ARGS,
    BANNER,
    CHROMIUM,
    RECORDER,
    ROUND_SEED,
    _free_port,
    _round_taps,
    _server,
    next_button,
)
from tests.browser.phone_page import StaticHost

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
READY_S = 240


def sizes(site: Path) -> dict:
    total = sent = 0
    for name in site_files(site):
        data = (site / name).read_bytes()
        total += len(data)
        sent += min(len(data), len(gzip.compress(data, compresslevel=6)))
    return {"name": "phone site size", "files": len(site_files(site)), "total_bytes": total,
            "sent_gzip_bytes": sent, "total_mb": round(total / 1e6, 1), "sent_gzip_mb": round(sent / 1e6, 1)}


def _usable(page, started: float) -> float:
    """Seconds from ``started`` until "New game" is in the accessibility tree (semantics switched on as soon
    as the placeholder is there): the first moment a person's tap on it is answered."""
    placeholder = page.locator("flt-semantics-placeholder")
    button = page.get_by_role("button", name="New game")
    deadline = time.monotonic() + READY_S
    while not button.count():
        if time.monotonic() > deadline:
            raise TimeoutError("no usable home screen")
        if placeholder.count():
            placeholder.evaluate("e => e.click()")
        page.wait_for_timeout(50)
    return time.perf_counter() - started


def phone_loads(playwright, url: str, reloads: int) -> tuple[list[float], list[float]]:
    """First load with a new profile, then ``reloads`` cached reloads (browser closed and reopened)."""
    first, cached = [], []
    with tempfile.TemporaryDirectory() as profile:
        for n in range(1 + reloads):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=ARGS, viewport=PHONE)
            page = context.pages[0] if context.pages else context.new_page()
            started = time.perf_counter()
            page.goto(url)
            (first if n == 0 else cached).append(_usable(page, started))
            if n == 0:  # every file kept before the browser closes
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_S * 1000)
            context.close()
    return first, cached


def served_loads(browser, reloads: int) -> tuple[list[float], list[float]]:
    """The served app, its server already up: first load with an empty cache, then reloads with a warm one."""
    first, cached = [], []
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        proc = _server(data, port)
        try:
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
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


def phone_taps(browser, url: str, target: int) -> list[float]:
    """In-page latency of the round screen's taps on the site, the served benchmark's seeded game."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.add_init_script(RECORDER)
    page.goto(f"{url}?seed={ROUND_SEED}#/new")
    start = page.get_by_role("button", name="Start the game")
    placeholder = page.locator("flt-semantics-placeholder")
    deadline = time.monotonic() + READY_S
    while not start.count() and time.monotonic() < deadline:
        if placeholder.count():
            placeholder.evaluate("e => e.click()")
        page.wait_for_timeout(100)
    start.first.click()
    roll = page.get_by_role("button", name="Roll for the starting order").first
    roll.wait_for(timeout=60000)
    page.wait_for_function(f"() => ({BANNER})() !== null", timeout=60000)
    _tap(page, roll, page.evaluate(BANNER))  # builds the round screen: not a sample
    samples: list[float] = []
    while len(samples) < target:
        banner = page.evaluate(BANNER) or ""
        button = next_button(page, banner)
        if button is None:
            break
        button.wait_for(timeout=10000)
        samples.append(_tap(page, button, banner))
    context.close()
    return samples


def _tap(page, button, banner: str) -> float:
    n = page.evaluate("() => window.__lat.length")
    page.evaluate("b => { window.__armed = b; window.__t0 = null; }", banner)
    button.click()
    page.wait_for_function("n => window.__lat.length > n", arg=n, timeout=60000, polling=10)
    return page.evaluate("() => window.__lat[window.__lat.length - 1]")["dom"] / 1000


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    reloads, taps = (2, 15) if quick else (4, 40)
    cache = fetch.default_cache_dir()
    site = Path(tempfile.mkdtemp(prefix="phone-bench-")) / "site"
    build_site(site, cache, log=lambda _l: None)
    host = StaticHost(site)
    figures = [sizes(site)]
    load = {"load_average": round(os.getloadavg()[0], 2)}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            first, cached = phone_loads(p, f"{host.url}/", reloads)
            served_first, served_cached = served_loads(browser, reloads)
            tap = phone_taps(browser, f"{host.url}/", taps)
            served_tap = _round_taps(browser, quick).dom
            browser.close()
    finally:
        host.stop()
    figures += [
        _figure("phone site: first load to a usable New game (390x844)", first, **load),
        _figure("phone site: cached reload to a usable New game (browser reopened)", cached, **load),
        _figure("served app: first load to a usable New game (server up, empty cache)", served_first, **load),
        _figure("served app: reload to a usable New game (warm cache)", served_cached, **load),
        _figure("phone site: round screen tap, pointerdown to the banner's new text", tap, seed=ROUND_SEED, **load),
        _figure("served app: round screen tap, pointerdown to the banner's new text", served_tap,
                seed=ROUND_SEED, **load),
    ]
    figures.append({
        "name": "phone site against the served app (medians)",
        "cached_reload_ratio": round(figures[2]["median"] / figures[4]["median"], 2),
        "tap_ratio": round(figures[5]["median"] / figures[6]["median"], 2),
        "aims": {"cached_reload_ratio": 2.0, "tap_ratio": 1.5},
    })
    for figure in figures:
        print(json.dumps(figure))
    return 0


if __name__ == "__main__":
    sys.exit(main())
