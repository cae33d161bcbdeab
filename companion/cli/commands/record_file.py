"""A record file read and replayed for a command that prints it (``log``, ``replay``).

Both report a file that cannot be read or replayed the same way: one line on stderr starting with the
command's name, then the file's (a script going through many records says which one), and the record's exit
code (2 unreadable or malformed, 3 unsupported, 4 diverged).
"""

from __future__ import annotations

import sys

from companion.files.oneline import shown
from companion.files.reading import ReadError, read_text
from companion.record.format import RecordError, loads
from companion.record.strict import MAX_RECORD_BYTES
from companion.rules.engine.game import Game


def replayed(command: str, name: str) -> Game | int:
    """The game the record NAME (``-``: standard input) replays to, or the exit code once the failure is told."""
    try:
        text = read_text(name, MAX_RECORD_BYTES, "a record")
    except ReadError as exc:
        print(f"{command}: {exc}", file=sys.stderr)
        return 2
    try:
        return loads(text)
    except RecordError as exc:
        print(f"{command}: {record_name(name)}: {exc}", file=sys.stderr)
        return exc.code


def record_name(name: str) -> str:
    """The record as a message names it: its file name, escaped, or "standard input" for ``-``."""
    return "standard input" if name == "-" else shown(name)
