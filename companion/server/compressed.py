"""A phone on the table's Wi-Fi gets Flet's web client compressed: 13.4 MB become 4.9 MB.

A page load takes Flet's WebAssembly (8.5 MB), the renderer's (3.6 MB) and the icon font (1.3 MB), which Flet
serves as they are. From 127.0.0.1 that costs nothing; a phone that joined a shared table downloads them over
Wi-Fi, which is most of its first start. Compressing every answer again (Starlette's ``GZipMiddleware``) would
cost the computer about a second of CPU per phone, so ``CompressedFiles`` compresses each large file once per run
of the server, the first time another device asks for it, and keeps it (about 5 MB in memory).

Only answers to devices other than this computer, asking for gzip, for a whole file (no ``Range``) that is large
(:data:`LARGEST_UNCOMPRESSED` and up) and of a type that compresses (not the page itself, whose HTML other
middleware edits, nor fonts already compressed). The compressed answer's ETag is marked weak, as a different
encoding of the same file, so a revalidation still gets 304 from Flet.
"""

from __future__ import annotations

import asyncio
import zlib
from collections import OrderedDict

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.server.headers import without
from companion.server.whole_body import rewrite_whole_body

#: Files smaller than this go out as they are (compression would save little).
LARGEST_UNCOMPRESSED = 32 * 1024
#: Content types worth compressing (WebAssembly, scripts, JSON, fonts that are not compressed already).
COMPRESSIBLE = ("application/wasm", "text/javascript", "application/javascript", "application/json", "font/otf",
                "font/ttf")
#: zlib's level 6 (its default); each file is compressed once and kept (see KEPT).
LEVEL = 6
#: How many compressed files are kept (Flet's client has a handful of large ones).
KEPT = 16
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def gzip(body: bytes) -> bytes:
    """``body`` as a gzip stream."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 31)
    return packer.compress(body) + packer.flush()


def wants_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` value takes gzip (``q=0`` refuses it).

    >>> wants_gzip("gzip, deflate, br"), wants_gzip("br;q=1.0, gzip;q=0"), wants_gzip("identity")
    (True, False, False)
    """
    for part in accept_encoding.lower().split(","):
        name, _, params = part.partition(";")
        if name.strip() in ("gzip", "*"):
            params = params.strip()
            q = params[2:] if params.startswith("q=") else "1"
            try:
                return float(q) > 0
            except ValueError:
                return False
    return False


def from_elsewhere(scope: Scope) -> bool:
    """Whether the request comes from another device than this computer (an IPv4 address seen through an IPv6
    socket counts as itself).

    >>> [from_elsewhere({"client": (h, 1)}) for h in ("192.168.1.33", "127.0.0.1", "::1", "::ffff:127.0.0.1")]
    [True, False, False, False]
    """
    client = scope.get("client")
    host = (client[0] if client else "").lower().removeprefix("::ffff:")
    return bool(host) and host not in LOOPBACK and not host.startswith("127.")


class CompressedFiles:
    """ASGI middleware: large files go out gzip-compressed to other devices, each compressed once."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.kept: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()
        self._locks: dict[tuple[str, bytes], asyncio.Lock] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET" or not from_elsewhere(scope):
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope)
        if "range" in asked or not wants_gzip(asked.get("accept-encoding", "")):
            await self.app(scope, receive, send)
            return

        async def compressed(start: Message, body: bytes) -> tuple[Message, bytes]:
            packed = await self._compressed(scope["path"], start, body)
            return self._start(start), packed

        await rewrite_whole_body(self.app, scope, receive, send, _worth_compressing, compressed)

    async def _compressed(self, path: str, start: Message, body: bytes) -> bytes:
        """The compressed ``body``: kept from an earlier answer with the same ETag, or made now in a thread."""
        etag = Headers(raw=list(start.get("headers") or ())).get("etag", "").encode("latin-1")
        key = (path, etag or str(len(body)).encode())
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:  # two phones asking at once: compressed once
            if key not in self.kept:
                self.kept[key] = await anyio.to_thread.run_sync(gzip, body)
                while len(self.kept) > KEPT:
                    self.kept.popitem(last=False)
        self._locks.pop(key, None)
        return self.kept[key]

    @staticmethod
    def _start(start: Message) -> Message:
        """The start of the compressed answer (its Content-Length is set by :func:`rewrite_whole_body`)."""
        out = []
        for name, value in without(start.get("headers") or (), b"accept-ranges"):
            if name.lower() == b"etag" and not value.startswith(b"W/"):
                value = b"W/" + value  # another encoding of the same file
            out.append((name, value))
        out += [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
        return {**start, "headers": out}


def _worth_compressing(start: Message) -> bool:
    """A whole file of a type that compresses, large enough, not compressed already."""
    headers = Headers(raw=list(start.get("headers") or ()))
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    size = int(headers.get("content-length", "0") or 0)
    return (start.get("status") == 200 and "content-encoding" not in headers and kind in COMPRESSIBLE
            and size >= LARGEST_UNCOMPRESSED)
