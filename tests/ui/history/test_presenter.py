"""The history presenter on a real store: games played by a bot, finished through the session as the app does."""

import re
from datetime import UTC

import pytest

from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.history.presenter import HistoryPresenter


def at_final_scores(store: Store, setup: Setup, seed: int = 1) -> GameSession:
    """A stored game played by a bot to its last round (in memory first: a stored step syncs to disk)."""
    game = GameSession.new(setup).game
    bot = Bot("greedy", seed)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


def finished(store: Store, setup: Setup, scores: dict[str, int]) -> GameSession:
    session = at_final_scores(store, setup)
    session.act({"type": "game_end", "scores": scores})
    return session


@pytest.fixture
def games(store):
    """1: a Hard solo win (Balbo); 2: a Hard solo tie, so a loss; 3: an Easy solo win; 4: two players, no automa;
    5: a Hard solo game in progress."""
    ids = {
        "win": finished(store, Setup.solo(seed=1), {"blue": 118, "red": 104, "green": 97}).game_id,
        "tie": finished(store, Setup.solo(seed=2), {"blue": 90, "red": 90, "green": 80}).game_id,
        "easy": finished(store, Setup.solo(seed=3, difficulty="easy"), {"blue": 131, "red": 80, "green": 99}).game_id,
        "pair": finished(
            store,
            Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=4),
            {"blue": 70, "yellow": 75},
        ).game_id,
    }
    playing = GameSession.new(Setup.solo(seed=5), store)
    playing.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    ids["playing"] = playing.game_id
    return ids


def test_every_game_is_listed_with_its_players_scores_winner_and_verdict(store, games):
    v = HistoryPresenter(store, band=lambda d: None, tz=UTC).view()
    rows = {r.id: r for r in v.games}
    assert [r.id for r in v.games] == sorted(rows, reverse=True)  # the newest first
    win = rows[games["win"]]
    assert win.title == f"Game {games['win']}" and re.fullmatch(r"\d{1,2} \w{3} \d{4}, \d\d:\d\d", win.when)
    assert win.players == "Blue, Red automa (Hard), Green automa (Hard)"
    assert win.status == "finished" and not win.in_progress
    assert win.scores == "Blue 118, Red automa 104, Green automa 97"
    assert win.winner == "Blue wins" and win.verdict == "Solo win, beard rank Balbo" and win.solo_win
    assert win.result_label == f"Result of game {games['win']}" and win.open_label == ""
    tie = rows[games["tie"]]
    assert tie.verdict == "Solo loss" and tie.solo_win is False  # a tie with an automa is a loss
    assert "Blue 90" in tie.scores and "Red automa 90" in tie.scores
    pair = rows[games["pair"]]
    assert pair.players == "Blue, Yellow" and pair.winner == "Yellow wins" and pair.verdict == ""
    playing = rows[games["playing"]]
    assert playing.in_progress and playing.status == "in progress" and playing.scores == ""
    assert playing.players == "Blue, Red automa (Hard), Green automa (Hard)"  # read from the game's setup
    assert playing.open_label == f"Continue game {games['playing']}"
    assert playing.delete_label == f"Delete game {games['playing']}"


def test_the_record_per_difficulty(store, games):
    stats = {s.difficulty: s for s in HistoryPresenter(store, band=lambda d: None).view().stats}
    assert list(stats) == ["easy", "hard", None]
    hard = stats["hard"]
    assert (hard.title, hard.games, hard.solo_games, hard.solo_wins, hard.win_rate) == ("Hard", 2, 2, 1, "50%")
    assert (hard.best, hard.average) == (118, "104")
    assert hard.beard_ranks == (("Balbo", 1),)
    easy = stats["easy"]
    assert (easy.solo_wins, easy.win_rate, easy.best, easy.beard_ranks) == (1, "100%", 131, (("Short Boxed", 1),))
    without = stats[None]
    assert (without.title, without.games, without.solo_games, without.win_rate, without.best) == (
        "Without automa",
        1,
        0,
        "-",
        75,
    )
    assert without.average == "72.5"


def test_the_chart_shows_one_difficulty_and_says_when_it_has_no_band(store, games):
    p = HistoryPresenter(store, band=lambda d: None, tz=UTC)
    chart = p.view().chart
    assert chart.difficulty == "easy"  # the latest solo game's
    assert chart.choices == (("easy", "Easy (1)"), ("hard", "Hard (2)"))
    assert [(pt.x, pt.y, pt.win) for pt in chart.points] == [(1, 131, True)]
    assert chart.band is None and "have not been simulated yet" in chart.note
    p.show_chart("hard")
    chart = p.view().chart
    assert [(pt.x, pt.y, pt.win) for pt in chart.points] == [(1, 118, True), (2, 90, False)]
    assert chart.min_y <= 90 and chart.max_y >= 118 and chart.min_y % chart.y_step == chart.max_y % chart.y_step == 0
    assert "Hard, 2 games, 1 won" in chart.summary
    # A date along the bottom only where the day changes (these games were all played just now).
    assert chart.x_labels[0][0] == 1 and len({day for _, day in chart.x_labels}) == len(chart.x_labels)


def test_the_chart_draws_the_band_of_the_difficulty_shown(store, games):
    bands = {"hard": (95, 112, 130), "easy": (70, 85, 100)}
    p = HistoryPresenter(store, band=bands.get)
    p.show_chart("hard")
    chart = p.view().chart
    assert (chart.band.p10, chart.band.p50, chart.band.p90) == (95, 112, 130)
    assert chart.note.startswith("Shaded: what the automa usually score at Hard")
    assert chart.min_y <= 90 and chart.max_y >= 130
    assert "usually score 95 to 130" in chart.summary
    p.show_chart("punishing")  # not played: back to the latest
    assert p.view().chart.difficulty == "easy"


def test_no_games(store):
    v = HistoryPresenter(store, band=lambda d: None).view()
    assert v.empty and v.stats == () and v.chart.points == () and v.chart.difficulty is None
    assert v.chart.note.startswith("No solo game finished yet")


def test_delete_asks_first_then_removes_the_game_and_its_scores(store, games):
    p = HistoryPresenter(store, band=lambda d: None, tz=UTC)
    ask = p.confirm_delete(games["win"])
    assert ask.title == f"Delete game {games['win']}?"
    assert "Blue won" in ask.text and "cannot be undone" in ask.text
    assert ask.yes == f"Yes, delete game {games['win']}" and ask.no == "Keep it"
    assert games["win"] in [r.id for r in p.view().games]  # asking deletes nothing
    assert p.delete(games["win"])
    v = p.view()
    assert games["win"] not in [r.id for r in v.games]
    hard = next(s for s in v.stats if s.difficulty == "hard")
    assert (hard.games, hard.solo_wins, hard.beard_ranks) == (1, 0, ())
    assert not p.delete(games["win"]) and "was not deleted" in p.error


def test_open_a_game_in_progress(store, games):
    p = HistoryPresenter(store)
    session = p.open(games["playing"])
    assert session is not None and session.game_id == games["playing"]
    assert session.game.decision.kind != "starting_rolls"  # replayed to where it was
    store.delete_game(games["playing"])
    assert p.open(games["playing"]) is None and "could not be opened" in p.error


def test_a_low_score_is_drawn_above_the_dates(store):
    """A solo score under about 10 had its dot on the chart's floor (0), over the dates drawn below it: the floor
    now leaves a sixteenth of the chart's height (a dot's radius and more) under the lowest point."""
    finished(store, Setup.solo(seed=1), {"blue": 4, "red": 104, "green": 97})
    finished(store, Setup.solo(seed=2), {"blue": 118, "red": 90, "green": 80})
    chart = HistoryPresenter(store, band={"hard": (95, 112, 130)}.get).view().chart
    low = min(p.y for p in chart.points)
    assert low == 4
    assert low - chart.min_y >= (chart.max_y - chart.min_y) / 16
    assert chart.max_y - 130 >= (chart.max_y - chart.min_y) / 16  # and the band's top is not at the top edge
    assert chart.min_y < 0 < chart.max_y and chart.max_y % chart.y_step == 0


def test_the_chart_shows_the_bands_of_the_decks_in_use(store, tmp_path):
    from companion.rules.automa.calibration import band, decks_label, load_calibration
    from companion.rules.automa.deck import DECKS_DIR
    from companion.store.calibration_file import save_calibration
    from companion.store.decks import decks_in_use, keep

    assert HistoryPresenter(store).bands_from() == "the app's decks"
    p = HistoryPresenter.with_deck_bands(store, tmp_path)
    assert p.bands_from() == "the app's decks" and p.band("hard") == band("hard")
    keep(tmp_path, "red", (DECKS_DIR / "red.toml").read_text("utf-8"))
    app = load_calibration()
    higher = [b.model_copy(update={"p10": b.p10 + 50, "p50": b.p50 + 50, "p90": b.p90 + 50}) for b in app.bands]
    mine = app.model_copy(update={"decks": decks_label(decks_in_use(tmp_path)), "bands": higher})
    save_calibration(tmp_path, mine)
    assert p.bands_from() == "your red deck and the app's green deck"  # asked at each drawing
    assert p.band("hard") == band("hard", mine) != band("hard")
