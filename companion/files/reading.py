"""Reading an input file (or standard input) with a size limit checked BEFORE the file is read whole.

A record, a score sheet or a deck is small; ``/dev/zero``, a 50 MB crafted record or a pipe that never ends
must not fill the memory before being refused. A regular file's size is checked first; anything else (a pipe,
a device, standard input) is read in chunks and refused as soon as it passes the limit.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from companion.files.oneline import shown
from companion.files.paths import NotAFile, open_no_wait

_CHUNK = 1 << 20


class ReadError(Exception):
    """The input cannot be read, is too large or is not UTF-8 text; the message is one line."""


#: Why an empty file name is refused: nearly always a shell variable that was not set (``--deck "$DECK"``). As a
#: path it would be read as the current folder (``Path("")`` is ``.``): "`.`: it is a folder".
EMPTY_NAME = "the file name is empty"


def path_arg(value: str) -> Path:
    """argparse ``type`` of an option naming a file or folder (``--deck``, ``--records``): an empty name is a usage
    error in one line, never the current folder."""
    import argparse  # noqa: PLC0415 (only the command line parses arguments: the phone's first screen waits less)

    if not value:
        raise argparse.ArgumentTypeError("the name is empty (a shell variable that was not set?)")
    return Path(value)


def megabytes(limit: int) -> str:
    return f"{limit / 1_000_000:g} MB"


def read_text(name: str, limit: int, what: str) -> str:
    """The UTF-8 text of file ``name`` (``-``: standard input), at most ``limit`` bytes (``what``: "a record")."""
    if name == "-":
        label = "standard input"
        if sys.stdin is None:  # started with it closed (<&-)
            raise ReadError("cannot read standard input: it is closed")
        if not hasattr(sys.stdin, "buffer"):  # a text stream put in its place (tests): counted in characters
            text = sys.stdin.read(limit + 1)
            if len(text) > limit:
                raise ReadError(_too_big(label, limit, what))
            return text
        data = _read_at_most(sys.stdin.buffer, limit, label, what)
    else:
        label = shown(name) if name else '""'
        try:
            fh, first = open_input(name)
            with fh:
                info = os.fstat(fh.fileno())
                if len(first) > limit or (stat.S_ISREG(info.st_mode) and info.st_size > limit):
                    raise ReadError(_too_big(label, limit, what))
                data = first + _read_at_most(fh, limit - len(first), label, what)
        except OSError as exc:
            raise ReadError(f"cannot read {label}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a BOM (Notepad writes one) is not part of the text
    except UnicodeDecodeError:
        raise ReadError(f"cannot read {label}: not UTF-8 text") from None


def open_input(name: str | os.PathLike[str]) -> tuple[BinaryIO, bytes]:
    """A file named on the command line, opened to read without ever waiting, and the bytes already read.

    A regular file, a device (``/dev/zero``: the size limit stops it) or a pipe something writes to (``<(cat
    f)``) is read; a folder is refused, and so is a named pipe that nothing writes to (a plain open waited
    forever for a writer): :class:`~companion.files.paths.NotAFile`, an ``OSError`` whose message is one line.
    """
    if not os.fspath(name):
        raise OSError(errno.ENOENT, EMPTY_NAME)
    fd, mode = open_no_wait(name)
    try:
        if stat.S_ISDIR(mode):
            raise NotAFile("it is a folder")
        first = b""
        if stat.S_ISFIFO(mode) and hasattr(os, "O_NONBLOCK"):
            try:
                first = os.read(fd, _CHUNK)
            except BlockingIOError:  # a writer is there and has not written yet: wait for it
                pass
            else:
                if not first:
                    raise NotAFile("it is a named pipe that nothing writes to")
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb"), first


def _read_at_most(stream: BinaryIO, limit: int, label: str, what: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise ReadError(_too_big(label, limit, what))


def _too_big(label: str, limit: int, what: str) -> str:
    return f"{label} is larger than {megabytes(limit)}, the limit for {what}"
