"""The phone site's data folder in the browser (``companion/phone/mirror.js``), run in Chromium's own IndexedDB
with a stand-in for Pyodide's file system: what a flush stores, what a new tab reads back, and a folder stored
whole by the earlier version of the script."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.phone_page import StaticHost

pytestmark = pytest.mark.browser

MIRROR = (Path(__file__).resolve().parents[2] / "companion" / "phone" / "mirror.js").read_text(encoding="utf-8")
FOLDER = "/home/pyodide/treasure-companion"
#: The key of the stored data version.
META = "\u0000meta"

#: A file system with what mirror.js uses of Pyodide's (files in a Map), and the keys IndexedDB holds. The
#: browser's lock (one tab keeps the folder) is left out: here one page plays two tabs, one after the other.
STAND_IN = """
Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined });
window.makeFs = () => {
  const files = new Map();
  const fs = {
    files,
    trackingDelegate: {},
    mkdir() {},
    isFile: () => true,
    stat(path) { if (!files.has(path)) throw new Error("ENOENT"); return { mode: 0 }; },
    readFile(path) { return new Uint8Array(files.get(path)); },
    writeFile(path, data) {
      files.set(path, new Uint8Array(data));
      fs.trackingDelegate.onWriteToFile?.(path, data.length);
    },
    unlink(path) { files.delete(path); fs.trackingDelegate.onDeletePath?.(path); },
  };
  return fs;
};
window.storedKeys = () => new Promise((resolve, reject) => {
  const req = indexedDB.open("treasure-companion", 1);
  req.onupgradeneeded = () => req.result.createObjectStore("files");
  req.onsuccess = () => {
    const all = req.result.transaction("files").objectStore("files").getAllKeys();
    all.onsuccess = () => { resolve(all.result); req.result.close(); };
    all.onerror = () => reject(all.error);
  };
});
"""


@pytest.fixture
def page(browser, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>mirror</title>", encoding="utf-8")
    host = StaticHost(tmp_path)
    context = browser.new_context()
    page = context.new_page()
    page.goto(host.url + "/index.html")
    page.evaluate(STAND_IN)
    page.evaluate("source => { window.mirrorSource = source; }", MIRROR)
    yield page
    context.close()
    host.stop()


def run(page, script: str):
    """``script`` as the body of an async function that has ``newMirror(fs, version = 1)`` (a mirror of FOLDER on
    ``fs``, of that data version)."""
    return page.evaluate(
        "async ([script, folder]) => {"
        "  const newMirror = (fs, version = 1) => (0, eval)(window.mirrorSource)(fs, folder, version);"
        "  const body = new Function('newMirror', 'folder', `return (async () => { ${script} })()`);"
        "  return await body(newMirror, folder);"
        "}",
        [script, FOLDER],
    )


def test_a_flush_stores_only_the_blocks_a_write_changed_and_a_new_tab_reads_the_folder_back(page):
    got = run(page, """
        const fs = makeFs();
        const m = newMirror(fs);
        await m.open(1000);
        const wal = new Uint8Array(4 * 65536 + 100);  // a write-ahead log of four blocks and a bit
        for (let i = 0; i < wal.length; i++) wal[i] = i % 251;
        fs.writeFile(folder + "/games.sqlite3-wal", wal);
        fs.writeFile(folder + "/settings.json", new TextEncoder().encode('{"a": 1}'));
        await m.flush();
        const first = (await storedKeys()).length;
        wal[3 * 65536 + 7] = 0;  // a step: a few bytes in the fourth block
        fs.writeFile(folder + "/games.sqlite3-wal", wal);
        let puts = 0;
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (...args) { puts += 1; return put.apply(this, args); };
        await m.flush();
        IDBObjectStore.prototype.put = put;
        fs.unlink(folder + "/settings.json");
        await m.flush();
        const fresh = makeFs();
        const count = JSON.parse(await newMirror(fresh).open(1000)).files;
        const back = fresh.files.get(folder + "/games.sqlite3-wal");
        return {first, puts, count, same: back.length === wal.length && back.every((b, i) => b === wal[i]),
                settings: fresh.files.has(folder + "/settings.json"), keys: await storedKeys()};
    """)
    # the data version, the log's size and block count, its five blocks, settings.json and its one
    assert got["first"] == 1 + 1 + 5 + 1 + 1
    assert got["puts"] == 2  # the changed block and the log's {size, blocks, sums}: not the 4 MB log again
    assert got["count"] == 1 and got["same"] and not got["settings"]
    blocks = [f"games.sqlite3-wal\u0000{i}" for i in range(5)]
    assert sorted(got["keys"]) == sorted([META, "games.sqlite3-wal", *blocks])


def test_a_shorter_file_drops_its_last_blocks(page):
    got = run(page, """
        const fs = makeFs();
        const m = newMirror(fs);
        await m.open(1000);
        fs.writeFile(folder + "/games.sqlite3-wal", new Uint8Array(3 * 65536));
        await m.flush();
        fs.writeFile(folder + "/games.sqlite3-wal", new Uint8Array(10));
        await m.flush();
        const fresh = makeFs();
        await newMirror(fresh).open(1000);
        return {size: fresh.files.get(folder + "/games.sqlite3-wal").length, keys: await storedKeys()};
    """)
    assert got["size"] == 10
    assert sorted(got["keys"]) == [META, "games.sqlite3-wal", "games.sqlite3-wal\u00000"]


def test_a_folder_stored_whole_by_the_earlier_script_is_read_and_stored_in_blocks_when_it_changes(page):
    got = run(page, """
        const db = await new Promise((resolve) => {
          const req = indexedDB.open("treasure-companion", 1);
          req.onupgradeneeded = () => req.result.createObjectStore("files");
          req.onsuccess = () => resolve(req.result);
        });
        await new Promise((resolve) => {
          const tx = db.transaction("files", "readwrite");
          tx.objectStore("files").put(new Uint8Array([1, 2, 3]), "games.sqlite3");
          tx.objectStore("files").put(new TextEncoder().encode("{}"), "settings.json");
          tx.oncomplete = resolve;
        });
        db.close();
        const fs = makeFs();
        const m = newMirror(fs);
        const count = JSON.parse(await m.open(1000)).files;
        const read = Array.from(fs.files.get(folder + "/games.sqlite3"));
        fs.writeFile(folder + "/games.sqlite3", new Uint8Array([1, 2, 3, 4]));
        await m.flush();
        const fresh = makeFs();
        await newMirror(fresh).open(1000);
        return {count, read, again: Array.from(fresh.files.get(folder + "/games.sqlite3")),
                settings: new TextDecoder().decode(fresh.files.get(folder + "/settings.json")),
                keys: await storedKeys()};
    """)
    assert got["count"] == 2 and got["read"] == [1, 2, 3] and got["again"] == [1, 2, 3, 4]
    assert got["settings"] == "{}"  # untouched: still stored whole, still read
    assert sorted(got["keys"]) == sorted([META, "games.sqlite3", "games.sqlite3\u00000", "settings.json"])
