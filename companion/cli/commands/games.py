"""``treasure-companion games``: the stored games, newest first (``--json`` for scripts).

It only reads: a data folder that does not exist is listed as empty (and not made), a read-only one is read.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.cli.help_notes import DATA_FOLDER, EXITS_BAD_INPUT, OUTPUT, PRINTED_TEXT, described
from companion.files.oneline import one_line, shown
from companion.files.paths import data_dir_arg
from companion.store import GameInfo, Store, StoreError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("games", help="list the stored games", description=__doc__,
                              **described(DATA_FOLDER, PRINTED_TEXT, OUTPUT, EXITS_BAD_INPUT))
    p.add_argument("--json", action="store_true", help="a JSON list instead of a table")
    p.add_argument("--data-dir", metavar="DIR", type=data_dir_arg,
                   help="folder of the saved games (default: user data folder)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        store = Store.open_read_only(args.data_dir)
    except StoreError as e:
        print(f"games: {one_line(str(e))}", file=sys.stderr)
        return 2
    with store:
        if store.notice:
            print(one_line(store.notice), file=sys.stderr)
        try:
            games = store.list_games()
        except StoreError as e:
            print(f"games: {one_line(str(e))}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps([g.to_json() for g in games], indent=2))
        return 0
    if not games:
        print("No games yet.")
    for g in games:
        print(shown(_line(g)))  # a stored header is text from anywhere: escaped, one line a game
    return 0


def _line(g: GameInfo) -> str:
    """``7  2025-06-01 20:15  finished     blue* red green  blue 118, red 104, green 97  win, Balbo``."""
    started = g.started.astimezone().strftime("%Y-%m-%d %H:%M")
    status = "finished" if g.finished else "in progress"
    players = " ".join(p["color"] + ("*" if p["kind"] == "human" else "") for p in g.players)
    parts = [f"{g.id:>4}", started, f"{status:<11}", players]
    s = g.summary
    if s is not None:
        parts.append(", ".join(f"{c} {v}" for c, v in sorted(s.scores.items(), key=lambda kv: -kv[1])))
        extra = [x for x in (s.difficulty, s.verdict, s.beard_rank) if x]
        if extra:
            parts.append(", ".join(extra))
    return "  ".join(parts)
