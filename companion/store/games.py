"""Every game kept on disk as it is played, so a sleeping phone, a closed tab or a killed app loses nothing.

A game is stored as the engine's event log: one row per event, grouped into undo steps. Each step is written
in one transaction (all its events or none), undo and redo only move a per-game cursor (undone steps stay on
disk until a new step replaces them), and a finished game keeps a small summary for the history screen.

Steps are numbered from 0. A game is created with its step 0 (the setup), which may have no events at all (a
game without automa shuffles nothing); every later step is appended with at least one event.

How the file is opened, migrated and, when damaged, moved aside is in ``schema``; what can go wrong and the
line that says it in ``errors``; a step's events as rows in ``rows``; the history's summaries and statistics in
``history``. This module is the games themselves: ``Store`` and what it hands back.

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

import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.files.paths import resolve_data_dir
from companion.store.errors import (
    AlreadyStored,
    GameNotFound,
    StoreConflict,
    StoreError,
    injected_failure,
    sqlite_errors,
)
from companion.store.history import GameSummary, HistoryStats, stats_by_difficulty
from companion.store.rows import group_steps, object_of, rows_of_step, time_of, to_json
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


@dataclass(frozen=True)
class SavedGame:
    """A stored game, ready for ``Game.from_saved(header, events, redo_steps)``.

    ``redo_steps`` lists the undone steps with the most recently undone last (the next redo pops it).
    ``revision`` is what to pass as ``expect_revision``; each successful append, undo or redo adds exactly 1.
    ``steps`` counts the live steps, so it is also the number of the next step (step 0 may have no events).
    """

    header: dict[str, Any]
    events: list[dict[str, Any]]
    redo_steps: list[list[dict[str, Any]]]
    revision: int
    steps: int


@dataclass(frozen=True)
class GameInfo:
    """One line of the games list."""

    id: int
    started: datetime
    finished: bool
    players: list[dict[str, str]]  # [{"color", "kind": "human" | "automa", "name" (a named human)}], from the setup
    steps: int  # live steps, the setup step 0 included
    ended: datetime | None = None
    summary: GameSummary | None = None  # None while in progress (or a finished game imported without one)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "started": self.started.isoformat(),
            "finished": self.finished,
            "ended": self.ended.isoformat() if self.ended else None,
            "players": self.players,
            "steps": self.steps,
            "summary": self.summary.to_dict() if self.summary else None,
        }


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
        folder = _data_folder(data_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the data folder {folder}: {e.strerror or e}") from None
        path = (folder / DB_NAME).absolute()
        not_a_file(path)
        notice = _set_aside_if_damaged(path, "was started")
        conn = connect(path)
        try:
            migrate(conn, path)
        except BaseException:
            conn.close()
            raise
        return cls(conn, path, notice)

    @classmethod
    def open_read_only(cls, data_dir: str | os.PathLike[str] | None = None) -> Store:
        """The store for a command that only reads (``games``, ``export``): it creates and writes nothing.

        A folder or file that does not exist yet is an empty store (no folder is made); a read-only folder is
        read as it is (see ``connect_read_only``). A damaged file is still moved aside, as :meth:`open` does,
        when the folder lets it be; a file from an older app is upgraded first, which needs a writable folder.
        """
        folder = _data_folder(data_dir)
        path = (folder / DB_NAME).absolute()
        not_a_file(path)
        notice = _set_aside_if_damaged(path, "will be started")
        if not path.exists():
            return cls(_empty_store(), path, notice)
        conn = connect_read_only(path)
        with sqlite_errors(path):
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return cls(conn, path, notice)
        conn.close()
        if version == 0:  # an empty file: no games yet
            return cls(_empty_store(), path, notice)
        return cls.open(folder)  # an older schema: upgraded as the app would (a read-only folder says so)

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
        rows = []
        step, seq = -1, 0
        for step_events in group_steps(events):
            step_rows = rows_of_step(step_events)
            if step_rows[0][1] <= step:
                raise ValueError(f"events: step {step_rows[0][1]} comes after step {step}")
            if step_rows[0][0] != seq + 1:
                raise ValueError(f"events: seq {step_rows[0][0]} where seq {seq + 1} was expected")
            step, seq = step_rows[0][1], step_rows[-1][0]
            rows.extend(step_rows)
        steps = max(step + 1, 1)
        when = (started or datetime.now(UTC)).astimezone(UTC).isoformat()
        with self._write() as db:
            if refuse_copy and (copy := self._same_game(db, header_json, events)) is not None:
                raise AlreadyStored(copy)
            cur = db.execute(
                "INSERT INTO games (started, header, active_steps, total_steps, touched) "
                "VALUES (?, ?, ?, ?, (SELECT coalesce(max(touched), 0) + 1 FROM games))",
                (when, header_json, steps, steps),
            )
            game_id = int(cur.lastrowid or 0)  # always set after an INSERT
            db.executemany(
                "INSERT INTO events (game_id, seq, step, type, body) VALUES (?, ?, ?, ?, ?)",
                [(game_id, *r) for r in rows],
            )
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
        first_seq, step = rows[0][0], rows[0][1]
        with self._write() as db:
            active, _, _ = self._state(db, game_id, expect_revision)
            if step != active:
                raise StoreConflict(
                    f"game {game_id}: step {step} is not the next step ({active}); "
                    "it was changed elsewhere, reload it"
                )
            row = db.execute(
                "SELECT seq FROM events WHERE game_id = ? AND step < ? ORDER BY step DESC, seq DESC LIMIT 1",
                (game_id, step),
            ).fetchone()
            expected_seq = (row[0] if row else 0) + 1
            if first_seq != expected_seq:
                raise ValueError(
                    f"game {game_id}: step {step} starts at seq {first_seq}, expected {expected_seq}"
                )
            db.execute("DELETE FROM events WHERE game_id = ? AND step >= ?", (game_id, step))
            db.executemany(
                "INSERT INTO events (game_id, seq, step, type, body) VALUES (?, ?, ?, ?, ?)",
                [(game_id, *r) for r in rows],
            )
            self._moved(db, game_id, step + 1, step + 1)
            if finish:
                self._finish(db, game_id, summary)

    def undo_step(self, game_id: int, *, expect_revision: int | None = None) -> int:
        """Mark the last live step undone (kept for redo) and return its step number."""
        with self._write() as db:
            active, _, _ = self._state(db, game_id, expect_revision)
            if active == 0:
                raise StoreConflict(f"game {game_id}: there is no step to undo")
            self._moved(db, game_id, active - 1)
            return active - 1

    def redo_step(self, game_id: int, *, expect_revision: int | None = None) -> list[dict[str, Any]]:
        """Make the most recently undone step live again and return its events."""
        with self._write() as db:
            active, total, _ = self._state(db, game_id, expect_revision)
            if active == total:
                raise StoreConflict(f"game {game_id}: there is no undone step to redo")
            bodies = db.execute(
                "SELECT seq, body FROM events WHERE game_id = ? AND step = ? ORDER BY seq", (game_id, active)
            ).fetchall()
            events = [object_of(b, f"game {game_id}'s event {seq}") for seq, b in bodies]
            self._moved(db, game_id, active + 1)
            return events

    def finish(self, game_id: int, summary: GameSummary | None) -> None:
        """Mark the game finished, with its summary for the history (None: finished, but nothing to count)."""
        with self._write() as db:
            self._state(db, game_id, None)
            self._finish(db, game_id, summary)

    def delete_game(self, game_id: int) -> None:
        """Delete a game and its events for good (the app asks the person first)."""
        with self._write() as db:
            self._state(db, game_id, None)
            db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- reading -------------------------------------------------------------------------------------------

    def load(self, game_id: int) -> SavedGame:
        """The game as stored: header, live events, undone steps (most recently undone last), revision."""
        _known_id(game_id)
        with self._read() as db:
            return self._load(db, game_id)

    @staticmethod
    def _load(db: sqlite3.Connection, game_id: int) -> SavedGame:
        """:meth:`load` inside a transaction of the caller's."""
        row = db.execute(
            "SELECT header, active_steps, total_steps, revision FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        header, active, total, revision = row
        top = db.execute("SELECT coalesce(max(step), -1) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
        if not 0 <= active <= total or top >= total or total > max(top + 1, active, 1):  # edited by hand
            raise StoreError(f"the saved games are damaged: game {game_id}'s step counts do not fit its events")
        events: list[dict[str, Any]] = []
        undone: dict[int, list[dict[str, Any]]] = {s: [] for s in range(active, total)}
        for seq, step, body in db.execute(
            "SELECT seq, step, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            event = object_of(body, f"game {game_id}'s event {seq}")
            (events if step < active else undone[step]).append(event)
        redo_steps = [undone[s] for s in sorted(undone, reverse=True)]
        return SavedGame(object_of(header, f"game {game_id}'s setup"), events, redo_steps, revision, active)

    @classmethod
    def _same_game(cls, db: sqlite3.Connection, header_json: str, wanted: list[dict[str, Any]]) -> int | None:
        """The id of a stored game with this header and exactly these live events (an import already made), or
        None; inside a transaction of the caller's. The header holds the game's seed, so only the copies of one
        game are ever compared event by event."""
        ids = [gid for (gid,) in db.execute("SELECT id FROM games WHERE header = ? ORDER BY id", (header_json,))]
        for gid in ids:
            if cls._load(db, gid).events == wanted:
                return gid
        return None

    def revision(self, game_id: int) -> int:
        with self._read() as db:
            return self._state(db, game_id, None)[2]

    def in_progress(self) -> int | None:
        """The unfinished game played most recently (what "Continue game" opens), or None."""
        with self._read() as db:
            row = db.execute(
                "SELECT id FROM games WHERE finished IS NULL ORDER BY touched DESC, id DESC LIMIT 1"
            ).fetchone()
        return row[0] if row else None

    def list_games(self) -> list[GameInfo]:
        """Every game, most recently started first."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id, started, finished, header, active_steps, summary FROM games "
                "ORDER BY started DESC, id DESC"
            ).fetchall()
        return [
            GameInfo(
                id=gid,
                started=time_of(started, f"game {gid}'s start time"),
                finished=ended is not None,
                players=_players(_object_or_none(header)),
                steps=active,
                ended=time_of(ended, f"game {gid}'s end time") if ended else None,
                summary=GameSummary.read(summary),
            )
            for gid, started, ended, header, active, summary in rows
        ]

    def history_stats(self) -> HistoryStats:
        """Per automa difficulty: games, solo wins and win rate, best and average human score, beard ranks."""
        with self._read() as db:
            read = [
                GameSummary.read(s)
                for (s,) in db.execute("SELECT summary FROM games WHERE summary IS NOT NULL ORDER BY id")
            ]
        return stats_by_difficulty([s for s in read if s is not None])

    # -- internals -----------------------------------------------------------------------------------------

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
    def _state(db: sqlite3.Connection, game_id: int, expect_revision: int | None) -> tuple[int, int, int]:
        """(live steps, all steps incl. undone, revision); checks the revision the caller expects."""
        _known_id(game_id)
        row = db.execute(
            "SELECT active_steps, total_steps, revision FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        if expect_revision is not None and row[2] != expect_revision:
            raise StoreConflict(
                f"game {game_id} was changed elsewhere "
                f"(revision {row[2]}, expected {expect_revision}); reload it"
            )
        return row

    @staticmethod
    def _finish(db: sqlite3.Connection, game_id: int, summary: GameSummary | None) -> None:
        body = json.dumps(summary.to_dict()) if summary is not None else None
        db.execute(
            "UPDATE games SET finished = ?, summary = ? WHERE id = ?", (datetime.now(UTC).isoformat(), body, game_id)
        )

    @staticmethod
    def _moved(db: sqlite3.Connection, game_id: int, active: int, total: int | None = None) -> None:
        """The log changed: new cursor, next revision, most recently played; any finish no longer holds."""
        db.execute(
            "UPDATE games SET active_steps = ?, total_steps = coalesce(?, total_steps), revision = revision + 1, "
            "finished = NULL, summary = NULL, touched = (SELECT max(touched) + 1 FROM games) WHERE id = ?",
            (active, total, game_id),
        )


def _empty_store() -> sqlite3.Connection:
    """An empty store in memory: what a read-only command sees where no games were ever saved."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    migrate(conn)
    return conn


def _object_or_none(text: Any) -> dict[str, Any] | None:
    """A header for the games list: an unreadable one lists the game without players (loading it says why)."""
    try:
        return object_of(text, "a header")
    except StoreError:
        return None


def _players(header: dict[str, Any] | None) -> list[dict[str, str]]:
    setup = header.get("setup") if isinstance(header, dict) else None
    players = setup.get("players") if isinstance(setup, dict) else None
    # A human's name, when the table gave one, comes along: every list of the games names that player.
    return [
        {"color": p["color"], "kind": p["kind"]}
        | ({"name": p["name"]} if p["kind"] == "human" and isinstance(p.get("name"), str) and p["name"] else {})
        for p in players or []
        if isinstance(p, dict) and isinstance(p.get("color"), str) and isinstance(p.get("kind"), str)
    ]


def _data_folder(data_dir: str | os.PathLike[str] | None) -> Path:
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


def _known_id(game_id: int) -> None:
    """An id SQLite cannot hold (``/final?game=99999999999999999999``) names no game: GameNotFound, not the
    OverflowError SQLite's binding raises."""
    if not -(2**63) <= game_id < 2**63:
        raise GameNotFound(f"no game with id {game_id}")


def _set_aside_if_damaged(path: Path, started: str) -> str | None:
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
