"""The table code's state (companion/server/sharing.py) and the gate ending live WebSockets when sharing stops,
in process (Starlette's test client; no network)."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from companion.server.gate import ENDED_CODE, TableGate
from companion.server.sharing import WRONG_TRIES_PER_MINUTE, Table, TooManyTries, connection_token


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


def test_wrong_codes_are_limited_per_minute():
    clock = Clock()
    table = Table("http://h:1", "c", clock=clock)
    wrong = f"{(int(table.code) + 1) % 10**6:06d}"
    for _ in range(WRONG_TRIES_PER_MINUTE):
        assert table.join(wrong) is None
    with pytest.raises(TooManyTries):
        table.join(table.code)
    clock.now += 61
    assert table.join(table.code)


def gated_echo(table: Table) -> Starlette:
    seen: list[str | None] = []

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        seen.append(connection_token.get())
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            return

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    app.add_middleware(TableGate, table=table)
    app.state.seen = seen
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
            assert message["type"] == "websocket.close" and message["code"] == ENDED_CODE
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
