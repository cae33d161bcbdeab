"""The phone site (``treasure-companion publish``) in headless Chromium, served as plain static files.

Every request to another host is refused and noted (the page must work without any), and each Pyodide start
costs some 20 s of the machine: so the tests here are few and each plays a whole story on a handful of loads.
"""

from __future__ import annotations

import pytest

from tests.browser.phone_page import PhonePage, StaticHost, built_site
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser

#: Requests to other hosts the site is allowed to attempt: none. (Flet's client asks a CDN for Rive's runtime
#: at every start; the site's content policy refuses it before it is sent, as the served app's does.)
ALLOWED_ELSEWHERE: tuple[str, ...] = ()


@pytest.fixture(scope="module")
def phone_host():
    host = StaticHost(built_site())
    yield host
    host.stop()


@pytest.fixture
def phone(browser, phone_host, tmp_path, screenshot_dir):
    """A phone's browser with a profile on disk (``tmp_path / 'profile'``): what the site stores survives a
    closed browser. ``phone.reopen()`` closes it and opens the same profile again."""

    class Phone:
        def __init__(self):
            self.profile = tmp_path / "profile"
            self.context = None
            self.page: PhonePage | None = None
            self.reopen()

        def reopen(self, offline: bool = False) -> PhonePage:
            if self.context is not None:
                self.context.close()
            self.context = browser.browser_type.launch_persistent_context(
                str(self.profile), executable_path=browser_executable(browser), args=launch_args(),
                viewport={"width": 390, "height": 844}, service_workers="allow",
            )
            self.context.set_offline(offline)
            self.page = PhonePage(self.context, phone_host, screenshot_dir)
            return self.page

        def close(self):
            if self.context is not None:
                self.context.close()
                self.context = None

    phone = Phone()
    yield phone
    phone.close()


def browser_executable(browser) -> str:
    from tests.browser.conftest import CHROMIUM

    return CHROMIUM


def launch_args() -> list[str]:
    from tests.browser.conftest import CHROMIUM_ARGS

    return CHROMIUM_ARGS


def start_solo_game(app: PhonePage, table: Table) -> None:
    """Home -> New game -> Solo -> Start, and blue's die 4: the same steps as the served app's test."""
    app.go_to("New game")
    app.click("Solo: you against two automa")
    app.expect_text("Caverns of Gandûm expansion")
    app.click("Start the game")
    app.expect_text("Next: Roll for the starting turn order")
    table.tap("Blue rolled 4", "Blue's die: 4")
    app.click("Roll for the starting order")
    assert table.mirror.starting_rolls({"blue": 4})
    table.expect_banner()


def test_the_site_runs_the_app_with_every_other_host_refused(phone):
    """The first load: the home screen draws and answers, a solo game starts and takes steps, and nothing was
    asked of any other host."""
    app = phone.page.open(query=f"seed={SEED}")
    app.expect_text("New game")
    app.shot("phone-site-home")
    table = Table(app, "phone-site")
    start_solo_game(app, table)
    table.step()
    app.shot("phone-site-round")
    elsewhere = [(url, kind) for url, kind in app.refused if not url.startswith(ALLOWED_ELSEWHERE)] \
        if ALLOWED_ELSEWHERE else app.refused
    assert elsewhere == [], f"the site asked other hosts for {elsewhere}"
