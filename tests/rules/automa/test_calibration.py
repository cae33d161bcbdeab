"""The shipped difficulty bands: complete, sensible, and reproducible from their seed."""

from companion.rules.automa.calibration import band, band_for, describe_band, load_calibration, percentile
from companion.sim.calibrate import fingerprint

CAL = load_calibration()


def test_the_bands_are_shipped():
    assert CAL is not None, "run: python -m tests.bench.calibrate --games 10000 --seed 2026"


def test_percentile_is_nearest_rank():
    assert percentile([5, 1, 3, 2, 4], 50) == 3
    assert percentile(list(range(1, 101)), 10) == 10
    assert percentile(list(range(1, 101)), 90) == 90


def test_every_difficulty_deck_and_bot_has_a_band_from_at_least_10000_games():
    seen = {(b.difficulty, b.deck, b.bot) for b in CAL.bands}
    assert seen == {(d, k, b) for d in ("easy", "hard", "punishing") for k in ("red", "green")
                    for b in ("random", "greedy")}
    for b in CAL.bands:
        assert b.games >= 10000
        assert b.p10 <= b.p50 <= b.p90


def test_harder_tables_give_the_automa_more_points():
    medians = {d: band(d)[1] for d in ("easy", "hard", "punishing")}
    assert medians["easy"] < medians["hard"] < medians["punishing"]


def test_the_shipped_data_played_the_shipped_decks_and_has_the_bots_scores():
    assert CAL.decks == {"red": "app", "green": "app"}
    assert {(b.difficulty, b.bot) for b in CAL.bot_bands} == {(d, b) for d in ("easy", "hard", "punishing")
                                                               for b in ("random", "greedy")}


def test_the_data_is_reproducible_from_its_seed():
    for f in CAL.fingerprints:
        assert fingerprint(f.games, f.seed, f.difficulty, f.bot) == f.sha256, (f.difficulty, f.bot)


def test_new_game_line_names_the_bands_with_each_automa_s_median():
    p10, _, p90 = band_for("hard", "random")
    g10, _, g90 = band_for("hard", "greedy")
    red, green = band_for("hard", "random", decks=["red"]), band_for("hard", "random", decks=["green"])
    expected = (f"Hard: the automa usually score {p10}–{p90}, medians red {red[1]}, green {green[1]} "
                f"({g10}–{g90} when you take the all-play spaces)")
    assert describe_band("hard") == expected
    assert band("hard")[0] == min(p10, g10) and band("hard")[2] == max(p90, g90)


def test_a_game_with_one_automa_shows_that_automa_s_band_only():
    """Two players and the red automa: the green deck's scores are not in its band."""
    red = next(b for b in CAL.bands if (b.difficulty, b.bot, b.deck) == ("hard", "random", "red"))
    greedy = next(b for b in CAL.bands if (b.difficulty, b.bot, b.deck) == ("hard", "greedy", "red"))
    assert describe_band("hard", decks=["red"]) == (
        f"Hard: the red automa usually scores {red.p10}–{red.p90}, median {red.p50} "
        f"({greedy.p10}–{greedy.p90} when you take the all-play spaces)")
    assert band("hard", decks=["red"]) != band("hard") and band("hard", decks=["green"]) != band("hard")
