"""Answer the browser from the first moment: the page's files while Flet and the app are still being imported.

Importing Flet's web server (FastAPI and its OpenAPI models) and the app's screens takes a while, and until
then the server would answer nothing. A browser opening the app also needs a while to fetch and compile the
page's WebAssembly before it opens the app's WebSocket. The two can overlap (``python -m tests.bench.bench
--browser`` measures the start-up):

- :class:`EarlyApp` answers at once with ``index.html`` (patched exactly as Flet patches it) and with Flet's web
  files that Flet serves unchanged: what Flet serves where is mirrored in :mod:`companion.flet_seam.web_client`;
- the real app (Flet's FastAPI app) is built in a thread meanwhile; everything else (the WebSocket, the
  manifests Flet patches, a file that is not there) waits for it, then goes to it, as does every request
  once it is ready.

The guards (Host, Origin, table code) wrap this app, so they answer the early requests too. When Flet would
serve files from elsewhere (``FLET_WEB_PATH``, an assets folder, another WebSocket path), nothing is answered
early: every request waits for the real app. A test compares the early answers with the real app's.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable

from starlette.responses import PlainTextResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from companion.flet_seam.web_client import FLET_ROUTES, OPENER_POLICY, PATCHED, web_dir

#: Shorter thread switches while the app is built beside the served files (Python's default is 5 ms: each
#: chunk of a file handed between threads would wait that long behind the importing thread).
BUILD_SWITCH_INTERVAL = 0.0005


class EarlyApp:
    """An ASGI app that builds the real one in a thread at startup and answers the page's files meanwhile.

    ``build`` returns the real ASGI app (it runs in a thread: imports only, no event loop). ``index`` is the
    early ``index.html``, or ``None`` to answer nothing early. ``failed`` holds one line when the build failed;
    ``on_failure`` is then called (the server stops).
    """

    def __init__(self, build: Callable[[], ASGIApp], index: bytes | None,
                 on_failure: Callable[[], None] = lambda: None) -> None:
        self._build = build
        self._index = index
        self.on_failure = on_failure
        self._static = StaticFiles(directory=web_dir()) if index is not None else None
        self._app: ASGIApp | None = None
        self._ready: asyncio.Event | None = None
        self._inner: _Lifespan | None = None
        self.failed: str | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if self._app is None and await self._answer_early(scope, receive, send):
            return
        if self._app is None:
            assert self._ready is not None, "served before the lifespan started"
            await self._ready.wait()
        if self._app is None:
            await _unavailable(scope, receive, send)
            return
        await self._app(scope, receive, send)

    async def _answer_early(self, scope: Scope, receive: Receive, send: Send) -> bool:
        index, static = self._index, self._static  # both set, or neither
        if index is None or static is None or scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return False
        path = scope["path"].lstrip("/")
        if path in PATCHED or path in FLET_ROUTES:
            return False
        _, found = static.lookup_path(path) if path else (None, None)
        is_page = os.path.splitext(path)[1].lower() in ("", ".html")
        # "/", "/index.html" and the app's routes ("/decks") get the page: Flutter reads the route from the
        # address. Flet's own HTML files and folders, and anything not in its folder, are Flet's to answer.
        if is_page and found is not None and path != "index.html":
            return False
        if not is_page and found is None:
            return False

        async def send_with_opener_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), OPENER_POLICY]
            await send(message)

        if is_page:
            response = Response(index if scope["method"] == "GET" else b"", media_type="text/html")
            if scope["method"] == "HEAD":
                response.headers["content-length"] = str(len(index))
            await response(scope, receive, send_with_opener_policy)
        else:
            await static(scope, receive, send_with_opener_policy)
        return True

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup
        self._ready = asyncio.Event()
        start = asyncio.create_task(self._start(self._ready))
        await send({"type": "lifespan.startup.complete"})
        await receive()  # lifespan.shutdown
        if not start.done():
            start.cancel()
            await asyncio.gather(start, return_exceptions=True)
        if self._inner is not None:
            await self._inner.shutdown()
        await send({"type": "lifespan.shutdown.complete"})

    async def _start(self, ready: asyncio.Event) -> None:
        """Build the real app and start its lifespan; ``ready`` is set once it serves, or failed."""
        interval = sys.getswitchinterval()
        sys.setswitchinterval(BUILD_SWITCH_INTERVAL)
        try:
            app = await asyncio.to_thread(self._build)
        except Exception as err:  # noqa: BLE001 - any failure to start becomes one line and a stop
            self._fail(f"the app could not start: {type(err).__name__}: {err}", ready)
            return
        finally:
            sys.setswitchinterval(interval)
        self._inner = _Lifespan(app)
        problem = await self._inner.startup()
        if problem:
            self._fail(f"the app could not start: {problem}", ready)
            return
        self._app = app
        ready.set()

    def _fail(self, line: str, ready: asyncio.Event) -> None:
        self.failed = " ".join(line.split())
        ready.set()
        self.on_failure()


class _Lifespan:
    """Runs an inner ASGI app's lifespan (Flet's session manager starts and stops in it)."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app
        self._to_app: asyncio.Queue = asyncio.Queue()
        self._from_app: asyncio.Queue = asyncio.Queue()
        self._task: asyncio.Future[None] | None = None

    async def startup(self) -> str | None:
        """``None`` once started, else what went wrong."""
        scope = {"type": "lifespan", "asgi": {"version": "3.0", "spec_version": "2.0"}, "state": {}}
        self._task = asyncio.ensure_future(self._app(scope, self._to_app.get, self._from_app.put))
        await self._to_app.put({"type": "lifespan.startup"})
        reply = await self._from_app.get()
        if reply["type"] == "lifespan.startup.complete":
            return None
        return reply.get("message") or reply["type"]

    async def shutdown(self) -> None:
        if self._task is None or self._task.done():
            return
        await self._to_app.put({"type": "lifespan.shutdown"})
        await self._from_app.get()
        await self._task


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "websocket":
        await WebSocketClose(code=1011)(scope, receive, send)
    else:
        await PlainTextResponse("The app could not start: see the terminal it runs in.", 503)(scope, receive, send)
