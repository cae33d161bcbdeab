"""What can go wrong with the saved games, and the one line that says it.

SQLite's own errors never reach a caller: ``sqlite_errors`` turns them into a ``StoreError`` (busy, damaged) or a
``StoreUnwritable`` (full, read-only, an I/O error) whose ``not_saved()`` is the line a screen shows. Tests simulate
a full disk with :data:`FAIL_WRITES_ENV`.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# SQLite primary result codes for a write the disk or folder will not take: (why, what the person can do).
UNWRITABLE = {
    13: ("the disk is full", "Free some space and tap again."),  # SQLITE_FULL
    8: ("the data folder is read-only", "Make it writable and tap again."),  # SQLITE_READONLY
    3: ("the data folder may not be written", "Make it writable and tap again."),  # SQLITE_PERM
    14: ("the data folder cannot be written", "Make it writable and tap again."),  # SQLITE_CANTOPEN
    10: ("the disk could not be written", "Check the disk and tap again."),  # SQLITE_IOERR
}

#: Tests only: while a file exists at the path this variable names, every store write fails as on a full disk
#: (after its statements ran, before its commit, so the rollback is exercised). The browser test "fills the
#: disk" by creating that file and frees it by deleting it; nothing else reads this variable.
FAIL_WRITES_ENV = "TREASURE_COMPANION_TEST_FAIL_WRITES"


class StoreError(Exception):
    """The store could not do what was asked; ``str()`` is one line fit for a person."""


class StoreConflict(StoreError):
    """The game changed under this writer (another window or process got there first): reload, then retry."""


class StoreUnwritable(StoreError):
    """A write the disk or folder would not take (full, read-only, I/O error); nothing of it was written.

    ``why`` says it in a few words ("the disk is full"), ``remedy`` what the person can do about it.
    """

    def __init__(self, why: str, remedy: str, detail: str = "") -> None:
        super().__init__(f"the saved games could not be written: {why}" + (f" ({detail})" if detail else ""))
        self.why = why
        self.remedy = remedy

    def not_saved(self) -> str:
        """The one line a screen shows: "Not saved: the disk is full. Free some space and tap again." """
        return f"Not saved: {self.why}. {self.remedy}"


def not_saved_line(err: StoreError) -> str:
    """One line for a screen whose save failed: why, and what to do when the store says it."""
    return err.not_saved() if isinstance(err, StoreUnwritable) else f"Not saved: {err}"


class GameNotFound(StoreError, LookupError):
    """No game has that id (never created, or deleted)."""


class AlreadyStored(StoreError):
    """The game being stored is a copy of game ``game_id`` (the same setup and the same live events)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"the same game is stored already as game {game_id}")
        self.game_id = game_id


@contextmanager
def sqlite_errors(path: Path | None = None) -> Iterator[None]:
    """SQLite failures (busy past the timeout, disk full, damage found mid-game) as one-line StoreErrors."""
    try:
        yield
    except sqlite3.Error as e:
        if "locked" in str(e) or "busy" in str(e):
            raise StoreError(f"the saved games are busy (another window is writing): {e}") from None
        unwritable = unwritable_reason(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, str(e)) from None
        raise StoreError(f"the saved games could not be written or read: {e}") from None


def unwritable_reason(e: sqlite3.Error, path: Path | None) -> tuple[str, str] | None:
    """(why, remedy) when ``e`` comes from a disk or folder that will not take a write, else None.

    SQLite's code alone can mislead: on a full disk a WAL store may fail with "disk I/O error" (its shared
    memory file cannot grow), on a read-only disk with "unable to open database file". So where the code is one
    of those, the file system itself is asked whether it is read-only or has no room left.
    """
    known = UNWRITABLE.get(getattr(e, "sqlite_errorcode", 0) & 0xFF)
    if known is None or path is None:
        return known
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return known
    if fs.f_flag & os.ST_RDONLY:
        return UNWRITABLE[8]
    if fs.f_bavail == 0:
        return UNWRITABLE[13]
    return known


def injected_failure() -> None:
    """Fail the write as a full disk does while the file named by :data:`FAIL_WRITES_ENV` exists (tests)."""
    flag = os.environ.get(FAIL_WRITES_ENV)
    if flag and os.path.exists(flag):
        err = sqlite3.OperationalError(f"database or disk is full (simulated: {flag} exists)")
        err.sqlite_errorcode = 13
        raise err
