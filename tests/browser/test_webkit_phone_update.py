"""A new build of the phone site published over the one open in WebKit, Safari's engine (Debian's WebKitGTK through
Selenium: tests/browser/webkit_browser.py), as tests/browser/test_phone_update.py does in Chromium.

The open page learns of the new build when the app comes back to the screen, says "A new version is ready."
with Reload, and only the player's tap puts it in place: the page reloads into the new build and the game goes
on at the same step. Two Python starts in all (some 25 s each in WebKit).
"""

from __future__ import annotations

import shutil
import time

import pytest

from companion.publish.site import MARKER
from tests.browser.phone_page import NEW_TITLE, StaticHost, built_site, publish_over, second_site
from tests.browser.test_phone_site import start_solo_game
from tests.browser.test_phone_update import CONTROLLER_VERSION
from tests.browser.test_round_flow import SEED, Table
from tests.browser.test_webkit_phone_site import wait_until_kept_for_offline

pytestmark = pytest.mark.browser

#: The line boot.js puts at the top of the page for a new build, and its Reload button.
BAR = "document.getElementById('treasure-companion-update')"


def wait_for(app, script: str, what: str, within_s: float = 120) -> None:
    """Until ``script`` holds in the page (asked again while the page is between two documents)."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + within_s
    while True:
        try:
            if app.driver.execute_script(f"return !!({script})"):
                return
        except WebDriverException:
            pass  # a page being replaced
        assert time.monotonic() < deadline, f"{what} within {within_s} s; the page reads {app.body()[:300]!r}"
        time.sleep(0.25)


@pytest.mark.timeout(900)
def test_a_new_build_waits_for_the_reload_tap_in_webkit_and_the_game_goes_on(webkit, tmp_path):
    second = second_site()  # built before the page opens: the build takes the machine for a while
    folder = tmp_path / "site"
    shutil.copytree(built_site(), folder)
    host = StaticHost(folder)
    try:
        app = webkit.open(f"{host.url}/?seed={SEED}#/")
        table = Table(app, "webkit-update")
        start_solo_game(app, table)
        table.step()
        wait_until_kept_for_offline(app)
        first_version = app.evaluate(CONTROLLER_VERSION)
        app.driver.execute_script("window.__firstDocument = true")

        publish_over(folder, second)
        app.driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")  # back to the app
        wait_for(app, BAR, "no line about a new version")
        assert "A new version is ready." in app.driver.execute_script(f"return {BAR}.innerText")
        app.shot("phone-update-ready")
        table.step()  # nothing changes by itself: the old build plays on
        assert app.driver.execute_script("return window.__firstDocument === true")
        assert app.evaluate(CONTROLLER_VERSION) == first_version
        step = table.view.banner

        app.driver.execute_script(f"[...{BAR}.querySelectorAll('button')].find((b) => b.textContent === 'Reload')"
                                  ".click()")
        wait_for(app, "window.__firstDocument === undefined", "the page did not reload")
        app.wait_until_drawn()
        app.expect_text(NEW_TITLE)  # the new build runs
        app.expect_text(f"Next: {step}")  # the game in progress, at the same step
        assert app.evaluate(CONTROLLER_VERSION) == (second / MARKER).read_text().strip()
        assert not app.driver.execute_script(f"return {BAR}")
        table.step()
        app.shot("phone-update-done")
        assert app.refused == []
    finally:
        host.stop()
