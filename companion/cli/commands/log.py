"""``treasure-companion log FILE``: a game record told as the app's log, a line per step and one per event.

Each step starts with its label (as the Undo button names it), then its events in order, indented (leaving out
the one the label already says). The record is replayed first, so what is printed is a game the rules produce.
A file that cannot be read or replayed gets one line on stderr and the record's exit code (2 unreadable or
malformed, 3 unsupported, 4 diverged), never a traceback. Text from the record (a player's name) is printed with
its control and line-separator characters escaped (``\x1b``, ``\u2028``).
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.commands.record_file import replayed
from companion.cli.help_notes import EXITS_RECORD, OUTPUT, PRINTED_TEXT, RECORD_LIMITS, described
from companion.files.oneline import shown
from companion.rules.words import Names, Story, step_label
from companion.rules.words.game import setup_line


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("log", help="print a game record as sentences, step by step", description=__doc__,
                              **described(RECORD_LIMITS, PRINTED_TEXT, OUTPUT, EXITS_RECORD))
    p.add_argument("file", metavar="FILE", help="a record (JSON Lines), or - for standard input")
    p.set_defaults(handler=run)


def lines(game) -> list[str]:
    """The whole game as sentences: the setup, then every step's label and its events. The people are said by
    the names the record's setup gives them ("Ann (Blue) rolled 5"), as the app's log says them."""
    names = Names.of(game.setup)
    # told in order: a dragon's move is up or down from where the log left it, a card that placed nothing says why
    story = Story(names, game.decks, game.setup.expansion)
    out = [setup_line(game.setup)]
    for number, step in enumerate(game.steps):
        label = "Setup" if number == 0 else step_label(step, names)
        out.append(f"{number}. {label}")
        out += [f"    {line}" for line in story.lines(step) if line != label]
    return out


def run(args: argparse.Namespace) -> int:
    game = replayed("log", args.file)
    if isinstance(game, int):
        return game
    # A name may hold an escape sequence or a line separator: shown escaped, one line per event stays true.
    sys.stdout.write("\n".join(map(shown, lines(game))) + "\n")
    return 0
