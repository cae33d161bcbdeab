"""Response headers as ASGI carries them: a list of (name, value) byte pairs, names in any case."""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HeaderList = list[tuple[bytes, bytes]]


def without(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> HeaderList:
    """``headers`` without any header called ``name`` (given in lower case).

    >>> without([(b"Content-Length", b"3"), (b"x", b"1")], b"content-length")
    [(b'x', b'1')]
    """
    return [(k, v) for k, v in headers if k.lower() != name]


class HeaderEditor:
    """ASGI middleware base: every HTTP response's headers go out through :meth:`edit` (other traffic passes)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def edit(self, scope: Scope, headers: HeaderList) -> HeaderList:
        """The headers to send for a response to ``scope`` that came with ``headers``."""
        raise NotImplementedError

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def edited(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": self.edit(scope, list(message.get("headers") or ()))}
            await send(message)

        await self.app(scope, receive, edited)
