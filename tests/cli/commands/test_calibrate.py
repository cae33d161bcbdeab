"""treasure-companion calibrate: bands per difficulty, the same whatever --jobs, transcribed decks, clear errors."""


import pytest

from companion.cli.main import main
from companion.rules.automa.calibration import Calibration, deck_digest
from companion.sim.calibrate import calibrate, fingerprint, scores_digest
from tests.sim.test_simulate import _transcribed_red


def _run(capsys, *args):
    code = main(["calibrate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_same_arguments_same_output_whatever_jobs(capsys):
    """Chunks finish in any order in two processes; the bands are merged by game index all the same."""
    args = ["--games", "60", "--seed", "4", "--bot", "random"]  # 60 games: two chunks per difficulty
    code1, one, err1 = _run(capsys, *args, "--jobs", "1")
    code2, two, err2 = _run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == 0
    assert one == two
    assert "calibrate: 180/180 games" in err1 and "calibrate: 180/180 games" in err2  # progress goes to stderr
    code3, other, _ = _run(capsys, "--games", "60", "--seed", "5", "--bot", "random", "--jobs", "1")
    assert other != one


def test_json_has_a_band_per_difficulty_for_each_automa_and_the_bot(capsys):
    code, out, _ = _run(capsys, "--games", "12", "--seed", "2", "--jobs", "1", "--json")
    assert code == 0
    cal = Calibration.model_validate_json(out)
    assert {(b.difficulty, b.bot, b.deck) for b in cal.bands} == {
        (d, b, k) for d in ("easy", "hard", "punishing") for b in ("random", "greedy") for k in ("red", "green")}
    assert len(cal.bot_bands) == 6
    for b in [*cal.bands, *cal.bot_bands]:
        assert b.games == 12 and b.seed == 2 and b.p10 <= b.p50 <= b.p90
    assert cal.decks == {"red": "app", "green": "app"}


def test_a_game_does_not_depend_on_how_many_games_the_run_has():
    """Each game is seeded from (seed, index) alone: the first games of a longer run are the same games."""
    long = calibrate(30, 8, bots=("greedy",), difficulties=("hard",))
    assert long.fingerprints[0].sha256 == fingerprint(20, 8, "hard", "greedy")
    assert long.fingerprints[0].sha256 != scores_digest([])


def test_a_transcribed_deck_is_played_and_named(tmp_path, capsys):
    from companion.rules.automa.deck import load_deck

    red = _transcribed_red(tmp_path)
    code, out, _ = _run(capsys, "--deck", str(red), "--games", "20", "--seed", "3", "--jobs", "1", "--json",
                        "--bot", "greedy")
    shipped = calibrate(20, 3, bots=("greedy",))
    assert code == 0
    cal = Calibration.model_validate_json(out)
    assert cal.decks == {"red": deck_digest(load_deck(red)), "green": "app"}
    assert "--deck my-red.toml" in cal.command
    mine = {(b.difficulty, b.deck): (b.p10, b.p50, b.p90) for b in cal.bands}
    theirs = {(b.difficulty, b.deck): (b.p10, b.p50, b.p90) for b in shipped.bands}
    assert any(mine[k] != theirs[k] for k in mine if k[1] == "red")
    _, text, _ = _run(capsys, "--deck", str(red), "--games", "2", "--seed", "3", "--jobs", "1")
    assert "red (transcribed " in text and "green (shipped)" in text


@pytest.mark.parametrize("args, expected", [
    (["--games", "0"], "--games must be from 1 to 20,000"),
    (["--games", "20001"], "--games must be from 1 to 20,000"),
    (["--jobs", "0"], "--jobs must be from 1 to 64"),
    (["--seed", "-1"], "--seed must be between"),
    (["--deck", "nowhere.toml"], "nowhere.toml: cannot read"),
])
def test_bad_arguments_exit_2_in_one_line(capsys, args, expected):
    code, out, err = _run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("calibrate: ") and expected in err


def test_the_text_table_lists_every_difficulty_for_each_player(capsys):
    code, out, _ = _run(capsys, "--games", "3", "--seed", "1", "--jobs", "1", "--bot", "random")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Final scores in 3 solo games")
    players = [(line.split()[0], line.split()[2]) for line in lines[2:]]
    assert players == [(d, p) for d in ("easy", "hard", "punishing") for p in ("red", "green", "bot")]
