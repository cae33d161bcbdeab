"""Which connection a ``Store`` gets: the data folder checked before anything is made in it, a damaged file moved
aside first (the notice says where it went), and for a command that only reads, a store that creates and writes
nothing. How the file itself is opened and migrated is in ``schema``.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from companion.files.paths import resolve_data_dir
from companion.store.errors import StoreError, sqlite_errors
from companion.store.schema import (
    DB_NAME,
    SCHEMA_VERSION,
    connect,
    connect_read_only,
    diagnose,
    migrate,
    move_aside,
    not_a_file,
)

#: What a ``Store`` is made of: the connection, the file's path, the notice of a file moved aside (or None).
Opened = tuple[sqlite3.Connection, Path, str | None]


def open_to_write(data_dir: str | os.PathLike[str] | None) -> Opened:
    """The store in ``data_dir`` opened to write: the folder and the file created, an older file upgraded."""
    folder = data_folder(data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(f"cannot create the data folder {folder}: {e.strerror or e}") from None
    path = (folder / DB_NAME).absolute()
    not_a_file(path)
    notice = set_aside_if_damaged(path, "was started")
    conn = connect(path)
    try:
        migrate(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn, path, notice


def open_to_read(data_dir: str | os.PathLike[str] | None) -> Opened:
    """The store in ``data_dir`` for a command that only reads (see ``Store.open_read_only``)."""
    folder = data_folder(data_dir)
    path = (folder / DB_NAME).absolute()
    not_a_file(path)
    notice = set_aside_if_damaged(path, "will be started")
    if not path.exists():
        return empty_store(), path, notice
    conn = connect_read_only(path)
    with sqlite_errors(path):
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return conn, path, notice
    conn.close()
    if version == 0:  # an empty file: no games yet
        return empty_store(), path, notice
    return open_to_write(folder)  # an older schema: upgraded as the app would (a read-only folder says so)


def empty_store() -> sqlite3.Connection:
    """An empty store in memory: what a read-only command sees where no games were ever saved."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    migrate(conn)
    return conn


def data_folder(data_dir: str | os.PathLike[str] | None) -> Path:
    """The folder of the saved games: ``data_dir`` (``~`` expanded) or :func:`default_data_dir`; not a file."""
    try:
        folder = resolve_data_dir(data_dir)
    except ValueError as e:  # an empty name (see resolve_data_dir)
        raise StoreError(f"the data folder name is {e}") from None
    try:
        folder.stat()
    except (FileNotFoundError, NotADirectoryError):  # not there yet: fine, unless a folder above it is a file
        above = next((p for p in folder.absolute().parents if os.path.lexists(p)), None)
        if above is not None and not above.is_dir():
            raise StoreError(f"the data folder {folder} cannot be made: {above} is a file") from None
        return folder
    except OSError as e:  # a name too long for the file system, a loop of links
        raise StoreError(f"cannot use the data folder {folder}: {e.strerror or e}") from None
    if not folder.is_dir():
        raise StoreError(f"the data folder {folder} is a file, not a folder")
    return folder


def set_aside_if_damaged(path: Path, started: str) -> str | None:
    """Move a damaged store file at PATH aside; the notice saying where it went (None: nothing was moved).

    STARTED ends the notice's "a new, empty store ..." (``was started`` or ``will be started``).
    """
    problem, identity = diagnose(path)
    if not problem:
        return None
    moved = move_aside(path, identity, problem)
    if moved is None:
        return None
    return f"The saved games could not be read ({problem}). The file was kept as {moved}; a new, empty store {started}."
