"""Scenario D in the browser: the table keeps the automa's things.

New game offers the choice and remembers it; in play the round screen says what an automa takes and where it
goes, asking nothing; the end-of-game sheet asks each automa's counts once and gives the verdict.

The store is filled before the server starts: game 1 is a table-kept solo game whose last round is over,
game 2 a table-kept solo game in play, its last step an automa's all-play take.
"""

import pytest

from companion.rules.scoring import automa_points, beard_rank
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession

pytestmark = pytest.mark.browser

SEEDED: dict[str, int] = {}
RED = {"track points": 40, "tiles in stack": 8, "gem tiles in stack": 6, "gold": 10, "mined gems": 12}
GREEN = {"track points": 35, "tiles in stack": 5, "gem tiles in stack": 5, "gold": 14, "mined gems": 9}


def total(counts: dict) -> int:
    c = counts
    return automa_points("hard", c["tiles in stack"], c["gem tiles in stack"], c["gold"], c["mined gems"],
                         c["track points"]).total


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        game = GameSession.new(Setup.solo(seed=21, stash="table")).game
        bot = Bot("greedy", 21)
        while game.decision.kind != "final_scores":
            game.act(bot.input_for(game))
        SEEDED["ended"] = store.create_game(game.header(), events=game.events())
        game = GameSession.new(Setup.solo(seed=22, stash="table")).game
        bot = Bot("random", 22)
        while not any(e["type"] == "table_keeps" and e["what"] == "achievement" for e in game.steps[-1]):
            game.act(bot.input_for(game))
        SEEDED["playing"] = store.create_game(game.header(), events=game.events())


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_new_game_offers_the_choice_and_remembers_it(app):
    app.open("/new")
    assert not app.is_checked("The table keeps the automa's things")
    app.click("The table keeps the automa's things", role="switch")
    app.expect_text("asks nothing while you play")
    assert app.is_checked("The table keeps the automa's things")
    app.shot("table-new-game", wait_ms=800)
    app.scroll(1200)
    app.shot("table-new-game-switch", wait_ms=800)
    app.open("/new")  # a new session: the choice comes from the settings
    app.expect_text("asks nothing while you play")
    assert app.is_checked("The table keeps the automa's things")
    app.go_to("Settings")  # and Settings shows it, under At the table
    app.expect_text("nothing is asked while you play")
    assert app.is_checked("The table keeps the automa's things")
    app.scroll(500)
    app.shot("table-settings", wait_ms=800)


def test_in_play_the_round_screen_says_what_to_take_and_asks_nothing(app):
    app.open("/")
    app.click("Continue game")
    app.expect_text("achievement from the left and moves its score marker by the card's points")
    text = app.text()
    assert "Automa stash (hidden)" not in text
    app.shot("table-round", wait_ms=800)


def test_the_sheet_asks_each_automa_s_counts_once_and_gives_the_verdict(app):
    app.open(f"/final?game={SEEDED['ended']}")
    app.expect_text("what lies beside its deck")
    assert "Reveal red's counts" not in app.text()
    for color, counts in (("Red", RED), ("Green", GREEN)):
        for label, value in counts.items():
            app.fill(f"{color} {label}", str(value))
    best = max(total(RED), total(GREEN))
    app.expect_text(f"{total(RED)} points")
    app.expect_text(f"{total(GREEN)} points")
    target = best + 1
    app.fill("Blue track points", str(target - 2))  # the starting sapphire: a set of 2, 2 points
    app.expect_text(f"You win with {target} (the best automa has {best}). Beard rank: {beard_rank(target)}.")
    app.shot("table-final-sheet", wait_ms=800)
    app.scroll(760)
    app.shot("table-final-sheet-automa", wait_ms=800)
    app.scroll(900)
    app.shot("table-final-sheet-verdict", wait_ms=800)
    app.click("Save the result")
    app.expect_text("The result as saved: it is in History.")
