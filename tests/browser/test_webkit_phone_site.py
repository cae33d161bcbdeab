"""The phone site (``treasure-companion publish``) in WebKit, Safari's engine (Debian's WebKitGTK, driven by
Selenium: tests/browser/webkit_browser.py), served as plain static files on 127.0.0.1.

Each start of Python in the page costs the machine some 25 s (minutes on a loaded one), so one test plays the
whole story on three loads: the first, a reload mid-round, and a reload with the site's host gone.

Found by trying (WebKitGTK 2.50): WebKit runs the site as it is (Pyodide's WebAssembly, CanvasKit under software
rendering, IndexedDB, Web Locks, the service worker on http://127.0.0.1); it has no ``navigator.storage.persist``
(boot.js asks only where there is one). Under the C locale it names its language "C" and Flutter's start
throws: the last test here.
"""

from __future__ import annotations

import time

import pytest

from tests.browser.phone_page import StaticHost, built_site
from tests.browser.test_phone_site import start_solo_game
from tests.browser.test_round_flow import SEED, Table
from tests.browser.webkit_browser import RefusingProxy, WebKit, colours
from tests.browser.webkit_page import WebKitPage

pytestmark = pytest.mark.browser

#: The service worker has kept the site's files and controls the page (it claims the page once active).
CONTROLLED = "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"


@pytest.fixture(scope="module")
def built_host():
    """The site, built once per run (tests/browser/phone_page.py), on a static host of the module's own."""
    host = StaticHost(built_site())
    yield host
    host.stop()


#: Whether the Python runtime's snapshot is kept for this build's key (companion/phone/static/python-snapshot.js):
#: never in WebKit, where a restored runtime failed (python.js).
SNAPSHOT_KEPT = """const done = arguments[arguments.length - 1];
caches.open("treasure-python-snapshot").then((c) => c.keys())
  .then((keys) => done(keys.some((r) => r.url.endsWith(`pyodide/snapshot-${flet.pythonSnapshotKey}`))),
        () => done(false));"""


def wait_until_kept_for_offline(app: WebKitPage, within_s: float = 120) -> None:
    deadline = time.monotonic() + within_s
    while not app.driver.execute_script(CONTROLLED):
        assert time.monotonic() < deadline, f"no service worker controls the page after {within_s} s"
        time.sleep(0.25)


@pytest.mark.timeout(1200)
def test_the_site_plays_a_round_in_webkit_through_a_reload_and_with_its_host_gone(webkit):
    """WebKit draws the home screen (the screenshot is no blank page); a solo game starts and takes steps; no
    snapshot of Python is kept (WebKit starts it plainly); a reload mid-round brings back the same step; the host
    is stopped and the page reloaded: the service worker serves the site, the game is at the same step, and the
    round is played to its end and round 2 starts. Nothing is asked of any other host."""
    host = StaticHost(built_site())  # its own: stopped mid-test
    try:
        app = webkit.open(f"{host.url}/?seed={SEED}#/")
        app.expect_text("New game")
        home = app.shot("phone-site-home")
        assert colours(home.read_bytes()) > 20, f"the home screen has hardly any colours ({home})"
        assert "could not start" not in app.body()
        table = Table(app, "webkit-phone")
        start_solo_game(app, table)
        for _ in range(3):
            table.step()
        wait_until_kept_for_offline(app)
        assert app.driver.execute_async_script(SNAPSHOT_KEPT) is False  # Python starts plainly in WebKit
        before = table.view.banner
        app.reload()
        app.expect_text(f"Next: {before}")
    finally:
        host.stop()
    app.reload()
    app.expect_text(f"Next: {before}")
    app.shot("phone-site-offline")
    while table.view.decision != "next_round":
        table.step()
    app.expect_text("Next: Round 1 is over")
    app.click("Start round 2")
    assert table.mirror.proceed()
    app.expect_text("Round 2 of 5")
    table.expect_banner()
    app.shot("phone-site-round-2")
    assert app.refused == [], f"the site asked other hosts for {app.refused}"


def test_a_start_that_fails_in_webkit_says_so_in_one_line(webkit_display, built_host, screenshot_dir, tmp_path):
    """WebKitGTK in the C locale names its language "C", which is no language tag: Flutter's start throws
    before it draws anything. The start-up picture then says so in one line instead of staying up forever."""
    proxy = RefusingProxy()
    browser = WebKit(webkit_display, proxy, tmp_path / "webkitwebdriver.log", language="C.UTF-8")
    try:
        app = WebKitPage(browser, screenshot_dir, proxy)
        assert app.driver.execute_script("return navigator.language") == "C"
        app.driver.get(f"{built_host.url}/")
        line = "The app could not start in this browser (Invalid argument(s): invalid language tag)."
        deadline = time.monotonic() + 120
        while line not in app.body():
            assert time.monotonic() < deadline, f"no line on screen; the page reads {app.body()!r}"
            time.sleep(0.25)
        app.shot("phone-site-not-started", wait_ms=0)
    finally:
        browser.stop()
        proxy.stop()
