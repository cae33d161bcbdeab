"""Finished games in the JSON shape of a BG Stats export (the play-logging app), so its owner can import them.

Pure: plain data in, a JSON-able dict out; no store, no files, no clock. The ranking is the rules core's
(``rank_order``), so the export ranks exactly as the app's result screen does. Field names and types follow real
BG Stats exports (see README, "Export for BG Stats", for the sources): ids are small integers local to the
file, ``uuid`` fields are upper-case UUIDs, dates are ``"YYYY-MM-DD HH:MM:SS"`` local time, a player's
``score`` is a string, ``winner``/``startPlayer``/``newPlayer`` are booleans.

What the app decided (the rulebooks say nothing about BG Stats):

- ``rank`` is the game's ranking: most points first, a tie to the earlier player in the final turn order
  (the rulebook's tie rule). In a solo game a tie with an automa is a loss, so there the automa ranks ahead
  of the human on equal points. Exactly one player (rank 1) is the ``winner``.
- The automa are players named for their colour ("Red automa"), their difficulty in ``role`` ("Hard"),
  marked as non-player characters (``metaData`` ``{"isNpc":1}``, the key BG Stats uses on its players).
- A human is named as set up in the app, else by colour ("Blue"); the same name gives the same player
  ``uuid`` in every export, so a later import finds the same person.
- A play's ``uuid`` is derived from the stored game (its start time, seed and id), so exporting a game twice
  gives the same play, never a second copy.
- ``bggId`` is 0: no BoardGameGeek id for Treasure Mountain could be confirmed from a source.

>>> seats = (ScoredSeat("blue", "human", None, None, 101), ScoredSeat("red", "automa", None, "hard", 101),
...          ScoredSeat("green", "automa", None, "hard", 90))
>>> play = FinishedPlay("k", datetime(2026, 3, 12, 20, 0, tzinfo=UTC), datetime(2026, 3, 12, 21, 5, tzinfo=UTC),
...                     True, 5, seats, ("blue", "red", "green"), ("blue", "red", "green"))
>>> out = export([play], tz=UTC)
>>> [(p["name"]) for p in out["players"]]
['Blue', 'Red automa', 'Green automa']
>>> [(s["playerRefId"], s["rank"], s["winner"], s["score"]) for s in out["plays"][0]["playerScores"]]
[(1, 2, False, '101'), (2, 1, True, '101'), (3, 3, False, '90')]
>>> out["plays"][0]["playDate"], out["plays"][0]["durationMin"]
('2026-03-12 20:00:00', 65)
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from companion.rules.scoring import rank_order, solo_automa

#: Every uuid this app writes is a uuid5 under this namespace, so the same thing always gets the same uuid.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_DNS, "bgstats.treasure-companion.local")

GAME_NAME = "Treasure Mountain"
EXPANSION_NAME = "Treasure Mountain: Caverns of Gandûm"
#: No BoardGameGeek id could be cited for either box, so none is claimed (BG Stats uses 0 for "not linked").
BGG_ID = 0

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


@dataclass(frozen=True)
class ScoredSeat:
    """A seat of a finished game as BG Stats gets it: colour, human or automa, the name given at setup, and the
    final total."""

    color: str
    kind: str  # "human" | "automa"
    name: str | None
    difficulty: str | None  # the automa's; None for a human
    score: int

    @property
    def display_name(self) -> str:
        if self.kind == "automa":
            return f"{self.color.capitalize()} automa"
        return (self.name or "").strip() or self.color.capitalize()


@dataclass(frozen=True)
class FinishedPlay:
    """What the export needs of one finished game (built from the store by ``companion.export.collect``)."""

    key: str  # stable and unique per stored game: the play's uuid is derived from it
    started: datetime  # aware
    ended: datetime | None  # aware; None when the store did not keep it (duration 0)
    expansion: bool
    rounds: int
    seats: tuple[ScoredSeat, ...]
    start_order: tuple[str, ...]  # turn order after the starting rolls: its first is the start player
    final_order: tuple[str, ...]  # turn order at the end: it breaks ties
    game_id: int | None = None  # for the comment ("Treasure Companion game 3")

    @property
    def solo(self) -> bool:
        return sum(s.kind == "human" for s in self.seats) == 1 and sum(s.kind == "automa" for s in self.seats) == 2


def ranking(play: FinishedPlay) -> list[str]:
    """Colours from first to last place.

    Most points first; a tie goes to the earlier player in the final turn order (the rulebook's rule), except
    that in a solo game a tie with an automa is a loss, so the automa ranks ahead of the human.

    >>> s = (ScoredSeat("blue", "human", None, None, 90), ScoredSeat("red", "automa", None, "easy", 90),
    ...      ScoredSeat("green", "automa", None, "easy", 80))
    >>> ranking(FinishedPlay("k", datetime(2026, 1, 1, tzinfo=UTC), None, True, 5, s, (), ("blue", "red", "green")))
    ['red', 'blue', 'green']
    """
    totals = {s.color: s.score for s in play.seats}
    order = [*play.final_order, *(c for c in totals if c not in play.final_order)]
    return rank_order(totals, order, ahead_on_tie=solo_automa([(s.color, s.kind) for s in play.seats]))


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(parts))).upper()


def player_uuid(seat: ScoredSeat) -> str:
    """The same person (by name, case and spacing ignored) or the same automa colour: the same uuid."""
    if seat.kind == "automa":
        return _uuid("automa", seat.color)
    return _uuid("player", " ".join(seat.display_name.split()).casefold())


def _stamp(when: datetime, tz: tzinfo | None) -> str:
    return when.astimezone(tz).strftime(DATE_FORMAT)


def _game(ref: int, name: str, expansion: bool, modified: str) -> dict[str, Any]:
    return {
        "uuid": _uuid("game", name),
        "id": ref,
        "name": name,
        "modificationDate": modified,
        "cooperative": False,
        "highestWins": True,
        "noPoints": False,
        "usesTeams": False,
        "bggId": BGG_ID,
        "bggName": "",
        "bggYear": 0,
        "isBaseGame": 0 if expansion else 1,
        "isExpansion": 1 if expansion else 0,
    }


def _comment(play: FinishedPlay, ranked: Sequence[str]) -> str:
    humans = [s for s in play.seats if s.kind == "human"]
    where = f"Treasure Companion game {play.game_id}" if play.game_id is not None else "Treasure Companion"
    text = f"{where}, {play.rounds} rounds, " + ("Caverns of Gandûm" if play.expansion else "base game")
    if play.solo:
        text += ", solo " + ("win" if ranked[0] == humans[0].color else "loss")
    return text + "."


def export(plays: Iterable[FinishedPlay], tz: tzinfo | None = None, location: str | None = None) -> dict[str, Any]:
    """The BG Stats export of ``plays`` (oldest first in the file), local time unless ``tz`` is given."""
    plays = sorted(plays, key=lambda p: (p.started, p.key))
    latest = max((p.ended or p.started for p in plays), default=datetime(1970, 1, 1, tzinfo=UTC))
    modified = _stamp(latest, tz)
    games = [_game(1, GAME_NAME, False, modified)]
    if any(p.expansion for p in plays):
        games.append(_game(2, EXPANSION_NAME, True, modified))
    locations = []
    if location and location.strip():
        locations.append({"uuid": _uuid("location", location.strip().casefold()), "id": 1,
                          "name": location.strip(), "modificationDate": modified})
    players: dict[str, dict[str, Any]] = {}  # uuid -> player entry, in order of first appearance
    out_plays = []
    for play in plays:
        ranked = ranking(play)
        rank = {c: i for i, c in enumerate(ranked, start=1)}
        start = play.start_order[0] if play.start_order else None
        scores = []
        for seat in play.seats:
            pid = player_uuid(seat)
            if pid not in players:
                entry: dict[str, Any] = {"uuid": pid, "id": len(players) + 1, "name": seat.display_name,
                                         "isAnonymous": False, "modificationDate": modified, "bggUsername": ""}
                if seat.kind == "automa":
                    entry["metaData"] = '{"isNpc":1}'
                players[pid] = entry
            scores.append({
                "playerRefId": players[pid]["id"],
                "score": str(seat.score),
                "winner": rank[seat.color] == 1,
                "newPlayer": False,
                "startPlayer": seat.color == start,
                "rank": rank[seat.color],
                "seatOrder": 0,
                "role": seat.difficulty.capitalize() if seat.kind == "automa" and seat.difficulty else "",
            })
        ended = play.ended or play.started
        entry_play: dict[str, Any] = {
            "uuid": _uuid("play", play.key),
            "gameRefId": 1,
            "playDate": _stamp(play.started, tz),
            "entryDate": _stamp(ended, tz),
            "modificationDate": _stamp(ended, tz),
            "durationMin": max(0, round((ended - play.started).total_seconds() / 60)),
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "rounds": play.rounds,
            "scoringSetting": 0,
            "bggId": 0,
            "playImages": "[]",
            "comments": _comment(play, ranked),
            "expansionPlays": [{"bggId": BGG_ID, "gameRefId": 2}] if play.expansion else [],
            "playerScores": scores,
        }
        if locations:
            entry_play["locationRefId"] = 1
        out_plays.append(entry_play)
    return {
        "about": "Treasure Mountain plays exported by Treasure Companion, in the shape of a BG Stats export.",
        "games": games,
        "players": list(players.values()),
        "locations": locations,
        "plays": out_plays,
    }
