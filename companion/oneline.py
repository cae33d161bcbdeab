"""One line for every message the command line prints about bad input.

A file name may hold a newline, a record may hold a 50 MB field, a parser may build a message over several
lines: whatever goes into an error message passes through here, so stderr always gets exactly one line that a
person can read.

>>> shown("game\\n1.jsonl")
'game\\\\n1.jsonl'
>>> one_line("a\\nb\\u2028c")
'a b c'
>>> len(cut("x" * 1000, 50))
50
"""

from __future__ import annotations

import os

#: How much of a value an error message quotes before it cuts it short.
QUOTE_LIMIT = 80


def shown(name: str | os.PathLike[str]) -> str:
    """A file name as the user can read it on one line: unprintable characters escaped (``\\n``, ``\\u2028``)."""
    text = os.fspath(name)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` shortened to ``limit`` characters, marked with ``...`` and the full length when cut."""
    if len(text) <= limit:
        return text
    tail = f"... ({len(text):,} characters)"
    return text[: max(0, limit - len(tail))] + tail


def one_line(text: str, limit: int = 500) -> str:
    """``text`` with every line break (and other unprintable run) turned into one space, cut to ``limit``."""
    flat = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return cut(flat, limit)
