"""Every game kept on disk as it is played, so a sleeping phone, a closed tab or a killed app loses nothing.

A game is stored as the engine's event log: one row per event, grouped into undo steps. Each step is written
in one transaction (all its events or none), undo and redo only move a per-game cursor (undone steps stay on
disk until a new step replaces them), and a finished game keeps a small summary for the history screen.

Steps are numbered from 0. A game is created with its step 0 (the setup), which may have no events at all (a
game without automa shuffles nothing); every later step is appended with at least one event.

SQLite from the standard library, in WAL mode with ``synchronous=FULL``: WAL lets a second window read while
one writes; FULL makes every committed step survive a power cut or an OS crash too, not only a killed process
(NORMAL may lose the last steps on power loss). The price is one fsync per step, about a millisecond on
flash, and steps are seconds apart at the table.

A file that cannot be read (damaged, not a database, or from a newer version of the app) is never deleted or
written over: it is renamed to ``<name>.broken-<UTC time>`` beside itself, a fresh store starts, and
``Store.notice`` says where the old file went.

A write the disk will not take (full, read-only, an I/O error) raises :class:`StoreUnwritable` and leaves the
store exactly as it was before the call: the transaction is rolled back, so the caller can put its game back
to the last saved step and try again when there is room. Tests simulate a full disk with
:data:`FAIL_WRITES_ENV`.

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from companion.paths import APP_DIR_NAME, default_data_dir  # noqa: F401 (re-exported for callers)

DB_NAME = "games.sqlite3"
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
# SQLite primary result codes for a write the disk or folder will not take: (why, what the person can do).
_UNWRITABLE = {
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


Verdict = Literal["win", "loss"]


@dataclass(frozen=True)
class GameSummary:
    """What the history keeps of a finished game: enough for the list and the statistics, no replay needed."""

    scores: dict[str, int]
    winner: str
    humans: tuple[str, ...]
    difficulty: str | None = None  # automa difficulty; None when no automa played
    verdict: Verdict | None = None  # solo only
    beard_rank: str | None = None  # solo win only

    def __post_init__(self) -> None:
        object.__setattr__(self, "humans", tuple(self.humans))
        if not self.scores or not all(_is_int(v) for v in self.scores.values()):
            raise ValueError("summary: scores must map each colour to a whole number")
        if self.winner not in self.scores:
            raise ValueError(f"summary: winner {self.winner!r} has no score")
        if not self.humans or any(c not in self.scores for c in self.humans):
            raise ValueError("summary: humans must be one or more of the scored colours")
        if self.verdict not in (None, "win", "loss"):
            raise ValueError(f"summary: verdict must be 'win', 'loss' or None, not {self.verdict!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores), "winner": self.winner, "humans": list(self.humans),
            "difficulty": self.difficulty, "verdict": self.verdict, "beard_rank": self.beard_rank,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameSummary:
        return cls(
            scores=dict(d["scores"]), winner=d["winner"], humans=tuple(d["humans"]),
            difficulty=d.get("difficulty"), verdict=d.get("verdict"), beard_rank=d.get("beard_rank"),
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
    players: list[dict[str, str]]  # [{"color": ..., "kind": "human" | "automa"}], from the header's setup
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


@dataclass(frozen=True)
class DifficultyStats:
    """The history for one automa difficulty (``difficulty=None``: games without automa)."""

    difficulty: str | None
    games: int = 0
    solo_games: int = 0
    solo_wins: int = 0
    best_human_score: int | None = None  # over every human's final score in these games
    average_human_score: float | None = None
    beard_ranks: dict[str, int] = field(default_factory=dict)  # rank -> times reached, lowest-scoring first

    @property
    def win_rate(self) -> float | None:
        """Solo wins / solo games; None before the first solo game."""
        return self.solo_wins / self.solo_games if self.solo_games else None


@dataclass(frozen=True)
class HistoryStats:
    by_difficulty: dict[str | None, DifficultyStats]  # easy, hard, punishing, other names, then None

    @property
    def games(self) -> int:
        return sum(s.games for s in self.by_difficulty.values())


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
        folder = Path(data_dir).expanduser() if data_dir is not None else default_data_dir()
        if folder.exists() and not folder.is_dir():
            raise StoreError(f"the data folder {folder} is a file, not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the data folder {folder}: {e.strerror or e}") from None
        path = (folder / DB_NAME).absolute()
        notice = None
        problem, identity = _diagnose(path)
        if problem:
            moved = _move_aside(path, identity)
            if moved is not None:
                notice = (
                    f"The saved games could not be read ({problem}). The file was kept as {moved}; "
                    "a new, empty store was started."
                )
        conn = _connect(path)
        try:
            _migrate(conn, path)
        except BaseException:
            conn.close()
            raise
        return cls(conn, path, notice)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------------------

    def create_game(
        self, header: dict[str, Any], started: datetime | None = None, events: Sequence[dict[str, Any]] = ()
    ) -> int:
        """Store a new game with its first steps and return its id.

        ``events`` are the game's events from step 0 on: the engine's setup step (``game.steps[0]``), or a
        whole game's events for an import. Step 0 always exists, with no events if none are given; a step
        number with no events between two others is an empty step. ``started`` defaults to now; a naive
        datetime is read as local time (Python's convention).
        """
        if not isinstance(header, dict):
            raise ValueError("header must be a dict")
        header_json = _to_json(header, "header")
        rows = []
        step, seq = -1, 0
        for step_events in _group_steps(list(events)):
            step_rows = _step_rows(step_events)
            if step_rows[0][1] <= step:
                raise ValueError(f"events: step {step_rows[0][1]} comes after step {step}")
            if step_rows[0][0] != seq + 1:
                raise ValueError(f"events: seq {step_rows[0][0]} where seq {seq + 1} was expected")
            step, seq = step_rows[0][1], step_rows[-1][0]
            rows.extend(step_rows)
        steps = max(step + 1, 1)
        when = (started or datetime.now(UTC)).astimezone(UTC).isoformat()
        with self._write() as db:
            cur = db.execute(
                "INSERT INTO games (started, header, active_steps, total_steps, touched) "
                "VALUES (?, ?, ?, ?, (SELECT coalesce(max(touched), 0) + 1 FROM games))",
                (when, header_json, steps, steps),
            )
            game_id = int(cur.lastrowid)
            db.executemany(
                "INSERT INTO events (game_id, seq, step, type, body) VALUES (?, ?, ?, ?, ?)",
                [(game_id, *r) for r in rows],
            )
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
        rows = _step_rows(list(events))
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
                "SELECT body FROM events WHERE game_id = ? AND step = ? ORDER BY seq", (game_id, active)
            ).fetchall()
            self._moved(db, game_id, active + 1)
            return [json.loads(b) for (b,) in bodies]

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
        with self._read() as db:
            row = db.execute(
                "SELECT header, active_steps, total_steps, revision FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise GameNotFound(f"no game with id {game_id}")
            header, active, total, revision = row
            events: list[dict[str, Any]] = []
            undone: dict[int, list[dict[str, Any]]] = {s: [] for s in range(active, total)}
            for step, body in db.execute(
                "SELECT step, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            ):
                (events if step < active else undone[step]).append(json.loads(body))
        redo_steps = [undone[s] for s in sorted(undone, reverse=True)]
        return SavedGame(json.loads(header), events, redo_steps, revision, active)

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
                started=datetime.fromisoformat(started),
                finished=ended is not None,
                players=_players(json.loads(header)),
                steps=active,
                ended=datetime.fromisoformat(ended) if ended else None,
                summary=GameSummary.from_dict(json.loads(summary)) if summary else None,
            )
            for gid, started, ended, header, active, summary in rows
        ]

    def history_stats(self) -> HistoryStats:
        """Per automa difficulty: games, solo wins and win rate, best and average human score, beard ranks."""
        with self._read() as db:
            summaries = [
                GameSummary.from_dict(json.loads(s))
                for (s,) in db.execute("SELECT summary FROM games WHERE summary IS NOT NULL ORDER BY id")
            ]
        return _stats(summaries)

    # -- internals -----------------------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. IMMEDIATE takes the write lock up front, so a second writer waits (busy
        timeout) instead of failing when it tries to upgrade a read to a write halfway through."""
        with self._lock, _sqlite_errors(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                _injected_failure()
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
        with self._lock, _sqlite_errors(self.path):
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.rollback()

    @staticmethod
    def _state(db: sqlite3.Connection, game_id: int, expect_revision: int | None) -> tuple[int, int, int]:
        """(live steps, all steps incl. undone, revision); checks the revision the caller expects."""
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


# -- helpers -------------------------------------------------------------------------------------------------


def _to_json(value: Any, what: str) -> str:
    """JSON text that loads back equal to ``value``, or ValueError (tuples, int keys, NaN would not)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{what} is not JSON: {e}") from None
    if json.loads(text) != value:
        raise ValueError(f"{what} would not load back unchanged as JSON (tuples or non-string keys?)")
    return text


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _step_rows(events: list[dict[str, Any]]) -> list[tuple[int, int, str, str]]:
    """Validate one step's events and return (seq, step, type, body) rows."""
    if not events:
        raise ValueError("a step needs at least one event")
    rows = []
    for i, e in enumerate(events):
        if not isinstance(e, dict) or not _is_int(e.get("seq")) or not _is_int(e.get("step")):
            raise ValueError(f"event {i} of the step needs integer 'seq' and 'step'")
        if not isinstance(e.get("type"), str):
            raise ValueError(f"event seq {e['seq']} needs a string 'type'")
        rows.append((e["seq"], e["step"], e["type"], _to_json(e, f"event seq {e['seq']}")))
    if len({r[1] for r in rows}) != 1:
        raise ValueError("all events of a step must share its step number")
    if [r[0] for r in rows] != list(range(rows[0][0], rows[0][0] + len(rows))):
        raise ValueError("the events of a step must have contiguous seq numbers")
    if rows[0][1] < 0 or rows[0][0] < 1:
        raise ValueError("step numbers start at 0 and seq numbers at 1")
    return rows


def _group_steps(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    steps: list[list[dict[str, Any]]] = []
    for e in events:
        if steps and isinstance(e, dict) and steps[-1][0].get("step") == e.get("step"):
            steps[-1].append(e)
        else:
            steps.append([e])
    return steps


def _players(header: dict[str, Any]) -> list[dict[str, str]]:
    setup = header.get("setup") if isinstance(header, dict) else None
    players = setup.get("players") if isinstance(setup, dict) else None
    return [
        {"color": p["color"], "kind": p["kind"]}
        for p in players or []
        if isinstance(p, dict) and "color" in p and "kind" in p
    ]


_DIFFICULTY_ORDER = {"easy": 0, "hard": 1, "punishing": 2}


def _stats(summaries: list[GameSummary]) -> HistoryStats:
    groups: dict[str | None, list[GameSummary]] = {}
    for s in summaries:
        groups.setdefault(s.difficulty, []).append(s)
    out: dict[str | None, DifficultyStats] = {}
    for difficulty in sorted(groups, key=lambda d: (d is None, _DIFFICULTY_ORDER.get(d or "", 99), d or "")):
        games = groups[difficulty]
        human_scores = [s.scores[c] for s in games for c in s.humans]
        rank_scores: dict[str, list[int]] = {}
        for s in games:
            if s.beard_rank:
                rank_scores.setdefault(s.beard_rank, []).append(max(s.scores[c] for c in s.humans))
        ranks = sorted(rank_scores, key=lambda r: (min(rank_scores[r]), r))
        out[difficulty] = DifficultyStats(
            difficulty=difficulty,
            games=len(games),
            solo_games=sum(1 for s in games if s.verdict is not None),
            solo_wins=sum(1 for s in games if s.verdict == "win"),
            best_human_score=max(human_scores) if human_scores else None,
            average_human_score=sum(human_scores) / len(human_scores) if human_scores else None,
            beard_ranks={r: len(rank_scores[r]) for r in ranks},
        )
    return HistoryStats(out)


@contextmanager
def _sqlite_errors(path: Path | None = None) -> Iterator[None]:
    """SQLite failures (busy past the timeout, disk full, damage found mid-game) as one-line StoreErrors."""
    try:
        yield
    except sqlite3.Error as e:
        if "locked" in str(e) or "busy" in str(e):
            raise StoreError(f"the saved games are busy (another window is writing): {e}") from None
        unwritable = _unwritable(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, str(e)) from None
        raise StoreError(f"the saved games could not be written or read: {e}") from None


def _unwritable(e: sqlite3.Error, path: Path | None) -> tuple[str, str] | None:
    """(why, remedy) when ``e`` comes from a disk or folder that will not take a write, else None.

    SQLite's code alone can mislead: on a full disk a WAL store may fail with "disk I/O error" (its shared
    memory file cannot grow), on a read-only disk with "unable to open database file". So where the code is one
    of those, the file system itself is asked whether it is read-only or has no room left.
    """
    known = _UNWRITABLE.get(getattr(e, "sqlite_errorcode", 0) & 0xFF)
    if known is None or path is None:
        return known
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return known
    if fs.f_flag & os.ST_RDONLY:
        return _UNWRITABLE[8]
    if fs.f_bavail == 0:
        return _UNWRITABLE[13]
    return known


def _injected_failure() -> None:
    """Fail the write as a full disk does while the file named by :data:`FAIL_WRITES_ENV` exists (tests)."""
    flag = os.environ.get(FAIL_WRITES_ENV)
    if flag and os.path.exists(flag):
        err = sqlite3.OperationalError(f"database or disk is full (simulated: {flag} exists)")
        err.sqlite_errorcode = 13
        raise err


def _connect(path: Path) -> sqlite3.Connection:
    try:
        # isolation_level=None: transactions are begun and ended explicitly (see Store._write/_read).
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StoreError(f"the saved games file could not switch to WAL mode (it is in {mode} mode)")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn
    except sqlite3.Error as e:
        unwritable = _unwritable(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, f"cannot open {path}: {e}") from None
        raise StoreError(f"cannot open the saved games at {path}: {e}") from None


def _migrate(conn: sqlite3.Connection, path: Path | None = None) -> None:
    """Bring the schema up to SCHEMA_VERSION, one migration per transaction (safe if two processes race)."""
    with _sqlite_errors(path):
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


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _diagnose(path: Path) -> tuple[str | None, tuple[int, int, int] | None]:
    """Why the file at ``path`` cannot be used as our store (None: it can, or it does not exist yet).

    Reads only (a read-only connection), so a damaged file is not touched. A file that is merely busy or
    unreadable for permissions raises StoreError: only real damage or a newer schema gets moved aside.
    """
    identity = _identity(path)
    if identity is None or identity[1] == 0:
        return None, identity
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        raise StoreError(f"cannot open the saved games at {path}: {e}") from None
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
        unwritable = _unwritable(e, path)
        if unwritable:
            raise StoreUnwritable(*unwritable, f"cannot open {path}: {e}") from None
        raise StoreError(f"cannot read the saved games at {path}: {e}") from None
    finally:
        conn.close()


def _move_aside(path: Path, identity: tuple[int, int, int] | None) -> Path | None:
    """Rename the file (and its -wal/-shm/-journal) to ``<name>.broken-<UTC time>``; never overwrite anything.

    Returns None if the file changed since it was diagnosed (another process already dealt with it).
    """
    if _identity(path) != identity:
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
        raise StoreError(f"the saved games at {path} are damaged and could not be moved aside: {e}") from None
    return target
