"""The phone site when the browser's storage is refused or taken away, in headless Chromium against the built site:
each case gives one line on screen, and mid-game the line offers the game so far as a record file, byte for byte
the record of the same game played on a mirror in this process (``treasure-companion export``'s bytes).

Each Pyodide start costs some 20 s of the machine, so each test plays a whole story on few loads. What the browser
does is made to happen before or during a load: the page's Python worker gets a script put in front of its own
(IndexedDB refused, a quota that runs out when the test says), the site's data is cleared through the browser's
own DevTools call, blocks are changed or a newer data version written from another page of the site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.phone import storage
from companion.phone.browser import SAVE_LABEL, SAVE_STORED_LABEL
from companion.record import format as record
from companion.ui.shell.app import APP_TITLE
from tests.browser.phone_page import PhonePage, StaticHost, built_site
from tests.browser.test_phone_site import NO_INDEXEDDB, start_solo_game
from tests.browser.test_round_flow import SEED, Table
from tests.browser.window import SIZES

pytestmark = pytest.mark.browser

#: Put before the Python worker: IndexedDB's put throws QuotaExceededError (as Chromium does when the site's
#: quota is used up) from when the page says "full" on the channel; the worker answers "set".
QUOTA_SWITCH = """(() => {
  let full = false;
  const channel = new BroadcastChannel("test-quota");
  channel.onmessage = (e) => { full = e.data === "full"; channel.postMessage("set"); };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  };
})();
"""

FILL_QUOTA = """() => new Promise((resolve) => {
  const channel = new BroadcastChannel("test-quota");
  channel.onmessage = (e) => { if (e.data === "set") { channel.close(); resolve(); } };
  channel.postMessage("full");
})"""

#: Run in a page of the site: the stored folder, every key with its value (bytes as lists), as one JSON text;
#: the database is not made when it is not there.
SNAPSHOT = """async () => {
  if (!(await indexedDB.databases()).some((d) => d.name === "treasure-companion")) return "none";
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("treasure-companion");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const store = db.transaction("files").objectStore("files");
  const all = (req) => new Promise((resolve) => { req.onsuccess = () => resolve(req.result); });
  const [keys, values] = await Promise.all([all(store.getAllKeys()), all(store.getAll())]);
  db.close();
  const plain = (v) => v instanceof Uint8Array ? Array.from(v) : v;
  return JSON.stringify(keys.map((k, i) => [k, plain(values[i])]));
}"""

#: Run in a page of the site: ``puts`` ([key, value] pairs, a list of numbers as bytes) stored in one transaction.
PUT = """async (puts) => {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("treasure-companion", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("files");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const tx = db.transaction("files", "readwrite");
  for (const [key, value] of puts) {
    tx.objectStore("files").put(Array.isArray(value) ? new Uint8Array(value) : value, key);
  }
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  db.close();
}"""

DELETE = """() => new Promise((resolve, reject) => {
  const req = indexedDB.deleteDatabase("treasure-companion");
  req.onsuccess = () => resolve();
  req.onerror = () => reject(req.error);
})"""


@pytest.fixture(scope="module")
def phone_host():
    host = StaticHost(built_site())
    yield host
    host.stop()


class Site:
    """A browser profile of the test's own on the site (service workers off: every load is the host's files, so
    the worker's script can be changed), its tabs opened one after the other."""

    def __init__(self, browser, host: StaticHost, screenshot_dir: Path):
        self.host = host
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                           accept_downloads=True)
        self.app = PhonePage(self.context, host, screenshot_dir)

    def before_worker(self, script: str) -> None:
        """Every later load runs ``script`` in the Python worker before the worker's own."""

        def patched(route):
            response = route.fetch()
            route.fulfill(response=response, body=script + response.text())

        self.context.route(f"{self.host.url}/python-worker.js", patched)

    def in_other_page(self, script: str, arg=None):
        """``script`` run in a page of the site that is not the app (the app's tab, if open, is closed first: it
        holds the stored folder)."""
        self.app.close()
        page = self.context.new_page()
        try:
            page.goto(f"{self.host.url}/version.json")
            return page.evaluate(script, arg)
        finally:
            page.close()


@pytest.fixture
def site(site_browser, phone_host, screenshot_dir):
    opened = Site(site_browser, phone_host, screenshot_dir)
    yield opened
    opened.context.close()


def one_line_says(app: PhonePage, line: str) -> None:
    app.expect_text(line)
    start = re.compile(re.escape(line[:40]))
    # named by its label (a line in the app's banner), else by its text (the page of one line)
    assert (app.page.get_by_label(start).count() or app.page.get_by_text(start).count()) == 1


def shots(app: PhonePage, name: str) -> None:
    """Screenshots of the screen at a phone's size and a desktop's, back at the phone's after."""
    for size in ("phone", "desktop"):
        app.size = size
        width, height = SIZES[size]
        app.page.set_viewport_size({"width": width, "height": height})
        app.shot(name)
    app.size = "phone"
    app.page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})


def saved_record(app: PhonePage, label: str = SAVE_LABEL) -> bytes:
    """Tap the line's Save the game as a file (or ``label``): the downloaded file's bytes."""
    with app.page.expect_download(timeout=30_000) as info:
        app.click(label)
    got = info.value
    assert re.fullmatch(r"treasure-mountain-game-\d+\.jsonl", got.suggested_filename)
    app.expect_text(f"so far is in {got.suggested_filename}")
    return Path(got.path()).read_bytes()


def the_record_of(table: Table) -> bytes:
    game = table.mirror.game
    return record.dumps(game.header(), game.events()).encode("utf-8")


def test_a_quota_used_up_mid_game_gives_one_line_and_the_game_so_far_as_a_file(site):
    site.before_worker(QUOTA_SWITCH)
    app = site.app.open(query=f"seed={SEED}")
    table = Table(app, "phone-quota")
    start_solo_game(app, table)
    table.step()
    app.page.evaluate(FILL_QUOTA)
    table.step()  # shown, though not stored
    one_line_says(app, storage.unsaved_line(RuntimeError("The quota has been exceeded.")))
    app.shot("phone-quota-full")
    table.step()  # the game goes on in the tab, the line said once
    assert app.page.get_by_label(re.compile("Not stored in this browser")).count() == 1
    assert saved_record(app) == the_record_of(table)


#: Put before the Python worker: IndexedDB there, but opening a database fails (as older Firefox private windows
#: did).
OPEN_FAILS = """IDBFactory.prototype.open = function () {
  const req = {};
  setTimeout(() => {
    req.error = new DOMException("A mutation operation was attempted on a database that did not allow mutations.",
                                 "InvalidStateError");
    req.onerror?.();
  }, 0);
  return req;
};
"""


@pytest.mark.parametrize("refusal, why", [
    (NO_INDEXEDDB, "The user denied permission to access the database."),
    (OPEN_FAILS, "A mutation operation was attempted on a database that did not allow mutations."),
], ids=["no IndexedDB", "open fails"])
def test_a_private_window_gives_one_line_that_stays_with_the_game_so_far_as_a_file(site, refusal, why):
    """Storage refused for the site (IndexedDB gone, or failing to open): one line says so, and the game is played
    in the tab all the same (a step shown, the next one answered), the line still there, and saved as a file."""
    site.before_worker(refusal)
    app = site.app.open(query=f"seed={SEED}")
    line = storage.refusal_line(RuntimeError(why))
    one_line_says(app, line)
    table = Table(app, "phone-private")
    start_solo_game(app, table)
    table.step()
    table.step()
    one_line_says(app, line)  # still there: the tab is all that keeps the game
    shots(app, "phone-private")
    assert saved_record(app) == the_record_of(table)


def test_the_site_data_cleared_with_the_tab_open_gives_one_line_and_the_game_so_far(site):
    app = site.app.open(query=f"seed={SEED}")
    table = Table(app, "phone-cleared")
    start_solo_game(app, table)
    table.step()
    cdp = site.context.new_cdp_session(app.page)
    cdp.send("Storage.clearDataForOrigin", {"origin": site.host.url, "storageTypes": "all"})
    table.step()
    one_line_says(app, storage.cleared_line())
    app.shot("phone-cleared-open")
    table.step()
    assert saved_record(app) == the_record_of(table)
    assert app.page.evaluate(SNAPSHOT) == "none"  # nothing stored again behind the player's back


def test_a_damaged_block_opens_nothing_and_then_the_data_deleted_since_the_last_visit_is_said(site):
    """A stored block changed between two visits: one line, no game to continue (never a different one), and
    nothing of the stored data written over, though a game is played in the tab; the line offers the game the
    damaged data holds, read from a copy of it, as a record file. The player (or the browser) then deletes the
    database: the next visit says the games are gone, where a first visit says nothing."""
    app = site.app.open(query=f"seed={SEED}")
    assert app.page.get_by_label(re.compile("deleted the games")).count() == 0  # a first visit: no line
    table = Table(app, "phone-damaged")
    start_solo_game(app, table)
    table.step()
    kept = site.in_other_page(SNAPSHOT)
    assert kept != "none"
    stored = dict(json.loads(kept))
    key = next(k for k in sorted(stored) if k.startswith("games.sqlite3\u0000"))
    block = list(stored[key])
    block[200] ^= 0x10
    site.in_other_page(PUT, [[key, block]])
    damaged = site.in_other_page(SNAPSHOT)

    app = site.app.open(query=f"seed={SEED}")
    part = key.split("\u0000")
    one_line_says(app, storage.damaged_line(
        f"games.sqlite3, part {int(part[1]) + 1} of {stored['games.sqlite3']['blocks']} changed"))
    app.shot("phone-damaged")
    assert app.is_disabled("Continue game")
    assert saved_record(app, SAVE_STORED_LABEL) == the_record_of(table)  # the damaged data's game
    start_solo_game(app, Table(app, "phone-damaged-new"))  # played in the tab only
    assert site.in_other_page(SNAPSHOT) == damaged

    site.in_other_page(DELETE)
    app = site.app.open(query=f"seed={SEED}")
    one_line_says(app, storage.cleared_since_line())
    app.click("OK")
    app.expect_no_text(storage.cleared_since_line())


def test_data_of_a_newer_version_is_refused_in_one_line_and_nothing_is_written(site):
    newer = [["\u0000meta", {"version": storage.DATA_VERSION + 1}], ["settings.json", list(b"{}")]]
    site.in_other_page(PUT, newer)
    before = site.in_other_page(SNAPSHOT)
    app = site.app.open(query=f"seed={SEED}")
    one_line_says(app, storage.newer_line(storage.DATA_VERSION + 1))
    app.expect_text(APP_TITLE)
    shots(app, "phone-newer-data")
    assert app.page.get_by_role("button", name="New game").count() == 0
    assert site.in_other_page(SNAPSHOT) == before
