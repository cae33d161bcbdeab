"""A cheap first look at TOML text that should be a deck, so a shape no deck has is refused before it is parsed.

Python's ``tomllib`` can cost far more memory and time than the size of its text: it keeps every prefix of a
dotted key (``a.a.a...a = 1``: 16,000 parts, 32 kB, took 284 MB; 40 kB took 1.5 GB and many seconds), and it builds a
table for every part, header and inline table. A deck is small and shallow (a value sits at most 4 levels deep:
``cards[0].all_play.tunnel``; a deck of 60 cards has about 660 keys), so this scan walks the text once, in
linear time and fixed memory, and refuses what goes beyond generous bounds: how deep a value sits, how many
keys, tables and array items there are, and how long a key is. Within them, parsing any text up to the 1 MB
deck limit stays well under 100 MB.

The scan reads TOML's tokens as ``tomllib`` does (the four kinds of string, comments, bare and quoted keys,
dotted keys, table headers, arrays, inline tables). Where the text stops being TOML it stops too and leaves the
text to ``tomllib``, which then refuses it at that same place with its own message.

>>> check_shape('deck = "red"\\n[[cards]]\\nall_play = { tunnel = 1 }\\n')
>>> check_shape(".".join(["a"] * 16_000) + " = 1")
Traceback (most recent call last):
...
companion.rules.automa.toml_shape.ShapeError: line 1: a key nested more than 8 levels deep (a deck needs 4)
"""

from __future__ import annotations

import re
from typing import Any

from companion.rules.names import DeckProblemCode
from companion.rules.words.decks import deck_line

#: How deep a value may sit: the parts of its table header and key, one more per array (a deck needs 4).
MAX_DEPTH = 8
#: Most keys, table headers and array items in one text (a deck of 60 cards, the most a transcription has, has
#: about 660).
MAX_ENTRIES = 2_000
#: Longest key as written, its dotted parts and quotes included (a deck's longest, ``wizards_cave``, has 12).
MAX_KEY_CHARS = 100

_WS = re.compile(r"[ \t]*")
_WS_NL_COMMENTS = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*+")
_REST_OF_LINE = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*+"')
_LITERAL = re.compile(r"'[^'\n]*+'")
_ML_BASIC = re.compile(r'"""(?:[^"\\]|\\.|"{1,2}(?!"))*+"{3,5}', re.DOTALL)
_ML_LITERAL = re.compile(r"'''(?:[^']|'{1,2}(?!'))*+'{3,5}")
# A number, boolean or date; a date and time may be parted by one space (1979-05-27 07:32:00).
_BARE_VALUE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ Tt][0-9][0-9:.+\-Zz]*|[A-Za-z0-9_+\-:.]+")


class ShapeError(ValueError):
    """A text whose shape no deck has: ``code`` says which bound it passes (too deep, too many keys, too long a
    key), ``fields`` the ``line`` where and the ``limit``. ``str()`` is one line naming the line."""

    def __init__(self, code: DeckProblemCode, **fields: Any) -> None:
        super().__init__(code, fields)
        self.code: DeckProblemCode = code
        self.fields: dict[str, Any] = fields

    def __str__(self) -> str:
        return deck_line(self.code, self.fields)


class _NotToml(Exception):
    """The text stops being TOML here: ``tomllib`` refuses it at this place, so the scan need go no further."""


class _Scan:
    """One pass over the text, counting entries and refusing a shape beyond the bounds."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.entries = 0

    # --- the bounds ---

    def refuse(self, code: DeckProblemCode, limit: int) -> ShapeError:
        return ShapeError(code, line=self.text.count(chr(10), 0, self.pos) + 1, limit=limit)

    def at_depth(self, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise self.refuse("too_deep", MAX_DEPTH)

    def entry(self) -> None:
        self.entries += 1
        if self.entries > MAX_ENTRIES:
            raise self.refuse("too_many_entries", MAX_ENTRIES)

    # --- tokens ---

    def skip(self, pattern: re.Pattern[str]) -> None:
        match = pattern.match(self.text, self.pos)
        assert match is not None, "skip's patterns match the empty text too"
        self.pos = match.end()

    def take(self, pattern: re.Pattern[str]) -> bool:
        match = pattern.match(self.text, self.pos)
        if match is None:
            return False
        self.pos = match.end()
        return True

    def peek(self) -> str:
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise _NotToml
        self.pos += 1

    # --- the grammar ---

    def document(self) -> None:
        base = 0  # how deep the current table's header puts its keys
        while True:
            self.skip(_WS_NL_COMMENTS)
            if self.pos >= len(self.text):
                return
            if self.peek() == "[":
                base = self.header()
            else:
                self.key_value(base)
            if not self.take(_REST_OF_LINE):
                raise _NotToml

    def header(self) -> int:
        """``[a.b]`` or ``[[a.b]]``; the depth its keys start at (an array of tables adds its index)."""
        double = self.text.startswith("[[", self.pos)
        self.pos += 2 if double else 1
        self.skip(_WS)
        depth = self.key(0) + double
        self.at_depth(depth)
        self.entry()
        self.skip(_WS)
        self.expect("]")
        if double:
            self.expect("]")
        return depth

    def key(self, depth: int) -> int:
        """A bare, quoted or dotted key; the depth of its value."""
        start = self.pos
        while True:
            if not (self.take(_BARE_KEY) or self.take(_BASIC) or self.take(_LITERAL)):
                raise _NotToml
            depth += 1
            self.at_depth(depth)
            if self.pos - start > MAX_KEY_CHARS:
                raise self.refuse("key_too_long", MAX_KEY_CHARS)
            self.skip(_WS)
            if self.peek() != ".":
                return depth
            self.pos += 1
            self.skip(_WS)

    def key_value(self, depth: int) -> None:
        depth = self.key(depth)
        self.entry()
        self.skip(_WS)
        self.expect("=")
        self.skip(_WS)
        self.value(depth)

    def value(self, depth: int) -> None:
        char = self.peek()
        if char == "[":
            self.array(depth + 1)
        elif char == "{":
            self.inline_table(depth)
        elif not (self.take(_ML_BASIC) or self.take(_BASIC) or self.take(_ML_LITERAL) or self.take(_LITERAL)
                  or self.take(_BARE_VALUE)):
            raise _NotToml

    def array(self, depth: int) -> None:
        self.at_depth(depth)
        self.pos += 1
        while True:
            self.skip(_WS_NL_COMMENTS)
            if self.peek() == "]":
                self.pos += 1
                return
            self.entry()
            self.value(depth)
            self.skip(_WS_NL_COMMENTS)
            if self.peek() == ",":
                self.pos += 1
            else:
                self.expect("]")
                return

    def inline_table(self, depth: int) -> None:
        self.pos += 1
        self.skip(_WS)
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            self.skip(_WS)
            self.key_value(depth)
            self.skip(_WS)
            if self.peek() == ",":
                self.pos += 1
            else:
                self.expect("}")
                return


def check_shape(text: str) -> None:
    """Raise :class:`ShapeError` when ``text`` goes beyond the bounds a deck keeps well within (see the module).

    Linear in the text and within fixed memory: nothing is built but a count; the recursion is at most
    :data:`MAX_DEPTH` deep.
    """
    try:
        _Scan(text).document()
    except _NotToml:
        return
