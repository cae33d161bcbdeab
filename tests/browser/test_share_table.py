"""Sharing the table (``--host 0.0.0.0``): a device gets in only through the join address; Settings shows the
address and its QR code; Stop sharing ends the other devices and the code, Share again makes a new one.
The server listens on every address but the browser talks to 127.0.0.1 only."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from page_watch import HEARD, TAP_IF_UNCHANGED
from server_helpers import free_port, launch, wait_listening

from companion.store import Store
from companion.store.session import GameSession
from companion.ui.new_game.presenter import NewGameForm
from companion.ui.round.presenter import RoundPresenter

pytestmark = pytest.mark.browser


@dataclass
class SharedServer:
    url: str
    data_dir: Path
    app: object

    def log_text(self) -> str:
        return self.app.output


#: A browser naming itself so counts as a phone on the network, not the host computer (every test page comes
#: from 127.0.0.1): companion.server.sharing.REMOTE_AGENT_ENV.
PHONE_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 "
               "TestPhoneAcrossTheTable")


@pytest.fixture
def shared(tmp_path, browser):
    app = launch(tmp_path, free_port(), "--host", "0.0.0.0",
                 env={"TREASURE_COMPANION_TEST_REMOTE_AGENT": "TestPhoneAcrossTheTable"})
    try:
        wait_listening(app)
        yield SharedServer(f"http://127.0.0.1:{app.port}", tmp_path / "data", app)
    finally:
        app.stop()


def code_of(server: SharedServer) -> str:
    return re.search(r"/join/(\d{6})\b", server.log_text()).group(1)


def test_join_share_stop_and_share_again(shared, browser, app_page):
    code = code_of(shared)
    # Without the join address: a page that asks for the code, and no app.
    stranger = browser.new_page(viewport={"width": 390, "height": 844})
    stranger.goto(shared.url + "/")
    assert "Type the code on the host's screen" in stranger.inner_text("body")
    stranger.close()

    # Two people's phones: each browser keeps its own table cookie.
    host = app_page(shared, route=f"/join/{code}", own_device=True)
    phone = app_page(shared, route=f"/join/{code}", own_device=True)
    host.click("Settings")
    host.expect_text("Share this table")
    host.expect_text(f"Table code {code}")
    host.expect_text("Other devices joined: 1.")
    address = re.search(r"http://\S+/join/\d{6}", shared.log_text()).group(0)
    host.expect_text(f"Join address {address}")
    host.expect_text("QR code of the join address")
    host.shot("settings-share")

    host.click("Stop sharing")
    host.expect_text("Not shared: no code opens the app now.")
    host.expect_text("Ended 1 other device.")
    # The phone's session is over, and the phone says why (not that the app stopped) ...
    notice = phone.page.locator("#companion-stopped")
    notice.wait_for(state="attached")
    phone.page.wait_for_timeout(1500)  # Flet's client tries to connect again meanwhile, and is refused
    assert notice.inner_text().startswith("The host stopped sharing the table.")
    phone.shot("phone-sharing-stopped")
    # ... a reload finds the door shut, saying why; the old join address does not open it.
    phone.page.goto(shared.url + "/")
    assert "The host stopped sharing the table." in phone.page.inner_text("body")
    phone.page.goto(shared.url + f"/join/{code}")
    assert "not valid now" in phone.page.inner_text("body")
    host.shot("settings-stopped")

    # The host's own page still works, and a fresh code lets devices in again.
    host.click("Share again")
    host.expect_text("Table code")
    new_code = re.search(r"Table code (\d{6})", host.text()).group(1)
    phone.open(f"/join/{new_code}")
    phone.click("Settings")
    phone.expect_text("Share this table")


def test_a_friend_types_the_code_on_the_join_page(shared, browser, screenshot_dir):
    """The host's address typed on a phone opens the join page: the code typed in its box lets the phone in."""
    code = code_of(shared)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        friend = context.new_page()
        friend.goto(shared.url + "/")
        friend.screenshot(path=str(screenshot_dir / "join-form-phone.png"))
        friend.get_by_label("Table code").fill(f"{code[:3]} {code[3:]}")
        friend.get_by_role("button", name="Join").click()
        friend.wait_for_function("() => document.title.includes('Treasure Mountain Companion') && "
                                 "!!document.querySelector('flt-glass-pane, flutter-view')", timeout=60_000)
        assert any(c["name"] == "tm_table_" + str(shared.app.port) for c in context.cookies())
    finally:
        context.close()


#: Keeps the page's last WebSocket in window.__lastWs, so a test can drop the connection as a sleeping phone does.
KEEP_WS = """(() => {
  const Native = window.WebSocket;
  function Kept(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__lastWs = ws;
    return ws;
  }
  Kept.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach((k) => { Kept[k] = Native[k]; });
  window.WebSocket = Kept;
})();"""


def test_a_phone_away_when_sharing_stopped_says_so_when_it_comes_back(shared, app_page):
    """A phone asleep (its connection gone) while the host stops sharing: when it wakes, its page is refused and
    says the host stopped sharing, not that the app stopped."""
    code = code_of(shared)
    host = app_page(shared, route=f"/join/{code}", own_device=True)
    phone = app_page(shared, route=f"/join/{code}", own_device=True, init_script=KEEP_WS)
    asleep = {"yes": True}
    phone.page.route_web_socket("**/ws", lambda ws: ws.close() if asleep["yes"] else ws.connect_to_server())
    phone.page.evaluate("() => window.__lastWs.close()")
    phone.page.locator("#companion-stopped").wait_for(state="attached")
    host.click("Settings")
    host.click("Stop sharing")
    host.expect_text("Ended 1 other device.")
    asleep["yes"] = False
    phone.page.wait_for_function(
        "() => (document.getElementById('companion-stopped') || {}).textContent?.startsWith("
        "'The host stopped sharing the table.')", timeout=30_000)


def test_only_the_host_computer_stops_or_renews_sharing(shared, app_page):
    """A phone's Settings show the code and its QR code, without Stop sharing or Share again."""
    code = code_of(shared)
    phone = app_page(shared, route=f"/join/{code}", own_device=True, user_agent=PHONE_AGENT)
    phone.click("Settings")
    phone.expect_text(f"Table code {code}")
    phone.expect_text("Only the host's computer can stop sharing or make a new code.")
    assert "Stop sharing" not in phone.text()
    phone.shot("phone-settings-share")
    host = app_page(shared, route=f"/join/{code}", own_device=True, size="desktop")
    host.click("Settings")
    host.expect_text("Other devices joined: 1.")
    host.control("Stop sharing")
    host.shot("host-settings-share")


SEED = 1133  # blue rolls 4: the red automa places, then blue


def test_a_late_tap_on_another_phone_says_the_game_changed_on_another_phone(shared, app_page):
    """Two phones joined during a game land on it. On blue's placement both tap a free space, the second before
    anything of the first's step reached it: the second is told the game changed on another phone (it had said
    'place is not possible now: the game waits for an automa's turn')."""
    with Store.open(shared.data_dir) as store:
        GameSession.new(NewGameForm().setup(seed=SEED), store)
    mirror = RoundPresenter(GameSession.new(NewGameForm().setup(seed=SEED)))
    code = code_of(shared)
    one, two = (app_page(shared, route=f"/join/{code}", own_device=True, user_agent=PHONE_AGENT, init_script=HEARD)
                for _ in range(2))
    for phone, whose in ((one, "Blue"), (two, "Just watching")):
        phone.expect_text("Whose phone is this?")  # landed on the game, which asks first
        phone.click(whose)
        phone.expect_text("Next: Roll for the starting turn order")
    one.click("Blue rolled 4")
    one.click("Roll for the starting order")
    one.click("Draw a card and place")
    assert mirror.starting_rolls({"blue": 4}) and mirror.proceed()
    banners = {one: f"Next: {mirror.view().banner}", two: "Next: Blue #1 — Blue's move"}  # two is watching
    free = [c for c in mirror.view().cells if c.status == "free"]
    for phone in (one, two):
        phone.expect_text(banners[phone])
        phone.settle()
    labels = [f"{c.name}: empty, free" for c in free[:2]]
    for _attempt in range(5):  # until the second tap leaves before the first's step reaches its phone
        one.page.wait_for_timeout(600)
        taps = [phone.control(label, exact=True) for phone, label in zip((one, two), labels, strict=True)]
        mark = two.page.evaluate("() => window.__heard")
        taps[0].evaluate("e => e.click()")
        if taps[1].evaluate(TAP_IF_UNCHANGED, mark):
            break
        one.click("Undo:")  # the second phone had heard already: take the placement back, and again
        for phone in (one, two):
            phone.expect_text(banners[phone])
            phone.settle()
    else:
        raise AssertionError("the second phone heard of the first's step before its tap, five times")
    two.expect_text("Changed on another phone: here it is as saved there. Tap again.")
    assert "not possible now" not in two.text()
    two.shot("phone-changed-on-another-phone")


def test_each_phone_says_whose_it_is_and_your_move_is_said_on_that_phone_only(shared, app_page):
    """A phone that joins during a game lands on it and is asked once whose phone it is; then the placement says
    "your move" on the placer's phone, and whose move it is on another's. The host's screen is never asked."""
    with Store.open(shared.data_dir) as store:
        GameSession.new(NewGameForm().setup(seed=SEED), store)
    mirror = RoundPresenter(GameSession.new(NewGameForm().setup(seed=SEED)))
    code = code_of(shared)
    blue = app_page(shared, route=f"/join/{code}", own_device=True, user_agent=PHONE_AGENT)
    blue.expect_text("Whose phone is this?")
    blue.shot("whose-phone")
    blue.resize("desktop")
    blue.shot("whose-phone")
    blue.resize("phone")
    blue.click("Blue")
    blue.expect_text("Next: Roll for the starting turn order")
    watcher = app_page(shared, route=f"/join/{code}", own_device=True, user_agent=PHONE_AGENT)
    watcher.click("Just watching")
    host = app_page(shared, route=f"/join/{code}", own_device=True, size="desktop")
    host.expect_text("Next: Roll for the starting turn order")  # the host's screen: the game at once
    assert "Whose phone is this?" not in host.text()

    blue.click("Blue rolled 4")
    blue.click("Roll for the starting order")
    blue.click("Draw a card and place")
    assert mirror.starting_rolls({"blue": 4}) and mirror.proceed()
    assert mirror.view().banner == "Blue #1 — your move: tap a space"
    blue.expect_text("Next: Blue #1 — your move: tap a space")
    watcher.expect_text("Next: Blue #1 — Blue's move")
    host.expect_text("Next: Blue #1 — your move: tap a space")
    watcher.shot("watching-phone")

    # Whose phone it is shows in Settings, and can be changed: the game asks again.
    watcher.click("Settings")
    watcher.expect_text("This phone: Just watching.")
    watcher.click("Change whose phone this is")
    watcher.expect_text("Whose phone is this?")
