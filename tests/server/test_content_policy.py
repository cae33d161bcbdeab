"""Every HTML page the app serves says where the page may load from: its own address only, and no framing.

The browser side (the CDN request of Flet's client refused, the app still drawn) is checked in
tests/browser/test_text_drawing.py, on a page load that test makes anyway.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from companion.server import web
from companion.server.content_policy import ContentPolicy, policy
from companion.server.sharing import Table

HOSTS = ["127.0.0.1", "localhost"]


def inner_app() -> Starlette:
    return Starlette(routes=[
        Route("/", lambda r: HTMLResponse("<html><head></head><body>app</body></html>")),
        Route("/own", lambda r: HTMLResponse("<html></html>", headers={"Content-Security-Policy": "default-src *"})),
        Route("/data.json", lambda r: JSONResponse({"a": 1})),
        Route("/main.js", lambda r: Response("var a;", media_type="application/javascript")),
    ])


def directives(header: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        assert name not in out, f"{name} twice in {header}"
        out[name] = values
    return out


def test_a_page_may_load_only_from_the_app_and_be_framed_by_nobody():
    with TestClient(web.guarded(inner_app(), HOSTS), base_url="http://127.0.0.1:8550") as client:
        page = client.get("/")
    assert page.status_code == 200 and b"app" in page.content
    got = directives(page.headers["content-security-policy"])
    assert got["default-src"] == ["'self'"]
    assert got["script-src"][0] == "'self'" and not any(v.startswith(("http", "*")) for v in got["script-src"])
    assert "'wasm-unsafe-eval'" in got["script-src"]  # Flutter's WebAssembly
    assert got["connect-src"] == ["'self'", "ws://127.0.0.1:8550"]  # the app's WebSocket, by name
    assert got["font-src"] == ["'self'", "data:"]  # no font fallback from a CDN
    assert got["frame-ancestors"] == ["'none'"] and got["object-src"] == ["'none'"]


def test_a_policy_the_app_set_is_replaced_and_other_files_carry_none():
    with TestClient(web.guarded(inner_app(), HOSTS), base_url="http://localhost:9000") as client:
        own = client.get("/own")
        assert own.headers.get_list("content-security-policy") == [policy("localhost:9000")]
        for path in ("/data.json", "/main.js"):
            assert "content-security-policy" not in client.get(path).headers, path


def test_a_host_that_is_not_a_plain_name_and_port_is_not_written_into_the_policy():
    """The guards refuse such a Host (400) before the policy is made; the policy leaves it out all the same."""
    evil = {"Host": "127.0.0.1:1; script-src https://evil.example"}
    with TestClient(web.guarded(inner_app(), HOSTS), base_url="http://127.0.0.1:8550") as client:
        assert client.get("/", headers=evil).status_code == 400
    with TestClient(ContentPolicy(inner_app()), base_url="http://127.0.0.1:8550") as client:
        page = client.get("/", headers=evil)
    header = page.headers["content-security-policy"]
    assert "evil" not in header and directives(header)["connect-src"] == ["'self'"]


def test_the_join_door_of_a_shared_table_carries_the_policy_too():
    table = Table("http://192.168.1.20:8550", "companion_table_8550")
    app = web.guarded(inner_app(), [*HOSTS, "192.168.1.20"], table)
    with TestClient(app, base_url="http://192.168.1.20:8550") as client:
        door = client.get("/")
    assert b"app" not in door.content  # not joined: the door, not the app
    assert door.headers["content-type"].startswith("text/html")
    assert directives(door.headers["content-security-policy"])["frame-ancestors"] == ["'none'"]
