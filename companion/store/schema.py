"""Opening the store file: the schema and its forward migrations, the connection's settings, and a file that
cannot be used (damaged, not a database, from a newer app) moved aside, never deleted or written over.

SQLite from the standard library, in WAL mode with ``synchronous=FULL``: WAL lets a second window read while
one writes; FULL makes every committed step survive a power cut or an OS crash too, not only a killed process
(NORMAL may lose the last steps on power loss). The price is one fsync per step, about a millisecond on
flash, and steps are seconds apart at the table.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from companion.files import paths
from companion.files.atomic import sweep_data_folder
from companion.store.errors import StoreError, StoreUnwritable, sqlite_errors, unwritable_reason

DB_NAME = paths.GAMES_FILE
BUSY_TIMEOUT_S = 5.0

# Forward migrations, applied in order; the schema version (PRAGMA user_version) is how many have run.
# Never edit a shipped entry: append a new one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: games and their event logs
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- AUTOINCREMENT: a deleted game's id is never reused
            started TEXT NOT NULL,                 -- ISO 8601, UTC
            header TEXT NOT NULL,                  -- the record header, JSON
            active_steps INTEGER NOT NULL DEFAULT 0,  -- steps 0..active_steps-1 are live; higher ones undone
            revision INTEGER NOT NULL DEFAULT 0,   -- +1 on every append, undo and redo (optimistic checks)
            touched INTEGER NOT NULL DEFAULT 0,    -- store-wide write counter: "most recently played"
            finished TEXT,                         -- when finish() was called (ISO 8601, UTC), else NULL
            summary TEXT                           -- GameSummary as JSON, or NULL
        )""",
        """CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            step INTEGER NOT NULL,
            type TEXT NOT NULL,
            body TEXT NOT NULL,                    -- the whole event, JSON
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""",
        "CREATE INDEX events_by_step ON events(game_id, step)",
        "CREATE INDEX games_by_touched ON games(touched)",
    ),
    (  # 2: steps without events (a setup step 0 with no shuffles) need their own count
        # Steps 0..total_steps-1 exist; those from active_steps on are undone. Version 1 could not hold an
        # empty step, so the count is the highest step stored.
        "ALTER TABLE games ADD COLUMN total_steps INTEGER NOT NULL DEFAULT 0",
        """UPDATE games SET total_steps = max(active_steps,
            coalesce((SELECT max(step) + 1 FROM events WHERE events.game_id = games.id), 0))""",
        "DROP INDEX events_by_step",
        "CREATE INDEX events_by_step ON events(game_id, step, seq)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

_CORRUPT, _NOTADB = 11, 26  # SQLite primary result codes that mean "this file is damaged"
#: Codes of a read-only open that could not make the WAL's index file: CANTOPEN, READONLY (a read-only
#: folder), IOERR, FULL (a full disk).
_NO_INDEX = (14, 8, 10, 13)


def connect(path: Path) -> sqlite3.Connection:
    """The store file ``path`` opened to read and write (WAL, FULL sync)."""
    try:
        # isolation_level=None: transactions are begun and ended explicitly (see Store._write/_read).
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StoreError(f"the saved games file could not switch to WAL mode (it is in {mode} mode)")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as e:
        unwritable = unwritable_reason(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, f"cannot open {path}: {e}") from None
        raise StoreError(f"cannot open the saved games at {path}: {e}") from None
    # The data folder is opened to write: temporary files a killed write left there go (companion/files/atomic.py).
    sweep_data_folder(path.parent)
    return conn


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that can only read ``path`` (which exists), for commands that list or export.

    ``mode=ro`` first: it sees steps still in the WAL. In a folder that cannot be written, or on a full disk,
    SQLite cannot make the WAL's index file and refuses; then, when there is no WAL content to miss, the file
    is opened ``immutable`` (no writer can change it meanwhile: none can write there).
    """
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S,
                               isolation_level=None, check_same_thread=False)
    except sqlite3.Error as e:
        raise StoreError(f"cannot open the saved games at {path}: {e}") from None
    try:
        conn.execute("PRAGMA user_version").fetchone()
        return conn
    except sqlite3.Error as e:
        conn.close()
        code = getattr(e, "sqlite_errorcode", 0) & 0xFF
        wal = Path(f"{path}-wal")
        if code not in _NO_INDEX or (wal.exists() and wal.stat().st_size > 0):
            if code in (_CORRUPT, _NOTADB):
                raise
            unwritable = unwritable_reason(e, path)
            if unwritable:
                raise StoreUnwritable(*unwritable, f"cannot read {path}: {e}") from None
            raise StoreError(f"cannot read the saved games at {path}: {e}") from None
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True, isolation_level=None,
                               check_same_thread=False)
        conn.execute("PRAGMA user_version").fetchone()
        return conn
    except sqlite3.Error as e:
        if (getattr(e, "sqlite_errorcode", 0) & 0xFF) in (_CORRUPT, _NOTADB):
            raise
        raise StoreError(f"cannot read the saved games at {path}: {e}") from None


def migrate(conn: sqlite3.Connection, path: Path | None = None) -> None:
    """Bring the schema up to SCHEMA_VERSION, one migration per transaction (safe if two processes race)."""
    with sqlite_errors(path):
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:  # the usual case: no write lock, so opening never waits for a writer
            return
        while True:
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version >= SCHEMA_VERSION:
                    conn.rollback()
                    if version > SCHEMA_VERSION:
                        raise StoreError(
                            f"the saved games were written by a newer version of the app (schema {version})"
                        )
                    return
                for statement in MIGRATIONS[version]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {version + 1}")
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
            conn.commit()


def not_a_file(path: Path) -> None:
    """Refuse a store path that is there but is not a file: SQLite would wait forever on a named pipe, and
    says only "disk I/O error" of a folder or a device."""
    try:
        mode = path.stat().st_mode
    except OSError:  # not there (or a dangling link): a new store, or SQLite says why
        return
    what = paths.not_a_file(mode)
    if what is not None:
        raise StoreError(f"the saved games at {path} are not a file ({what})")


def file_identity(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def diagnose(path: Path) -> tuple[str | None, tuple[int, int, int] | None]:
    """Why the file at ``path`` cannot be used as our store (None: it can, or it does not exist yet).

    Reads only (a read-only connection), so a damaged file is not touched. A file that is merely busy or
    unreadable for permissions raises StoreError: only real damage or a newer schema gets moved aside.
    """
    identity = file_identity(path)
    if identity is None or identity[1] == 0:
        return None, identity
    try:
        conn = connect_read_only(path)
    except sqlite3.DatabaseError as e:  # damaged where the first read already looks
        return str(e), identity
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            why = f"written by a newer version of the app: schema {version}, this app knows {SCHEMA_VERSION}"
            return why, identity
        check = conn.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            return f"damaged: {check[0][0]}", identity
        if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            return "it holds tables this app does not know", identity
        return None, identity
    except sqlite3.DatabaseError as e:
        if (getattr(e, "sqlite_errorcode", 0) & 0xFF) in (_CORRUPT, _NOTADB):
            return str(e), identity
        unwritable = unwritable_reason(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, f"cannot open {path}: {e}") from None
        raise StoreError(f"cannot read the saved games at {path}: {e}") from None
    finally:
        conn.close()


def move_aside(path: Path, identity: tuple[int, int, int] | None, problem: str = "") -> Path | None:
    """Rename the file (and its -wal/-shm/-journal) to ``<name>.broken-<UTC time>``; never overwrite anything.

    Returns None if the file changed since it was diagnosed (another process already dealt with it).
    """
    if file_identity(path) != identity:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while any(Path(f"{target}{s}").exists() for s in ("", "-wal", "-shm", "-journal")):
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    try:
        os.rename(path, target)
        for suffix in ("-wal", "-shm", "-journal"):
            side = Path(f"{path}{suffix}")
            if side.exists():
                os.rename(side, f"{target}{suffix}")
    except OSError as e:
        raise StoreError(
            f"the saved games at {path} cannot be used{f' ({problem})' if problem else ''} and could not be "
            f"moved aside ({e.strerror or e})"
        ) from None
    return target
