"""``treasure-companion decks``: check deck files and show the shipped decks.

``decks check FILE...`` prints ``ok: FILE (N cards)`` for each valid file and one line per invalid file on
stderr (every problem with ``--all``); the exit code is 0 when all files are valid, 2 otherwise (bad input, as
everywhere on the command line).
``decks show red|green`` prints a shipped deck as a table.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.help_notes import DECK_SHAPE, EXITS_BAD_INPUT, SMALL_FILE_LIMITS, described
from companion.files.oneline import one_line, shown
from companion.rules import words
from companion.rules.automa.choices import TUNNEL_PRICES
from companion.rules.automa.deck import DECK_NAMES, Deck, DeckError, load_builtin
from companion.rules.board.spaces import SPACES
from companion.sim.decks import load_deck_file


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "decks",
        help="check automa deck files, show the shipped decks",
        description="Check automa deck files (TOML, see automa_decks/README.md) and show the shipped decks.",
    )
    actions = parser.add_subparsers(dest="decks_action", metavar="ACTION", required=True)

    check = actions.add_parser("check", help="validate deck files; exit 2 if any is invalid",
                               **described(SMALL_FILE_LIMITS, DECK_SHAPE, EXITS_BAD_INPUT))
    check.add_argument("files", nargs="+", metavar="FILE", help="deck file(s) in the automa deck TOML format")
    check.add_argument("--all", action="store_true", help="list every problem in a file, not only the first")
    check.set_defaults(handler=_check)

    show = actions.add_parser("show", help="print a shipped deck as a table")
    show.add_argument("name", choices=DECK_NAMES, help="which shipped deck")
    show.set_defaults(handler=_show)


def _check(args: argparse.Namespace) -> int:
    failed = False
    for file in args.files:
        try:
            deck = load_deck_file(file)
        except DeckError as e:
            failed = True
            # The file name as given, escaped: a name holding a newline still gives one line per problem.
            for line in e.lines() if args.all else [str(e)]:
                print((shown(file) or '""') + one_line(line[len(e.file):]), file=sys.stderr)
        else:
            print(f"ok: {shown(file)} ({words.count(len(deck.cards), 'card')})")
    return 2 if failed else 0


def _space(space_id: str) -> str:
    space = SPACES[space_id]
    return space.name + ("*" if space.expansion else "")


def format_deck(deck: Deck) -> str:
    """The deck as a plain-text table, one card per row; ``*`` marks an expansion space."""
    header = ("card", "primary", "secondary", "tertiary", "axes", "king", "market", "tunnel", "wizard")
    rows = [
        (
            c.id,
            _space(c.primary),
            _space(c.secondary),
            _space(c.tertiary),
            str(c.axes),
            str(c.all_play.dwarf_king),
            c.all_play.gem_market,
            str(c.all_play.tunnel),
            str(c.all_play.wizards_cave),
        )
        for c in deck.cards
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    numeric = {4, 5, 7, 8}

    def line(cells: tuple[str, ...]) -> str:
        padded = (
            cell.rjust(w) if i in numeric else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        )
        return "  ".join(padded).rstrip()

    lines = [f"{deck.deck.capitalize()} automa deck: {words.count(len(deck.cards), 'card')}", line(header)]
    lines += [line(r) for r in rows]
    # The Tunnel number is the tile's price slot, not a position: the tiles slide right as they get cheaper.
    lines.append(
        "All-play columns: achievement (king) and spell (wizard) by position, counted 1-4 from the left; "
        f"contract by its colour (market); mine tile by its price (tunnel): 1 the cheapest ({TUNNEL_PRICES[1]}), "
        f"at the far right, to 4 the dearest ({TUNNEL_PRICES[4]})."
    )
    if any(SPACES[s].expansion for c in deck.cards for s in c.choices()):
        lines.append("* expansion space: skipped in a base game.")
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> int:
    try:
        deck = load_builtin(args.name)
    except DeckError as e:
        print(e, file=sys.stderr)
        return 1
    print(format_deck(deck))
    return 0
