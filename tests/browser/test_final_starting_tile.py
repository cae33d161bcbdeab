"""The end-of-game sheet of a yellow player (rules audit B3): the starting tile's type is the app's estimate, marked
so, and the player picks what their tile shows; the total follows.

The store is filled before the server starts: game 1 is a solo game of a yellow player whose last round is over.
"""

import pytest
from engine_helpers import automa, human

from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession

pytestmark = pytest.mark.browser

SEEDED: dict[str, int] = {}


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        setup = Setup.build([human("yellow"), automa("red", "red"), automa("green", "green")], seed=5,
                            expansion=True)
        game = GameSession.new(setup).game
        bot = Bot("greedy", 5)
        while game.decision.kind != "final_scores":
            game.act(bot.input_for(game))
        SEEDED["game"] = store.create_game(game.header(), events=game.events())


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_a_guessed_starting_tile_is_marked_and_the_player_picks_theirs(app):
    app.open(f"/final?game={SEEDED['game']}")
    app.expect_text("Yellow starting tile")
    app.expect_text("this one is the app's guess: pick the gems your tile shows")
    app.fill("Yellow diamond tiles", "2")
    app.expect_text("7 points")  # 2 diamonds + the starting tile counting as 2: a set of 4
    app.scroll(-2000)
    app.shot("final-starting-tile-estimate", wait_ms=800)
    app.click("Ruby", exact=True)
    app.expect_text("4 points")  # now a set of 2 rubies and a set of 2 diamonds
    app.expect_no_text("this one is the app's guess")
    app.scroll(-2000)
    app.shot("final-starting-tile-picked", wait_ms=800)
    app.resize("desktop")
    app.shot("final-starting-tile-picked", wait_ms=800)
