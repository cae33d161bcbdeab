"""The test's hand on the app: one browser page with helpers that find controls by their semantic label, type,
tap, scroll, wait for a text and take a screenshot (the fixtures of tests/browser/conftest.py make them)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable
from pathlib import Path

import msgpack  # Flet's wire format (a dependency of flet)

from tests.browser import readable
from tests.browser.servers import Server
from tests.browser.window import (  # noqa: F401 - the window sizes and timings, named here for the tests
    FIRST_KEY_MS,
    NAVIGATION_MS,
    PASTE_OVER,
    SIZES,
    UI_TIMEOUT_MS,
    UPDATE_CONTROL_PROPS,
)


def show_first_screen(page, within_s: float, poll_ms: int, what: str) -> None:
    """Turn Flutter's accessibility tree on and wait for the app's first screen in it (the served app's page and
    the phone site's alike).

    Flutter draws on a canvas; its accessibility tree (which the helpers read) appears only after the hidden
    placeholder is clicked. A click before Flutter is ready is ignored, so it is clicked again until the first
    screen's top bar (a heading) is in the tree. The router names the document after the screen once the route's
    views are built; before that the client may briefly show a first frame without the app's theme."""
    placeholder = page.locator("flt-semantics-placeholder")
    heading = page.locator("flt-semantics h1, flt-semantics h2, flt-semantics [role=heading]")
    placeholder.wait_for(state="attached", timeout=within_s * 1000)
    deadline = time.monotonic() + within_s
    while heading.count() == 0:
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} showed no accessible screen within {within_s} s")
        if placeholder.count():
            placeholder.evaluate("e => e.click()")
        page.wait_for_timeout(poll_ms)
    page.wait_for_function("() => document.title.includes('Treasure Mountain Companion')")


class AppPage:
    """One browser page on the app, with helpers that find controls by their semantic label."""

    def __init__(self, browser, server: Server, screenshot_dir: Path, device=None):
        self.browser = browser
        self.server = server
        self.screenshot_dir = screenshot_dir
        #: The browser profile pages open in (None: a profile of this page's own, made at each open).
        self.device = device
        self.context = None
        self._page = None
        self.size = "phone"
        self.frames: list[tuple[float, str, object]] = []
        self.sent_values: list[str] = []

    @property
    def page(self):
        """The Playwright page; opens the home screen at phone size if nothing is open yet."""
        if self._page is None:
            self.open("/")
        return self._page

    # ------------------------------------------------------------------------------------------ lifecycle
    def open(self, route: str = "/", size: str = "phone", motion: bool = False, init_script: str | None = None,
             user_agent: str | None = None) -> AppPage:
        """Open a fresh page (a new Flet session) at ``route`` and ``size`` ("phone" or "desktop"); ``init_script``:
        JavaScript the page runs before its own (to watch what it receives, say); ``user_agent``: the browser's
        name for itself (a page of its own profile only).

        The page asks for reduced motion (a setting people use), so Flutter skips most animations: each animation
        frame is drawn in software here, work these tests need not do. ``motion=True`` keeps them, for the tests
        where a tap landing during an animation is the point."""
        self.close()
        self.size = size
        width, height = SIZES[size]
        reduced_motion = "no-preference" if motion else "reduce"
        if self.device is None:
            self.context = self.browser.new_context(
                viewport={"width": width, "height": height}, reduced_motion=reduced_motion,
                **({"user_agent": user_agent} if user_agent else {}),
            )
            self.context.set_default_timeout(UI_TIMEOUT_MS)
            self._page = page = self.context.new_page()
        else:
            assert user_agent is None, "a page with a user agent of its own needs a profile of its own"
            self._page = page = self.device.new_page()
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(reduced_motion=reduced_motion)
        self.frames: list[tuple[float, str, object]] = []
        self.sent_values: list[str] = []
        self.elsewhere: list[tuple[str, str | None]] = []
        page.on("websocket", self._watch)
        page.on("request", self._request)
        page.on("requestfailed", self._request)
        if init_script:
            page.add_init_script(init_script)
        page.goto(self.server.url + route)
        show_first_screen(page, within_s=30, poll_ms=60, what=f"the app at {route}")
        self.settle()
        return self

    def resize(self, size: str) -> None:
        """Make the open page ``size`` ("phone" or "desktop"), as a person turns a tablet or resizes a window: the
        same session, drawn again at the new size. Cheaper than a new page (each page load costs the suite
        seconds of CPU), so a test of both sizes opens one page and resizes it."""
        width, height = SIZES[size]
        self.page.set_viewport_size({"width": width, "height": height})
        self.size = size
        self.page.wait_for_function(f"() => window.innerWidth === {width}")
        self.settle()

    def _request(self, request) -> None:
        """Note a request to another address than the app's (reported twice when it failed: the second time with
        why): ``elsewhere`` holds (address, failure or None)."""
        if not request.url.startswith(self.server.url + "/"):
            self.elsewhere.append((request.url, request.failure))

    def _watch(self, ws) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", lambda f: self.frames.append((time.monotonic(), "received", f)))

    def _sent(self, payload) -> None:
        """Record a frame the page sent; a text field's new value (Flet's UPDATE_CONTROL_PROPS) also goes to
        ``sent_values``: what the app (the server) now holds for that field."""
        self.frames.append((time.monotonic(), "sent", payload))
        if isinstance(payload, bytes) and payload[:1] == b"\x00":  # a Flet protocol frame: 0x00 + msgpack
            with contextlib.suppress(Exception):
                action, body = msgpack.unpackb(payload[1:], strict_map_key=False)
                if action == UPDATE_CONTROL_PROPS and isinstance(body.get("props", {}).get("value"), str):
                    self.sent_values.append(body["props"]["value"])

    def settle(self, quiet_ms: int = 150, timeout_ms: int = 5_000) -> None:
        """Wait until the app's connection has been quiet for ``quiet_ms``: the server has answered."""
        page = self.page  # opens the home screen if nothing is open yet
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            last = self.frames[-1][0] if self.frames else 0.0
            if time.monotonic() - last >= quiet_ms / 1000:
                return
            page.wait_for_timeout(30)

    def close(self) -> None:
        """Close the page (and its profile, when it has one of its own)."""
        with contextlib.suppress(Exception):
            if self.context is not None:
                self.context.close()
            elif self._page is not None:
                self._page.close()
        self.context = self._page = None

    # ------------------------------------------------------------------------------------------ finding
    def control(self, label: str, role: str = "button", exact: bool = False):
        """The first control named ``label``: a control of ``role`` if there is one, else anything labelled so.

        Waits (up to the default timeout) for either to appear.
        """
        p = self.page
        by_role = p.get_by_role(role, name=label, exact=exact)
        by_label = p.get_by_label(label, exact=True)
        by_role.or_(by_label).first.wait_for(state="attached")
        # A tooltip puts the same name on a wrapper around the button: prefer the control itself.
        return by_role.first if by_role.count() else by_label.first

    def click(self, label: str, role: str = "button", exact: bool = False, pointer: bool = False) -> None:
        """Activate the control named ``label`` and wait for the server's answer.

        By default the control is activated through the accessibility tree, as a screen reader does: Flutter
        runs the control's tap action wherever it is on the canvas. A pointer click (``pointer=True``) needs the
        control on screen, and Flutter's own scrolling can move it between aiming and clicking.
        """
        self.settle()
        target = self.control(label, role, exact)
        if pointer:
            target.click()
        else:
            target.evaluate("e => e.click()")
        self.settle()

    def choose(self, label: str, until: str, exact: bool = False, tries: int = 3) -> None:
        """Pick the option ``label`` (a segment, a chip: tapping it twice picks it once) and wait until ``until``
        shows that it was picked. A tap that made no change is made again, up to ``tries`` in all: a segment
        tapped just after the screen was rebuilt was once ignored under CI's load (the sheet stayed as it was)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for attempt in range(tries):
            self.click(label, exact=exact)
            try:
                self.expect_text(until, timeout_ms=NAVIGATION_MS if attempt < tries - 1 else UI_TIMEOUT_MS)
                return
            except PlaywrightTimeout:
                if attempt == tries - 1:
                    raise

    def back(self) -> None:
        """Tap the top bar's Back and wait until the page shows the screen below (see :meth:`go_to`)."""
        self.go_to("Back")

    def go_to(self, label: str) -> None:
        """Tap the button ``label`` that opens another screen and wait until the page shows it: its address
        changed and the connection is quiet. (A tap right after a Back could be undone: the screen stayed on
        home after a quick "Score a game", seen once in CI.) When the screen has not changed after
        ``NAVIGATION_MS`` the tap is made again, up to three times in all (home just after a Back ignored
        "Settings" and "New game" under load); Back is tapped once."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        here = "() => location.pathname + location.search"
        before = self.page.evaluate(here)
        moved = "b => location.pathname + location.search !== b"
        for attempt in range(3):
            self.click(label)
            try:
                self.page.wait_for_function(moved, arg=before, timeout=NAVIGATION_MS)
                break
            except PlaywrightTimeout:
                if label == "Back" or attempt == 2 or self.page.evaluate(here) != before:
                    # Back is never tapped twice (a late first tap would take the page two screens back): it
                    # gets the whole time, as does a third tap.
                    self.page.wait_for_function(moved, arg=before)
                    break
                # The screen did not change: tap again, as a person does. A second tap on a button that opens a
                # screen opens the same screen, so a first tap that was only slow does no harm. (Seen under load
                # right after a Back: home ignored "Settings" and "New game", the test failed after 15 s.)
        self.settle()

    def fill(self, label: str, value: str) -> None:
        """Type ``value`` into the text field labelled ``label`` (replacing what was there), key by key, and return
        once the app has it.

        Key by key, as a person types: Playwright's ``fill`` sets the DOM value in one go, which Flutter only
        picks up when the field loses focus, and a screen update arriving before that resets the field.

        The focus is put on the field's element in the accessibility tree, but Flutter edits a field only after
        its framework has acted on that focus: a frame or more later it attaches its text editing to the
        element. Keys typed before that land in the element and never reach Flutter, so the app never gets them
        (a loaded machine stretches that window: the deck import once got an empty paste while the page showed
        the text). So the first character is typed alone and the rest only once the app has reported it (Flet
        sends every change of a field's value to the server); the fill ends when the app has the whole value.
        When the first character does not arrive, the field is blurred and focused again. A long value (over
        ``PASTE_OVER`` characters) is pasted after its first key, as a person pastes a deck file.
        """
        from playwright.sync_api import Error as PlaywrightError

        field = self.field(label)
        self._reveal(field)
        focused = "e => e === document.activeElement"
        problem = "not found"
        for attempt in range(6):
            # Focus through the accessibility tree rather than a click: Flutter scrolls its canvas to bring the
            # field into view, and a click computed before that scroll lands on whatever was under the pointer.
            # Flutter may also rebuild the field's DOM node meanwhile (dropping the focus), so check the focus.
            self.settle()
            try:
                if attempt:
                    field.evaluate("e => e.blur()")  # a fresh focus for Flutter to act on
                field.focus()
                self.settle()
                if not field.evaluate(focused):
                    problem = "did not take the focus"
                    continue
                mark = len(self.sent_values)
                self.page.keyboard.press("ControlOrMeta+A")
                self.page.keyboard.press("Backspace")
                if not value:
                    self.settle()
                    if self.value(label) == "":
                        return
                    problem = "was not emptied"
                    continue
                self.page.keyboard.type(value[0])
                if not self._app_has(value[0], mark, FIRST_KEY_MS):
                    problem = f"did not pass the keys on to the app (it got {self._app_value(mark)!r})"
                    continue
                if len(value) > PASTE_OVER:
                    self.page.keyboard.insert_text(value[1:])  # a paste: the text arrives as one edit
                else:
                    self.page.keyboard.type(value[1:])
                if self._app_has(value, mark, UI_TIMEOUT_MS):
                    self.settle()
                    return
                problem = f"gave the app {self._app_value(mark)!r}"
            except PlaywrightError as err:
                problem = str(err).splitlines()[0]
        raise AssertionError(f"could not type into the field {label!r}: {problem}")

    def _reveal(self, field) -> None:
        """Scroll until ``field`` is in the accessibility tree: Flutter leaves out a field far outside the window
        (a screen redrawn after an import, say, can put the deck text field there), so it cannot be focused."""
        self.settle()
        for dy in [600] * 8 + [-600] * 16:
            if field.count():
                return
            self.scroll(dy)

    def _app_value(self, since: int) -> str | None:
        """The last field value the page sent to the app after ``self.sent_values[since]`` (None: none sent)."""
        return self.sent_values[-1] if len(self.sent_values) > since else None

    def _app_has(self, text: str, since: int, timeout_ms: int) -> bool:
        """Wait until the last field value the page sent to the app (after ``since``) is ``text``."""
        deadline = time.monotonic() + timeout_ms / 1000
        while self._app_value(since) != text:
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(30)
        return True

    def field(self, label: str):
        """The text field labelled ``label``. Flutter names a field by its label, and at times (when it shows the
        hint, which can change with the focus) by its label, a line break and the hint: both are matched."""
        with_hint = label + "\\a "  # a CSS string's escaped line break
        return self.page.locator(
            ", ".join(f'{tag}[aria-label="{label}"], {tag}[aria-label^="{with_hint}"]' for tag in ("input", "textarea"))
        ).first

    def value(self, label: str) -> str:
        return self.field(label).input_value()

    # --- what a person can read: tests/browser/readable.py
    def assert_in_view(self, label: str, role: str = "button", exact: bool = False, within_ms: int = 5_000) -> None:
        readable.assert_in_view(self, label, role, exact, within_ms)

    def squeezed(self) -> tuple[list[str], set[str]]:
        return readable.squeezed(self)

    def assert_readable(self, what: str, texts: Iterable[str] = (), within_ms: int = 4_000) -> None:
        readable.assert_readable(self, what, texts, within_ms)

    def top_of(self, text: str) -> float | None:
        """How far down the window the first text reading exactly ``text`` starts (None: not drawn). Flutter
        trims a half-hidden text's box to what shows, so where a heading starts, not whether a text's box is in
        the window, says where the screen went."""
        box = self.page.get_by_text(text, exact=True).first.bounding_box()
        return None if box is None else box["y"]

    def scroll(self, dy: int) -> None:
        """Scroll the screen by ``dy`` pixels with the mouse wheel (positive: down)."""
        width, height = SIZES[self.size]
        self.page.mouse.move(width / 2, height / 2)
        self.page.mouse.wheel(0, dy)
        self.settle()

    def text(self) -> str:
        """Everything the semantics tree says, in document order."""
        return self.page.locator("flt-semantics-host").inner_text()

    def expect_text(self, text: str, timeout_ms: int = UI_TIMEOUT_MS) -> None:
        """Wait until ``text`` appears somewhere on the screen (a label, a text, a button)."""
        self.page.get_by_text(text).or_(self.page.get_by_label(text)).first.wait_for(
            state="attached", timeout=timeout_ms
        )

    def expect_no_text(self, text: str, timeout_ms: int = 5_000) -> None:
        self.page.get_by_text(text).first.wait_for(state="detached", timeout=timeout_ms)

    def is_disabled(self, label: str, role: str = "button") -> bool:
        return self.control(label, role).get_attribute("aria-disabled") == "true"

    def is_checked(self, label: str, role: str = "switch") -> bool:
        return self.control(label, role).get_attribute("aria-checked") == "true"

    # ------------------------------------------------------------------------------------------ pictures
    def shot(self, name: str, wait_ms: int = 500) -> Path:
        """A screenshot named ``<name>-<size>.png`` after ``wait_ms`` for animations to settle."""
        self.settle()
        self.page.wait_for_timeout(wait_ms)
        path = self.screenshot_dir / f"{name}-{self.size}.png"
        self.page.screenshot(path=str(path), timeout=30_000)
        return path


