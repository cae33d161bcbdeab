"""The server answers the page's files while the app is still being built (companion/server/early.py): the same
bytes Flet serves, behind the same guards; the rest waits for the app; a build that fails stops the server in
one line. The build here is held by a test's event, so "before" and "after" are states, not timings."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from server_helpers import free_port
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient

from companion.flet_seam import web_client
from companion.server import early, stopped_notice, web
from companion.server.renderer import web_renderer

pytestmark = pytest.mark.timeout(120)
HOSTS = ["127.0.0.1", "testserver"]
REPO = Path(__file__).resolve().parents[2]


def real_app() -> Starlette:
    """Stands for Flet's app: it answers every path with its own words, and counts its lifespan."""

    async def anything(request):
        return PlainTextResponse(f"real {request.url.path}")

    async def ws(socket):
        await socket.accept()
        await socket.send_text("real ws")
        await socket.close()

    counts = {"started": 0, "stopped": 0}

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        counts["started"] += 1
        yield
        counts["stopped"] += 1

    app = Starlette(routes=[Route("/{path:path}", anything), WebSocketRoute("/ws", ws)], lifespan=lifespan)
    app.counts = counts
    return app


class Held:
    """A build that waits until the test lets it go."""

    def __init__(self, app=None, error: Exception | None = None) -> None:
        self.app = app or real_app()
        self.error = error
        self.release = threading.Event()

    def __call__(self):
        assert self.release.wait(30)
        if self.error:
            raise self.error
        return self.app


@pytest.fixture
def index() -> bytes:
    return web_client.index_html(web_renderer())


def test_before_the_app_is_built_the_page_and_its_files_are_served(index):
    build = Held()
    app = web.guarded(early.EarlyApp(build, index), HOSTS)
    served = index.replace(b"</head>", stopped_notice.script() + b"</head>", 1)  # the guards add the notice
    with TestClient(app) as client:
        for path in ("/", "/decks", "/round", "/index.html"):
            page = client.get(path)
            assert page.status_code == 200 and page.content == served, path
            assert page.headers["cross-origin-opener-policy"] == "same-origin"
            assert "cross-origin-embedder-policy" not in page.headers
        boot = client.get("/flutter_bootstrap.js")
        assert boot.status_code == 200
        assert boot.content == (web_client.web_dir() / "flutter_bootstrap.js").read_bytes()
        assert client.get("/canvaskit/skwasm.wasm").headers["content-type"] == "application/wasm"
        assert client.head("/").headers["content-length"] == str(len(index))
        assert build.app.counts["started"] == 0
        build.release.set()
        # Flet's patched manifests, a missing file and the WebSocket wait for the app, then get its answer.
        assert client.get("/manifest.json").text == "real /manifest.json"
        assert build.app.counts["started"] == 1
        assert client.get("/nothing.png").text == "real /nothing.png"
        with client.websocket_connect("/ws") as socket:
            assert socket.receive_text() == "real ws"
        # Once built, the app answers everything, the page too.
        assert client.get("/").text == "real /"
    assert build.app.counts["stopped"] == 1


@pytest.mark.parametrize("path", ["/assets/FontManifest.json", "/oauth_callback", "/upload", "/ws",
                                  "/%2e%2e/%2e%2e/%2e%2e/etc/hostname.txt", "/canvaskit/%2e%2e/%2e%2e/pyproject.toml"])
def test_a_request_that_cannot_be_answered_early_waits_for_the_app(index, path):
    """A file Flet patches, one of Flet's own routes (a plain GET of /ws included), or a file outside Flet's
    folder is never answered with the page or a file: it waits for the app."""
    build = Held()
    app = web.guarded(early.EarlyApp(build, index), HOSTS)
    with TestClient(app) as client:
        answers = []
        waiting = threading.Thread(target=lambda: answers.append(client.get(path).text))
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive() and answers == []
        build.release.set()
        waiting.join(30)
        assert len(answers) == 1 and answers[0].startswith("real /"), answers


def test_the_guards_answer_early_requests_too(index):
    build = Held()
    app = web.guarded(early.EarlyApp(build, index), HOSTS)
    with TestClient(app) as client:
        assert client.get("/", headers={"host": "rebind.example"}).status_code == 400
        assert client.get("/flutter_bootstrap.js", headers={"host": "rebind.example"}).status_code == 400
        build.release.set()


def test_without_an_early_index_everything_waits_for_the_app():
    build = Held()
    app = web.guarded(early.EarlyApp(build, None), HOSTS)
    with TestClient(app) as client:
        build.release.set()
        assert client.get("/").text == "real /"
        assert client.get("/flutter_bootstrap.js").text == "real /flutter_bootstrap.js"


def test_a_build_that_fails_gives_one_line_and_stops_the_server(index):
    build = Held(error=ImportError("No module named 'flet_web'\nmore"))
    stops = []
    app = web.guarded(early.EarlyApp(build, index, on_failure=lambda: stops.append(1)), HOSTS)
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        build.release.set()
        refused = client.get("/manifest.json")
        assert refused.status_code == 503
        assert "could not start" in refused.text
        assert stops == [1]
    assert app_failed(app) == "the app could not start: ImportError: No module named 'flet_web' more"


def app_failed(app) -> str | None:
    inner = app
    while not isinstance(inner, early.EarlyApp):
        inner = inner.app
    return inner.failed


def test_the_early_answers_are_what_flet_serves(index):
    """Drift check against Flet itself: its patched index.html (base, WebSocket path, renderer, no CDN) and an
    unchanged file, through the same guards."""
    flet = web.build_app(lambda page: None, HOSTS)
    with TestClient(flet) as client:
        real_index = client.get("/")
        real_boot = client.get("/flutter_bootstrap.js")
    assert real_index.content == index.replace(b"</head>", stopped_notice.script() + b"</head>", 1)
    build = Held()
    app = web.guarded(early.EarlyApp(build, index), HOSTS)
    with TestClient(app) as client:
        first = client.get("/")
        boot = client.get("/flutter_bootstrap.js")
        build.release.set()
    assert first.content == real_index.content
    assert boot.content == real_boot.content
    for name in ("content-type", "etag", "last-modified", "cross-origin-opener-policy"):
        assert boot.headers.get(name) == real_boot.headers.get(name), name
    assert first.headers["content-type"] == real_index.headers["content-type"]
    assert first.headers["cross-origin-opener-policy"] == real_index.headers["cross-origin-opener-policy"]
    assert "cross-origin-embedder-policy" not in real_index.headers


def test_flet_settings_or_an_assets_folder_turn_early_answers_off(tmp_path, monkeypatch):
    assert web_client.serves_its_own_client(tmp_path)
    (tmp_path / "assets").mkdir()
    assert not web_client.serves_its_own_client(tmp_path)
    monkeypatch.setenv("FLET_WEB_PATH", str(tmp_path))
    assert not web_client.serves_its_own_client(tmp_path / "elsewhere")


def test_the_app_command_whose_app_cannot_start_says_so_in_one_line_and_exits_1(tmp_path):
    """The server stops by itself (it does not serve a page that can never connect): one line, exit code 1."""
    probe = (
        "import sys\n"
        "sys.modules['companion.ui.shell.screens'] = None  # the app's code cannot be imported\n"
        "from companion.cli.main import main\n"
        f"sys.exit(main(['app', '--no-browser', '--port', '{free_port()}', '--data-dir', {str(tmp_path)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("treasure-companion: the app could not start: ModuleNotFoundError"), done.stderr
