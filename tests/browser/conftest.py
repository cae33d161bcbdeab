"""End-to-end tests in headless Chromium against the real app server.

Fixtures
--------
``app_server`` (module scope)
    Starts ``python -m companion app --no-browser --port <free> --data-dir <tmp>`` once per test module and
    kills it at teardown. Has ``.url``, ``.data_dir``, ``.log_text()``.
``browser`` (session scope)
    Playwright's Chromium: Debian's ``chromium-headless-shell`` (``/usr/bin/chromium``, the full browser, where
    it is not installed; never ``playwright install``). See :data:`CHROMIUM`.
``device`` (session scope)
    One browser profile, as one phone's browser: every page a test opens is a new tab in it (a new Flet
    session), so Flet's web files come from its cache after the first page, as on a phone that opened the app
    before. ``app_page(server, own_device=True)`` gives a page a profile of its own (another phone).
``app`` (function scope)
    A fresh page (a fresh Flet session) on ``app_server`` at phone size, with Flutter's semantics tree on.
    It is an :class:`AppPage`: ``app.open("/rules", size="desktop")``, ``app.click("Rules help")``,
    ``app.expect_text("Treasure Hoard")``, ``app.fill("Gold", "12")``, ``app.text()``, ``app.shot("home")``,
    ``app.assert_readable("the attack form", ["Strength"])`` (no label squeezed a letter a line, nothing cut).
``screenshot_dir`` (session scope)
    Where ``app.shot`` writes: ``$TREASURE_COMPANION_SCREENSHOTS`` or a temporary folder (printed).

Every test in this folder is marked ``browser``. When Chromium or Playwright is missing the tests skip with
the reason, except when ``TREASURE_COMPANION_REQUIRE_BROWSER=1`` (CI) where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import msgpack  # Flet's wire format (a dependency of flet)
import pytest

REPO = Path(__file__).resolve().parents[2]
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
#: The browser the tests drive. Debian's headless shell is the same Chromium build without the full browser's
#: windows and profile services: the same page draws the same pixels (the README's screenshots compared byte for
#: byte) for about a sixth less of the machine's CPU (11 tests of three modules, two runs each: 140 and 158
#: CPU-s in chromium, 120 and 126 in the shell). ``TREASURE_COMPANION_CHROMIUM`` names another.
CHROMIUM = os.environ.get(
    "TREASURE_COMPANION_CHROMIUM", HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else "/usr/bin/chromium"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    # The page's WebAssembly (an 8 MB Flutter build) compiled by V8's baseline compiler only, without the
    # optimizing tier: a page load then costs the machine about a third less CPU (measured over the whole
    # machine: 7.3 -> 4.8 CPU-s for /decks and a tap, 6 loads each), and a test's taps never wait for the
    # compiler. What the page draws and does is the same; the app's speed is measured by tests/bench, whose
    # browser runs without this flag, as a person's does.
    "--js-flags=--liftoff-only",
]
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
STARTUP_TIMEOUT = 60.0
UI_TIMEOUT_MS = 15_000
#: Flet's message action for "these properties of a control changed" (a field's value, sent by the page).
UPDATE_CONTROL_PROPS = 4
#: How long fill() waits for the app to report the first typed character before it focuses the field again.
#: A value longer than this is pasted after its first key (a deck file, say): one edit for the page and the
#: app, as a clipboard gives it, not a key and a message to the server for each character.
PASTE_OVER = 40
FIRST_KEY_MS = 5_000
#: How long a tap that opens another screen has before it is made again (Back excepted).
NAVIGATION_MS = 4_000


def pytest_collection_modifyitems(config, items):
    """Mark every test here ``browser``. Under pytest-xdist (``--dist loadgroup``, as tests/run.sh runs them) the
    tests of a module that share its ``app_server`` stay together on one worker, so that server starts once; a
    test with servers of its own is a group by itself, so a module's long tests (a whole round, a dragon attack)
    run side by side on several workers instead of one after the other."""
    here = Path(__file__).parent
    for item in items:
        path = Path(str(item.fspath))
        if here in path.parents:
            item.add_marker(pytest.mark.browser)
            # The phone site's tests share its build and its static host (tests/browser/test_phone_site.py).
            shares_server = {"app_server", "phone_host"} & set(getattr(item, "fixturenames", ()))
            group = f"browser-{path.stem}" if shares_server else f"browser-{path.stem}-{item.name}"
            item.add_marker(pytest.mark.xdist_group(group))


def _unavailable(reason: str):
    if os.environ.get("TREASURE_COMPANION_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set TREASURE_COMPANION_REQUIRE_BROWSER=1 to fail instead)")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Server:
    url: str
    port: int
    data_dir: Path
    log: Path
    proc: subprocess.Popen

    def log_text(self) -> str:
        return self.log.read_text("utf-8", errors="replace") if self.log.exists() else ""


def start_server(
    data_dir: Path, log: Path, extra_env: dict[str, str] | None = None, port: int | None = None
) -> Server:
    """Start the app on ``port`` (default: a free one); ``extra_env`` adds environment variables (e.g. a fixed
    game seed)."""
    port = port or _free_port()
    env = dict(os.environ)
    env.pop("TREASURE_COMPANION_DATA", None)
    env.pop("TREASURE_COMPANION_SEED", None)
    env.update(extra_env or {})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["PYTHONUNBUFFERED"] = "1"
    cmd = [sys.executable, "-m", "companion", "app", "--no-browser", "--port", str(port), "--data-dir", str(data_dir)]
    out = open(log, "w", encoding="utf-8")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", port, data_dir, log, proc)
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out.close()
            pytest.fail(f"app server exited with {proc.returncode}:\n{server.log_text()}", pytrace=False)
        if _port_open(port):
            return server
        time.sleep(0.2)
    stop_server(server)
    pytest.fail(f"app server did not listen on {port} within {STARTUP_TIMEOUT}s:\n{server.log_text()}", pytrace=False)


def stop_server(server: Server) -> None:
    proc = server.proc
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory, request):
    _check_browser_available()
    base = tmp_path_factory.mktemp(f"app-{request.module.__name__.rsplit('.', 1)[-1]}")
    server = start_server(base / "data", base / "server.log")
    yield server
    stop_server(server)


class Servers:
    """App servers of one test, each on a data folder of the test's own; all stopped at teardown."""

    def __init__(self, base: Path):
        self.base = base
        self.started: list[Server] = []
        self.env: dict[int, dict[str, str]] = {}

    def start(self, data_dir: Path | None = None, **env: str) -> Server:
        """A server on ``data_dir`` (default: a fresh folder). ``env``: ``seed=12`` sets TREASURE_COMPANION_SEED."""
        n = len(self.started)
        self.env[n] = env
        server = start_server(
            data_dir or self.base / f"data{n}",
            self.base / f"server{n}.log",
            {f"TREASURE_COMPANION_{k.upper()}": str(v) for k, v in env.items()},
        )
        self.started.append(server)
        return server

    def restart(self, server: Server) -> Server:
        """Stop ``server`` (as a killed app would be) and start a new one on the same data folder."""
        stop_server(server)
        return self.start(server.data_dir, **self.env[self.started.index(server)])

    def stop_all(self) -> None:
        for server in self.started:
            stop_server(server)


@pytest.fixture
def servers(tmp_path):
    """Start app servers with a fresh data folder for this test: ``servers.start(seed=2161)``,
    ``servers.restart(server)``."""
    _check_browser_available()
    pool = Servers(tmp_path)
    yield pool
    pool.stop_all()


def _check_browser_available() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _unavailable(f"Chromium not found at {CHROMIUM} (apt-get install chromium-headless-shell)")


@pytest.fixture(scope="session")
def browser():
    _check_browser_available()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def device(browser):
    """The worker's browser profile that test pages open in, as tabs: a page load then takes Flet's web files
    (8 MB of WebAssembly among them) from the profile's cache instead of the server, about a fifth less of the
    machine's CPU per load (3.4-4.2 against 4.3-5.3 CPU-s for /decks, 5 loads each). Nothing else carries over
    between tests: the app keeps nothing in the browser (no storage, and its only cookie, a shared table's, is
    named per port), every page is a new Flet session, and Flutter's service worker unregisters itself once
    active."""
    context = browser.new_context()
    context.set_default_timeout(UI_TIMEOUT_MS)
    yield context
    context.close()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory) -> Path:
    env = os.environ.get("TREASURE_COMPANION_SCREENSHOTS")
    path = Path(env) if env else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {path}")
    return path


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
        frame is drawn in software here, a fifth of the browser's work. ``motion=True`` keeps them, for the tests
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
        # Flutter draws on a canvas; its accessibility tree (which the helpers read) appears only after the
        # hidden placeholder is clicked. A click before Flutter is ready is ignored, so retry until the first
        # screen's top bar (a heading) is in the tree.
        placeholder = page.locator("flt-semantics-placeholder")
        heading = page.locator("flt-semantics h1, flt-semantics h2, flt-semantics [role=heading]")
        placeholder.wait_for(state="attached", timeout=30_000)
        deadline = time.monotonic() + 30
        while heading.count() == 0:
            if time.monotonic() > deadline:
                raise AssertionError(f"the app at {route} showed no accessible screen within 30 s")
            if placeholder.count():
                placeholder.evaluate("e => e.click()")
            page.wait_for_timeout(60)
        # The router names the document after the screen once the route's views are built; before that the
        # client may briefly show a first frame without the app's theme.
        page.wait_for_function("() => document.title.includes('Treasure Mountain Companion')")
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

    def assert_in_view(self, label: str, role: str = "button", exact: bool = False, within_ms: int = 5_000) -> None:
        """The control named ``label`` is wholly inside the window without any scrolling by the user (nothing below
        the fold). A screen that scrolls itself (to a result, say) animates: the control has ``within_ms`` to get
        there, as a person's eye waits for the scroll to end.

        Flutter trims a control's accessibility box to what the window shows, so a control cut by the window's
        bottom edge has a box ending exactly there: such a box fails too (a pinned bar keeps its padding below
        its button)."""
        self.settle()
        if role == "text":
            target = self.page.get_by_text(label, exact=exact).or_(self.page.get_by_label(label, exact=True)).first
        else:
            target = self.control(label, role, exact)
        width, height = SIZES[self.size]
        deadline = time.monotonic() + within_ms / 1000
        while True:
            box = target.bounding_box()
            inside = box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
            inside = inside and box["y"] + box["height"] < height - 0.5  # flush with the bottom edge: cut by it
            if inside or time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(100)
        assert box is not None, f"{label!r} is not drawn"
        assert inside, f"{label!r} at {box} is not inside the {width}x{height} window"

    def squeezed(self) -> tuple[list[str], set[str]]:
        """What the window draws too narrow to read or cut at a side, one line each (empty: all readable), and
        every text and control's name drawn.

        Flutter puts the texts, buttons and fields of the screen in its accessibility tree with the box each is
        drawn in (most of what is scrolled out of view too). Two checks on those boxes:

        - a text of four characters or more (a label, a line, a switch's or checkbox's label) is wider than
          tall: a label squeezed into a column narrower than a word is drawn a letter or two a line ("S / t /
          r / e / n / g / t / h"), its box much taller than wide;
        - every text and control lies inside the window from side to side. Flutter trims a box to what the
          window shows, so one cut by the window's side ends exactly at that side: flush with it fails too.

        The top bar is left out: its last button sits flush with the window's right side by design; so is a
        box flush with both sides (the toast's bar spans the window). A text
        squeezed to a letter a line can also be missing from the tree altogether: :meth:`assert_readable` asks
        for the texts a screen must show.
        """
        width = SIZES[self.size][0]
        found = self.page.evaluate(
            """() => {
                const out = [];
                for (const e of document.querySelectorAll('flt-semantics')) {
                    const span = Array.from(e.children).find(c => c.tagName === 'SPAN');
                    const role = e.getAttribute('role');
                    const labelled = ['checkbox', 'switch', 'radio'].includes(role);
                    const bare = e.children.length === 0 && e.textContent.trim();
                    const leaf = span || (role && role !== 'group') || bare;
                    if (!leaf) continue;
                    const r = e.getBoundingClientRect();
                    if (r.width === 0 && r.height === 0) continue;
                    if (r.bottom <= 56) continue;  // the top bar
                    const text = (span ? span.textContent : (e.getAttribute('aria-label') || e.textContent)).trim();
                    out.push({text, shaped: Boolean(span || labelled), x: r.left, y: r.top, w: r.width, h: r.height});
                }
                return out;
            }"""
        )
        problems = []
        for n in found:
            where = f"{n['text'][:50]!r} at x={n['x']:.0f} y={n['y']:.0f}, {n['w']:.0f}x{n['h']:.0f}"
            if n["shaped"] and len(n["text"]) >= 4 and n["h"] > n["w"]:
                problems.append(f"{where}: taller than wide (a letter or two a line)")
            full_width = n["x"] < 0.5 and n["x"] + n["w"] > width - 0.5  # a bar across the window: the toast
            if not full_width and (n["x"] < 0.5 or n["x"] + n["w"] > width - 0.5):
                problems.append(f"{where}: cut at the side of the {width} px window")
        return problems, {n["text"] for n in found}

    def assert_readable(self, what: str, texts: Iterable[str] = (), within_ms: int = 4_000) -> None:
        """Everything on the screen is readable (:meth:`squeezed`), from its top to its bottom, and each of
        ``texts`` is drawn as a text or a control of its own (a label squeezed to a letter a line can be left out of
        the accessibility tree, and so is a control Flutter could not lay out, drawn as a grey box). The screen is
        scrolled down a window at a time, then back to its top.

        A page just resized is drawn again over a few frames, its accessibility boxes a frame or two behind:
        the check is made again until it holds or ``within_ms`` has passed."""
        wanted = set(texts)
        deadline = time.monotonic() + within_ms / 1000
        while True:
            problems, seen = self._scan()
            missing = sorted(wanted - seen)
            if not problems and not missing or time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(300)
        lines = problems + [f"{t!r} is not drawn as a text or control of its own" for t in missing]
        assert not lines, f"{what} at {self.size} size:\n" + "\n".join(lines)

    def _scan(self) -> tuple[list[str], set[str]]:
        """:meth:`squeezed` from the screen's top to its bottom, a window at a time."""
        self.settle()
        problems: list[str] = []
        seen: set[str] = set()
        height = SIZES[self.size][1]
        before = None
        for _ in range(12):
            found, texts = self.squeezed()
            problems += [p for p in found if p not in problems]
            seen |= texts
            here = self.page.evaluate(
                "() => Array.from(document.querySelectorAll('flt-semantics span')).map(s => "
                "Math.round(s.getBoundingClientRect().top)).join()"
            )
            if here == before:
                break
            before = here
            self.scroll(height - 200)
        self.scroll(-100_000)
        return problems, seen

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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.browser_call_failed = report.failed


@pytest.fixture
def app(browser, device, app_server, screenshot_dir, request):
    page = AppPage(browser, app_server, screenshot_dir, device)  # opens "/" at phone size on first use
    yield page
    if getattr(request.node, "browser_call_failed", False) and page._page is not None:
        # Leave evidence: what the screen looked like and what its accessibility tree said.
        name = "FAILED-" + "".join(ch if ch.isalnum() else "_" for ch in request.node.name)
        with contextlib.suppress(Exception):
            path = page.shot(name, wait_ms=0)
            print(f"\nscreen at failure: {path}\n--- accessibility text ---\n{page.text()[:3000]}")
        print(f"--- server log ---\n{app_server.log_text()[-2000:]}")
    page.close()


@pytest.fixture
def app_page(browser, device, screenshot_dir, request):
    """Open the app of a given server: ``app_page(servers.start(), "desktop")`` -> an open :class:`AppPage`, a tab
    of the worker's ``device``; ``own_device=True``: in a browser profile of its own (another person's phone).

    On a failure, as ``app`` does: a screenshot and the accessibility text of the page still open, and the end of
    its server's log.
    """
    pages: list[AppPage] = []

    def open_page(
        server: Server, size: str = "phone", route: str = "/", motion: bool = False, own_device: bool = False,
        init_script: str | None = None, user_agent: str | None = None,
    ) -> AppPage:
        page = AppPage(browser, server, screenshot_dir, None if own_device else device)
        pages.append(page)
        return page.open(route, size=size, motion=motion, init_script=init_script, user_agent=user_agent)

    yield open_page
    if getattr(request.node, "browser_call_failed", False):
        for page in (p for p in pages if p._page is not None):
            name = "FAILED-" + "".join(ch if ch.isalnum() else "_" for ch in request.node.name)
            with contextlib.suppress(Exception):
                path = page.shot(name, wait_ms=0)
                print(f"\nscreen at failure: {path}\n--- accessibility text ---\n{page.text()[:3000]}")
            print(f"--- server log ---\n{page.server.log_text()[-2000:]}")
    for page in pages:
        page.close()


@pytest.fixture(scope="module")
def seeded_app_server(tmp_path_factory, request):
    """Like ``app_server``, with games put in its store before it starts: the test module's
    ``seed_store(data_dir)`` runs first (it may write anything into the data folder). A module uses it by
    overriding ``app_server``, so ``app`` opens pages on it::

        @pytest.fixture(scope="module")
        def app_server(seeded_app_server):
            return seeded_app_server
    """
    _check_browser_available()
    base = tmp_path_factory.mktemp(f"seeded-{request.module.__name__.rsplit('.', 1)[-1]}")
    data_dir = base / "data"
    data_dir.mkdir()
    request.module.seed_store(data_dir)
    server = start_server(data_dir, base / "server.log")
    yield server
    stop_server(server)
