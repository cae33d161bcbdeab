"""``treasure-companion import FILE``: add a game record to the store, after replaying it to check it.

Exit codes follow the record's errors: 2 malformed (or unreadable; also a data folder that is a file, read-only
or full), 3 unsupported format or version, 4 the events diverge from what the rules produce. On success the new
game's id is printed. A record of a game already stored (the same setup and the same events, as importing one
file twice) is refused (exit 2) naming the stored game, unless ``--again`` is given.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.commands.record_file import record_name
from companion.cli.help_notes import DATA_FOLDER, EXITS_RECORD, RECORD_LIMITS, described
from companion.files.oneline import one_line, shown
from companion.files.paths import data_dir_arg
from companion.files.reading import ReadError, read_text
from companion.record import format as record
from companion.record.strict import MAX_RECORD_BYTES
from companion.store import AlreadyStored, Store, StoreError
from companion.store.session import finished_summary


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("import", help="add a game record file to the saved games", description=__doc__,
                              **described(RECORD_LIMITS, DATA_FOLDER, EXITS_RECORD))
    p.add_argument("file", metavar="FILE", help="a game record (JSON Lines), as written by `export`")
    p.add_argument("--again", action="store_true",
                   help="import it even if the same game is stored already (without it, a record whose game "
                        "is stored, the same setup and the same events, is refused naming that game's id)")
    p.add_argument("--data-dir", metavar="DIR", type=data_dir_arg,
                   help="folder of the saved games (default: user data folder)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file, MAX_RECORD_BYTES, "a record")
    except ReadError as e:
        print(f"import: {e}", file=sys.stderr)
        return 2
    try:
        header, events = record.parse(text)
        game = record.replay(header, events)
    except record.RecordError as e:
        print(f"import: {record_name(args.file)}: {e}", file=sys.stderr)
        return e.code
    try:
        with Store.open(args.data_dir) as store:
            if store.notice:
                print(one_line(store.notice), file=sys.stderr)
            # A finished record's game_end carries the final scores: the game joins the history, in the same
            # transaction as its events (a full disk stores neither). A copy of a stored game is looked for in
            # that transaction too: two imports of one file at the same moment store it once.
            summary = finished_summary(game) if game.finished else None
            game_id = store.create_game(game.header(), events=game.events(), finish=game.finished, summary=summary,
                                        refuse_copy=not args.again)
    except AlreadyStored as e:
        print(f"import: {shown(args.file)} is already stored as game {e.game_id} (see `treasure-companion "
              "games`); --again imports it once more", file=sys.stderr)
        return 2
    except (StoreError, ValueError) as e:  # a data folder that is a file, read-only or full: nothing stored
        print(f"import: {one_line(str(e))}", file=sys.stderr)
        return 2
    print(game_id)
    return 0
