"""A new build of the phone site published over the one a phone has open (the same folder, on 127.0.0.1).

The open page learns of it when the app comes back to the screen (and at each load, and every half hour),
says "A new version is ready." with a Reload button, and goes on running the build it started with, served
from that build's own files, until the player taps Reload: then the new build takes over, the page reloads
and the game goes on where it was. The service worker keeps the CanvasKit build the page asked for, and not
the other one.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from companion.publish import offline
from companion.publish.site import MARKER
from tests.browser.conftest import CHROMIUM, PHONE_SITE_ARGS
from tests.browser.phone_page import NEW_TITLE, PhonePage, StaticHost, built_site, publish_over, second_site
from tests.browser.test_phone_site import start_solo_game
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser

#: The SHA-256 (hex) of what the page's fetch of ``path`` answers, as the page itself gets it.
FETCHED_DIGEST = """async (path) => {
  const body = await (await fetch(path)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}"""
#: The version of the build whose worker controls the page.
CONTROLLER_VERSION = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({ type: "version" }, [channel.port2]);
})"""
#: Each of the site's caches (by name) and the paths inside the site it holds.
#: The service worker's caches (by build), path lists; the stored data's own marker (mirror.js) is not one.
CACHED = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("treasure-companion-")) continue;
    const keys = await (await caches.open(name)).keys();
    out[name] = keys.map((r) => new URL(r.url).pathname.slice(1));
  }
  return out;
}"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def published(tmp_path):
    """The first build, published into a folder of its own and served from it."""
    folder = tmp_path / "site"
    shutil.copytree(built_site(), folder)
    host = StaticHost(folder)
    yield folder, host
    host.stop()


@pytest.fixture
def phone_context(playwright_session, tmp_path):
    contexts = []

    def open_profile(offline_: bool = False):
        if contexts:
            contexts.pop().close()
        context = playwright_session.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=PHONE_SITE_ARGS,
            viewport={"width": 390, "height": 844}, service_workers="allow")
        context.set_offline(offline_)
        contexts.append(context)
        return context

    yield open_profile
    for context in contexts:
        context.close()


def wait_until_kept(app: PhonePage, canvaskit: str = "canvaskit/skwasm.wasm") -> None:
    """The worker controls the page and its cache holds the renderer the page loaded."""
    app.page.wait_for_function(
        f"async () => navigator.serviceWorker.controller !== null && Object.values(await ({CACHED})())"
        f".some((paths) => paths.includes({canvaskit!r}))", timeout=120_000)


def test_a_new_build_waits_for_the_players_tap_and_the_game_goes_on(published, phone_context, tmp_path,
                                                                     screenshot_dir):
    folder, host = published
    second = second_site()  # built (once a run) before the page opens: a build takes the machine for a while
    first_version = (folder / MARKER).read_text().strip()
    first_archive = digest(folder / "app.tar.gz")
    app = PhonePage(phone_context(), host, screenshot_dir).open(query=f"seed={SEED}")
    table = Table(app, "phone-update")
    start_solo_game(app, table)
    table.step()
    wait_until_kept(app)
    page = app.page
    page.evaluate("() => { window.__firstDocument = true; }")

    publish_over(folder, second)
    second_version = (folder / MARKER).read_text().strip()
    assert second_version != first_version and digest(folder / "app.tar.gz") != first_archive
    # The open page's fetches keep coming from its own build's files, the host's being the new build's.
    assert page.evaluate(FETCHED_DIGEST, "app.tar.gz") == first_archive

    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # back to the app
    bar = page.get_by_role("status").filter(has_text="A new version is ready.")
    bar.wait_for(timeout=120_000)
    assert page.get_by_role("button", name="Reload").is_visible()
    app.shot("phone-update-ready")
    page.set_viewport_size({"width": 1280, "height": 800})
    app.size = "desktop"
    app.shot("phone-update-ready")
    page.set_viewport_size({"width": 390, "height": 844})
    app.size = "phone"

    # Nothing changes by itself: the line put away for later, a step is taken in the old build, the page is
    # the same document, the new build waits, and the old build's worker still serves the old build's files.
    page.get_by_role("button", name="Later").click()
    assert bar.count() == 0
    table.step()
    page.wait_for_timeout(3_000)
    assert page.evaluate("() => window.__firstDocument === true")
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).waiting !== null")
    assert page.evaluate(CONTROLLER_VERSION) == first_version
    assert page.evaluate(FETCHED_DIGEST, "app.tar.gz") == first_archive
    assert page.title().startswith("Game - ")
    step = table.view.banner
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # the next check offers it again
    bar.wait_for(timeout=60_000)

    with page.expect_event("load", timeout=120_000):
        page.get_by_role("button", name="Reload").click()
    app.wait_until_drawn()
    assert page.evaluate("() => window.__firstDocument === undefined")
    app.expect_text(NEW_TITLE)  # the new build runs
    assert page.title().startswith(f"{NEW_TITLE} - ")
    app.expect_text(f"Next: {step}")  # the game in progress, at the same step
    assert page.evaluate(CONTROLLER_VERSION) == second_version
    assert list(page.evaluate(CACHED)) == [f"treasure-companion-{second_version}"]
    assert page.evaluate(FETCHED_DIGEST, "app.tar.gz") == digest(folder / "app.tar.gz")
    assert page.get_by_role("status").filter(has_text="A new version").count() == 0
    table.step()
    app.shot("phone-update-done")
    assert app.refused == []


def test_the_worker_keeps_the_client_build_the_page_loaded_and_not_the_other(published, phone_context,
                                                                                screenshot_dir):
    """The first visit loads Chromium's build (WebAssembly, skwasm) before the worker controls the page: the page
    tells it, it keeps that build (not the other browsers'), and the next start with no network draws from it."""
    folder, host = published
    app = PhonePage(phone_context(), host, screenshot_dir).open()
    wait_until_kept(app)
    version, _shared, on_demand = offline.read_lists((folder / "sw.js").read_text())
    cached = app.page.evaluate(CACHED)
    assert list(cached) == [f"treasure-companion-{version}"]
    kept = {p for p in cached[f"treasure-companion-{version}"] if p in on_demand}
    assert kept == offline.loaded_by("Chromium", on_demand) and kept
    app.close()

    app = PhonePage(phone_context(offline_=True), host, screenshot_dir).open()
    app.expect_text("New game")
    assert app.refused == []
