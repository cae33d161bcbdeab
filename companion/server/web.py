"""Serve the Flet app in the browser: Flet's own FastAPI app, behind the guards, on a socket bound up front.

``ft.run(view=WEB_BROWSER)`` builds its FastAPI app and runs uvicorn in one call, with no way in between.
Flet's documented alternative for hosting, ``ft.run(main, export_asgi_app=True)``, returns that same app
(``flet_web.fastapi.serve_fastapi_web_app`` builds it the same way: an outer ``flet_web.fastapi.FastAPI``
whose lifespan starts Flet's session manager, with ``flet_web.fastapi.app(main)`` mounted at ``/``). We wrap
it in our guards and run uvicorn ourselves on the socket from :mod:`companion.server.listen`, with the same
WebSocket implementation Flet picks. uvicorn handles Ctrl+C / SIGTERM and shuts down gracefully.

The app command serves :func:`early_app`: the page's files are answered from the first moment while Flet's
app is built in a thread (:mod:`companion.server.early`).
"""

from __future__ import annotations

import asyncio
import socket
import webbrowser
from collections.abc import Callable, Sequence

from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp

from companion.flet_seam.web_client import index_html, serves_its_own_client
from companion.rules.automa.deck import MAX_DECK_BYTES
from companion.server.compressed import CompressedFiles
from companion.server.content_policy import ContentPolicy
from companion.server.early import EarlyApp
from companion.server.gate import TableGate
from companion.server.guard import OriginGuard
from companion.server.hangup import EndWhenGone
from companion.server.renderer import NotCrossOriginIsolated, web_renderer
from companion.server.sharing import Table
from companion.server.stopped_notice import StoppedNotice
from companion.server.uploads import enable as enable_uploads


def guarded(app: ASGIApp, hosts: Sequence[str], table: Table | None = None) -> ASGIApp:
    """``app`` answering only ``hosts`` and only same-origin WebSockets; with a ``table`` (listening beyond
    loopback), only devices that joined it."""
    # The request meets them in this order: the Host check, the Origin check, the pages' content policy
    # (companion/server/content_policy.py), the table code, large files compressed for other devices
    # (companion/server/compressed.py), the page's "the app stopped" notice (companion/server/stopped_notice.py),
    # skwasm on the page's thread (companion/server/renderer.py), a WebSocket handler ended once its client has
    # gone (companion/server/hangup.py), then the app.
    app = CompressedFiles(StoppedNotice(NotCrossOriginIsolated(EndWhenGone(app))))
    if table is not None:
        app = TableGate(app, table=table)
    app = ContentPolicy(app)
    return TrustedHostMiddleware(OriginGuard(app), allowed_hosts=list(hosts), www_redirect=False)


def flet_app(main: Callable):
    """Flet's ASGI app for ``main`` (imports Flet's web server: about a second)."""
    import flet as ft

    # A picked file comes as an upload beside the WebSocket, never inside it (companion/server/uploads.py).
    uploads = enable_uploads(MAX_DECK_BYTES)
    return ft.run(main, view=ft.AppView.WEB_BROWSER, no_cdn=True, export_asgi_app=True, web_renderer=web_renderer(),
                  upload_dir=str(uploads))


def build_app(main: Callable, hosts: Sequence[str], table: Table | None = None) -> ASGIApp:
    """Flet's ASGI app for ``main`` behind the guards, built now."""
    return guarded(flet_app(main), hosts, table)


def early_app(make_main: Callable[[], Callable], hosts: Sequence[str], table: Table | None = None
              ) -> tuple[ASGIApp, EarlyApp]:
    """The app behind the guards, answering the page's files at once while ``make_main()`` and Flet's app are
    built in a thread (companion/server/early.py). Also returns the :class:`EarlyApp`, whose ``failed`` says
    why the app did not start."""
    index = index_html(web_renderer()) if serves_its_own_client() else None
    early = EarlyApp(lambda: flet_app(make_main()), index)
    return guarded(early, hosts, table), early


def serve(app, sock: socket.socket, open_url: str | None = None, early: EarlyApp | None = None) -> None:
    """Serve ``app`` on the listening ``sock`` until Ctrl+C / SIGTERM (or until ``early``'s build fails);
    open ``open_url`` in a browser first (the socket already listens, so the browser's first request waits in
    its backlog, never fails)."""
    import uvicorn

    config = uvicorn.Config(
        app, log_level="error", ws="websockets-sansio", lifespan="on", timeout_graceful_shutdown=5
    )
    server = uvicorn.Server(config)
    if early is not None:
        early.on_failure = lambda: setattr(server, "should_exit", True)
    if open_url:
        webbrowser.open(open_url)
    asyncio.run(server.serve(sockets=[sock]))
