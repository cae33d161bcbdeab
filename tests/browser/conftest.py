"""End-to-end tests in headless Chromium against the real app server.

Fixtures
--------
``app_server`` (module scope)
    Starts ``python -m companion app --no-browser --port <free> --data-dir <tmp>`` once per test module and
    kills it at teardown. Has ``.url``, ``.data_dir``, ``.log_text()``.
``browser`` (session scope)
    Playwright's Chromium: Debian's ``chromium-headless-shell`` (``/usr/bin/chromium``, the full browser, where
    it is not installed; never ``playwright install``). See :data:`CHROMIUM`.
``site_browser`` (session scope)
    The same Chromium for the phone site's pages, with V8's optimizing tier (:data:`PHONE_SITE_ARGS`).
``device`` (session scope)
    One browser profile, as one phone's browser: every page a test opens is a new tab in it (a new Flet
    session), so Flet's web files come from its cache after the first page, as on a phone that opened the app
    before. ``app_page(server, own_device=True)`` gives a page a profile of its own (another phone).
``app`` (function scope)
    A fresh page (a fresh Flet session) on ``app_server`` at phone size, with Flutter's semantics tree on.
    It is an :class:`AppPage`: ``app.open("/rules", size="desktop")``, ``app.click("Rules help")``,
    ``app.expect_text("Treasure Hoard")``, ``app.fill("Gold", "12")``, ``app.text()``, ``app.shot("home")``,
    ``app.assert_readable("the attack form", ["Strength"])`` (no label squeezed a letter a line, nothing cut).
``webkit`` (function scope)
    A page in WebKit (Safari's engine: Debian's WebKitGTK through Selenium, tests/browser/webkit_page.py) at
    phone size, in a fresh profile, on an X display of the module's own (``webkit_display``).
``screenshot_dir`` (session scope)
    Where ``app.shot`` writes: ``$TREASURE_COMPANION_SCREENSHOTS`` or a temporary folder (printed).

Every test in this folder is marked ``browser``. When Chromium or Playwright is missing the tests skip with
the reason, except when ``TREASURE_COMPANION_REQUIRE_BROWSER=1`` (CI) where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

from tests.browser.app_page import AppPage
from tests.browser.servers import REPO, Server, Servers, start_server, stop_server
from tests.browser.window import SIZES, UI_TIMEOUT_MS, UPDATE_CONTROL_PROPS

__all__ = [  # imported from here by the browser tests
    "AppPage", "CHROMIUM", "CHROMIUM_ARGS", "PHONE_SITE_ARGS", "REPO", "SIZES", "UPDATE_CONTROL_PROPS",
    "start_server", "stop_server",
]

HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
#: The browser the tests drive. Debian's headless shell is the same Chromium build without the full browser's
#: windows and profile services: the same page draws the same pixels (the README's screenshots compared byte for
#: byte) for less of the machine's CPU. ``TREASURE_COMPANION_CHROMIUM`` names another.
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
    # optimizing tier: a page load then costs the machine less CPU, and a test's taps never wait for the
    # compiler. What the page draws and does is the same; the app's speed is measured by tests/bench, whose
    # browser runs without this flag, as a person's does.
    "--js-flags=--liftoff-only",
]
#: The phone site's browser: the same, V8's optimizing tier kept. There the page runs Python itself (CPython built
#: to WebAssembly): compiled by the baseline tier alone it runs slower and a start costs more CPU (a first load
#: some 13 s of CPU against 10 s, a reload 12 s against 9 s, measured on this machine with a tree of /proc times).
PHONE_SITE_ARGS = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--js-flags")]


def pytest_collection_modifyitems(config, items):
    """Mark every test here ``browser``. Under pytest-xdist (``--dist loadgroup``, as tests/run.sh runs them) the
    tests of a module that share its ``app_server`` stay together on one worker, so that server starts once; a
    test with servers of its own is a group by itself, so a module's long tests (a whole round, a dragon attack)
    run side by side on several workers instead of one after the other. The phone site's tests are groups of one
    each: the site is built once a run for every worker (``phone_page.built_site``) and a static host of it is a
    thread, while each test starts Python in a page (a minute and more on a loaded machine). The WebKit tests are
    one group, one after the other on one worker: three WebKit engines at once on two cores took 3× as long each
    (313 s for the site test that takes 104 s alone) and are where CI's load-made WebKit failures came from."""
    here = Path(__file__).parent
    for item in items:
        path = Path(str(item.fspath))
        if here in path.parents:
            item.add_marker(pytest.mark.browser)
            shares_server = "app_server" in getattr(item, "fixturenames", ())
            if path.stem.startswith("test_webkit_"):
                group = "browser-webkit"
            else:
                group = f"browser-{path.stem}" if shares_server else f"browser-{path.stem}-{item.name}"
            item.add_marker(pytest.mark.xdist_group(group))


def _unavailable(reason: str):
    if os.environ.get("TREASURE_COMPANION_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set TREASURE_COMPANION_REQUIRE_BROWSER=1 to fail instead)")


@pytest.fixture(scope="module")
def app_server(tmp_path_factory, request):
    _check_browser_available()
    base = tmp_path_factory.mktemp(f"app-{request.module.__name__.rsplit('.', 1)[-1]}")
    server = start_server(base / "data", base / "server.log")
    yield server
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
def playwright_session():
    """Playwright, started once per worker (its sync API allows one at a time in a thread)."""
    _check_browser_available()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session):
    b = playwright_session.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def site_browser(playwright_session):
    """Chromium for the phone site's pages (:data:`PHONE_SITE_ARGS`), started once per worker that needs it."""
    b = playwright_session.chromium.launch(executable_path=CHROMIUM, args=PHONE_SITE_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def device(browser):
    """The worker's browser profile that test pages open in, as tabs: a page load then takes Flet's web files
    (8 MB of WebAssembly among them) from the profile's cache instead of the server, for less of the machine's
    CPU per load. Nothing else carries over
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
def webkit_display():
    """An X display (Xvfb) of the module's own for WebKit (tests/browser/webkit_browser.py); a missing WebKit
    skips, or fails under ``TREASURE_COMPANION_REQUIRE_BROWSER=1``, as a missing Chromium does."""
    from tests.browser.webkit_browser import Display, webkit_missing

    if reason := webkit_missing():
        _unavailable(reason)
    display = Display().start()
    yield display
    display.stop()


@pytest.fixture
def webkit(webkit_display, screenshot_dir, tmp_path, request):
    """A page in WebKit at phone size, in a fresh browser profile that lives as long as the test (a reload keeps
    what the site stored); every request to another host is refused and noted in ``webkit.refused``. On a
    failure: a screenshot and the accessibility text."""
    from tests.browser.webkit_browser import RefusingProxy, WebKit
    from tests.browser.webkit_page import WebKitPage

    proxy = RefusingProxy()
    browser = WebKit(webkit_display, proxy, tmp_path / "webkitwebdriver.log")
    page = WebKitPage(browser, screenshot_dir, proxy)
    yield page
    if getattr(request.node, "browser_call_failed", False):
        name = "FAILED-webkit-" + "".join(ch if ch.isalnum() else "_" for ch in request.node.name)
        with contextlib.suppress(Exception):
            path = screenshot_dir / f"{name}.png"
            path.write_bytes(page.screenshot())
            print(f"\nscreen at failure: {path}\n--- accessibility text ---\n{page.text()[:3000]}")
    browser.stop()
    proxy.stop()


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
