"""The finished games of the store, as ``FinishedPlay`` values for an export (games in progress are left out).

Reads what the store keeps: the setup in the game's header, the final totals in its ``game_end`` event, the
turn order in its ``turn_order`` events (the first gives the start player, the last breaks ties), and the start
and end times. Nothing is replayed, so a long history exports quickly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from pydantic import ValidationError

from companion.export.bgstats import FinishedPlay, ScoredSeat
from companion.rules.setup import Setup
from companion.store import GameInfo, GameNotFound, SavedGame, Store


class ExportError(Exception):
    """A game that cannot be exported; ``str()`` is one line for a person."""


class NotFinished(ExportError):
    """The game is still in progress."""


@dataclass(frozen=True)
class Collected:
    plays: list[FinishedPlay]
    in_progress: list[int]  # ids of the games left out because they are not over


def finished_play(info: GameInfo, saved: SavedGame) -> FinishedPlay:
    """One stored game as a ``FinishedPlay``; raises ``NotFinished`` or ``ExportError`` (one line)."""
    if not info.finished:
        raise NotFinished(f"game {info.id} is still in progress: only finished games are exported")
    try:
        setup = Setup.model_validate(saved.header.get("setup"))
    except ValidationError:
        raise ExportError(f"game {info.id}: its setup cannot be read") from None
    scores = _final_scores(saved.events) or (dict(info.summary.scores) if info.summary else None)
    colors: list[str] = [p.color for p in setup.players]
    if not scores or set(scores) != set(colors):
        raise ExportError(f"game {info.id} has no final scores to export")
    orders = [tuple(o) for e in saved.events
              if e.get("type") == "turn_order" and _is_order(o := e.get("order"), colors)]
    seats = tuple(
        ScoredSeat(p.color, p.kind, p.name, p.difficulty, int(scores[p.color])) for p in setup.players
    )
    return FinishedPlay(
        key=f"{info.started.isoformat()}/{setup.seed}/{info.id}",
        started=info.started,
        ended=info.ended,
        expansion=setup.expansion,
        rounds=setup.rounds,
        seats=seats,
        start_order=orders[0] if orders else tuple(colors),
        final_order=orders[-1] if orders else tuple(colors),
        game_id=info.id,
    )


def collect(store: Store, game_id: int | None = None) -> Collected:
    """The finished games (all of them, or the one with ``game_id``), oldest first.

    Raises ``GameNotFound`` for an unknown id, ``NotFinished`` when that game is in progress, ``ExportError``
    when it cannot be read; with all games, those in progress are listed in ``in_progress`` instead.
    """
    infos = store.list_games()
    if game_id is not None:
        infos = [i for i in infos if i.id == game_id]
        if not infos:
            raise GameNotFound(f"no game with id {game_id}")
    plays, waiting = [], []
    for info in sorted(infos, key=lambda i: (i.started, i.id)):
        if not info.finished:
            if game_id is not None:
                raise NotFinished(f"game {info.id} is still in progress: only finished games are exported")
            waiting.append(info.id)
            continue
        plays.append(finished_play(info, store.load(info.id)))
    return Collected(plays, waiting)


def _final_scores(events: Sequence[Mapping]) -> dict[str, int] | None:
    ends = [e for e in events if e.get("type") == "game_end" and isinstance(e.get("scores"), Mapping)]
    return dict(ends[-1]["scores"]) if ends else None


def _is_order(order: object, colors: list[str]) -> TypeGuard[list[str]]:
    return isinstance(order, list) and sorted(order) == sorted(colors)
