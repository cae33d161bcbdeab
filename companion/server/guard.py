"""Keep other web sites out of the app: its WebSocket opens only from its own pages.

The app's whole state travels over one WebSocket (``/ws``). Browsers let any page open a WebSocket to any
address, 127.0.0.1 included, and send the page's ``Origin`` with it; so without a check, a page on another
site could drive the game. Three layers, each the smallest thing that does the job:

- ``TrustedHostMiddleware`` (Starlette's own, added in ``companion.server.web``): a ``Host`` header must name
  this server (see :func:`allowed_hosts`), so a DNS-rebinding page (``evil.example`` resolving to
  127.0.0.1) gets 400.
- :class:`OriginGuard` here: a WebSocket whose ``Origin`` is not exactly ``http://`` + its (already checked)
  ``Host`` is refused before it is accepted (uvicorn answers 403). Starlette has no such check for
  WebSockets (its CORS middleware covers HTTP only), hence these few lines.
  **A missing Origin is accepted**: every browser sends one on a WebSocket, so a client without it is a
  program on a machine that can reach the port, which could send any Origin it liked anyway. (Beyond
  loopback the table code's cookie is required as well, whatever the Origin says.)
- Flet's web app adds ``Access-Control-Allow-Origin: *`` to every response (with no setting to turn it off);
  :class:`OriginGuard` drops that header, so other sites cannot read the app's responses. Flet's opener
  policy (COOP) is kept; its embedder policy is dropped on purpose (``companion.server.renderer``).
"""

from __future__ import annotations

from starlette import status
from starlette.datastructures import Headers
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketClose

from companion.server.headers import HeaderEditor, HeaderList, without

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_CORS_HEADER = b"access-control-allow-origin"


def allowed_hosts(*names: str) -> list[str]:
    """Host names (no port) the server answers to: loopback names and ``names`` (IPv6 in brackets).

    >>> allowed_hosts("192.168.1.20", "::1", "")
    ['127.0.0.1', 'localhost', '[::1]', '192.168.1.20']
    """
    out: list[str] = []
    for name in (*LOOPBACK_NAMES, *names):
        if not name or name in ("0.0.0.0", "::"):
            continue
        name = f"[{name}]" if ":" in name and not name.startswith("[") else name
        if name.lower() not in out:
            out.append(name.lower())
    return out


def same_origin(origin: str, host: str | None) -> bool:
    """Whether a WebSocket's ``Origin`` is the page served at ``Host`` (plain HTTP: the app has no TLS).

    >>> same_origin("http://127.0.0.1:8550", "127.0.0.1:8550")
    True
    >>> same_origin("http://127.0.0.1:8551", "127.0.0.1:8550"), same_origin("null", "127.0.0.1:8550")
    (False, False)
    """
    return bool(host) and origin.lower() == f"http://{host}".lower()


class OriginGuard(HeaderEditor):
    """ASGI middleware: refuse cross-origin WebSockets, strip wildcard CORS from HTTP responses."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, headers.get("host")):
                await WebSocketClose(code=status.WS_1008_POLICY_VIOLATION)(scope, receive, send)
                return
        await super().__call__(scope, receive, send)

    def edit(self, scope: Scope, headers: HeaderList) -> HeaderList:
        return without(headers, _CORS_HEADER)
