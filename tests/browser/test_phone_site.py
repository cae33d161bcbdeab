"""The phone site (``treasure-companion publish``) in headless Chromium, served as plain static files.

Every request to another host is refused and noted (the page must work without any), and each Pyodide start costs
the machine a lot (``python -m tests.bench.phone`` measures a first load): so the tests here are few and each plays
a whole story on a handful of loads.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, PHONE_SITE_ARGS
from tests.browser.phone_page import PhonePage, StaticHost, built_site
from tests.browser.test_decks_screen import GREEN
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone_host():
    host = StaticHost(built_site())
    yield host
    host.stop()


@pytest.fixture
def phone(playwright_session, phone_host, tmp_path, screenshot_dir):
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
            self.context = playwright_session.chromium.launch_persistent_context(
                str(self.profile), executable_path=CHROMIUM, args=PHONE_SITE_ARGS,
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
    # None at all: Flet's client asks a CDN for Rive's runtime at every start, but the site's content policy
    # refuses it before it is sent, as the served app's does.
    assert app.refused == [], f"the site asked other hosts for {app.refused}"
    # A traceback in the page quotes the app's own lines, fetched from the host when first asked for.
    worker = next(w for w in app.page.workers if w.url.endswith("/python-worker.js"))
    quoted = worker.evaluate("() => self.pyodide.runPython(`" + TRACEBACK + "`)")
    assert "browser.py" in quoted and "query = parse_qs(urlsplit(url).query)" in quoted, quoted


#: Run in the page's Python: the traceback of an error inside one of the app's functions, as text.
TRACEBACK = """
import traceback
from companion.phone.browser import settings_from_address
text = "no error"
try:
    settings_from_address(object())
except Exception:
    text = traceback.format_exc()
text
"""


def wait_until_kept_for_offline(app: PhonePage) -> None:
    """The site's service worker has kept every file and controls the page (it claims it once active)."""
    app.page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                               timeout=120_000)


def test_a_game_survives_a_reload_a_closed_browser_and_no_network(phone):
    """Mid-game the page is reloaded (a phone bringing back a killed tab): the same step. The browser is closed
    and opened again with the network cut: the site opens from its own copy, the game continues at the same
    step, and the whole round is played offline."""
    app = phone.page.open(query=f"seed={SEED}")
    table = Table(app, "phone-offline")
    start_solo_game(app, table)
    for _ in range(3):
        table.step()
    wait_until_kept_for_offline(app)
    before = table.view.banner
    app.reload()
    app.expect_text(f"Next: {before}")
    refused = list(app.refused)

    app = table.app = phone.reopen(offline=True).open(query=f"seed={SEED}")
    app.expect_text("Continue game")
    assert not app.is_disabled("Continue game")
    app.go_to("Continue game")
    app.expect_text(f"Next: {before}")
    app.shot("phone-offline-resumed")
    while table.view.decision != "next_round":
        table.step()
    app.expect_text("Next: Round 1 is over")
    app.click("Start round 2")
    assert table.mirror.proceed()
    app.expect_text("Round 2 of 5")
    table.expect_banner()
    app.shot("phone-offline-round-2")
    assert refused + app.refused == []


#: Put before the page's Python worker: IndexedDB refused, as a browser does with storage blocked for the site
#: (Firefox's private windows, "block all site data"): opening it throws. (The test of that browser in Chromium is
#: tests/browser/test_phone_storage.py's private window.)
NO_INDEXEDDB = """Object.defineProperty(self, "indexedDB", { get() {
  throw new DOMException("The user denied permission to access the database.", "SecurityError"); } });
"""


def calibration_line(app: PhonePage) -> str | None:
    """The calibration's status line on the Decks screen ("Calibrating: 40 of 240 games, about 1 minute left"),
    or None. Read at once from the page: the line changes with every batch of games, so a locator found first
    and read after could wait for a text that is gone."""
    return app.page.evaluate(
        "() => { const n = [...document.querySelectorAll('flt-semantics')].find(n => "
        "/^Calibrating: [\\d,]+ of [\\d,]+ games/.test(n.textContent)); return n ? n.textContent : null; }")


def test_files_calibration_and_sharing_go_through_the_browser(phone, tmp_path):
    """Settings says to open the app on each phone; a deck file comes in through the browser's file picker;
    its calibration runs while taps are answered and its bar moves; a transcribed deck goes out as a download."""
    app = phone.page.open("/settings", query="calibration_games=120")
    app.scroll(3000)
    app.expect_text("Open this app on each phone instead.")
    app.shot("phone-settings-share")

    app.go_to("Back")  # to the Decks screen in the same page: one start of Python, the address's setting kept
    app.go_to("Decks")
    deck = tmp_path / "green.toml"
    deck.write_text(GREEN, encoding="utf-8")
    with app.page.expect_file_chooser() as chooser:
        app.click("Choose a deck file", pointer=True)
    chooser.value.set_files(str(deck))
    app.expect_text("Imported your green deck: 1 card, kept as your transcription.")

    app.click("Calibrate my decks")
    app.expect_text("Calibrating: ")
    first = calibration_line(app)
    app.page.wait_for_function(
        "f => [...document.querySelectorAll('flt-semantics')].some(n => /^Calibrating: /.test(n.textContent)"
        " && n.textContent !== f)", arg=first, timeout=30_000)
    app.shot("phone-calibrating")
    # A tap while the games run: the red deck's cards are shown while the calibration is still under way (so
    # the tap did not wait for its end). The time is the page's, from the tap to the cards, on a loaded machine.
    red = app.control("Red deck", exact=True)
    began = time.monotonic()
    red.evaluate("e => e.click()")
    app.expect_text("R01")
    answered = time.monotonic() - began
    assert calibration_line(app) is not None, "the calibration ended before the tap was answered"
    assert answered < 10, f"a tap during calibration took {answered:.1f} s"
    app.page.wait_for_function(
        "() => ![...document.querySelectorAll('flt-semantics')].some(n => /^Calibrating: /.test(n.textContent))",
        timeout=240_000)
    again = app.page.get_by_role("button", name="Calibrate again")
    for dy in [-500] * 12 + [500] * 24:  # the card, wherever the screen scrolled to: its bands are kept
        if again.count():
            break
        app.scroll(dy)
    assert again.count(), "the calibration did not finish"

    app.go_to("Edit your green deck")  # the imported file, kept as the green transcription
    app.click("Export or import (TOML)")
    with app.page.expect_download(timeout=30_000) as info:
        app.click("Save as a file")
    got = info.value
    assert got.suggested_filename == "green-deck.toml"
    assert '\ndeck = "green"\n' in Path(got.path()).read_text(encoding="utf-8")
    app.expect_text("1 finished card of your green deck in green-deck.toml: import it on the Decks screen.")
    app.shot("phone-deck-saved")
    assert app.refused == []
