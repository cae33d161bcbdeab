"""``treasure-companion score FILE``: score a finished game from a JSON score sheet and print the result.

FILE is a path or ``-`` for standard input. The sheet's format is printed by ``treasure-companion schema
score``. Exit 0 and JSON on standard output; exit 2 and one line on standard error for a bad sheet.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.help_notes import EXITS_BAD_INPUT, OUTPUT, SMALL_FILE_LIMITS, described
from companion.files.oneline import cut, shown
from companion.files.reading import ReadError, read_text
from companion.rules.scoring import SheetError, parse_sheet, score

EXIT_BAD_INPUT = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "score",
        help="add up the end-game scores from a JSON score sheet",
        description="Score a finished game: each player's breakdown and total, the ranking (ties go to the "
        "player earlier in the final turn order) and, for a solo game, the verdict and beard rank. "
        "Values the rulebooks do not print are estimates and are listed per player in estimates_used.",
        **described(SMALL_FILE_LIMITS, OUTPUT, EXITS_BAD_INPUT),
    )
    parser.add_argument("file", metavar="FILE", help="the score sheet (JSON), or - to read standard input")
    parser.set_defaults(handler=run)


#: Largest score sheet read (a full sheet is about 2 kB); checked before the file is read whole.
MAX_SHEET_BYTES = 1_000_000


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file, MAX_SHEET_BYTES, "a score sheet")
    except ReadError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        sheet = parse_sheet(text)
    except SheetError as exc:
        # A key from the sheet may hold a newline or ESC (escaped here) or be 500,000 characters (cut).
        print(f"error: {cut(shown(str(exc)), 300)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(score(sheet).to_json())
    return 0
