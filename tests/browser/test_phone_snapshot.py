"""The Python runtime's snapshot (``companion/phone/static/python-snapshot.js``) in headless Chromium: kept after
the first start, restored by the next one, made again when what is kept cannot be used, and never the cause of a
start that fails or of a game that draws what another start drew.
"""

from __future__ import annotations

import gzip
import time

import pytest

from companion.publish.site import snapshot_key
from tests.browser import test_phone_site
from tests.browser.phone_page import PhonePage, built_site
from tests.browser.test_phone_site import start_solo_game
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser

#: A phone with a profile of its own, on the site's host (as tests/browser/test_phone_site.py's).
phone_host = test_phone_site.phone_host
phone = test_phone_site.phone

CACHE = "treasure-python-snapshot"
#: The addresses the snapshot cache holds, as paths inside the site.
KEPT = """async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1))"""
#: Put ``bytes`` (a list of numbers) in the snapshot cache at ``path`` (inside the site).
PUT = """async ([name, path, bytes]) => {
  const body = new Uint8Array(bytes);
  await (await caches.open(name)).put(new URL(path, location.href).href, new Response(body));
}"""


class Console:
    """The lines the site's page and its workers write to the console, from the browser's start."""

    def __init__(self, context):
        self.lines: list[str] = []
        context.on("console", lambda message: self.lines.append(message.text))

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)

    def wait_for(self, app: PhonePage, text: str, times: int = 1, timeout_s: float = 90) -> None:
        """Until ``text`` was written ``times`` times (the browser's events come while Playwright is waiting)."""
        deadline = time.monotonic() + timeout_s
        while self.count(text) < times:
            assert time.monotonic() < deadline, f"no {text!r} ({times}x) in {self.lines[-20:]}"
            app.page.wait_for_timeout(200)


def python_random(app: PhonePage) -> float:
    """A draw from ``random``'s shared generator in the page's Python, as any library's would be."""
    worker = next(w for w in app.page.workers if w.url.endswith("/python-worker.js"))
    return worker.evaluate("() => self.pyodide.runPython('import random; random.random()')")


def test_the_next_start_restores_the_runtime_kept_after_the_first(phone):
    """The first start keeps the snapshot (for this build's key, in place of an earlier build's); a reload
    restores it, the app plays, and each restored start draws its own random numbers."""
    console = Console(phone.context)
    app = phone.page.open(query=f"seed={SEED}")
    key = app.page.evaluate("() => flet.pythonSnapshotKey")
    assert key == snapshot_key(built_site())
    console.wait_for(app, f"Python snapshot {key}: kept")
    assert app.page.evaluate(KEPT, CACHE) == [f"pyodide/snapshot-{key}"]
    assert console.count("Python restored from") == 0

    app.reload()
    assert console.count(f"Python restored from its snapshot {key}") == 1
    first = python_random(app)
    table = Table(app, "phone-snapshot")
    start_solo_game(app, table)
    table.step()
    before = table.view.banner

    app.reload()
    assert console.count(f"Python restored from its snapshot {key}") == 2
    app.expect_text(f"Next: {before}")  # the game at the same step
    assert python_random(app) != first

    # An earlier build's snapshot, with this build's gone: the next start is a plain one and keeps its own alone.
    app.page.evaluate(PUT, [CACHE, "pyodide/snapshot-0123456789abcdef", [1, 2, 3]])
    app.page.evaluate(f"async () => (await caches.open('{CACHE}')).delete(new URL('pyodide/snapshot-{key}', "
                      "location.href).href)")
    app.reload()
    assert console.count("Python restored from") == 2
    console.wait_for(app, f"Python snapshot {key}: kept", times=2)
    assert app.page.evaluate(KEPT, CACHE) == [f"pyodide/snapshot-{key}"]


#: The kept snapshot, its bytes changed at ``at`` (in the build id of the runtime that made it, which Pyodide checks).
CHANGE = """async ([name, path, at]) => {
  const cache = await caches.open(name), url = new URL(path, location.href).href;
  const kept = await cache.match(url);
  const unzip = kept.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unzip).arrayBuffer());
  bytes[at] ^= 0xff;
  const zip = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  const zipped = await new Response(zip).arrayBuffer();
  await cache.put(url, new Response(zipped));
}"""


@pytest.mark.parametrize("damage", ["not gzip", "too short", "another runtime's"])
def test_a_snapshot_that_cannot_be_used_gives_a_plain_start_and_a_new_one(phone, damage):
    """What is kept under the key is damaged, or was made by another runtime: the start is a plain one (the app
    draws), what was kept is dropped, a whole snapshot is kept again, and the start after that restores it."""
    console = Console(phone.context)
    app = phone.page.open()
    key = app.page.evaluate("() => flet.pythonSnapshotKey")
    console.wait_for(app, f"Python snapshot {key}: kept")
    path = f"pyodide/snapshot-{key}"
    if damage == "another runtime's":
        app.page.evaluate(CHANGE, [CACHE, path, 16])
    else:
        app.page.evaluate(PUT, [CACHE, path, [7] * 64 if damage == "not gzip" else list(gzip.compress(b"\0" * 64))])

    app.reload()
    warned = "was refused" if damage == "another runtime's" else "cannot be read"
    assert console.count(f"The kept Python snapshot {warned}") == 1, console.lines[-20:]
    assert console.count("Python restored from") == 0
    app.expect_text("New game")
    console.wait_for(app, f"Python snapshot {key}: kept", times=2)

    app.reload()
    assert console.count(f"Python restored from its snapshot {key}") == 1
    app.expect_text("New game")
