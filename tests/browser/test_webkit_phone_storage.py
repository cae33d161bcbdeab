"""The phone site in WebKit, Safari's engine, when the browser's storage is refused or taken away, as
tests/browser/test_phone_storage.py does in Chromium: each case one line on screen.

What WebKit lets a test do: IndexedDB refused in the page's Python worker (as a private window of older Safari
did: the host sends a script in front of the worker's own), a stored block changed between two visits, and the
stored data deleted between two visits, each from another page of the site. Each Python start costs WebKit some
25 s, so one profile plays the stored cases one after the other.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from companion.phone import storage
from companion.phone.browser import SAVE_LABEL, SAVE_STORED_LABEL
from tests.browser.phone_page import StaticHost, built_site
from tests.browser.test_phone_site import NO_INDEXEDDB, start_solo_game
from tests.browser.test_phone_storage import DELETE, PUT, SNAPSHOT
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site():
    return built_site()


def in_other_page(app, host: StaticHost, script: str, arg=None):
    """``script`` run in another page of the site, in the app's tab (a person's next address there): the app's
    page is left for it, and with it the stored folder, which WebKit's back-forward cache would keep held."""
    app.driver.get(f"{host.url}/version.json")
    return app.evaluate(script, arg)


def labelled(app, text: str) -> int:
    """How many things on the screen have a label holding ``text`` (a banner's line is its label)."""
    return app.driver.execute_script(
        "return [...document.querySelectorAll('flt-semantics-host [aria-label]')]"
        ".filter((e) => e.getAttribute('aria-label').includes(arguments[0])).length", text)


def says(app, line: str) -> None:
    """``line`` is on the screen, once."""
    app.expect_text(line)
    assert labelled(app, line) == 1, f"{line!r} is on the screen {labelled(app, line)} times"


@pytest.mark.timeout(900)
def test_a_damaged_block_then_the_data_deleted_since_the_last_visit_in_webkit(webkit, site):
    """A stored block changed between two visits: one line, no game to continue, nothing stored written over
    though a game is played in the tab. The stored data then deleted: the next visit says the games are gone."""
    host = StaticHost(site)
    try:
        app = webkit.open(f"{host.url}/?seed={SEED}#/")
        assert labelled(app, "deleted the games") == 0  # a first visit: no line
        start_solo_game(app, Table(app, "webkit-damaged"))
        stored = dict(json.loads(in_other_page(app, host, SNAPSHOT)))
        key = next(k for k in sorted(stored) if k.startswith("games.sqlite3\u0000"))
        block = list(stored[key])
        block[200] ^= 0x10
        in_other_page(app, host, PUT, [[key, block]])
        damaged = in_other_page(app, host, SNAPSHOT)

        app.open(f"{host.url}/?seed={SEED}#/")
        part = key.split("\u0000")
        says(app, storage.damaged_line(
            f"games.sqlite3, part {int(part[1]) + 1} of {stored['games.sqlite3']['blocks']} changed"))
        app.shot("phone-damaged")
        assert app.is_disabled("Continue game")
        app.click(SAVE_STORED_LABEL)  # the game the damaged data holds, read from a copy of it
        app.expect_text("so far is in treasure-mountain-game-")
        start_solo_game(app, Table(app, "webkit-damaged-new"))  # played in the tab only
        assert in_other_page(app, host, SNAPSHOT) == damaged

        in_other_page(app, host, DELETE)
        app.open(f"{host.url}/?seed={SEED}#/")
        says(app, storage.cleared_since_line())
        app.shot("phone-cleared-since")
        app.click("OK")
        deadline = time.monotonic() + 10
        while labelled(app, storage.cleared_since_line()):  # the banner slides away
            assert time.monotonic() < deadline, "the line is still there after OK"
            time.sleep(0.1)
        assert app.refused == []
    finally:
        host.stop()


@pytest.mark.timeout(600)
def test_indexeddb_refused_in_webkit_gives_one_line_that_stays_with_the_game_as_a_file(webkit, site):
    host = StaticHost(site, before_worker=NO_INDEXEDDB)
    try:
        app = webkit.open(f"{host.url}/?seed={SEED}#/")
        line = storage.refusal_line(RuntimeError("The user denied permission to access the database."))
        says(app, line)
        table = Table(app, "webkit-private")
        start_solo_game(app, table)
        table.step()
        says(app, line)  # still there: the tab is all that keeps the game
        app.shot("phone-private")
        app.click(SAVE_LABEL)
        app.expect_text("so far is in treasure-mountain-game-")
        assert re.search(r"Game \d+ so far is in treasure-mountain-game-\d+\.jsonl", app.text())
    finally:
        host.stop()
