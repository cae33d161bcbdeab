"""``treasure-companion export GAME_ID FILE``: write a stored game (finished or not) as a game record.

The record is the JSON Lines format of ``companion.record``; ``-`` as FILE writes to standard output.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from companion import record
from companion.store import GameNotFound, Store, StoreError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("export", help="write a stored game as a game record file", description=__doc__)
    p.add_argument("game_id", metavar="GAME_ID", type=int, help="the id shown by `treasure-companion games`")
    p.add_argument("file", metavar="FILE", help="where to write the record (- for standard output)")
    p.add_argument("--data-dir", metavar="DIR", help="folder of the saved games (default: user data folder)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        with Store.open(args.data_dir) as store:
            if store.notice:
                print(store.notice, file=sys.stderr)
            saved = store.load(args.game_id)
    except GameNotFound:
        print(f"export: no game with id {args.game_id} (see `treasure-companion games`)", file=sys.stderr)
        return 2
    except StoreError as e:
        print(f"export: {e}", file=sys.stderr)
        return 1
    text = record.dumps(saved.header, saved.events)
    if args.file == "-":
        sys.stdout.write(text)
        return 0
    try:
        _write_atomically(Path(args.file), text)
    except OSError as e:
        print(f"export: cannot write {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0


def _write_atomically(path: Path, text: str) -> None:
    """Write beside the target, then rename: an interrupted export never leaves half a record behind."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; an exported record is meant to be shared
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
