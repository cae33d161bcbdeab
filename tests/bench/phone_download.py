"""What the phone site asks of a host, in bytes (a benchmark, not a test): prints JSON lines.

``python -m tests.bench.phone_download [SITE]`` reads the site in ``SITE`` (a folder ``treasure-companion
publish`` wrote), or builds one from the cache folder, and reports:

- ``site``: every file, its total as on disk, and as a host sends it compressed: gzip (level 6, as nginx's
  ``gzip on`` or most static hosts) and brotli (quality 11, as a host that serves precompressed ``.br``
  files; computed by Node's zlib when Node is there) where that makes a file smaller;
- ``first load, computed``: what a browser's first visit fetches, by the service worker's lists: the shared
  (precached) files, the page itself and the worker's script, and the one CanvasKit build that browser uses
  (Chromium's, or the other browsers');
- ``first load, Chromium``: a real first visit, a new headless Chromium profile on 127.0.0.1, counted at the
  host (a static server that gzips like one): the bytes sent before the home screen's "New game" can be
  tapped, then the bytes sent until the service worker has kept the site's files for offline use, and any
  file sent twice.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path

from companion.publish import fetch, offline
from companion.publish.site import build_site, site_files

#: Already compressed: a host sends them as they are.
STORED = (".gz", ".zip", ".png", ".woff2")
READY_S = 300
BROTLI = """const fs = require("fs"), zlib = require("zlib");
const sizes = {};
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) sizes[f] = zlib.brotliCompressSync(fs.readFileSync(f),
  { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(JSON.stringify(sizes));"""


def gzip_sizes(site: Path, files: list[str]) -> dict[str, int]:
    out = {}
    for name in files:
        data = (site / name).read_bytes()
        out[name] = len(data) if name.endswith(STORED) else min(len(data), len(gzip.compress(data, 6)))
    return out


def brotli_sizes(site: Path, files: list[str]) -> dict[str, int] | None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        return None
    packed = [f for f in files if not f.endswith(STORED)]
    done = subprocess.run([node, "-e", BROTLI], input=json.dumps(packed), cwd=site, capture_output=True,
                          text=True, check=True)
    sizes = json.loads(done.stdout)
    return {f: min((site / f).stat().st_size, sizes.get(f, 1 << 62)) for f in files}


def first_load_files(site: Path, browser: str) -> list[str]:
    """The files a first visit fetches (by path inside the site), the worker's lists read from its script."""
    script = (site / offline.WORKER).read_text(encoding="utf-8")
    try:
        _version, shared, on_demand = offline.read_lists(script)
    except ValueError:  # a build from before the lists: every file precached
        shared, on_demand = dict.fromkeys(json.loads(re.search(r"const FILES = (\[.*?\]);", script, re.S)[1])), {}
    files = {("index.html" if f == "./" else f) for f in shared} | {offline.WORKER}
    return sorted(files | offline.loaded_by(browser, on_demand))


def report(line: dict) -> None:
    print(json.dumps(line), flush=True)


# ------------------------------------------------------------------------------------------- a host
class _Host(http.server.SimpleHTTPRequestHandler):
    """A static host: gzip when the browser accepts it (and it helps), 304 for a file not modified since."""

    sent: list[tuple[str, int]]
    lock = threading.Lock()

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        if since and int(stat.st_mtime) <= parsedate_to_datetime(since).timestamp():
            self.send_response(304)
            self.end_headers()
            self._count(path, 0)
            return
        body = path.read_bytes()
        packed = "gzip" in self.headers.get("Accept-Encoding", "") and not path.name.endswith(STORED)
        if packed:
            body = _gzipped(path, stat.st_mtime)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        if packed:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        try:
            self.wfile.write(body)
        except ConnectionError:  # the browser stopped reading (a page closed mid-download)
            self._count(path, -len(body))
            return
        self._count(path, len(body))

    def _count(self, path: Path, size: int) -> None:
        with self.lock:
            self.sent.append((path.relative_to(self.directory).as_posix(), size))


@functools.cache
def _gzipped(path: Path, _mtime: float) -> bytes:
    data = path.read_bytes()
    packed = gzip.compress(data, 6)
    return packed if len(packed) < len(data) else data


def chromium_first_load(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.browser.app_page import show_first_screen
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    sent: list[tuple[str, int]] = []
    handler = type("Host", (_Host,), {"sent": sent})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844},
                service_workers="allow")
            page = context.new_page()
            started = time.monotonic()
            page.goto(url)
            show_first_screen(page, within_s=READY_S, poll_ms=200, what="the phone site")
            page.get_by_role("button", name="New game").wait_for(timeout=READY_S * 1000)
            shown = list(sent)
            usable_s = time.monotonic() - started
            page.wait_for_function(KEPT, timeout=READY_S * 1000)
            kept = list(sent)
            context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    names = [n for n, size in kept if size > 0]
    aborted = sorted({n for n, size in kept if size < 0})
    shown = [(n, s) for n, s in shown if s > 0]
    kept = [(n, s) for n, s in kept if s > 0]
    return {
        "name": "first load, Chromium (gzip host)",
        "before_new_game_bytes": sum(s for _n, s in shown),
        "before_new_game_mb": round(sum(s for _n, s in shown) / 1e6, 2),
        "until_kept_offline_bytes": sum(s for _n, s in kept),
        "until_kept_offline_mb": round(sum(s for _n, s in kept) / 1e6, 2),
        "requests": len(kept),
        "aborted": aborted,
        "sent_twice": sorted({n for n in names if names.count(n) > 1}),
        "client_build_sent": sorted({n for n in names if n.startswith(("canvaskit/", "main.dart."))}),
        "seconds_to_new_game": round(usable_s, 1),
    }


#: The page is controlled and its worker's cache holds the renderer the page loaded.
KEPT = """async () => {
  if (!navigator.serviceWorker.controller) return false;
  const names = await caches.keys();
  for (const name of names) {
    const keys = (await (await caches.open(name)).keys()).map(r => r.url);
    if (keys.some(u => u.endsWith("/canvaskit/skwasm.wasm"))) return true;
  }
  return false;
}"""


def main(argv: list[str]) -> int:
    if argv:
        site = Path(argv[0])
    else:
        cache = fetch.default_cache_dir()
        site = cache / "bench-download-site"
        build_site(site, cache, log=lambda _l: None)
    files = site_files(site)
    total = sum((site / f).stat().st_size for f in files)
    gz = gzip_sizes(site, files)
    br = brotli_sizes(site, files)
    report({"name": "site", "files": len(files), "total_bytes": total, "gzip_bytes": sum(gz.values()),
            "brotli_bytes": sum(br.values()) if br else None, "total_mb": round(total / 1e6, 2),
            "gzip_mb": round(sum(gz.values()) / 1e6, 2), "brotli_mb": round(sum(br.values()) / 1e6, 2) if br else None})
    for browser in offline.BUILDS:
        first = first_load_files(site, browser)
        report({"name": f"first load, computed: {browser}", "files": len(first),
                "gzip_bytes": sum(gz[f] for f in first), "gzip_mb": round(sum(gz[f] for f in first) / 1e6, 2),
                "brotli_bytes": sum(br[f] for f in first) if br else None,
                "brotli_mb": round(sum(br[f] for f in first) / 1e6, 2) if br else None})
    if os.environ.get("PHONE_DOWNLOAD_NO_BROWSER") != "1":
        report(chromium_first_load(site))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
