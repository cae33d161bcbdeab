"""Export for BG Stats in the browser: the end-of-game screen and History hand the browser a file to download,
and the file is a BG Stats export of the right games (games in progress left out)."""

import json

import pytest

from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from tests.export.test_bgstats import by_color, check_shape

pytestmark = pytest.mark.browser

SEEDED: dict[str, int] = {}


def finished(store: Store, seed: int, scores: dict[str, int] | None) -> int:
    """A solo game played by a bot (in memory, then stored) to the score sheet, and saved with ``scores``."""
    game = GameSession.new(Setup.solo(seed=seed, difficulty="hard")).game
    bot = Bot("greedy", seed)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    session = GameSession.resume(store, store.create_game(game.header(), events=game.events()))
    if scores is not None:
        session.act({"type": "game_end", "scores": scores})
    return session.game_id


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        SEEDED["won"] = finished(store, 11, {"blue": 150, "red": 140, "green": 120})
        SEEDED["tied"] = finished(store, 12, {"blue": 130, "red": 130, "green": 90})
        SEEDED["waiting"] = finished(store, 13, None)


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def download(app, label: str = "Export for BG Stats"):
    with app.page.expect_download(timeout=15_000) as info:
        app.click(label)
    return info.value


def test_the_final_screen_downloads_that_game(app):
    app.open(f"/history/game?game={SEEDED['tied']}")
    app.expect_text("Export for BG Stats")
    app.scroll(4000)
    app.shot("bgstats-final-button", wait_ms=1000)
    got = download(app)
    assert got.suggested_filename == f"treasure-mountain-game-{SEEDED['tied']}.bgsplay"
    data = json.loads(open(got.path(), encoding="utf-8").read())
    check_shape(data)
    scores = by_color(data)
    # A tie with an automa is a loss: red ranks ahead.
    assert (scores["Red automa"]["rank"], scores["Blue"]["rank"]) == (1, 2)
    app.expect_text("open it with BG Stats")


def test_history_downloads_every_finished_game(app):
    app.open("/history")
    app.expect_text("Export for BG Stats")
    app.scroll(620)
    app.expect_text("One file with your 2 finished games")
    app.shot("bgstats-history-button", wait_ms=1500)
    got = download(app)
    assert got.suggested_filename == "treasure-mountain-2-games.bgsplay"
    data = json.loads(open(got.path(), encoding="utf-8").read())
    check_shape(data)
    assert len(data["plays"]) == 2
    app.expect_text("1 game in progress left out")
    app.shot("bgstats-history-done")
