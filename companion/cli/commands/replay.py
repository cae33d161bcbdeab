"""``treasure-companion replay FILE``: replay a game record and print the final state as JSON."""

from __future__ import annotations

import json

from companion.cli.commands.record_file import replayed
from companion.cli.help_notes import EXITS_RECORD, OUTPUT, RECORD_LIMITS, described
from companion.rules.engine.summary import game_summary


def register(sub) -> None:
    p = sub.add_parser("replay", help="replay a game record and print its final state as JSON",
                       **described(RECORD_LIMITS, OUTPUT, EXITS_RECORD))
    p.add_argument("file", help="a record (JSON Lines), or - for standard input")
    p.set_defaults(handler=run)


def run(args) -> int:
    game = replayed("replay", args.file)
    if isinstance(game, int):
        return game
    print(json.dumps(game_summary(game), indent=2))
    return 0
