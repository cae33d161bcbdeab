"""Calibrating a transcribed deck in the background: progress, and the bands it keeps tied to the very cards."""

from companion.rules.automa.calibration import band, deck_digest, describe_band, load_calibration
from companion.store.calibration_file import bands_in_use, calibration_path, deck_bands, saved_calibration
from companion.store.decks import imported_deck
from companion.ui.decks.calibration import CalibrationRun, in_use, planned, start_run
from companion.ui.decks.cards import deck_toml
from companion.ui.decks.presenter import import_deck


def _import_red(data_dir, primary="treasure_hoard"):
    cards = [{"id": f"T{i}", "primary": primary, "secondary": "scout", "tertiary": f"tavern_{i}", "axes": i,
              "dwarf_king": i, "gem_market": "ruby", "tunnel": i, "wizards_cave": i} for i in range(1, 4)]
    assert import_deck(data_dir, deck_toml("red", cards)).error is None
    return imported_deck(data_dir, "red")


def test_a_calibration_reports_progress_and_its_bands_show_while_those_cards_are_in_use(tmp_path):
    red = _import_red(tmp_path)
    assert bands_in_use(tmp_path) == (load_calibration(), "the app's decks")
    seen = []
    run = CalibrationRun(tmp_path, games=3, jobs=1)
    run.on_progress = lambda r: seen.append((r.state, r.done))
    cal = run.run()
    assert run.state == "done" and run.label.startswith("Calibrated with 18 simulated games in ")
    assert seen[-1] == ("done", 18) and [d for _, d in seen[:-1]] == sorted(d for _, d in seen[:-1])
    assert cal.decks == {"red": deck_digest(red), "green": "app"}
    assert saved_calibration(tmp_path) == cal and calibration_path(tmp_path).is_file()
    shown, whose = bands_in_use(tmp_path)
    assert shown == cal and whose == "your red deck and the app's green deck"
    assert deck_bands(tmp_path)("hard") == band("hard", cal) != band("hard")
    assert describe_band("hard", shown) != describe_band("hard")
    assert bands_in_use(tmp_path, transcribed=False)[0] == load_calibration()
    _import_red(tmp_path, primary="forge")  # the cards changed: those bands no longer describe them
    assert saved_calibration(tmp_path) is None and bands_in_use(tmp_path)[0] == load_calibration()


def test_without_a_transcribed_deck_there_is_nothing_to_calibrate(tmp_path):
    run = CalibrationRun(tmp_path, games=2, jobs=1)
    assert run.run() is None and run.state == "failed"
    assert run.label == "The calibration stopped: no transcribed deck is in use"


def test_a_background_run_in_two_processes_gives_the_same_bands_as_one(tmp_path):
    _import_red(tmp_path)
    one = CalibrationRun(tmp_path, games=2, jobs=1).run()
    run = start_run(tmp_path, games=2)
    run.join(timeout=240)
    assert run.state == "done", run.error
    assert saved_calibration(tmp_path).bands == one.bands
    again = start_run(tmp_path, games=2)
    assert again is not run and start_run(tmp_path, games=2) is again  # a second tap joins the running one
    again.join(timeout=240)
    assert again.state == "done"


def test_the_card_shows_the_decks_in_use_and_their_kept_calibration(tmp_path):
    assert in_use(tmp_path).decks == {} and in_use(tmp_path).calibration is None
    red = _import_red(tmp_path)
    assert in_use(tmp_path).decks == {"red": red} and in_use(tmp_path).played == ""
    cal = CalibrationRun(tmp_path, games=1, jobs=1).run()
    shown = in_use(tmp_path)
    assert shown.calibration == cal and shown.played == "your red deck and the app's green deck"


def test_a_calibration_that_cannot_be_kept_says_why_and_leaves_no_partial_file(tmp_path, monkeypatch):
    import errno
    import os

    _import_red(tmp_path)

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)
    run = CalibrationRun(tmp_path, games=1, jobs=1)
    assert run.run() is None and run.state == "failed"
    assert run.label == "The calibration stopped: [Errno 28] No space left on device"
    assert sorted(p.name for p in calibration_path(tmp_path).parent.iterdir()) == ["red.toml"]


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_time_left_comes_from_the_speed_measured_in_the_run(tmp_path):
    """It said "about a minute" before a run that took 123 s. Now nothing is promised before the games begin;
    then the time left is the games still to play at the speed measured so far, and the end says how long it
    took."""
    _import_red(tmp_path)
    clock = Clock()
    run = CalibrationRun(tmp_path, games=1000, jobs=1, clock=clock)
    assert planned(tmp_path) == "6,000 simulated solo games with your red deck and the app's green deck"
    run.state, run._began = "running", clock()
    assert run.label == "Calibrating: 0 of 6,000 games" and run.seconds_left is None
    clock.now += 20.5
    run.progress(1000, 6000)  # 1,000 games in 20.5 s: 5,000 more take 102.5 s
    assert run.seconds_left == 102.5
    assert run.label == "Calibrating: 1,000 of 6,000 games, about 2 min left"
    clock.now += 82
    run.progress(5000, 6000)  # slower since: 5,000 in 102.5 s, 1,000 more take 20.5 s
    assert run.label == "Calibrating: 5,000 of 6,000 games, about 20 s left"
    clock.now += 20.5
    run.progress(6000, 6000)
    run._ended, run.state = clock(), "done"
    assert run.label == "Calibrated with 6,000 simulated games in 2 min 3 s."
