"""``treasure-companion replay FILE``: replay a game record and print the final state as JSON."""

from __future__ import annotations

import json
import sys

from companion.reading import ReadError, read_text
from companion.record import RecordError, loads
from companion.record_check import MAX_RECORD_BYTES
from companion.rules.summary import game_summary


def register(sub) -> None:
    p = sub.add_parser("replay", help="replay a game record and print its final state as JSON")
    p.add_argument("file", help="a record (JSON Lines), or - for standard input")
    p.set_defaults(handler=run)


def run(args) -> int:
    try:
        text = read_text(args.file, MAX_RECORD_BYTES, "a record")
    except ReadError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    try:
        game = loads(text)
    except RecordError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return exc.code
    print(json.dumps(game_summary(game), indent=2))
    return 0
