"""The end-of-game sheet when the table kept the automa's things: each automa's counts are asked once here and
scored through its difficulty table; verdict, beard rank and History as when the app keeps the stash."""

from __future__ import annotations

import pytest

from companion.rules.scoring import automa_points, beard_rank
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store.session import GameSession
from companion.ui.final.presenter import SAVED, SHEET, FinalPresenter
from companion.ui.score.seats import AUTOMA_FIELDS

RED = {"track": 41, "mine_tiles": 9, "gem_mine_tiles": 7, "gold": 12, "mined_gems": 15}
GREEN = {"track": 30, "mine_tiles": 4, "gem_mine_tiles": 4, "gold": 20, "mined_gems": 8}


@pytest.fixture
def table_solo(store):
    """A table-kept solo game of the Punishing automa at its final scores, stored."""
    game = GameSession.new(Setup.solo(seed=8, difficulty="punishing", stash="table")).game
    bot = Bot("greedy", 8)
    while game.decision.kind != "final_scores":
        assert game.decision.kind != "question"
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


def enter(p: FinalPresenter, color: str, counts: dict) -> None:
    for key, value in counts.items():
        assert p.set_count(color, key, str(value)) is None


def table_total(counts: dict, difficulty: str = "punishing") -> int:
    c = counts
    return automa_points(difficulty, c["mine_tiles"], c["gem_mine_tiles"], c["gold"], c["mined_gems"], c["track"]).total


def test_the_sheet_asks_each_automa_s_counts_and_scores_them_through_the_difficulty_table(table_solo):
    p = FinalPresenter(table_solo)
    v = p.view()
    assert v.mode == SHEET and v.table_stash
    assert v.automa == () and v.waiting_for == ""  # nothing to reveal: the counts are entered here
    assert v.automa_totals == {"red": 0, "green": 0}  # not the app's partial count: what is entered
    assert [k for k, _ in p.sheet.seat("red").fields(True)] == [k for k, _ in AUTOMA_FIELDS]
    enter(p, "red", RED)
    enter(p, "green", GREEN)
    v = p.view()
    assert v.automa_totals == {"red": table_total(RED), "green": table_total(GREEN)}
    rows = {r.color: r for r in v.result.rows}
    assert rows["red"].total == table_total(RED)
    labels = [line.label for line in rows["red"].lines]
    assert "Tiles in stack" in labels and "Gold" in labels
    assert v.can_save


def test_the_verdict_beard_rank_and_history_work_the_same(table_solo, store):
    p = FinalPresenter(table_solo)
    enter(p, "red", RED)
    enter(p, "green", GREEN)
    best = max(table_total(RED), table_total(GREEN))
    target = best + 1
    p.set_count("blue", "track", str(target - 2))  # the starting sapphire: a set of 2 scores 2
    v = p.view()
    assert v.result.solo.win and v.result.solo.beard_rank == beard_rank(target)
    assert p.save(), p.error
    (info,) = store.list_games()
    assert info.summary.verdict == "win" and info.summary.beard_rank == beard_rank(target)
    assert info.summary.scores == {"blue": target, "red": table_total(RED), "green": table_total(GREEN)}
    sheet = table_solo.game.events()[-1]["sheet"]
    assert {p_["color"]: p_["gold"] for p_ in sheet["players"] if p_["kind"] == "automa"} == {"red": 12, "green": 20}
    # After a restart the saved result shows each automa's lines again, from the sheet the record kept.
    resumed = FinalPresenter(GameSession.resume(store, table_solo.game_id)).view()
    assert resumed.mode == SAVED and resumed.automa == ()
    rows = {r.color: r for r in resumed.result.rows}
    assert rows["red"].lines == {r.color: r for r in v.result.rows}["red"].lines
    assert not any("stash" in line.detail for r in resumed.result.rows for line in r.lines)


def test_a_tie_with_an_automa_entered_on_the_sheet_is_a_loss(table_solo):
    p = FinalPresenter(table_solo)
    enter(p, "red", RED)
    p.set_count("blue", "track", str(table_total(RED) - 2))
    v = p.view()
    assert not v.result.solo.win and v.result.rows[0].color == "red"


def test_more_gem_tiles_than_tiles_is_an_error_and_cannot_be_saved(table_solo):
    p = FinalPresenter(table_solo)
    enter(p, "red", {"mine_tiles": 2, "gem_mine_tiles": 3})
    v = p.view()
    assert v.error and not v.can_save and not p.save()


def test_an_app_kept_game_still_refuses_automa_counts(store):
    game = GameSession.new(Setup.solo(seed=8)).game
    bot = Bot("greedy", 8)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    p = FinalPresenter(GameSession.resume(store, store.create_game(game.header(), events=game.events())))
    with pytest.raises(ValueError, match="only the humans"):
        p.set_count("red", "gold", "3")
    assert not p.view().table_stash and len(p.view().automa) == 2


def test_a_track_past_100_counts_whole_the_rulebook_s_lap_example(table_solo):
    """Audit C and D8: the base rulebook's lap example (99 points, scores 2: the marker stands on 1 and the lap
    disc on +100, 101 points). The sheet takes 101 for a person and for an automa and scores it as 101, and the
    sheet says to add the lap disc's 100 (before, "where its score marker stands" gave 1)."""
    from companion.ui.final.view import TRACK_POINTS

    assert "where the score marker stands, plus 100 for each lap" in TRACK_POINTS
    p = FinalPresenter(table_solo)
    lapped = {**RED, "track": 99 + 2}
    enter(p, "red", lapped)
    enter(p, "green", GREEN)
    assert p.set_count("blue", "track", "101") is None
    v = p.view()
    assert v.automa_totals["red"] == table_total(lapped) == table_total({**RED, "track": 1}) + 100
    assert v.human_totals["blue"] == 101 + 2  # and the starting sapphire, a set of 2
    rows = {r.color: r for r in v.result.rows}
    assert rows["blue"].total == 103 and rows["red"].total == table_total(lapped)
