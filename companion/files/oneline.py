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
    """Text from outside (a file name, a player's name, a printed log line) as it may go to a terminal: every
    unprintable character escaped (``\\n``, ``\\x1b``, ``\\x85``, ``\\u2028``), so it stays on its one line and
    cannot send the terminal a control sequence. Every command prints user data through this (or
    :func:`one_line` for error messages)."""
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


# Characters a JSON writer leaves raw inside a string that a reader or a terminal takes for something else: the
# C1 controls (U+0080-U+009F; U+0085 is a line break for str.splitlines, U+009B starts a terminal control
# sequence) and the Unicode line and paragraph separators. Written as \uXXXX escapes they mean the same text.
_JSON_UNSAFE = str.maketrans({c: f"\\u{ord(c):04x}" for c in [*map(chr, range(0x80, 0xA0)), "\u2028", "\u2029"]})


def json_escaped(text: str) -> str:
    r"""JSON text with the C1 controls and the line separators inside its strings written as escapes.

    Only valid for JSON (they can stand nowhere else in it); a text of ASCII only is returned as it is, at once.

    >>> json_escaped('{"name":"a\u2028b\u009b"}')
    '{"name":"a\\u2028b\\u009b"}'
    """
    return text if text.isascii() else text.translate(_JSON_UNSAFE)

