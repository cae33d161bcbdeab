"""The end-of-game presenter on real games: driven to their last round by a bot, saved through a real store."""

import pytest

from companion.rules.scoring import AutomaLine, automa_points, beard_rank
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.final.presenter import SAVED, SHEET, WAITING, FinalPresenter, describe_players


def to_final_scores(setup: Setup, store: Store, seed: int = 1) -> GameSession:
    """A stored game played by a bot until the last round is over (the sheet is what remains).

    Played in memory, then stored in one go (as an import is): a step-by-step store syncs every step to disk.
    """
    game = GameSession.new(setup).game
    bot = Bot("greedy", seed)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


@pytest.fixture
def solo(store):
    return to_final_scores(Setup.solo(seed=5, difficulty="hard"), store)


def automa_total(session: GameSession, color: str) -> int:
    line = AutomaLine.model_validate(session.game.automa_line(color))
    b = automa_points(line.difficulty, line.mine_tiles, line.gem_mine_tiles, line.gold, line.mined_gems, line.track)
    return b.total


def best_automa(session: GameSession) -> int:
    return max(automa_total(session, c) for c in ("red", "green"))


def test_the_sheet_hides_the_automa_until_revealed(solo):
    p = FinalPresenter(solo)
    v = p.view()
    assert v.mode == SHEET
    assert v.title == "Solo game against two automa (Hard)"
    assert v.humans == ("blue",)
    assert [(c.color, c.revealed, c.counts) for c in v.automa] == [("red", False, ()), ("green", False, ())]
    assert [c.reveal_label for c in v.automa] == ["Reveal red's counts", "Reveal green's counts"]
    # Nothing of the stash leaks through the result while it is hidden, and nothing can be saved.
    assert v.result is None and not v.can_save
    assert v.waiting_for == "Reveal red's and green's counts to see the ranking and save the result."
    assert not p.save() and p.error == v.waiting_for and not solo.game.finished

    p.reveal("red")
    v = p.view()
    red = v.automa[0]
    line = solo.game.automa_line("red")
    assert red.revealed and dict(red.counts) == {
        "Track points": line["track"],
        "Tiles in stack": line["mine_tiles"],
        "Gem tiles in stack": line["gem_mine_tiles"],
        "Gold": line["gold"],
        "Mined gems": line["mined_gems"],
    }
    assert v.result is None and v.waiting_for.startswith("Reveal green's counts")
    p.reveal("green")
    v = p.view()
    assert v.result is not None and v.can_save and v.waiting_for == ""
    totals = {r.color: r.total for r in v.result.rows}
    assert totals["red"] == automa_total(solo, "red") and totals["green"] == automa_total(solo, "green")
    p.hide("green")
    assert p.view().result is None


def test_the_final_turn_order_is_the_games_and_cannot_be_edited(solo):
    p = FinalPresenter(solo)
    assert [c for c, _ in p.view().turn_order] == list(solo.game.state.turn_order)
    assert dict(p.view().turn_order)["red"] == "Red automa (Hard)"
    with pytest.raises(ValueError, match="stash"):
        p.set_count("red", "gold", "40")
    with pytest.raises(ValueError, match="stash"):
        p.step("green", "gold", 1)


def test_a_win_gives_the_verdict_and_beard_rank_and_lands_in_the_history(solo, store):
    p = FinalPresenter(solo)
    target = best_automa(solo) + 1
    # No tiles added: the starting sapphire counts as 2, a set of 2 (an estimate of the chart): 2 points.
    assert p.set_count("blue", "track", str(target - 2)) is None
    p.reveal("red")
    p.reveal("green")
    v = p.view()
    assert v.human_totals == {"blue": target}
    assert v.result.solo.win and v.result.solo.beard_rank == beard_rank(target)
    assert v.result.solo.headline == (
        f"You win with {target} (the best automa has {best_automa(solo)}). Beard rank: {beard_rank(target)}."
    )
    assert v.result.rows[0].color == "blue" and v.result.rows[0].rank == 1
    mine = {line.label: line for line in v.result.rows[0].lines}["Mine tiles"]
    assert mine.mark == "estimate" and v.result.estimates_used

    assert p.save(), p.error
    assert solo.game.finished and solo.game.state.final_scores["blue"] == target
    (info,) = store.list_games()
    assert info.finished and info.summary.verdict == "win" and info.summary.beard_rank == beard_rank(target)
    assert info.summary.scores == {r.color: r.total for r in v.result.rows}
    # The saved result, read-only, with every line this session entered.
    saved = p.view()
    assert saved.mode == SAVED and saved.note == ""
    assert saved.result.rows == v.result.rows and saved.result.solo == v.result.solo
    with pytest.raises(ValueError, match="only while the game waits"):
        p.step("blue", "gold", 1)
    assert not p.save() and solo.game.finished


def test_a_tie_with_the_best_automa_is_a_loss_and_the_automa_ranks_higher(solo):
    p = FinalPresenter(solo)
    best = best_automa(solo)
    p.set_count("blue", "track", str(best - 2))
    p.reveal("red")
    p.reveal("green")
    v = p.view()
    assert v.human_totals["blue"] == best
    assert not v.result.solo.win and v.result.solo.beard_rank is None
    assert "a tie is not a win" in v.result.solo.headline
    top = next(c for c in ("red", "green") if automa_total(solo, c) == best)
    rows = {r.color: r for r in v.result.rows}
    # whatever the turn order, the ranking agrees with the verdict: the automa is ahead (ruling g)
    assert rows[top].rank < rows["blue"].rank
    assert "a solo tie goes to the automa" in rows[top].tie_note
    assert "ranks lower: a solo tie goes to the automa" in rows["blue"].tie_note


def test_after_a_restart_the_saved_result_shows_every_line_again(solo, store):
    p = FinalPresenter(solo)
    p.set_count("blue", "track", "40")
    p.set_count("blue", "gold", "7")
    p.reveal("red")
    p.reveal("green")
    before = p.view().result
    assert p.save()
    assert solo.game.events()[-1]["sheet"]["players"][0]["gold"] == 7  # the sheet is in the record
    resumed = GameSession.resume(store, solo.game_id)
    v = FinalPresenter(resumed).view()
    assert v.mode == SAVED and v.note == ""
    assert [(r.color, r.rank, r.total) for r in v.result.rows] == [(r.color, r.rank, r.total) for r in before.rows]
    assert v.result.solo == before.solo
    rows = {r.color: r for r in v.result.rows}
    assert rows["blue"].lines == {r.color: r for r in before.rows}["blue"].lines
    assert rows["red"].lines == {r.color: r for r in before.rows}["red"].lines
    assert all(c.revealed for c in v.automa)


def test_a_result_saved_without_its_sheet_keeps_the_totals_and_the_automa_lines(solo, store):
    p = FinalPresenter(solo)
    p.set_count("blue", "gold", "7")
    p.reveal("red")
    p.reveal("green")
    before = p.view().result
    solo.act({"type": "game_end", "scores": {r.color: r.total for r in before.rows}})  # totals only
    v = FinalPresenter(GameSession.resume(store, solo.game_id)).view()
    assert v.mode == SAVED and "not kept" in v.note
    rows = {r.color: r for r in v.result.rows}
    assert [line.label for line in rows["blue"].lines] == ["Total"]
    assert rows["red"].lines == {r.color: r for r in before.rows}["red"].lines


def test_a_game_not_yet_over_waits(store):
    session = GameSession.new(Setup.solo(seed=2), store)
    v = FinalPresenter(session).view()
    assert v.mode == WAITING and "starting rolls" in v.waiting_for and v.result is None
    assert not FinalPresenter(session).save()


def test_a_game_without_automa_shows_the_result_at_once(store):
    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=3)
    session = to_final_scores(setup, store)
    p = FinalPresenter(session)
    v = p.view()
    assert v.title == "2 players" and v.automa == () and v.result is not None and v.result.solo is None
    p.set_count("yellow", "track", "30")
    p.set_count("blue", "track", "30")
    rows = p.view().result.rows
    assert rows[0].total == rows[1].total and rows[0].tie_note and rows[1].tie_note
    assert p.save()
    assert store.list_games()[0].summary.winner == rows[0].color


def test_describe_players():
    assert describe_players(Setup.solo(difficulty="easy")) == "Solo game against two automa (Easy)"
    two = Setup.build(
        [
            Player(color="blue", kind="human"),
            Player(color="yellow", kind="human"),
            Player(color="red", kind="automa", deck="red", difficulty="punishing"),
        ]
    )
    assert describe_players(two) == "2 players and an automa (Punishing)"
