"""Standard output that cannot be written is one line, not a traceback.

``replay game.jsonl > out.json`` on a full disk, ``games > /dev/full`` or a command run with its standard output
closed (``>&-``) ended in a traceback (or printed nothing and said it worked). :func:`guarded_stdout` puts a
thin wrapper in front of ``sys.stdout`` that turns a failed write into :class:`OutputError`, which the command
line reports in one line (exit 2). A reader that went away (``| head``) stays a ``BrokenPipeError``: not an error.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any


class OutputError(Exception):
    """Standard output cannot be written; the message says why in a few words."""


class _Guarded:
    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _call(self, name: str, *args: Any) -> Any:
        if self._stream is None:
            raise OutputError("standard output is closed")
        try:
            return getattr(self._stream, name)(*args)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputError(err.strerror or str(err)) from None

    def write(self, text: str) -> int:
        return self._call("write", text)

    def writelines(self, lines: Any) -> None:
        self._call("writelines", lines)

    def flush(self) -> None:
        if self._stream is not None:
            self._call("flush")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """``sys.stdout`` guarded (see the module) while the block runs, flushed at its end so that a write the
    buffer held back fails inside it too."""
    before = sys.stdout
    sys.stdout = _Guarded(before)
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout = before
