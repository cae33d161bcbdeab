"""What storing a step costs the phone site (``companion/phone/mirror.js``): a benchmark, not a test.

    python -m tests.bench.phone_mirror [--steps N]

SQLite's write-ahead log of the app's games grows to about 4 MB and stays that size; a step changes a few
kilobytes of it. In headless Chromium with its real IndexedDB (and the file-system stand-in of
``tests/browser/test_phone_mirror.py``), the mirror stores a 4 MB log, then ``--steps`` times changes one byte and
flushes. Prints JSON lines: the flush's wall time (median, p95) and the bytes it put in IndexedDB, beside the
same figures for putting the whole file (what the mirror did before it kept files in blocks).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from tests.bench.bench import _figure
from tests.bench.browser import CHROMIUM
from tests.browser import test_phone_mirror as harness
from tests.browser.phone_page import StaticHost

STEPS = """
  const fs = makeFs(); const m = newMirror(fs); await m.open(1000);
  const wal = new Uint8Array(4 * 1024 * 1024); fs.writeFile(folder + "/games.sqlite3-wal", wal); await m.flush();
  let bytes = 0;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    bytes += value.byteLength || 0;
    return put.call(this, value, key);
  };
  const times = [];
  for (let k = 0; k < STEPS; k++) {
    wal[(k * 20011) % wal.length] = (k % 250) + 1;
    fs.writeFile(folder + "/games.sqlite3-wal", wal);
    const t0 = performance.now(); await m.flush(); times.push(performance.now() - t0);
  }
  IDBObjectStore.prototype.put = put;
  return {times, bytes: bytes / STEPS};
"""

WHOLE = """
  const db = await new Promise((resolve) => {
    const req = indexedDB.open("whole-files", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("files");
    req.onsuccess = () => resolve(req.result);
  });
  const wal = new Uint8Array(4 * 1024 * 1024);
  const times = [];
  for (let k = 0; k < STEPS; k++) {
    wal[(k * 20011) % wal.length] = (k % 250) + 1;
    const t0 = performance.now();
    const tx = db.transaction("files", "readwrite", { durability: "strict" });
    tx.objectStore("files").put(wal.slice(), "games.sqlite3-wal");
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = reject; });
    times.push(performance.now() - t0);
  }
  return {times, bytes: wal.length};
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.phone_mirror", description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40, help="flushes measured (default 40)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="phone-mirror-bench-"))
    (folder / "index.html").write_text("<!doctype html><title>bench</title>", encoding="utf-8")
    host = StaticHost(folder)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page()
            page.goto(host.url + "/index.html")
            page.evaluate(harness.STAND_IN)
            page.evaluate("source => { window.mirrorSource = source; }", harness.MIRROR)
            for name, script in (("in blocks (mirror.js)", STEPS), ("whole file", WHOLE)):
                got = harness.run(page, script.replace("STEPS", str(args.steps)))
                figure = _figure(f"phone site: storing a step, 4 MB log, {name}",
                                 [t / 1000 for t in got["times"]], bytes_put=round(got["bytes"]))
                print(json.dumps(figure))
            browser.close()
    finally:
        host.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
