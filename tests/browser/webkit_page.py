"""The test's hand on a page in WebKit (tests/browser/webkit_browser.py): the subset of :class:`AppPage`'s helpers
that a round needs (:class:`tests.browser.test_round_flow.Table` plays through them), over Selenium.

Flutter draws on a canvas; what the helpers read is its accessibility tree (``flt-semantics`` elements), turned
on by clicking its hidden placeholder as in Chromium. A control is found by its accessible name (its
``aria-label`` or its text) and activated through that tree (``element.click()``), as a screen reader does.
The page is settled when its accessibility tree has not changed for a moment (a MutationObserver), which
serves the served app (a WebSocket) and the phone site (a Python worker) alike.
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.browser.webkit_browser import RefusingProxy, WebKit, blank
from tests.browser.window import SIZES

#: Pyodide's start in WebKit on two loaded cores: some 25 s alone.
START_TIMEOUT_S = 180
UI_TIMEOUT_S = 30

#: The first control or text named so; ``arguments``: label, role ("" any), exact, text too.
FIND = """
const [label, role, exact, anyText] = arguments;
const host = document.querySelector('flt-semantics-host');
if (!host) return null;
const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
const want = exact ? label : label.toLowerCase();
const hit = (name) => exact ? name === label : name.toLowerCase().includes(want);
const all = [...host.querySelectorAll('*')];
const nameOf = (e) => norm(e.getAttribute('aria-label')) || norm(e.textContent);
if (role) {
  const roled = all.filter((e) => e.getAttribute('role') === role && hit(nameOf(e)));
  if (roled.length) return roled[0];
}
const labelled = all.find((e) => norm(e.getAttribute('aria-label')) === label);
if (labelled) return labelled;
if (anyText) {
  // the innermost element whose own text reads so
  const texts = all.filter((e) => hit(norm(e.textContent)) && ![...e.children].some((c) => hit(norm(c.textContent))));
  if (texts.length) return texts[0];
}
return null;
"""
#: The accessibility tree's last change, noted by a MutationObserver (installed once per document).
WATCH = """
if (window.__wkChanged === undefined) {
  window.__wkChanged = performance.now();
  new MutationObserver(() => { window.__wkChanged = performance.now(); }).observe(document.documentElement,
    { subtree: true, childList: true, attributes: true, characterData: true });
}
return performance.now() - window.__wkChanged;
"""
SHOW_SEMANTICS = """
const p = document.querySelector('flt-semantics-placeholder');
if (p) p.click();
return document.querySelectorAll('flt-semantics h1, flt-semantics h2, flt-semantics [role=heading]').length > 0
  && document.title.includes('Treasure Mountain Companion');
"""


class WebKitPage:
    """The page of one :class:`WebKit` session, with helpers that find controls by their accessible name."""

    def __init__(self, webkit: WebKit, screenshot_dir: Path, proxy: RefusingProxy, size: str = "phone"):
        self.webkit = webkit
        self.driver = webkit.driver
        self.screenshot_dir = screenshot_dir
        self.proxy = proxy
        self.size = size
        width, height = SIZES[size]
        # The window's size: MiniBrowser's window is no narrower than some 450 px and its bar takes 38 px, so a
        # phone's window gives a page of about 447 x 806.
        self.driver.set_window_size(width, height)

    @property
    def refused(self) -> list[str]:
        """What the page asked of any other host than 127.0.0.1 (refused)."""
        return self.proxy.refused

    @property
    def page(self) -> WebKitPage:
        """What :class:`Table` calls ``app.page`` (it only waits on it)."""
        return self

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    # ------------------------------------------------------------------------------------------ lifecycle
    def open(self, url: str, within_s: float = START_TIMEOUT_S) -> WebKitPage:
        """Load ``url`` and wait until the app's first screen is in the accessibility tree."""
        self.driver.get(url)
        self.wait_until_drawn(within_s)
        return self

    def reload(self, within_s: float = START_TIMEOUT_S) -> None:
        self.driver.refresh()
        self.wait_until_drawn(within_s)

    def wait_until_drawn(self, within_s: float = START_TIMEOUT_S) -> None:
        """Click Flutter's semantics placeholder until the first screen's heading is in the tree (a click before
        Flutter is ready is ignored), then wait for the screen to settle."""
        deadline = time.monotonic() + within_s
        while not self.driver.execute_script(SHOW_SEMANTICS):
            if time.monotonic() > deadline:
                raise AssertionError(f"no accessible screen within {within_s} s; the page reads: {self.body()!r}")
            time.sleep(0.25)
        self.settle()

    def settle(self, quiet_ms: int = 250, timeout_s: float = 8) -> None:
        """Wait until the page has not changed for ``quiet_ms`` (the app has answered)."""
        deadline = time.monotonic() + timeout_s
        while self.driver.execute_script(WATCH) < quiet_ms and time.monotonic() < deadline:
            time.sleep(0.05)

    def evaluate(self, function: str, arg=None):
        """What ``function`` (a JavaScript function's text, maybe async) gives for ``arg``, as Playwright's
        ``page.evaluate`` does; a rejection raises."""
        out = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve(({function})(arguments[0]))"
            ".then((v) => done({ok: v}), (e) => done({error: String(e)}));",
            arg)
        if "error" in out:
            raise AssertionError(f"the page's script failed: {out['error']}")
        return out.get("ok")

    def body(self) -> str:
        """What the page says (its text, the accessibility tree's included)."""
        return self.driver.execute_script("return document.body ? document.body.innerText : ''")[:2000]

    def text(self) -> str:
        return self.driver.execute_script(
            "const h = document.querySelector('flt-semantics-host'); return h ? h.innerText : ''")

    # ------------------------------------------------------------------------------------------ finding
    def _find(self, label: str, role: str, exact: bool, any_text: bool, timeout_s: float):
        deadline = time.monotonic() + timeout_s
        while True:
            found = self.driver.execute_script(FIND, label, role, exact, any_text)
            if found is not None or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def control(self, label: str, role: str = "button", exact: bool = False, timeout_s: float = UI_TIMEOUT_S):
        found = self._find(label, role, exact, False, timeout_s)
        if found is None:
            raise AssertionError(f"no control {label!r} on the screen; it reads: {self.text()[:1500]!r}")
        return found

    def click(self, label: str, role: str = "button", exact: bool = False) -> None:
        """Activate the control named ``label`` through the accessibility tree and wait for the answer."""
        self.settle()
        self.driver.execute_script("arguments[0].click()", self.control(label, role, exact))
        self.settle()

    def go_to(self, label: str) -> None:
        """Tap ``label`` and wait until the address changed (the app opened another screen)."""
        before = self.driver.current_url
        self.click(label)
        deadline = time.monotonic() + UI_TIMEOUT_S
        while self.driver.current_url == before:
            if time.monotonic() > deadline:
                raise AssertionError(f"{label!r} opened no other screen (still at {before})")
            time.sleep(0.1)
        self.settle()

    def expect_text(self, text: str, timeout_s: float = UI_TIMEOUT_S) -> None:
        """Wait until ``text`` is somewhere on the screen (a text, a label, a button)."""
        if self._find(text, "", False, True, timeout_s) is None:
            raise AssertionError(f"{text!r} is not on the screen; it reads: {self.text()[:1500]!r}")

    def is_disabled(self, label: str, role: str = "button") -> bool:
        return self.control(label, role).get_attribute("aria-disabled") == "true"

    def assert_in_view(self, label: str, role: str = "button", exact: bool = False, within_s: float = 5) -> None:
        """The control (or, with ``role="text"``, the text) named ``label`` is wholly inside the window."""
        self.settle()
        target = (self._find(label, "", exact, True, UI_TIMEOUT_S) if role == "text"
                  else self.control(label, role, exact))
        assert target is not None, f"{label!r} is not drawn"
        deadline = time.monotonic() + within_s
        while True:
            box, width, height = self.driver.execute_script(
                "const r = arguments[0].getBoundingClientRect();"
                "return [[r.x, r.y, r.width, r.height], innerWidth, innerHeight];", target)
            x, y, w, h = box
            inside = x >= 0 and y >= 0 and x + w <= width + 0.5 and y + h < height - 0.5 and w > 0
            if inside or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert inside, f"{label!r} at {box} is not inside the {width}x{height} window"

    # ------------------------------------------------------------------------------------------ pictures
    def screenshot(self) -> bytes:
        return self.driver.get_screenshot_as_png()

    def shot(self, name: str, wait_ms: int = 300) -> Path:
        """A screenshot named ``webkit-<name>-<size>.png``; it must not be blank (one colour)."""
        self.settle()
        time.sleep(wait_ms / 1000)
        png = self.screenshot()
        path = self.screenshot_dir / f"webkit-{name}-{self.size}.png"
        path.write_bytes(png)
        assert not blank(png), f"the screen is blank ({path})"
        return path
