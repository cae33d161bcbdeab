"""Benchmarks in headless Chromium: server start to first interactive frame, and what a tap on the round screen costs.

Part of ``python -m tests.bench.bench --browser``. Each run starts the real app (``python -m companion app``)
on a free port with an empty data folder, as a person would; the round screen's taps play one seeded game
(``ROUND_SEED``), so two runs tap the same buttons in the same order. One run reports, for the round screen and for
the empty round trip (``tests/bench/floor_app.py``: one button, one Text), measured the same way:

- in-page latency: from the tap's ``pointerdown`` (its ``event.timeStamp``) to the DOM change that puts the
  banner's new text into Flutter's accessibility tree (a MutationObserver; Flutter writes that tree in the same
  frame it paints), and to the start of the next animation frame (by then that frame has been painted);
- server CPU per tap: ``time.process_time`` spent handling the tap's events in the server process
  (``companion/flet_seam/probe.py``), and the bytes sent back; beside it the server's whole CPU (utime + stime from
  /proc) over all the taps, divided by their number. On a machine of two cores the server shares them with
  Chromium, which is drawing meanwhile: the same taps in process (``tests/bench/round_taps.py``) cost about a
  third more CPU time with a Chromium page animating beside them (best of 4 runs, 60 taps: 237 -> 299 ms), so
  this figure sits above the in-process one by about that much;
- the harness's own view (Playwright's click to its poll seeing the change), which adds its round trips.

Each figure carries the core count and the load average at its start: on a shared machine a figure is only as
good as that.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

from companion.flet_seam.probe import ENV as PROBE_ENV
from companion.ui.new_game.view import SEED_ENV
from tests.bench.bench import _figure

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]
BANNER = """() => {
  const nodes = [...document.querySelectorAll('flt-semantics')];
  return nodes.map(n => n.textContent || '').find(t => t.startsWith('Next: ')) || null;
}"""
# Installed before the page's own scripts: a tap armed with the banner's text before it is timed from its
# pointerdown to the first DOM change after which the banner's text differs, and to the next frame after that.
RECORDER = """(() => {
  window.__lat = [];
  window.__armed = null;
  window.__t0 = null;
  const banner = () => {
    for (const n of document.querySelectorAll('flt-semantics')) {
      const t = n.textContent || '';
      if (t.startsWith('Next: ')) return t;
    }
    return null;
  };
  addEventListener('pointerdown', e => {
    if (window.__armed !== null && window.__t0 === null) window.__t0 = e.timeStamp;
  }, true);
  const watch = () => new MutationObserver(() => {
    if (window.__armed === null || window.__t0 === null) return;
    const b = banner();
    if (b === null || b === window.__armed) return;
    const t0 = window.__t0, dom = performance.now() - t0;
    window.__armed = null;
    window.__t0 = null;
    requestAnimationFrame(ts => window.__lat.push({dom, frame: ts - t0}));
  }).observe(document.documentElement, {subtree: true, childList: true, characterData: true, attributes: true});
  if (document.documentElement) watch(); else addEventListener('DOMContentLoaded', watch);
})()"""
#: The round screen's taps play the same game at every run (as tests/bench/round_taps.py does, same seed): the
#: mix of taps, and so the figures of two runs or two versions of the app, can then be compared.
ROUND_SEED = 11
GEM_CHIP = re.compile(r"^(Ruby|Emerald|Sapphire|Diamond|Mana)( and (Ruby|Emerald|Sapphire|Diamond|Mana))?$")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server(data: str, port: int, probe: str | None = None, floor: bool = False,
            seed: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop(PROBE_ENV, None)
    env.pop(SEED_ENV, None)
    if probe:
        env[PROBE_ENV] = probe
    if seed is not None:
        env[SEED_ENV] = str(seed)
    cmd = (
        [sys.executable, "-m", "tests.bench.floor_app", str(port)]
        if floor
        else [sys.executable, "-m", "companion", "app", "--no-browser", "--port", str(port), "--data-dir", data]
    )
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def _wait_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.02)
    raise TimeoutError("server did not start")


def _open(browser, port: int, route: str, width: int, height: int):
    """A page on the app at ``route`` with Flutter's accessibility tree switched on and the tap recorder in."""
    _wait_port(port, time.monotonic() + 60)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(RECORDER)
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


def _proc_cpu(pid: int) -> float:
    """The process's user + system CPU seconds so far (/proc/PID/stat, fields 14 and 15)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Taps:
    """The samples of one series of taps: in-page latency, the harness's view, server CPU and bytes per tap."""

    def __init__(self, page, probe: str, pid: int, seed: int | None = None) -> None:
        self.page, self.probe, self.pid = page, probe, pid
        self.seed = seed  # the game's, when the taps play a seeded one
        self.dom: list[float] = []
        self.frame: list[float] = []
        self.harness: list[float] = []
        self.cpu: list[float] = []
        self.sent: list[float] = []
        self.proc_cpu = 0.0
        self.load = os.getloadavg()[0]

    def _probe_lines(self) -> list[dict]:
        try:
            with open(self.probe, encoding="utf-8") as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def tap(self, button, banner: str) -> None:
        """Tap ``button`` while the banner reads ``banner``; wait until the page has timed the change."""
        page = self.page
        seen = len(self._probe_lines())
        n = page.evaluate("() => window.__lat.length")
        page.evaluate("b => { window.__armed = b; window.__t0 = null; }", banner)
        cpu0 = _proc_cpu(self.pid)
        t0 = time.perf_counter()
        button.click()
        page.wait_for_function("n => window.__lat.length > n", arg=n, timeout=30000, polling=10)
        self.harness.append(time.perf_counter() - t0)
        self.proc_cpu += _proc_cpu(self.pid) - cpu0
        lat = page.evaluate("() => window.__lat[window.__lat.length - 1]")
        self.dom.append(lat["dom"] / 1000)
        self.frame.append(lat["frame"] / 1000)
        events = self._probe_lines()[seen:]
        self.cpu.append(sum(e["cpu_ms"] for e in events) / 1000)
        self.sent.append(sum(e["bytes"] for e in events))

    def figures(self, what: str) -> list[dict]:
        n = len(self.dom)
        if not n:
            return []
        extra = {"load_average": round(self.load, 2)}
        sent = sorted(self.sent)
        return [
            _figure(f"{what}: pointerdown to the banner's new text in the page", self.dom, **extra),
            _figure(f"{what}: pointerdown to the next frame after it (painted)", self.frame, **extra),
            _figure(f"{what}: server CPU per tap (handler, diff, encoding)", self.cpu,
                    **({"seed": self.seed} if self.seed is not None else {}),
                    bytes_sent_median=sent[n // 2], bytes_sent_max=sent[-1],
                    server_process_cpu_ms_per_tap=round(self.proc_cpu / n * 1000, 2), **extra),
            _figure(f"{what}: click to change seen by the harness", self.harness, **extra),
        ]


def _round_taps(browser, quick: bool) -> Taps:
    """Taps on the round screen of a solo game, each answered the common way, until enough samples."""
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        probe = os.path.join(data, "probe.jsonl")
        proc = _server(data, port, probe, seed=ROUND_SEED)
        try:
            page = _open(browser, port, "/new", 1280, 800)
            page.get_by_role("button", name="Start the game").first.click()
            page.get_by_role("button", name="Roll for the starting order").first.wait_for(timeout=30000)
            page.wait_for_function(f"() => ({BANNER})() !== null", timeout=30000)
            taps = Taps(page, probe, proc.pid)
            taps.tap(page.get_by_role("button", name="Roll for the starting order").first, page.evaluate(BANNER))
            taps = Taps(page, probe, proc.pid, ROUND_SEED)  # the first tap builds the round screen: not a sample
            target = 15 if quick else 60
            while len(taps.dom) < target:
                banner = page.evaluate(BANNER) or ""
                button = next_button(page, banner)
                if button is None:
                    print(f"stopping at: {banner[:80]!r}", file=sys.stderr)
                    break  # a question or an attack: enough samples of the common taps
                try:
                    button.wait_for(timeout=5000)
                except Exception:
                    print(f"no button for: {banner[:80]!r}", file=sys.stderr)
                    break
                taps.tap(button, banner)
            return taps
        finally:
            proc.kill()
            proc.wait()


def next_button(page, banner: str):
    """The button that answers the round screen's ``banner`` the common way, or None (a question or an attack
    the taps leave alone). Shared with the phone site's benchmark (tests/bench/phone.py): the same taps."""
    if "automa places" in banner:
        return page.get_by_role("button", name="Draw a card and place").first
    if "your move" in banner:
        return page.get_by_role("button", name=" free").first
    if "rolls for the dragon" in banner:
        return page.get_by_role("button", name="Roll the app's die").first
    if "keep it or re-roll" in banner:
        return page.get_by_role("button", name="Keep it", exact=True).first
    if "is over" in banner:
        return page.get_by_role("button", name="Start round").first
    if "how many" in banner:  # a question's answer is one chip (companion/ui/round/answers.py)
        return page.get_by_role("button", name=re.compile(r" 1( \(as last time\))?$")).first
    if "which tile" in banner:
        return page.get_by_role("button", name="Sapphire tile with 3 gems", exact=True).first
    if "which spell" in banner:
        return page.get_by_role("button", name="Charm", exact=True).first
    if "choose the colours" in banner:
        return page.get_by_role("button", name=GEM_CHIP).first
    return None


def _floor_taps(browser, quick: bool) -> Taps:
    """The empty round trip: one button that changes one Text (``tests/bench/floor_app.py``)."""
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        probe = os.path.join(data, "probe.jsonl")
        proc = _server(data, port, probe, floor=True)
        try:
            page = _open(browser, port, "/", 1280, 800)
            page.wait_for_function(f"() => ({BANNER})() !== null", timeout=30000)
            button = page.get_by_role("button", name="Tap").first
            taps = Taps(page, probe, proc.pid)
            taps.tap(button, page.evaluate(BANNER))  # warm-up, not a sample
            taps = Taps(page, probe, proc.pid)
            for _ in range(15 if quick else 60):
                taps.tap(button, page.evaluate(BANNER))
            return taps
        finally:
            proc.kill()
            proc.wait()


def bench_browser(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            first = _first_frame(browser, quick)
            floor = _floor_taps(browser, quick)
            taps = _round_taps(browser, quick)
        finally:
            browser.close()
    return [_figure("server start to first interactive frame", first, load_average=round(os.getloadavg()[0], 2)),
            *floor.figures("empty round trip (one Text)"), *taps.figures("round screen tap")]


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.bench.browser [--quick]``: the browser figures alone."""
    for f in bench_browser(quick="--quick" in (argv if argv is not None else sys.argv[1:])):
        print(json.dumps(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
