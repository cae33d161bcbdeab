"""The game store's finished games: finishing, the list of games, the game in progress, deleting, the summary's
validation, and the history's statistics by difficulty."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from companion.store import DifficultyStats, GameNotFound, GameSummary
from tests.store.games_helpers import HEADER, Log


def summary(scores, humans=("blue",), difficulty="hard", verdict=None, beard_rank=None) -> GameSummary:
    winner = max(scores, key=scores.get)
    return GameSummary(scores, winner, humans, difficulty, verdict, beard_rank)


def test_finish_list_in_progress_and_delete(store):
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    log_a, log_b = Log(), Log()
    a = store.create_game(HEADER, started=t0, events=log_a.step(2))
    b = store.create_game(HEADER, started=t0 + timedelta(days=1), events=log_b.step(1))
    assert store.in_progress() == b
    store.append_step(a, log_a.step(1))  # a is the one played last now
    assert store.in_progress() == a
    s = summary({"blue": 118, "red": 104}, verdict="win", beard_rank="Balbo")
    store.finish(a, s)
    assert store.in_progress() == b
    games = store.list_games()
    assert [g.id for g in games] == [b, a]  # newest first
    info = games[1]
    assert info.finished and info.summary == s and info.steps == 3 and info.ended is not None
    assert info.players == [{"color": "blue", "kind": "human"}, {"color": "red", "kind": "automa"}]
    assert json.loads(json.dumps(info.to_json()))["summary"]["beard_rank"] == "Balbo"
    assert not games[0].finished and games[0].summary is None
    store.undo_step(a)  # changing a finished game's log reopens it: the summary no longer describes it
    assert store.list_games()[1].summary is None and store.in_progress() == a
    store.delete_game(a)
    assert [g.id for g in store.list_games()] == [b]
    with pytest.raises(GameNotFound):
        store.load(a)
    c = store.create_game(HEADER)
    assert c > a  # ids are never reused: an exported file named after a deleted game stays unambiguous
    store.finish(b, None)
    store.finish(c, None)
    assert store.in_progress() is None


def test_summary_validation():
    with pytest.raises(ValueError, match="winner"):
        GameSummary({"blue": 1}, "red", ("blue",))
    with pytest.raises(ValueError, match="humans"):
        GameSummary({"blue": 1}, "blue", ("green",))
    with pytest.raises(ValueError, match="verdict"):
        GameSummary({"blue": 1}, "blue", ("blue",), verdict="draw")
    with pytest.raises(ValueError, match="whole number"):
        GameSummary({"blue": 1.5}, "blue", ("blue",))
    s = GameSummary({"blue": 1, "red": 0}, "blue", ["blue"], "easy", "win", "Stubble")
    assert GameSummary.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_history_stats_by_hand(store):
    games = [
        summary({"blue": 118, "red": 104, "green": 97}, verdict="win", beard_rank="Balbo"),
        summary({"blue": 85, "red": 80, "green": 70}, verdict="win", beard_rank="Van Dyke"),
        summary({"blue": 80, "red": 95, "green": 70}, verdict="loss"),
        summary({"blue": 125, "red": 100, "green": 99}, verdict="win", beard_rank="Balbo"),
        summary({"blue": 60, "red": 50, "green": 40}, difficulty="easy", verdict="win", beard_rank="Goatee"),
        summary({"blue": 96, "yellow": 96, "red": 80, "green": 70}, humans=("blue", "yellow", "red", "green"),
                difficulty=None),
        summary({"blue": 90, "yellow": 85, "red": 100}, humans=("blue", "yellow"), difficulty="punishing"),
    ]
    for s in games:
        store.finish(store.create_game(HEADER), s)
    store.create_game(HEADER)  # unfinished: not counted
    store.finish(store.create_game(HEADER), None)  # finished without a summary: nothing to count
    stats = store.history_stats()
    assert stats.games == 7
    assert list(stats.by_difficulty) == ["easy", "hard", "punishing", None]
    hard = stats.by_difficulty["hard"]
    assert hard == DifficultyStats(
        "hard", games=4, solo_games=4, solo_wins=3, best_human_score=125,
        average_human_score=(118 + 85 + 80 + 125) / 4, beard_ranks={"Van Dyke": 1, "Balbo": 2},
    )
    assert list(hard.beard_ranks) == ["Van Dyke", "Balbo"]  # by the score that earned them, not by name
    assert hard.win_rate == 0.75
    easy = stats.by_difficulty["easy"]
    assert (easy.games, easy.solo_wins, easy.win_rate, easy.best_human_score, easy.average_human_score) == (
        1, 1, 1.0, 60, 60.0)
    assert easy.beard_ranks == {"Goatee": 1}
    none = stats.by_difficulty[None]
    assert (none.games, none.solo_games, none.win_rate, none.best_human_score) == (1, 0, None, 96)
    assert none.average_human_score == (96 + 96 + 80 + 70) / 4 and none.beard_ranks == {}
    punishing = stats.by_difficulty["punishing"]
    assert (punishing.best_human_score, punishing.average_human_score, punishing.win_rate) == (90, 87.5, None)


def test_history_of_an_empty_store(store):
    assert store.history_stats().by_difficulty == {} and store.history_stats().games == 0
    assert store.list_games() == [] and store.in_progress() is None
