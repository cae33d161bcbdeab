"""The phone site's stored data when the browser takes it away or hands it back changed (``mirror.js``), in
Chromium's own IndexedDB with the stand-in file system of test_phone_mirror: a damaged block, data of a newer
version, a full quota, the database deleted under an open tab and since the last visit."""

from __future__ import annotations

import pytest

from tests.browser.test_phone_mirror import page, run  # noqa: F401  (page: the fixture these tests use)

pytestmark = pytest.mark.browser

FOLDER_PREFIX = "/home/pyodide/treasure-companion/"

#: Every key of the stored folder with its value as plain JSON (bytes as lists), to compare before and after.
SNAPSHOT = """
window.snapshot = () => new Promise((resolve, reject) => {
  const req = indexedDB.open("treasure-companion", 1);
  req.onupgradeneeded = () => req.result.createObjectStore("files");
  req.onsuccess = () => {
    const store = req.result.transaction("files").objectStore("files");
    const keys = store.getAllKeys(), values = store.getAll();
    values.onsuccess = () => {
      const plain = (v) => v instanceof Uint8Array ? Array.from(v) : v;
      resolve(JSON.stringify(keys.result.map((k, i) => [k, plain(values.result[i])])));
      req.result.close();
    };
    values.onerror = () => reject(values.error);
  };
});
window.change = (key, how) => new Promise((resolve, reject) => {
  const req = indexedDB.open("treasure-companion", 1);
  req.onsuccess = () => {
    const tx = req.result.transaction("files", "readwrite");
    const store = tx.objectStore("files");
    const got = store.get(key);
    got.onsuccess = () => store.put(how(got.result), key);
    tx.oncomplete = () => { req.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
});
window.deleted = () => new Promise((resolve, reject) => {
  const req = indexedDB.deleteDatabase("treasure-companion");
  req.onsuccess = () => resolve("deleted");
  req.onerror = () => reject(req.error);
  req.onblocked = () => resolve("blocked");
});
"""

#: A folder of a write-ahead log of three blocks and a bit, stored; ``wal`` is its content.
STORED_FOLDER = """
  const fs = makeFs();
  const m = newMirror(fs);
  await m.open(1000);
  const wal = new Uint8Array(3 * 65536 + 10);
  for (let i = 0; i < wal.length; i++) wal[i] = i % 249;
  fs.writeFile(folder + "/games.sqlite3-wal", wal);
  await m.flush();
"""


def _with_helpers(page):  # noqa: F811  (the imported fixture's name)
    page.evaluate(SNAPSHOT)
    return page


@pytest.mark.parametrize("damage, why", [
    ("b => { const c = b.slice(); c[100] ^= 1; return c; }", "games.sqlite3-wal, part 2 of 4 changed"),
    ("b => b.slice(0, 1000)", "games.sqlite3-wal, part 2 of 4 of the wrong length"),
    ("b => 'not bytes'", "games.sqlite3-wal, part 2 of 4 missing"),
])
def test_a_damaged_block_opens_nothing_and_writes_nothing(page, damage, why):  # noqa: F811
    _with_helpers(page)
    got = run(page, STORED_FOLDER + f"""
        await change("games.sqlite3-wal\\u00001", {damage});
        const before = await snapshot();
        const fresh = makeFs();
        const again = newMirror(fresh);
        const found = JSON.parse(await again.open(1000));
        fresh.writeFile(folder + "/settings.json", new Uint8Array([1]));  // the app goes on in the tab...
        let flushed = "stored";
        try {{ await again.flush(); }} catch (e) {{ flushed = String(e.message); }}
        const copy = fresh.files.get(folder + ".damaged/games.sqlite3-wal");
        return {{found, files: [...fresh.files.keys()], same: before === await snapshot(), flushed,
                 copied: copy ? [copy.length, copy[65536 + 100], copy[65536 + 1000]] : null}};
    """)
    assert got["found"] == {"files": 0, "problem": "damaged", "stored": why}
    # ...with nothing of the damaged folder copied in (never a different game) and nothing stored over it
    assert [f for f in got["files"] if f.startswith(FOLDER_PREFIX)] == [f"{FOLDER_PREFIX}settings.json"]
    assert got["same"]
    assert got["flushed"] == "the browser's storage is not open"
    # What is stored is copied as it is beside the folder (its game may still be read; nothing stores it): the
    # log at its length, the changed block as it is, a short or missing one read as zeros past what is there.
    copied = f"{FOLDER_PREFIX[:-1]}.damaged/"
    assert [f.removeprefix(copied) for f in got["files"] if f.startswith(copied)] == ["games.sqlite3-wal"]
    wal = [(65536 + 100) % 249, (65536 + 1000) % 249]  # the log's bytes at those two places, as stored
    expected = {"changed": [wal[0] ^ 1, wal[1]], "wrong length": [wal[0], 0], "missing": [0, 0]}
    assert got["copied"] == [3 * 65536 + 10, *next(v for k, v in expected.items() if why.endswith(k))]


def test_a_damaged_description_of_a_file_opens_nothing(page):  # noqa: F811
    _with_helpers(page)
    got = run(page, STORED_FOLDER + """
        await change("games.sqlite3-wal", (d) => Object.assign({}, d, {size: d.size + 70000}));
        return JSON.parse(await newMirror(makeFs()).open(1000));
    """)
    assert got == {"files": 0, "problem": "damaged", "stored": "games.sqlite3-wal, its description"}


def test_data_of_a_newer_version_is_refused_and_left_as_it_was(page):  # noqa: F811
    _with_helpers(page)
    got = run(page, STORED_FOLDER + """
        const newer = JSON.parse(await newMirror(makeFs(), 2).open(1000));  // a build of data version 2...
        const before = await snapshot();
        const fresh = makeFs();
        const older = newMirror(fresh, 1);  // ...then this build again
        const found = JSON.parse(await older.open(1000));
        return {newer, found, files: fresh.files.size, same: before === await snapshot()};
    """)
    assert got["newer"] == {"files": 1, "problem": "", "stored": 1}
    assert got["found"] == {"files": 0, "problem": "newer", "stored": 2}
    assert got["files"] == 0 and got["same"]


def test_a_full_quota_fails_the_flush_and_keeps_the_files_to_store_later(page):  # noqa: F811
    _with_helpers(page)
    got = run(page, STORED_FOLDER + """
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function () {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        };
        wal[5] = 0;
        fs.writeFile(folder + "/games.sqlite3-wal", wal);
        let failed = null;
        try { await m.flush(); } catch (e) { failed = e.name; }
        const dirty = m.dirty();
        IDBObjectStore.prototype.put = put;
        await m.flush();
        const fresh = makeFs();
        await newMirror(fresh).open(1000);
        return {failed, dirty, back: fresh.files.get(folder + "/games.sqlite3-wal")[5], cleared: m.cleared()};
    """)
    assert got == {"failed": "QuotaExceededError", "dirty": True, "back": 0, "cleared": False}


def test_the_database_deleted_under_an_open_tab_is_let_go_and_said(page):  # noqa: F811
    _with_helpers(page)
    got = run(page, STORED_FOLDER + """
        const deleted_ = await deleted();  // not "blocked": the tab lets its database go
        fs.writeFile(folder + "/settings.json", new Uint8Array([1]));
        let failed = null;
        try { await m.flush(); } catch (e) { failed = e.message; }
        return {deleted_, failed, cleared: m.cleared(), keys: JSON.parse(await snapshot()).length};
    """)
    assert got["deleted_"] == "deleted" and got["cleared"]
    assert got["failed"] == "the browser deleted the app's stored data while it was open"
    assert got["keys"] == 0  # nothing stored again behind the browser's back


def test_data_deleted_since_the_last_visit_is_told_apart_from_a_first_visit(page):  # noqa: F811
    _with_helpers(page)
    got = run(page, """
        const first = JSON.parse(await newMirror(makeFs()).open(1000));
        const fs = makeFs();
        const m = newMirror(fs);
        await m.open(1000);
        fs.writeFile(folder + "/games.sqlite3", new Uint8Array([1, 2, 3]));
        await m.flush();
        await new Promise((r) => setTimeout(r, 100));  // the marker is kept beside, not waited for
        await deleted();
        const after = JSON.parse(await newMirror(makeFs()).open(1000));
        const next = JSON.parse(await newMirror(makeFs()).open(1000));
        return {first, after, next};
    """)
    assert got["first"]["problem"] == ""  # an empty browser, never stored in: a first visit
    assert got["after"]["problem"] == "cleared"
    assert got["next"]["problem"] == ""  # said once: the folder is stored anew from then on
