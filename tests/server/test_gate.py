"""The table code against a real server bound to 0.0.0.0, talked to on 127.0.0.1 only: nothing without the
join address, a cookie from it, a fresh code at each start, wrong codes limited."""

from __future__ import annotations

import re

import pytest
from server_helpers import free_port, get, launch, wait_listening, ws_upgrade

pytestmark = pytest.mark.timeout(240)

JOIN_LINE = re.compile(r"join at http://\S+:(\d+)/join/(\d{6})\b")


def start_shared(tmp_path, port=None):
    app = launch(tmp_path, port or free_port(), "--host", "0.0.0.0")
    wait_listening(app)
    return app


def code_of(app) -> str:
    lines = [line for line in app.output.splitlines() if "/join/" in line]
    assert len(lines) == 1, app.output
    match = JOIN_LINE.search(lines[0])
    assert match and int(match.group(1)) == app.port, lines[0]
    return match.group(2)


def join(port: int, code: str) -> tuple[int, str | None]:
    """Open the join address; returns (status, the cookie's name=value or None)."""
    status, headers = get(port, f"/join/{code}")
    cookie = headers.get("set-cookie")
    if cookie:
        assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower(), cookie
        cookie = cookie.split(";", 1)[0]
    return status, cookie


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    app = start_shared(tmp_path_factory.mktemp("shared"))
    try:
        yield app
    finally:
        app.stop()


def test_nothing_is_served_before_joining(shared):
    assert get(shared.port)[0] == 403
    assert get(shared.port, "/main.dart.js")[0] == 403
    assert ws_upgrade(shared.port, origin=f"http://127.0.0.1:{shared.port}") == 403
    assert ws_upgrade(shared.port, origin=None) == 403


def test_the_join_address_gives_a_session(shared):
    status, cookie = join(shared.port, code_of(shared))
    assert status == 303 and cookie
    assert get(shared.port, headers={"Cookie": cookie})[0] == 200
    assert ws_upgrade(shared.port, origin=f"http://127.0.0.1:{shared.port}", cookie=cookie) == 101
    # The cookie does not open the door for another site's page.
    assert ws_upgrade(shared.port, origin="http://evil.example", cookie=cookie) == 403
    # A made-up cookie is no session.
    assert ws_upgrade(shared.port, origin=f"http://127.0.0.1:{shared.port}", cookie=f"{cookie}x") == 403


def test_a_wrong_code_gives_nothing(shared):
    code = code_of(shared)
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    status, cookie = join(shared.port, wrong)
    assert status == 403 and cookie is None


def test_a_fresh_code_at_each_start_and_old_cookies_end(tmp_path):
    port = free_port()
    first = start_shared(tmp_path, port)
    try:
        code = code_of(first)
        _, cookie = join(port, code)
        assert get(port, headers={"Cookie": cookie})[0] == 200
    finally:
        first.stop()
    second = start_shared(tmp_path, port)
    try:
        assert code_of(second) != code  # one chance in a million to fail: two runs drew the same code
        assert get(port, headers={"Cookie": cookie})[0] == 403
        assert join(port, code)[0] == 403
    finally:
        second.stop()


def test_guessing_is_limited(tmp_path):
    app = start_shared(tmp_path)
    try:
        code = code_of(app)
        wrong = f"{(int(code) + 1) % 10**6:06d}"
        assert [join(app.port, wrong)[0] for _ in range(10)] == [403] * 10
        assert join(app.port, code)[0] == 429  # even the right code waits: else guessing would not slow down
    finally:
        app.stop()


def test_loopback_needs_no_code(tmp_path):
    app = launch(tmp_path, free_port())
    try:
        wait_listening(app)
        assert "/join/" not in app.output
        assert get(app.port)[0] == 200
    finally:
        app.stop()


def test_a_device_joining_during_a_game_lands_on_it(tmp_path):
    from companion.rules.setup import Setup
    from companion.store import Store
    from companion.store.session import GameSession

    app = start_shared(tmp_path)
    try:
        code = code_of(app)
        assert get(app.port, f"/join/{code}")[1]["location"] == "/"  # no game yet: home
        with Store.open(tmp_path / "data") as store:
            GameSession.new(Setup.solo(seed=3), store)
        status, headers = get(app.port, f"/join/{code}")
        assert status == 303 and headers["location"] == "/round"
    finally:
        app.stop()
