"""``treasure-companion export GAME_ID FILE``: write a stored game (finished or not) as a game record.

The record is the JSON Lines format of ``companion.record.format``; ``-`` as FILE writes to standard output.
``--format bgstats GAME_ID|--all FILE`` writes finished games in the JSON shape of a BG Stats export instead
(``companion.export.bgstats``); games in progress are not exported. Export only reads the saved games, so it
works on a read-only data folder too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from companion.cli.help_notes import DATA_FOLDER, EXITS_BAD_INPUT, EXPORT_NOTES, OUTPUT, PRINTED_TEXT, described
from companion.export import bgstats
from companion.export.collect import ExportError, collect
from companion.files.atomic import open_temp
from companion.files.oneline import json_escaped, one_line, shown
from companion.files.paths import data_dir_arg, kept_by_the_app, resolve_data_dir
from companion.record import format as record
from companion.store import GameNotFound, Store, StoreError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("export", help="write a stored game as a game record file", description=__doc__,
                              **described(EXPORT_NOTES, DATA_FOLDER, PRINTED_TEXT, OUTPUT, EXITS_BAD_INPUT))
    p.add_argument("game_id", metavar="GAME_ID", nargs="?", help="the id shown by `treasure-companion games`")
    p.add_argument("file", metavar="FILE", nargs="?", help="where to write the record (- for standard output)")
    p.add_argument("--format", choices=("record", "bgstats"), default="record",
                   help="record: the game record (default); bgstats: finished games for the BG Stats app")
    p.add_argument("--all", action="store_true", help="every finished game (with --format bgstats)")
    p.add_argument("--location", metavar="NAME", help="where the games were played (with --format bgstats)")
    p.add_argument("--data-dir", metavar="DIR", type=data_dir_arg,
                   help="folder of the saved games (default: user data folder)")
    p.set_defaults(handler=run)


def _targets(args: argparse.Namespace) -> str | None:
    """Check GAME_ID/--all and FILE; returns one line saying what is wrong, or None (``args`` normalised)."""
    given = [a for a in (args.game_id, args.file) if a is not None]
    if args.location is not None and args.format != "bgstats":
        return "--location needs --format bgstats (a game record has no place)"
    if args.all:
        if args.format != "bgstats":
            return "--all needs --format bgstats (a game record holds one game)"
        if len(given) != 1:
            return "with --all give only FILE" if given else "FILE is missing"
        args.game_id, args.file = None, given[0]
        return None
    if len(given) != 2:
        return "give GAME_ID and FILE" + (" (or --all FILE with --format bgstats)" if args.format == "bgstats" else "")
    try:
        args.game_id = int(args.game_id)
    except ValueError:
        return f"GAME_ID must be a whole number, not {args.game_id!r} (see `treasure-companion games`)"
    if not 1 <= args.game_id < 2**63:
        return f"GAME_ID must be a whole number from 1 to {2**63 - 1} (see `treasure-companion games`)"
    return None


def run(args: argparse.Namespace) -> int:
    problem = _targets(args)
    if problem:
        print(f"export: {problem}", file=sys.stderr)
        return 2
    problem = _unwritable(args.file) or _kept(args.file, args.data_dir)
    if problem:
        print(f"export: cannot write {shown(args.file)}: {problem}", file=sys.stderr)
        return 2
    if args.format == "bgstats":
        return _run_bgstats(args)
    try:
        with Store.open_read_only(args.data_dir) as store:
            if store.notice:
                print(one_line(store.notice), file=sys.stderr)
            saved = store.load(args.game_id)
    except GameNotFound:
        print(f"export: no game with id {args.game_id} (see `treasure-companion games`)", file=sys.stderr)
        return 2
    except StoreError as e:
        print(f"export: {one_line(str(e))}", file=sys.stderr)
        return 2
    return _put(args.file, record.dumps(saved.header, saved.events))


def _run_bgstats(args: argparse.Namespace) -> int:
    try:
        with Store.open_read_only(args.data_dir) as store:
            if store.notice:
                print(one_line(store.notice), file=sys.stderr)
            found = collect(store, args.game_id)
    except GameNotFound:
        print(f"export: no game with id {args.game_id} (see `treasure-companion games`)", file=sys.stderr)
        return 2
    except ExportError as e:
        print(f"export: {e}", file=sys.stderr)
        return 2
    except StoreError as e:
        print(f"export: {one_line(str(e))}", file=sys.stderr)
        return 2
    n = len(found.in_progress)
    waiting = f"{n} game{'s' if n > 1 else ''} in progress left out: only finished games are exported"
    if not found.plays:
        print("export: no finished game to export" + (f" ({waiting})" if n else ""), file=sys.stderr)
        return 2
    if n:
        print(f"export: {waiting}", file=sys.stderr)
    text = json.dumps(bgstats.export(found.plays, location=args.location), indent=2, ensure_ascii=False) + "\n"
    text = json_escaped(text)  # a name's C1 controls and line separators as escapes (same JSON, safe to print)
    return _put(args.file, text)


def _put(name: str, text: str) -> int:
    """Write TEXT to standard output (NAME ``-``) or to the file NAME in one step; the exit code."""
    try:
        if name == "-":
            sys.stdout.write(text)
        else:
            _write_atomically(Path(name), text)
    except OSError as e:
        print(f"export: cannot write {shown(name)}: {e.strerror or e}", file=sys.stderr)
        return 2
    except UnicodeEncodeError:  # only a store edited by hand holds one: the app and import refuse them
        print(f"export: cannot write {shown(name)}: the saved game holds a text that is not Unicode (a lone "
              "surrogate)", file=sys.stderr)
        return 2
    return 0


def _unwritable(name: str) -> str | None:
    """Why FILE cannot take the export, checked before the store is read (None: it looks writable)."""
    if name == "-":
        return None
    path = Path(name)
    if path.is_dir():
        return "it is a folder"
    if path.exists() and not path.is_file():
        return "it is not a regular file"
    folder = path.parent
    if not folder.is_dir():
        return "no such folder" if not folder.exists() else "its folder is a file"
    if not os.access(folder, os.W_OK):
        return "its folder may not be written"
    return None


def _kept(name: str, data_dir: Path | None) -> str | None:
    """Why FILE may not take the export: one of the files the app keeps in its data folder (the saved games,
    the settings, a deck, a draft: :data:`companion.files.paths.APP_FILES`), there yet or not; the export is renamed
    over FILE, and what the app kept there would be gone."""
    if name != "-" and kept_by_the_app(resolve_data_dir(data_dir), name):
        return "it is one of the files the app keeps in its data folder"
    return None


def _write_atomically(path: Path, text: str) -> None:
    """Write beside the target, then rename: an interrupted export never leaves half a record behind."""
    try:
        fd, tmp = open_temp(path)
    except OSError as e:  # /proc, a folder that looks writable but is not
        raise OSError(e.errno, f"no file can be made in its folder ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; an exported record is meant to be shared
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
