"""The app's web server answers only its own pages: a WebSocket only from the app's own origin, a Host header
only for the names it serves (no DNS rebinding), no wildcard CORS. Raw HTTP against a real server on 127.0.0.1."""

from __future__ import annotations

import pytest
from server_helpers import free_port, get, launch, wait_listening, ws_upgrade

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = launch(tmp_path_factory.mktemp("guard"), free_port())
    try:
        wait_listening(app)
        yield app
    finally:
        app.stop()


def test_the_app_own_origin_opens_the_websocket(server):
    assert ws_upgrade(server.port, origin=f"http://127.0.0.1:{server.port}") == 101
    assert ws_upgrade(server.port, origin=f"http://localhost:{server.port}", host=f"localhost:{server.port}") == 101


def test_another_origin_cannot_open_the_websocket(server):
    assert ws_upgrade(server.port, origin="http://evil.example") == 403
    assert ws_upgrade(server.port, origin="null") == 403
    # Same host, another port (another local web app) is another origin too.
    assert ws_upgrade(server.port, origin=f"http://127.0.0.1:{server.port + 1}") == 403
    assert ws_upgrade(server.port, origin=f"https://127.0.0.1:{server.port}") == 403


def test_a_websocket_without_origin_is_not_from_a_browser_and_is_accepted(server):
    # Browsers always send Origin on a WebSocket; a client without one is a program on this computer.
    assert ws_upgrade(server.port, origin=None) == 101


def test_a_foreign_host_header_is_refused(server):
    status, _ = get(server.port, host=f"rebind.example:{server.port}")
    assert status == 400
    rebound = f"rebind.example:{server.port}"
    assert ws_upgrade(server.port, origin=f"http://{rebound}", host=rebound) in (400, 403)


def test_own_pages_are_served_without_wildcard_cors(server):
    status, headers = get(server.port, headers={"Origin": "http://evil.example"})
    assert status == 200
    assert headers.get("access-control-allow-origin") != "*"
    assert "access-control-allow-origin" not in headers
    status, headers = get(server.port, path="/main.dart.js")
    assert status == 200 and "access-control-allow-origin" not in headers
    # Flet's opener policy is kept (another site's window gets no handle on the app's).
    assert headers.get("cross-origin-opener-policy") == "same-origin"


def test_pages_are_not_cross_origin_isolated(server):
    """Without the embedder policy the page is not isolated, so Flutter's skwasm draws on the page's own thread
    (on a worker thread it drew wrong letters: companion/server/renderer.py). Flet sends the policy with every
    response; none of ours carries it."""
    for path in ("/", "/decks", "/main.dart.wasm", "/canvaskit/skwasm.wasm", "/flutter_bootstrap.js"):
        status, headers = get(server.port, path=path)
        assert status == 200, path
        assert "cross-origin-embedder-policy" not in headers, path
        assert headers.get("cross-origin-opener-policy") == "same-origin", path
