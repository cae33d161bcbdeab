"""A WebSocket whose client has gone ends its handler within a moment, whatever Flet is waiting for.

Flet 1.0.5's handler (``flet_web.fastapi.FletApp.handle``) runs a receive loop and a send loop; when the client
goes away, the receive loop stops the send loop only if the client had said hello (registered a session). A
client that connects and says nothing (a port scanner, a page closed while loading, a program) leaves the
send loop waiting for good: the handler never returns. On Ctrl+C uvicorn then waited its whole graceful
shutdown for it, cancelled it and printed the cancelled handler's 91-line traceback; until then each such
client kept a task alive.

:class:`EndWhenGone` watches what the handler receives: once it has been told the client is gone
(``websocket.disconnect``, from uvicorn at shutdown or when the connection drops, or from the table gate when
the host stopped sharing), the handler gets :data:`GRACE_S` to finish on its own, then is cancelled quietly.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: How long a handler told that its client is gone may take to finish (Flet's own ending takes milliseconds).
GRACE_S = 0.5


class EndWhenGone:
    """ASGI middleware: a WebSocket handler ends at most :data:`GRACE_S` after its client has gone."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        gone = asyncio.Event()

        async def watched_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
            return message

        handler = asyncio.ensure_future(self.app(scope, watched_receive, send))
        told = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({handler, told}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=GRACE_S)
        finally:  # also when this task is cancelled: leave no handler behind
            told.cancel()
            if not handler.done():
                handler.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await handler
        if not handler.cancelled():
            handler.result()  # the handler's own failure, as uvicorn would have seen it
