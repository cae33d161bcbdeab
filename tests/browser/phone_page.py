"""The phone site (``treasure-companion publish``) in headless Chromium: built once, served as static files.

``built_site()`` builds the site into ``$TREASURE_COMPANION_CACHE`` (default ``~/.cache/treasure-companion/
phone``) beside the runtime and wheels it fetched there, so a second test run builds from the cache with no
network; one build a run, shared by the run's workers (``second_site()``, a build to publish over it, too).
:class:`StaticHost` serves a folder as any static host would (``http.server`` on 127.0.0.1).
:class:`PhonePage` is :class:`AppPage` for that site: the app runs in the page's Python worker, so the page is
settled when the worker's messages have been quiet, and every request to another host is refused and noted.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import io
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import msgpack

from companion.publish import fetch
from companion.publish.site import build_site
from tests.browser.app_page import show_first_screen
from tests.browser.conftest import SIZES, UPDATE_CONTROL_PROPS, AppPage

#: Pyodide's start: long on two loaded cores, longer beside other tests.
START_TIMEOUT_S = 150
#: Counts the messages between the page and its Python worker (the app's whole traffic), and keeps what the page
#: sends (taps, typed values) for ``fill``; installed before the page's own scripts.
WORKER_WATCH = """(() => {
  const Real = window.Worker;
  window.__app = { last: 0, sent: [] };
  const seen = () => { window.__app.last = performance.now(); };
  window.Worker = function (url, options) {
    const worker = new Real(url, options);
    worker.addEventListener("message", seen);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (data, transfer) => {
      seen();
      if (data instanceof Uint8Array && data[0] === 0 && data.length < 4096) window.__app.sent.push(Array.from(data));
      return post(data, transfer);
    };
    return worker;
  };
  window.Worker.prototype = Real.prototype;
})();"""


@functools.cache
def built_site() -> Path:
    """The site, built once per test run into the cache folder and shared by every worker of the run."""
    cache = fetch.default_cache_dir()
    return _once_per_run(cache / "test-site-shared", lambda folder: _build(cache, folder))


def _build(cache: Path, folder: Path, source_root: Path | None = None) -> None:
    build_site(folder, cache, log=lambda _line: None, source_root=source_root)


#: The round screen's line in ``companion/ui/shell/screens.py`` and its title in the second build.
ROUND_TITLE = 'Screen("/round", "Game", '
NEW_TITLE = "Game, build 2"


def second_sources(src: Path) -> Path:
    """A copy of the app's sources in ``src`` with another round screen title (a build a person can tell apart)."""
    shutil.rmtree(src, ignore_errors=True)
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "companion", src / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(root / "automa_decks", src / "automa_decks")
    screens = src / "companion" / "ui" / "shell" / "screens.py"
    text = screens.read_text(encoding="utf-8")
    assert text.count(ROUND_TITLE) == 1, "the round screen's line in screens.py changed: update this helper"
    screens.write_text(text.replace(ROUND_TITLE, f'Screen("/round", "{NEW_TITLE}", '), encoding="utf-8")
    return src


@functools.cache
def second_site() -> Path:
    """The second build (:func:`second_sources`), built once per test run, to publish over the first."""
    cache = fetch.default_cache_dir()

    def make(folder: Path) -> None:
        _build(cache, folder, second_sources(cache / "test-sources-2-shared"))

    return _once_per_run(cache / "test-site-2-shared", make)


#: This process's run, when pytest-xdist gives none (its workers share the controller's ``testrunuid``).
_THIS_RUN = uuid.uuid4().hex
#: What earlier versions of these helpers built: a site per worker (52 MB each), removed when a shared one is built.
_PER_WORKER = ("test-site-gw*", "test-site-main", "test-site-2-gw*", "test-site-2-main", "test-sources-2-gw*",
               "test-sources-2-main")


def _once_per_run(folder: Path, make: Callable[[Path], None]) -> Path:
    """``folder``, made by ``make(folder)`` once per test run: the first worker to ask makes it while holding a
    lock, the others wait on the lock and then take it as it is (a build costs some 11 s of CPU, four workers
    building each their own was most of the phone tests' setup). A folder left by an earlier run is made again."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or _THIS_RUN
    stamp = folder.with_name(f"{folder.name}.run")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.with_name(f"{folder.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder.is_dir() and stamp.is_file() and stamp.read_text() == run):
            stamp.unlink(missing_ok=True)
            for old in (p for pattern in _PER_WORKER for p in folder.parent.glob(pattern)):
                shutil.rmtree(old, ignore_errors=True)
            make(folder)
            stamp.write_text(run)
    return folder


def publish_over(folder: Path, site: Path) -> None:
    """Publish ``site`` in ``folder`` as a host is given a new build: every file replaced, the old ones gone."""
    for old in folder.iterdir():
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    shutil.copytree(site, folder, dirs_exist_ok=True)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    #: Put in front of python-worker.js as it is sent (a browser that refuses storage, made in the worker).
    before_worker = ""

    def log_message(self, *args) -> None:
        pass

    def send_head(self):
        if not self.before_worker or self.path.split("?")[0] != "/python-worker.js":
            return super().send_head()
        body = self.before_worker.encode() + (Path(self.directory) / "python-worker.js").read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # a page closed mid-download (a broken pipe) is no test's concern


class StaticHost:
    """``folder`` served on 127.0.0.1 as plain files, as ``python3 -m http.server`` does."""

    def __init__(self, folder: Path, before_worker: str = ""):
        """``before_worker``: a script sent in front of python-worker.js (for the browsers that cannot be told
        to change a response, as Playwright tells Chromium)."""
        handler = functools.partial(type("Handler", (_Quiet,), {"before_worker": before_worker}),
                                    directory=str(folder))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class PhonePage(AppPage):
    """A page of the phone site in ``context`` (a browser profile of the test's own), at phone size."""

    def __init__(self, context, host: StaticHost, screenshot_dir: Path):
        super().__init__(None, host, screenshot_dir, device=context)
        self.host = host
        #: Requests to any other address, refused before they leave the browser: (address, resource type).
        self.refused: list[tuple[str, str]] = []
        context.add_init_script(WORKER_WATCH)
        context.route("**/*", self._only_the_site)

    def _only_the_site(self, route) -> None:
        request = route.request
        if request.url.startswith(self.host.url + "/"):
            route.continue_()
        else:
            self.refused.append((request.url, request.resource_type))
            route.abort()

    def open(self, route: str = "/", size: str = "phone", motion: bool = False, query: str = "") -> PhonePage:
        """Open the site at ``route`` (``index.html#/route``) in a new tab and wait until Python has drawn the
        screen; ``query`` goes before the ``#`` (``seed=1133``)."""
        if self._page is not None:
            with contextlib.suppress(Exception):
                self._page.close()
        self.size = size
        width, height = SIZES[size]
        self._page = page = self.device.new_page()
        page.set_default_timeout(START_TIMEOUT_S * 1000)
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(reduced_motion="no-preference" if motion else "reduce")
        self.frames, self.sent_values, self.elsewhere = [], [], []
        page.goto(f"{self.host.url}/{'?' + query if query else ''}#{route}")
        self.wait_until_drawn()
        page.set_default_timeout(30_000)
        return self

    def reload(self) -> None:
        """Reload the page, as a phone does when it brings a killed tab back."""
        self.page.set_default_timeout(START_TIMEOUT_S * 1000)
        self.page.reload()
        self.wait_until_drawn()
        self.page.set_default_timeout(30_000)

    def wait_until_drawn(self) -> None:
        show_first_screen(self._page, within_s=START_TIMEOUT_S, poll_ms=200, what="the phone site")
        self.settle()

    def settle(self, quiet_ms: int = 200, timeout_ms: int = 8_000) -> None:
        """Wait until the page and its Python worker have exchanged nothing for ``quiet_ms``."""
        page = self.page
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            if page.evaluate("q => performance.now() - window.__app.last >= q", quiet_ms):
                return
            page.wait_for_timeout(40)

    def go_to(self, label: str) -> None:
        """Tap ``label`` and wait until the address's route (after ``#``) changed."""
        before = self.page.evaluate("() => location.hash")
        self.click(label)
        self.page.wait_for_function("b => location.hash !== b", arg=before)
        self.settle()

    def _app_value(self, since: int) -> str | None:
        """The last text value the page sent to Python (Flet's UPDATE_CONTROL_PROPS), as the served app's
        WebSocket frames give it to :meth:`AppPage.fill`."""
        for raw in self.page.evaluate("() => window.__app.sent.splice(0)"):
            with contextlib.suppress(Exception):
                action, body = msgpack.unpackb(bytes(raw[1:]), strict_map_key=False)
                if action == UPDATE_CONTROL_PROPS and isinstance(body.get("props", {}).get("value"), str):
                    self.sent_values.append(body["props"]["value"])
        return self.sent_values[-1] if len(self.sent_values) > since else None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if self._page is not None:
                self._page.close()
        self._page = None
