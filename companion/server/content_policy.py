"""The page loads nothing from other sites, and no other site can frame it.

Flet 1.0.5's web client carries Rive's runtime, which at every page load asks a CDN for a script
(``cdn.jsdelivr.net/.../rive_native.js``) and would then fetch and compile Rive's WebAssembly. The app draws no
Rive animation. Offline the request just fails; online a phone at the table would download and run third-party
code it never uses, on the app's start, from a host that learns who opened the app.

So every HTML page the app serves carries a Content Security Policy: scripts, fonts, images, styles, workers and
connections from the app's own address only (the WebSocket to the same host included), WebAssembly allowed, the
page's own inline scripts allowed (Flet's index and :mod:`companion.server.stopped_notice` are inline); no
plugins, no ``<base>`` elsewhere, and no framing by any site (``frame-ancestors 'none'``: no other page can lay
the app under its own buttons). The browser refuses anything else before a request is made: the page draws the
same, and starts the same, with or without the internet.
"""

from __future__ import annotations

import re

from starlette.datastructures import Headers
from starlette.types import Scope

from companion.server.headers import HeaderEditor, HeaderList, without

_HEADER = b"content-security-policy"
#: A Host the policy may name: a name or address and a port (the guards let any port through).
_PLAIN_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def policy(host: str) -> str:
    """The policy for a page served at ``host`` (the request's Host, already checked by the guards): the
    WebSocket is named explicitly, as older browsers do not count ``ws:`` as ``'self'``. A Host that is not a
    plain name and port is left out (it could carry directives of its own).

    >>> "connect-src 'self' ws://127.0.0.1:8550;" in policy("127.0.0.1:8550")
    True
    >>> "connect-src 'self';" in policy("127.0.0.1:1; script-src *")
    True
    """
    connect = f"'self' ws://{host}" if _PLAIN_HOST.fullmatch(host) else "'self'"
    return (
        "default-src 'self'; "
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; "
        "font-src 'self' data:; "
        f"connect-src {connect}; "
        "worker-src 'self' blob:; "
        "object-src 'none'; "
        "base-uri 'self'; "
        "frame-ancestors 'none'"
    )


class ContentPolicy(HeaderEditor):
    """ASGI middleware: every HTML response gets :func:`policy` (replacing any the app set)."""

    def edit(self, scope: Scope, headers: HeaderList) -> HeaderList:
        if not Headers(raw=headers).get("content-type", "").startswith("text/html"):
            return headers
        value = policy(Headers(scope=scope).get("host", "")).encode("latin-1")
        return [*without(headers, _HEADER), (_HEADER, value)]
