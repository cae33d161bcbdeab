"""Scenario B in the browser: the end of a solo game played with the app, its verdict, and History after saving.

The store is filled before the server starts: game 1 is a finished solo game, game 2 a solo game whose last
round is over (played by a bot), waiting for its score sheet.
"""

import pytest

from companion.rules.scoring import AutomaLine, automa_points, beard_rank
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession

pytestmark = pytest.mark.browser

SEEDED: dict[str, int] = {}


def played_to_the_end(store: Store, seed: int) -> GameSession:
    game = GameSession.new(Setup.solo(seed=seed, difficulty="hard")).game
    bot = Bot("greedy", seed)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


def automa_total(session: GameSession, color: str) -> int:
    line = AutomaLine.model_validate(session.game.automa_line(color))
    return automa_points(
        line.difficulty, line.mine_tiles, line.gem_mine_tiles, line.gold, line.mined_gems, line.track
    ).total


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        done = played_to_the_end(store, 11)
        done.act({"type": "game_end", "scores": {"blue": 150, "red": 140, "green": 120}})
        waiting = played_to_the_end(store, 5)
        SEEDED["game"] = waiting.game_id
        SEEDED["best"] = max(automa_total(waiting, c) for c in ("red", "green"))


def enter(app, label: str, value: str, shows: str) -> None:
    """Type ``value`` into a field and wait until the screen shows ``shows``. Typed a second time when the keys
    were lost: on a freshly opened page the harness's typing now and then does not reach the field (about one
    run in three here), which is a harness matter, not the screen's."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(2):
        app.fill(label, value)
        try:
            app.expect_text(shows, timeout_ms=4_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"typed {value!r} into {label!r} twice, the screen never showed {shows!r}")


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_the_sheet_keeps_the_automa_hidden_until_revealed(app):
    app.open("/final", size="desktop")
    app.expect_text("Reveal red's and green's counts to see the ranking and save the result.")
    # The next step, pinned at the bottom: reveal; saving comes once everything is counted and revealed.
    app.assert_in_view("Reveal red's counts")
    assert "Save the result" not in app.text()
    assert "Tiles in stack" not in app.text()  # the stash stays face down
    app.shot("final-sheet", wait_ms=1500)
    app.click("Reveal red's counts")
    app.expect_text("Tiles in stack")
    app.assert_in_view("Hide red's counts")  # the screen went to what was revealed
    app.expect_text("Reveal green's counts to see the ranking")
    app.assert_in_view("Reveal green's counts")
    app.shot("final-red-revealed")


def test_a_solo_win_shows_the_verdict_is_saved_and_history_lists_it(app):
    app.open("/final")
    app.expect_text("Reveal red's counts")
    app.expect_text("plus 100 for each lap the lap disc shows")  # a track past 100 is not the marker's space
    app.shot("final-sheet-top", wait_ms=1500)
    target = SEEDED["best"] + 1
    # + the starting sapphire: a set of 2, 2 points (an estimate)
    enter(app, "Blue track points", str(target - 2), shows=f"{target} points")
    # On the phone blue's count fields fill the window: each next step is in the bar pinned below them.
    app.assert_in_view("Reveal red's counts")
    app.click("Reveal red's counts")
    app.expect_text("Hide red's counts")
    app.assert_in_view("Reveal green's counts")
    app.click("Reveal green's counts")
    rank = beard_rank(target)
    verdict = f"You win with {target} (the best automa has {SEEDED['best']}). Beard rank: {rank}."
    app.expect_text(verdict)
    app.assert_in_view(verdict, role="text")
    heading = app.top_of("Result")  # the screen went to the result, now right under the title card
    assert heading is not None and heading < 844 / 2, heading
    app.expect_text("estimate")  # the set of 2 is the app's estimate, marked where used
    app.assert_in_view("Save the result")
    app.shot("final-verdict")
    app.click("Save the result")
    app.expect_text("The result as saved: it is in History.")
    app.assert_in_view("History")  # nothing covers the buttons under the result (no snack bar)
    app.assert_in_view("New game")
    app.assert_in_view(f"You win with {target}", role="text")  # and the verdict is in view with them
    assert "The result is saved" not in app.text()
    app.shot("final-saved")
    app.click("History")
    app.expect_text(f"Solo win, beard rank {rank}")
    app.expect_text(f"Game {SEEDED['game']}")
    app.shot("history-after-save", wait_ms=1500)
    # Then the end of the game in a new session, as after a restart (in this test: tests may run in any order):
    # nothing in progress, so the game that ended last, read only.
    app.open("/final")
    app.expect_text("The result as saved: it is in History.")
    app.expect_text(f"Game {SEEDED['game']},")
    assert "Save the result" not in app.text()


def test_a_finished_game_shows_its_saved_result_read_only(app):
    app.open("/history/game?game=1", size="desktop")
    app.expect_text("You win with 150 (the best automa has 140). Beard rank: Short Boxed.")
    app.expect_text("as saved at the end of the game")  # the human's counts were not kept, only the total
    assert "Save the result" not in app.text()
    app.shot("final-read-only", wait_ms=1500)
