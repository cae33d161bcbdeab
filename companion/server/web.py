"""Serve the Flet app in the browser: Flet's own FastAPI app, behind the guards, on a socket bound up front.

``ft.run(view=WEB_BROWSER)`` builds its FastAPI app and runs uvicorn in one call, with no way in between.
Flet's documented alternative for hosting, ``ft.run(main, export_asgi_app=True)``, returns that same app
(``flet_web.fastapi.serve_fastapi_web_app`` builds it the same way: an outer ``flet_web.fastapi.FastAPI``
whose lifespan starts Flet's session manager, with ``flet_web.fastapi.app(main)`` mounted at ``/``). We add
Starlette middleware to it and run uvicorn ourselves on the socket from :mod:`companion.server.listen`, with
the same WebSocket implementation Flet picks. uvicorn handles Ctrl+C / SIGTERM and shuts down gracefully.
"""

from __future__ import annotations

import asyncio
import socket
import webbrowser
from collections.abc import Callable, Sequence

from starlette.middleware.trustedhost import TrustedHostMiddleware

from companion.server.gate import TableGate
from companion.server.guard import OriginGuard
from companion.server.renderer import NotCrossOriginIsolated, web_renderer
from companion.server.sharing import Table
from companion.server.stopped_notice import StoppedNotice


def build_app(main: Callable, hosts: Sequence[str], table: Table | None = None):
    """Flet's ASGI app for ``main`` that answers only ``hosts`` and only same-origin WebSockets; with a
    ``table`` (listening beyond loopback), only devices that joined it."""
    import flet as ft

    app = ft.run(main, view=ft.AppView.WEB_BROWSER, no_cdn=True, export_asgi_app=True, web_renderer=web_renderer())
    # Starlette runs the middleware added last first: the Host check, the Origin check, the table code, the
    # page's "the app stopped" notice (companion/server/stopped_notice.py), skwasm on the page's thread
    # (companion/server/renderer.py), Flet.
    app.add_middleware(NotCrossOriginIsolated)
    app.add_middleware(StoppedNotice)
    if table is not None:
        app.add_middleware(TableGate, table=table)
    app.add_middleware(OriginGuard)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hosts), www_redirect=False)
    return app


def serve(app, sock: socket.socket, open_url: str | None = None) -> None:
    """Serve ``app`` on the listening ``sock`` until Ctrl+C / SIGTERM; open ``open_url`` in a browser first
    (the socket already listens, so the browser's first request waits in its backlog, never fails)."""
    import uvicorn

    config = uvicorn.Config(
        app, log_level="error", ws="websockets-sansio", lifespan="on", timeout_graceful_shutdown=5
    )
    server = uvicorn.Server(config)
    if open_url:
        webbrowser.open(open_url)
    asyncio.run(server.serve(sockets=[sock]))
