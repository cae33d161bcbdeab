"""What each command's ``--help`` says below its options: its limits and exit codes, written once here.

The README keeps to what a player needs; the limits a script or an attacker meets belong to the command itself,
so ``treasure-companion COMMAND --help`` is where they are looked up. ``described(...)`` gives ``add_parser`` the
paragraphs as its epilog, each wrapped to the terminal on its own (argparse's own formatter runs them together).

>>> print(epilog(EXITS_BAD_INPUT))
exit codes: 0 done; 2 bad input or usage, said in one line on standard error (never a traceback).
"""

from __future__ import annotations

import argparse

EXITS_BAD_INPUT = (
    "exit codes: 0 done; 2 bad input or usage, said in one line on standard error (never a traceback)."
)
EXITS_RECORD = (
    "exit codes: 0 done; 2 a malformed record, bad input or usage; 3 an unsupported format or version; "
    "4 a record the rules do not produce (the line names the file and the event's seq)."
)
OUTPUT = (
    "output that cannot be written (a full disk, a closed standard output) is one line, exit 2; a reader that "
    "goes away (| head) is not an error."
)
RECORD_LIMITS = (
    "limits, checked before the file is read whole: at most 20 MB and 200,000 events (a whole game is about "
    "50 kB and a thousand events). A record is read strictly: whole numbers of 64 bits only (no NaN, no "
    "fractions, no \"5\" for 5), nested at most 32 levels, final scores 0 to 99,999, player names of at most 40 "
    "characters, no lone surrogate in any text, no key given twice in one object; each event's step is that of "
    "the event before it or the next one. A UTF-8 BOM and CRLF line ends are ignored."
)
SMALL_FILE_LIMITS = (
    "limits: the file at most 1 MB, checked before it is read whole; a UTF-8 BOM and CRLF line ends are "
    "ignored. A named pipe that nothing writes to is refused at once; an empty file name is refused."
)
DECK_SHAPE = (
    "a deck's text is refused before it is parsed when no deck has its shape: a key nested more than 8 levels "
    "deep, more than 2,000 keys, tables and array items, or a key longer than 100 characters."
)
DATA_FOLDER = (
    "the data folder: --data-dir DIR, else $TREASURE_COMPANION_DATA, else your user data folder; an empty "
    "name is refused, never read as the current folder. A data folder that is a file, read-only (where the "
    "command writes) or full is said in one line, exit 2."
)
PRINTED_TEXT = (
    "text from a record or the saved games (a player's name) is printed with its control and line-separator "
    "characters escaped (\\x1b, \\x85, \\u2028): one event stays one line, and a name cannot drive the terminal."
)

APP_NOTES = (
    "the app listens on 127.0.0.1 unless --host names another address; then it shares the table with a six-digit "
    "code (companion/server/README.md says how). --port takes the digits 0-9 only, 1 to 65535; an empty --host is "
    "refused. Ctrl+C stops it at once with one line, exit 130. If the app cannot load it says why in one line, "
    "exit 1; with no temporary folder that can be written (a full disk) it does not start, exit 2."
)
EXPORT_NOTES = (
    "FILE may not be a folder, in a folder that does not exist, or one of the files the app keeps in its data "
    "folder (saved games, settings, a deck, a draft, the calibration; there yet or not). --format bgstats "
    "exports finished games only: one game in progress is refused, --all leaves them out and says how many."
)
SIMULATE_NOTES = (
    "limits: --games at most 100,000 a run (about 20 minutes; run again with another --seed for more). "
    "--records DIR never overwrites a record: a run whose names are taken in DIR is refused; each record is "
    "written whole, so a full disk leaves no part of one behind."
)


def epilog(*notes: str) -> str:
    """The notes as paragraphs, in the order given."""
    return "\n\n".join(notes)


class ParagraphsFormatter(argparse.HelpFormatter):
    """argparse's formatter, wrapping each paragraph (text between blank lines) on its own."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        fill = super()._fill_text
        return "\n\n".join(fill(paragraph, width, indent) for paragraph in text.split("\n\n"))


def described(*notes: str) -> dict:
    """The keyword arguments of ``add_parser`` for an epilog of ``notes``, one paragraph each."""
    return {"epilog": epilog(*notes), "formatter_class": ParagraphsFormatter}
