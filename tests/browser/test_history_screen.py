"""History in the browser: every game with its result, the record, the chart; delete asks first; continue a game.

The store is filled before the server starts: games 1 to 3 are finished solo games (a Hard win, a Hard tie
that is a loss, an Easy win), game 4 a Hard solo game in progress.
"""

import pytest

from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession

pytestmark = pytest.mark.browser


def finished(store: Store, setup: Setup, scores: dict[str, int]) -> None:
    game = GameSession.new(setup).game
    bot = Bot("greedy", setup.seed)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    session = GameSession.resume(store, store.create_game(game.header(), events=game.events()))
    session.act({"type": "game_end", "scores": scores})


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        finished(store, Setup.solo(seed=1), {"blue": 118, "red": 104, "green": 97})
        finished(store, Setup.solo(seed=2), {"blue": 90, "red": 90, "green": 80})
        finished(store, Setup.solo(seed=3, difficulty="easy"), {"blue": 131, "red": 80, "green": 99})
        GameSession.new(Setup.solo(seed=4), store).act({"type": "starting_rolls", "rolls": {"blue": 4}})


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_history_lists_every_game_with_its_result_and_the_record(app):
    """On a phone, then the same screen at a desktop's width."""
    app.open("/")
    app.click("History")
    app.expect_text("Your record")
    app.expect_text("50%")  # Hard: one win in two solo games
    app.expect_text("Balbo")
    app.expect_text("Shaded: what the automa usually score at Easy")  # the latest solo game's difficulty
    app.shot("history", wait_ms=1500)  # the first frames of a new screen are slow
    app.click("Hard (2)")
    app.expect_text("Shaded: what the automa usually score at Hard")
    app.shot("history-hard")
    app.expect_text("Solo win, beard rank Balbo")
    app.expect_text("Solo loss")
    app.expect_text("in progress")
    app.control("Delete game 4").scroll_into_view_if_needed()
    app.shot("history-games")
    app.resize("desktop")
    app.expect_text("Shaded: what the automa usually score at Hard")
    app.expect_text("Solo win, beard rank Balbo")
    app.shot("history-hard")


def test_delete_asks_first(app):
    app.open("/history", size="desktop")
    app.click("Delete game 2")
    app.expect_text("Delete game 2?")
    app.expect_text("cannot be undone")
    app.shot("history-delete-confirm")
    app.click("Keep it")
    app.expect_no_text("Delete game 2?")
    with Store.open(app.server.data_dir) as store:
        assert 2 in [g.id for g in store.list_games()]
    app.click("Delete game 2")
    app.click("Yes, delete game 2")
    app.expect_no_text("Solo loss")
    with Store.open(app.server.data_dir) as store:
        assert [g.id for g in store.list_games()] == [4, 3, 1]
    app.page.get_by_role("button", name="Delete game 2", exact=True).wait_for(state="detached")
    app.shot("history-after-delete")


def test_continue_a_game_in_progress(app):
    app.open("/history")
    app.click("Continue game 4")
    app.expect_text("Undo")
    assert app.page.evaluate("() => location.pathname") == "/round"


def test_a_finished_game_opens_its_result(app):
    app.open("/history")
    app.click("Result of game 3")
    app.expect_text("You win with 131 (the best automa has 99). Beard rank: Short Boxed.")
