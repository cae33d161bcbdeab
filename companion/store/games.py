"""Every game kept on disk as it is played, so a sleeping phone, a closed tab or a killed app loses nothing.

A game is stored as the engine's event log: one row per event, grouped into undo steps. Each step is written
in one transaction (all its events or none), undo and redo only move a per-game cursor (undone steps stay on
disk until a new step replaces them), and a finished game keeps a small summary for the history screen.

Steps are numbered from 0. A game is created with its step 0 (the setup), which may have no events at all (a
game without automa shuffles nothing); every later step is appended with at least one event.

This module is ``Store``: the connection, its lock and its transactions, and the calls the app makes. Which
connection it gets (the data folder, a damaged file moved aside) is in ``opening``; how the file is opened and
migrated in ``schema``; the SQL of one game's steps in ``steps``; the games list in ``listing``; a step's events
as rows in ``rows``; the history's summaries and statistics in ``history``; what can go wrong and the line
that says it in ``errors``.

A write the disk will not take (full, read-only, an I/O error) raises ``StoreUnwritable`` and leaves the
store exactly as it was before the call: the transaction is rolled back, so the caller can put its game back
to the last saved step and try again when there is room.

>>> import tempfile
>>> tmp = tempfile.TemporaryDirectory()
>>> store = Store.open(tmp.name)
>>> gid = store.create_game({"format": "treasure-companion-record", "version": 1, "setup": {}},
...                          events=[{"seq": 1, "step": 0, "type": "shuffle"}])
>>> store.append_step(gid, [{"seq": 2, "step": 1, "type": "place"}, {"seq": 3, "step": 1, "type": "roll"}])
>>> store.undo_step(gid)
1
>>> saved = store.load(gid)
>>> [e["seq"] for e in saved.events], [[e["seq"] for e in s] for s in saved.redo_steps]
([1], [[2, 3]])
>>> [e["type"] for e in store.redo_step(gid)]
['place', 'roll']
>>> store.in_progress() == gid
True
>>> store.close(); tmp.cleanup()
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.store import listing, steps
from companion.store.errors import AlreadyStored, injected_failure, sqlite_errors
from companion.store.history import GameSummary, HistoryStats, stats_by_difficulty
from companion.store.listing import GameInfo
from companion.store.opening import open_to_read, open_to_write
from companion.store.rows import rows_of_game, rows_of_step, to_json
from companion.store.steps import SavedGame


class Store:
    """The games on this device. One object per window or process is fine; they may share one file.

    Thread-safe (one lock around the connection). Mutating calls take ``expect_revision``: pass the revision
    from ``load()`` (+1 per successful call since) and a change made meanwhile by another writer raises
    ``StoreConflict`` instead of silently building on a different history. Without it, only the step number is
    checked.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self._db = conn
        self._lock = threading.RLock()
        self.path = path
        self.notice = notice  # set when a broken store was moved aside at open; says where it went

    # -- opening -------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None) -> Store:
        """Open (creating or upgrading) the store in ``data_dir`` or :func:`default_data_dir`."""
        return cls(*open_to_write(data_dir))

    @classmethod
    def open_read_only(cls, data_dir: str | os.PathLike[str] | None = None) -> Store:
        """The store for a command that only reads (``games``, ``export``): it creates and writes nothing.

        A folder or file that does not exist yet is an empty store (no folder is made); a read-only folder is
        read as it is (see ``connect_read_only``). A damaged file is still moved aside, as :meth:`open` does,
        when the folder lets it be; a file from an older app is upgraded first, which needs a writable folder.
        """
        return cls(*open_to_read(data_dir))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------------------

    def create_game(
        self, header: dict[str, Any], started: datetime | None = None, events: Sequence[dict[str, Any]] = (),
        *, finish: bool = False, summary: GameSummary | None = None, refuse_copy: bool = False,
    ) -> int:
        """Store a new game with its first steps and return its id.

        ``events`` are the game's events from step 0 on: the engine's setup step (``game.steps[0]``), or a
        whole game's events for an import. Step 0 always exists, with no events if none are given; a step
        number with no events between two others is an empty step. ``started`` defaults to now; a naive
        datetime is read as local time (Python's convention). ``finish``: a whole finished game (an import),
        marked finished with ``summary`` in the same transaction, so a failed write stores nothing.
        ``refuse_copy``: raise :class:`AlreadyStored` when a stored game has this header and these live events,
        looked for inside the write transaction, so two imports of one record at the same moment store it once.
        """
        if not isinstance(header, dict):
            raise ValueError("header must be a dict")
        header_json = to_json(header, "header")
        events = list(events)
        rows, count = rows_of_game(events)
        when = (started or datetime.now(UTC)).astimezone(UTC).isoformat()
        with self._write() as db:
            if refuse_copy and (copy := steps.same_game(db, header_json, events)) is not None:
                raise AlreadyStored(copy)
            game_id = steps.insert_game(db, when, header_json, rows, count)
            if finish:
                self._finish(db, game_id, summary)
        return game_id

    def append_step(
        self, game_id: int, events: Sequence[dict[str, Any]], *, expect_revision: int | None = None,
        finish: bool = False, summary: GameSummary | None = None,
    ) -> None:
        """Commit one whole step (all its events or none) and drop the game's undone steps.

        Raises StoreConflict when the step is not the game's next one (another writer got there first), or
        when ``expect_revision`` is given and the game has changed since. Malformed events raise ValueError.
        Appending to a finished game reopens it (its summary no longer describes the log). ``finish``: the
        step ends the game, marked finished with ``summary`` in the same transaction (as :meth:`finish`), so
        a failed write leaves neither the step nor the finish behind.
        """
        rows = rows_of_step(list(events))
        with self._write() as db:
            steps.append(db, game_id, rows, expect_revision)
            if finish:
                self._finish(db, game_id, summary)

    def undo_step(self, game_id: int, *, expect_revision: int | None = None) -> int:
        """Mark the last live step undone (kept for redo) and return its step number."""
        with self._write() as db:
            return steps.undo(db, game_id, expect_revision)

    def redo_step(self, game_id: int, *, expect_revision: int | None = None) -> list[dict[str, Any]]:
        """Make the most recently undone step live again and return its events."""
        with self._write() as db:
            return steps.redo(db, game_id, expect_revision)

    def finish(self, game_id: int, summary: GameSummary | None) -> None:
        """Mark the game finished, with its summary for the history (None: finished, but nothing to count)."""
        with self._write() as db:
            steps.state(db, game_id, None)
            self._finish(db, game_id, summary)

    def delete_game(self, game_id: int) -> None:
        """Delete a game and its events for good (the app asks the person first)."""
        with self._write() as db:
            steps.delete(db, game_id)

    # -- reading -------------------------------------------------------------------------------------------

    def load(self, game_id: int) -> SavedGame:
        """The game as stored: header, live events, undone steps (most recently undone last), revision."""
        steps.known_id(game_id)
        with self._read() as db:
            return steps.load(db, game_id)

    def revision(self, game_id: int) -> int:
        with self._read() as db:
            return steps.state(db, game_id, None)[2]

    def in_progress(self) -> int | None:
        """The unfinished game played most recently (what "Continue game" opens), or None."""
        with self._read() as db:
            return listing.in_progress(db)

    def list_games(self) -> list[GameInfo]:
        """Every game, most recently started first."""
        with self._read() as db:
            return listing.games(db)

    def history_stats(self) -> HistoryStats:
        """Per automa difficulty: games, solo wins and win rate, best and average human score, beard ranks."""
        with self._read() as db:
            read = listing.summaries(db)
        return stats_by_difficulty(read)

    # -- transactions --------------------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. IMMEDIATE takes the write lock up front, so a second writer waits (busy
        timeout) instead of failing when it tries to upgrade a read to a write halfway through."""
        with self._lock, sqlite_errors(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                injected_failure()
                self._db.commit()
            except BaseException:
                # A failed COMMIT (disk full) may leave the transaction open, or SQLite may have rolled it back
                # already: either way nothing of it may stay, or the next BEGIN would fail.
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        self._db.rollback()
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction, so a multi-query read sees a single snapshot."""
        with self._lock, sqlite_errors(self.path):
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.rollback()

    @staticmethod
    def _finish(db: sqlite3.Connection, game_id: int, summary: GameSummary | None) -> None:
        """Mark the game finished inside the caller's write; one method, so a test can make the finish fail
        after the step went in and see that neither stays."""
        steps.mark_finished(db, game_id, summary)
