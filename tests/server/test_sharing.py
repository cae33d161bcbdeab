"""The table code's state (companion/server/sharing.py) and the gate ending live WebSockets when sharing stops,
in process (Starlette's test client; no network)."""

from __future__ import annotations

import asyncio

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from companion.server.gate import TableGate
from companion.server.sharing import (
    ENDED,
    EXPIRED,
    JOIN_LIFETIME_S,
    WRONG_TRIES_PER_MINUTE,
    Live,
    Table,
    TooManyTries,
    client_key,
    connection_here,
    connection_token,
    from_this_computer,
)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_code_admits_devices_and_stop_keeps_only_the_one_who_stopped():
    table = Table("http://192.168.1.20:8550", "c")
    assert table.join_url == f"http://192.168.1.20:8550/join/{table.code}"
    host, phone = table.join(table.code), table.join(table.code)
    assert host and phone and host != phone and table.admits(host) and table.admits(phone)
    assert not table.admits(None) and not table.admits("made-up")
    assert table.stop(keep=host) == 1
    assert table.admits(host) and not table.admits(phone)
    assert table.code is None and table.join_url is None
    assert table.join("000000") is None
    new = table.share_again()
    assert table.code == new and table.join(new)
    assert table.admits(host)


def wrong_code(table: Table) -> str:
    return f"{(int(table.code) + 1) % 10**6:06d}"


def test_wrong_codes_are_limited_per_minute_and_per_client():
    clock = Clock()
    table = Table("http://h:1", "c", clock=clock)
    for _ in range(WRONG_TRIES_PER_MINUTE):
        assert table.join(wrong_code(table), client="192.168.1.66") is None
    with pytest.raises(TooManyTries):
        table.join(table.code, client="192.168.1.66")
    # Another device is not kept out by the guesser's tries, right code or wrong ones of its own.
    assert table.join(wrong_code(table), client="192.168.1.33") is None
    assert table.join(table.code, client="192.168.1.33")
    clock.now += 61
    assert table.join(table.code, client="192.168.1.66")


def test_an_ipv6_guesser_counts_as_one_client_across_its_network():
    table = Table("http://h:1", "c")
    for n in range(WRONG_TRIES_PER_MINUTE):
        assert table.join(wrong_code(table), client=f"2001:db8:1:2::{n + 1:x}") is None
    with pytest.raises(TooManyTries):
        table.join(table.code, client="2001:db8:1:2:ffff::1")
    assert table.join(table.code, client="2001:db8:1:3::1")
    assert client_key("::ffff:192.168.1.5") == client_key("192.168.1.5") == "192.168.1.5"


def gated_echo(table: Table) -> Starlette:
    seen: list[str | None] = []
    here: list[bool] = []

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        seen.append(connection_token.get())
        here.append(connection_here.get())
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            return

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    app.add_middleware(TableGate, table=table)
    app.state.seen = seen
    app.state.here = here
    return app


def test_stop_sharing_closes_the_open_websockets_of_the_others():
    table = Table("http://testserver", "tm")
    app = gated_echo(table)
    with TestClient(app) as client:
        host_client = TestClient(app)
        assert client.get(f"/join/{table.code}", follow_redirects=False).status_code == 303
        assert host_client.get(f"/join/{table.code}", follow_redirects=False).status_code == 303
        phone_token, host_token = client.cookies["tm"], host_client.cookies["tm"]
        with client.websocket_connect("/ws") as phone_ws, host_client.websocket_connect("/ws") as host_ws:
            phone_ws.send_text("a")
            assert phone_ws.receive_text() == "a"
            assert set(app.state.seen) == {phone_token, host_token}  # the page learns whose device it is on
            table.stop(keep=host_token)
            message = phone_ws.receive()
            assert message["type"] == "websocket.close" and message["code"] == ENDED
            host_ws.send_text("still here")
            assert host_ws.receive_text() == "still here"
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws"):
            pass


def test_without_a_cookie_the_upgrade_is_refused():
    table = Table("http://testserver", "tm")
    with TestClient(gated_echo(table)) as client:
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws"):
            pass
        assert client.get("/").status_code == 403
        assert client.get("/join/nope").status_code == 403


def test_the_door_counts_wrong_codes_per_device_and_never_for_other_sites():
    """A page on another site (a dozen <img> pointing at /join/...) is refused without counting; a guesser's wrong
    codes keep only the guesser out, never the right code typed on another device."""
    table = Table("http://testserver", "tm")
    app = gated_echo(table)
    other_site = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    with TestClient(app, client=("192.168.1.33", 50000)) as phone:
        for _ in range(12):
            answer = phone.get(f"/join/{wrong_code(table)}", headers=other_site, follow_redirects=False)
            assert answer.status_code == 403 and "another site" in answer.text
        answer = phone.get(f"/join/{table.code}", headers=other_site, follow_redirects=False)
        assert answer.status_code == 403 and "tm" not in phone.cookies  # the right code from a link elsewhere either
        assert phone.get(f"/join/{table.code}", headers={"Sec-Fetch-Site": "none"},
                         follow_redirects=False).status_code == 303
    with TestClient(app, client=("192.168.1.66", 50000)) as guesser:
        for _ in range(WRONG_TRIES_PER_MINUTE):
            assert guesser.get(f"/join/{wrong_code(table)}").status_code == 403
        assert guesser.get(f"/join/{table.code}", follow_redirects=False).status_code == 429
    with TestClient(app, client=("192.168.1.34", 50000)) as friend:
        assert friend.get(f"/join/{table.code}", follow_redirects=False).status_code == 303


def test_a_join_lasts_twelve_hours():
    clock = Clock()
    table = Table("http://h:1", "c", clock=clock)
    assert JOIN_LIFETIME_S == 12 * 3600
    phone = table.join(table.code)
    clock.now += JOIN_LIFETIME_S - 1
    assert table.admits(phone) and table.joined() == 1
    clock.now += 2
    assert not table.admits(phone) and table.joined() == 0
    assert table.connected(phone, Live(asyncio.new_event_loop())) is None
    assert table.admits(table.join(table.code))  # the same code joins again


def test_the_cookie_comes_in_a_redirect_no_cache_keeps_and_lasts_as_long_as_the_join():
    table = Table("http://testserver", "tm")
    with TestClient(gated_echo(table)) as client:
        answer = client.get(f"/join/{table.code}", follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["cache-control"] == "no-store"
        cookie = answer.headers["set-cookie"].lower()
        assert f"max-age={JOIN_LIFETIME_S}" in cookie and "httponly" in cookie and "samesite=lax" in cookie
        again = client.get(f"/join/{table.code}", follow_redirects=False)  # already joined
        assert again.status_code == 303 and again.headers["cache-control"] == "no-store"


def test_an_open_websocket_is_closed_when_its_join_runs_out():
    table = Table("http://testserver", "tm", lifetime=0.5)
    with TestClient(gated_echo(table)) as client:
        assert client.get(f"/join/{table.code}", follow_redirects=False).status_code == 303
        with client.websocket_connect("/ws") as ws:
            ws.send_text("a")
            assert ws.receive_text() == "a"
            message = ws.receive()
            assert message["type"] == "websocket.close" and message["code"] == EXPIRED
        assert client.get("/").status_code == 403


def test_a_friend_types_the_code_on_the_join_page():
    """The host's address without the code opens a small plain page with a box for it; the code typed there
    (spaces and all) joins as the join address does; a wrong one says so beside the box again."""
    table = Table("http://testserver", "tm")
    with TestClient(gated_echo(table)) as friend:
        for path in ("/", "/round", "/join", "/join/"):
            page = friend.get(path)
            assert page.status_code in (200, 403) and "<form method=get action=/join" in page.text, path
            assert "name=code inputmode=numeric" in page.text and "<script" not in page.text
        wrong = friend.get(f"/join?code={wrong_code(table)}", follow_redirects=False)
        assert wrong.status_code == 403 and "not valid now" in wrong.text and "<form" in wrong.text
        code = table.code
        joined = friend.get(f"/join?code={code[:3]}%20{code[3:]}%20", headers={"Sec-Fetch-Site": "same-origin"},
                            follow_redirects=False)
        assert joined.status_code == 303 and table.admits(friend.cookies["tm"])


def test_a_device_that_joins_lands_on_the_game_in_play():
    table = Table("http://testserver", "tm")
    table.landing = lambda: "/round"
    with TestClient(gated_echo(table)) as phone:
        first = phone.get(f"/join/{table.code}", follow_redirects=False)
        assert first.status_code == 303 and first.headers["location"] == "/round"
        again = phone.get(f"/join/{table.code}", follow_redirects=False)  # rejoined: the same
        assert again.status_code == 303 and again.headers["location"] == "/round"
    table.landing = lambda: "/"
    with TestClient(gated_echo(table)) as phone:
        assert phone.get(f"/join?code={table.code}", follow_redirects=False).headers["location"] == "/"


def test_a_device_whose_join_ended_is_told_why():
    """The door and its status (asked by the page's notice when its WebSocket closes) say the host stopped sharing,
    or that the join ran out; asking the status is no try at the code."""
    clock = Clock()
    table = Table("http://testserver", "tm", clock=clock)
    app = gated_echo(table)
    with TestClient(app) as host, TestClient(app) as phone, TestClient(app) as stranger:
        for device in (host, phone):
            device.get(f"/join/{table.code}", follow_redirects=False)
        assert phone.get("/join/status").json() == {"joined": True}
        for _ in range(WRONG_TRIES_PER_MINUTE + 2):
            assert stranger.get("/join/status").json() == {"joined": False, "ended": None}
        assert stranger.get(f"/join/{table.code}", follow_redirects=False).status_code == 303  # never counted
        table.stop(keep=host.cookies["tm"])
        status = phone.get("/join/status")
        assert status.json() == {"joined": False, "ended": "stopped"} and status.headers["cache-control"] == "no-store"
        door = phone.get("/round")
        assert door.status_code == 403 and "The host stopped sharing the table." in door.text and "<form" in door.text
        clock.now += JOIN_LIFETIME_S
        assert host.get("/join/status").json() == {"joined": False, "ended": "expired"}
        assert "join ran out" in host.get("/").text


def test_the_page_learns_whether_it_is_on_the_host_computer():
    """The host's browser (on loopback, or on the very address the server was reached at, as when it opens the
    printed join address) is the host's screen; a phone is not."""
    assert from_this_computer("192.168.1.20", "192.168.1.20") and from_this_computer("::ffff:127.0.0.1", "::1")
    assert not from_this_computer("192.168.1.33", "192.168.1.20") and not from_this_computer("testclient", "x")
    table = Table("http://testserver", "tm")
    app = gated_echo(table)
    for client, host in (("127.0.0.1", True), ("192.168.1.33", False)):
        with TestClient(app, client=(client, 50000)) as device:
            device.get(f"/join/{table.code}", follow_redirects=False)
            with device.websocket_connect("/ws") as ws:
                ws.send_text("a")
                assert ws.receive_text() == "a"
        assert app.state.here[-1] is host, client
