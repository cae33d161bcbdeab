"""One game's event log as undo steps: the SQL that reads and changes it, inside a transaction of the caller's
(:class:`~companion.store.games.Store` holds the connection, its lock and the transactions).

A game's row keeps a cursor over its steps: steps ``0..active_steps-1`` are live, those from there up to
``total_steps`` are undone (kept for redo until a new step replaces them). Every change moves the cursor and
adds 1 to the revision, so a second writer is caught by ``expect_revision`` instead of building on a different
history.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.store.errors import GameNotFound, StoreConflict, StoreError
from companion.store.history import GameSummary
from companion.store.rows import object_of

Row = tuple[int, int, str, str]  # (seq, step, type, body), see companion.store.rows


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


def known_id(game_id: int) -> None:
    """An id SQLite cannot hold (``/final?game=99999999999999999999``) names no game: GameNotFound, not the
    OverflowError SQLite's binding raises."""
    if not -(2**63) <= game_id < 2**63:
        raise GameNotFound(f"no game with id {game_id}")


def state(db: sqlite3.Connection, game_id: int, expect_revision: int | None) -> tuple[int, int, int]:
    """(live steps, all steps incl. undone, revision); checks the revision the caller expects."""
    known_id(game_id)
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


def insert_game(db: sqlite3.Connection, when: str, header_json: str, rows: list[Row], steps: int) -> int:
    """A new game's row and its events; its id. It is the most recently played game."""
    cur = db.execute(
        "INSERT INTO games (started, header, active_steps, total_steps, touched) "
        "VALUES (?, ?, ?, ?, (SELECT coalesce(max(touched), 0) + 1 FROM games))",
        (when, header_json, steps, steps),
    )
    game_id = int(cur.lastrowid or 0)  # always set after an INSERT
    _insert_events(db, game_id, rows)
    return game_id


def append(db: sqlite3.Connection, game_id: int, rows: list[Row], expect_revision: int | None) -> None:
    """One whole step as the game's next live step, in place of its undone steps (see ``Store.append_step``)."""
    first_seq, step = rows[0][0], rows[0][1]
    active, _, _ = state(db, game_id, expect_revision)
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
    _insert_events(db, game_id, rows)
    moved(db, game_id, step + 1, step + 1)


def undo(db: sqlite3.Connection, game_id: int, expect_revision: int | None) -> int:
    """The last live step marked undone (its events stay, for redo); its step number."""
    active, _, _ = state(db, game_id, expect_revision)
    if active == 0:
        raise StoreConflict(f"game {game_id}: there is no step to undo")
    moved(db, game_id, active - 1)
    return active - 1


def redo(db: sqlite3.Connection, game_id: int, expect_revision: int | None) -> list[dict[str, Any]]:
    """The most recently undone step live again; its events."""
    active, total, _ = state(db, game_id, expect_revision)
    if active == total:
        raise StoreConflict(f"game {game_id}: there is no undone step to redo")
    bodies = db.execute(
        "SELECT seq, body FROM events WHERE game_id = ? AND step = ? ORDER BY seq", (game_id, active)
    ).fetchall()
    events = [object_of(b, f"game {game_id}'s event {seq}") for seq, b in bodies]
    moved(db, game_id, active + 1)
    return events


def delete(db: sqlite3.Connection, game_id: int) -> None:
    state(db, game_id, None)
    db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
    db.execute("DELETE FROM games WHERE id = ?", (game_id,))


def mark_finished(db: sqlite3.Connection, game_id: int, summary: GameSummary | None) -> None:
    body = json.dumps(summary.to_dict()) if summary is not None else None
    db.execute(
        "UPDATE games SET finished = ?, summary = ? WHERE id = ?", (datetime.now(UTC).isoformat(), body, game_id)
    )


def moved(db: sqlite3.Connection, game_id: int, active: int, total: int | None = None) -> None:
    """The log changed: new cursor, next revision, most recently played; any finish no longer holds."""
    db.execute(
        "UPDATE games SET active_steps = ?, total_steps = coalesce(?, total_steps), revision = revision + 1, "
        "finished = NULL, summary = NULL, touched = (SELECT max(touched) + 1 FROM games) WHERE id = ?",
        (active, total, game_id),
    )


def load(db: sqlite3.Connection, game_id: int) -> SavedGame:
    """The game as stored: header, live events, undone steps (most recently undone last), revision."""
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


def same_game(db: sqlite3.Connection, header_json: str, wanted: list[dict[str, Any]]) -> int | None:
    """The id of a stored game with this header and exactly these live events (an import already made), or
    None. The header holds the game's seed, so only the copies of one game are ever compared event by event."""
    ids = [gid for (gid,) in db.execute("SELECT id FROM games WHERE header = ? ORDER BY id", (header_json,))]
    for gid in ids:
        if load(db, gid).events == wanted:
            return gid
    return None


def _insert_events(db: sqlite3.Connection, game_id: int, rows: list[Row]) -> None:
    db.executemany(
        "INSERT INTO events (game_id, seq, step, type, body) VALUES (?, ?, ?, ?, ?)",
        [(game_id, *r) for r in rows],
    )
