"""The games list, the game to continue and the history's summaries: queries over every stored game, inside a
read of the caller's (``Store``'s). A row that cannot be read still lists its game, so one bad row never hides
the others.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.store.errors import StoreError
from companion.store.history import GameSummary
from companion.store.rows import object_of, time_of


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


def games(db: sqlite3.Connection) -> list[GameInfo]:
    """Every game, most recently started first."""
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


def in_progress(db: sqlite3.Connection) -> int | None:
    """The unfinished game played most recently (what "Continue game" opens), or None."""
    row = db.execute(
        "SELECT id FROM games WHERE finished IS NULL ORDER BY touched DESC, id DESC LIMIT 1"
    ).fetchone()
    return row[0] if row else None


def summaries(db: sqlite3.Connection) -> list[GameSummary]:
    """The finished games' summaries that can be read, oldest game first."""
    read = [
        GameSummary.read(s)
        for (s,) in db.execute("SELECT summary FROM games WHERE summary IS NOT NULL ORDER BY id")
    ]
    return [s for s in read if s is not None]


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
