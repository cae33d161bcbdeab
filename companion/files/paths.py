"""Where the app keeps its files (settings, games): one answer for every part of the app."""

from __future__ import annotations

import fnmatch
import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

APP_DIR_NAME = "treasure-companion"
DATA_ENV = "TREASURE_COMPANION_DATA"

#: The saved games (SQLite), at the top of the data folder.
GAMES_FILE = "games.sqlite3"
#: The person's settings, beside the saved games.
SETTINGS_FILE = "settings.json"
#: Where the Decks screen keeps the transcribed decks in use, the transcription drafts and the calibration.
DECKS_FOLDER = "decks"
#: The calibration of the transcribed decks in use, in :data:`DECKS_FOLDER`.
CALIBRATION_FILE = "calibration.json"

#: Every file the app keeps in its data folder, relative to it (``*``: any characters), whether it exists yet or
#: not: the one list of them. A command writing a file a person names (``export``) refuses each, as writing
#: there would replace what the app keeps.
APP_FILES: tuple[str, ...] = (
    GAMES_FILE,
    *(f"{GAMES_FILE}{side}" for side in ("-wal", "-shm", "-journal")),  # SQLite's files beside it
    f"{GAMES_FILE}.broken-*",  # a damaged store moved aside, with its own -wal...
    SETTINGS_FILE,
    f"{SETTINGS_FILE}.broken-*",  # settings that could not be used, kept
    f"{DECKS_FOLDER}/*.toml",  # the transcribed decks in use: red.toml, green.toml
    f"{DECKS_FOLDER}/draft-*.json",  # transcription drafts, and an unreadable one set aside
    f"{DECKS_FOLDER}/{CALIBRATION_FILE}",
    ".*.companion-partial",  # an atomic write in progress (companion.files.atomic)
    f"{DECKS_FOLDER}/.*.companion-partial",
)


def decks_folder(data_dir: str | os.PathLike[str]) -> Path:
    """Where ``data_dir`` keeps the transcribed decks in use, the transcription drafts and the calibration."""
    return Path(data_dir) / DECKS_FOLDER


def default_data_dir() -> Path:
    """Where the store lives unless told otherwise (the platformdirs conventions, stdlib only).

    TREASURE_COMPANION_DATA wins; then FLET_APP_STORAGE_DATA, which a packaged Flet app (phone, desktop build)
    sets to its private data folder; then the platform's per-user data folder.
    """
    for var in (DATA_ENV, "FLET_APP_STORAGE_DATA"):
        if os.environ.get(var):
            return expanded(os.environ[var])
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / APP_DIR_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR_NAME
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative XDG_DATA_HOME.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / APP_DIR_NAME


def kept_by_the_app(data_dir: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether writing ``path`` would replace one of :data:`APP_FILES` of ``data_dir``, there yet or not.

    The folders are compared as written to (links followed, ``..`` resolved) and the name without regard to
    case (a case-blind disk opens ``Settings.json`` as ``settings.json``); a file there by another name, a hard
    link to one of them, is found by what it is. A link named ``path`` is replaced itself, not what it points to.

    >>> kept_by_the_app("/data", "/data/decks/../decks/red.toml"), kept_by_the_app("/data", "/data/game-1.jsonl")
    (True, False)
    """
    name = os.fspath(path)
    folder = os.path.realpath(os.path.dirname(os.path.abspath(name)))
    inside = os.path.relpath(os.path.join(folder, os.path.basename(name)), os.path.realpath(data_dir))
    if not inside.startswith(os.pardir):
        relative = Path(inside).as_posix().lower()
        if any(fnmatch.fnmatchcase(relative, pattern.lower()) for pattern in APP_FILES):
            return True
    return _same_file_as_one_kept(data_dir, name)


def _same_file_as_one_kept(data_dir: str | os.PathLike[str], name: str) -> bool:
    try:
        target = os.lstat(name)
    except OSError:  # not there: only its name can say
        return False
    for pattern in APP_FILES:
        for kept in Path(data_dir).glob(pattern):
            try:
                if os.path.samestat(target, os.stat(kept)):
                    return True
            except OSError:
                continue
    return False


#: Why an empty data folder name is refused (``--data-dir ""``), in the words every command prints.
EMPTY_DATA_DIR = "empty: leave --data-dir out for the default folder, or name a folder ('.' for this one)"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``explicit`` if given, else :func:`default_data_dir`.

    An empty name is refused (``ValueError``), never read as the current folder or as the default: it is
    nearly always a shell variable that was not set (``--data-dir "$DIR"``), and games stored in whatever
    folder the command ran from would look lost. (An empty ``TREASURE_COMPANION_DATA`` counts as unset.)
    """
    if explicit is None:
        return default_data_dir()
    if not os.fspath(explicit):
        raise ValueError(EMPTY_DATA_DIR)
    return expanded(explicit)


def data_dir_arg(value: str) -> Path:
    """argparse ``type`` of every command's ``--data-dir``: the same answer, and the same one line (exit 2)
    for an empty name, everywhere (``app``, ``games``, ``export``, ``import``, ``simulate``)."""
    import argparse  # noqa: PLC0415 (only the command line parses arguments: the phone's first screen waits less)

    try:
        return resolve_data_dir(value)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def expanded(path: str | os.PathLike[str]) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded; left as it is when there is no such user, as the
    shell does (``Path.expanduser`` would raise a RuntimeError instead: a traceback for a typo).

    >>> str(expanded("~no-such-user-here/games"))
    '~no-such-user-here/games'
    """
    return Path(os.path.expanduser(os.fspath(path)))


class NotAFile(OSError):
    """A path that is there but is not a regular file (a folder, a named pipe, a device); the message is one line."""


def not_a_file(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file ("a folder", "a pipe or a device"), else None.

    >>> not_a_file(stat.S_IFIFO), not_a_file(stat.S_IFREG) is None
    ('a pipe or a device', True)
    """
    if stat.S_ISREG(mode):
        return None
    return "a folder" if stat.S_ISDIR(mode) else "a pipe or a device"


def open_no_wait(path: str | os.PathLike[str]) -> tuple[int, int]:
    """``(fd, mode)`` of ``path`` opened for reading WITHOUT waiting: a plain open of a named pipe nobody writes
    to waits forever (a screen or a command hangs). Non-blocking only while opening: the fd is blocking again."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if hasattr(os, "O_NONBLOCK") and not stat.S_ISFIFO(mode):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd, mode


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """The app's own file at ``path`` (a deck, the calibration, a draft, the settings) opened to read.

    Raises :class:`NotAFile` for a folder, a named pipe or a device put where it goes (never waits on one),
    ``FileNotFoundError`` when there is none, another ``OSError`` when it cannot be opened.
    """
    fd, mode = open_no_wait(path)
    why = not_a_file(mode)
    if why is not None:
        os.close(fd)
        raise NotAFile(f"it is {why}, not a file")
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit`` bytes of the app's own file at ``path`` (see :func:`open_regular`)."""
    with open_regular(path) as fh:
        return fh.read(limit)
