"""Response headers as ASGI carries them: a list of (name, value) byte pairs, names in any case."""

from __future__ import annotations

from collections.abc import Iterable

HeaderList = list[tuple[bytes, bytes]]


def without(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> HeaderList:
    """``headers`` without any header called ``name`` (given in lower case).

    >>> without([(b"Content-Length", b"3"), (b"x", b"1")], b"content-length")
    [(b'x', b'1')]
    """
    return [(k, v) for k, v in headers if k.lower() != name]
