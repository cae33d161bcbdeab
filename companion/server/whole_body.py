"""Answers a middleware rewrites whole: held back until their last piece, then sent with their new length.

The page's notice (:mod:`companion.server.stopped_notice`) and the compressed files
(:mod:`companion.server.compressed`) both change a response's body, which the app may send in several pieces;
the body's length then changes, and ``Content-Length`` with it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.server.headers import without

#: ``rewrite(start, body)`` -> the response start message and body to send (Content-Length is set here).
Rewrite = Callable[[Message, bytes], Awaitable[tuple[Message, bytes]]]


async def rewrite_whole_body(app: ASGIApp, scope: Scope, receive: Receive, send: Send,
                             takes: Callable[[Message], bool], rewrite: Rewrite) -> None:
    """Run ``app``; a response whose start message ``takes`` accepts is held until its last piece and goes out as
    ``rewrite`` makes it, in one piece; any other response passes as it is."""
    start: Message | None = None
    chunks: list[bytes] = []

    async def held(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            if takes(message):
                start = message
            else:
                await send(message)
            return
        if message["type"] == "http.response.body" and start is not None:
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            head, body = await rewrite(start, b"".join(chunks))
            headers = without(head.get("headers") or (), b"content-length")
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**head, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await send(message)

    await app(scope, receive, held)
