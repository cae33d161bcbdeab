"""Benchmarks in headless Chromium: server start to first interactive frame, and tap to updated frame.

Part of ``python -m tests.bench.bench --browser``. Each run starts the real app (``python -m companion app``)
on a free port with an empty data folder, as a person would.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time

from tests.bench.bench import _figure

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]
NEXT = """prev => {
  const nodes = [...document.querySelectorAll('flt-semantics')];
  const banner = nodes.map(n => n.textContent || '').find(t => t.startsWith('Next: '));
  return banner !== undefined && banner !== prev;
}"""
BANNER = """() => {
  const nodes = [...document.querySelectorAll('flt-semantics')];
  return nodes.map(n => n.textContent || '').find(t => t.startsWith('Next: ')) || null;
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server(data: str, port: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "app", "--no-browser", "--port", str(port), "--data-dir", data],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def _wait_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.02)
    raise TimeoutError("server did not start")


def _open(browser, port: int, route: str, width: int, height: int):
    """A page on the app at ``route`` with Flutter's accessibility tree switched on."""
    _wait_port(port, time.monotonic() + 60)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"http://127.0.0.1:{port}{route}")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.locator("flt-semantics-placeholder").evaluate("e => e.click()")
    return page


def _first_frame(browser, quick: bool) -> list[float]:
    """From launching the server process to the home screen's "New game" button being usable."""
    samples = []
    for _ in range(2 if quick else 5):
        with tempfile.TemporaryDirectory() as data:
            port = _free_port()
            t0 = time.perf_counter()
            proc = _server(data, port)
            try:
                page = _open(browser, port, "/", 390, 844)
                page.get_by_role("button", name="New game").first.wait_for(timeout=60000)
                samples.append(time.perf_counter() - t0)
                page.close()
            finally:
                proc.kill()
                proc.wait()
    return samples


def _tap_to_frame(browser, quick: bool) -> list[float]:
    """From a tap on the round screen to the banner showing the next thing to do."""
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        proc = _server(data, port)
        try:
            page = _open(browser, port, "/new", 1280, 800)
            page.get_by_role("button", name="Start the game").first.click()
            page.get_by_role("button", name="Roll for the starting order").first.wait_for(timeout=30000)
            page.wait_for_function(f"() => ({BANNER})() !== null", timeout=30000)
            before = page.evaluate(BANNER)
            page.get_by_role("button", name="Roll for the starting order").first.click()
            page.wait_for_function(NEXT, arg=before, timeout=30000)
            target = 15 if quick else 60
            while len(samples) < target:
                banner = page.evaluate(BANNER) or ""
                if "automa places" in banner:
                    button = page.get_by_role("button", name="Draw a card and place").first
                elif "your move" in banner:
                    button = page.get_by_role("button", name=" free").first
                elif "rolls for the dragon" in banner:
                    button = page.get_by_role("button", name="Roll the app's die").first
                elif "is over" in banner:
                    button = page.get_by_role("button", name="Start round").first
                elif "how many" in banner or "which tile" in banner or "which spell" in banner:
                    button = page.get_by_role("button", name="OK").first  # the form's defaults are fine
                elif "which colours" in banner:
                    for _ in range(2):
                        page.get_by_role("button", name="Ruby", exact=True).first.click()
                    button = page.get_by_role("button", name="OK").first
                else:
                    print(f"stopping at: {banner[:80]!r}", file=sys.stderr)
                    break  # a question or an attack: enough samples of the common taps
                try:
                    button.wait_for(timeout=5000)
                except Exception:
                    print(f"no button for: {banner[:80]!r}", file=sys.stderr)
                    break
                t0 = time.perf_counter()
                button.click()
                page.wait_for_function(NEXT, arg=banner, timeout=30000, polling=10)
                samples.append(time.perf_counter() - t0)
        finally:
            proc.kill()
            proc.wait()
    return samples


def bench_browser(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            first = _first_frame(browser, quick)
            taps = _tap_to_frame(browser, quick)
        finally:
            browser.close()
    return [_figure("server start to first interactive frame", first),
            _figure("tap to updated frame (round screen)", taps)]
