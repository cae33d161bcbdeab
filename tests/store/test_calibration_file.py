"""The calibration of your transcribed decks (decks/calibration.json): kept whole, counted only for its cards."""

import errno
import os

import pytest

from companion.rules.automa.calibration import band, decks_label, load_calibration
from companion.rules.automa.deck import DECKS_DIR, load_builtin
from companion.store.calibration_file import (
    bands_in_use,
    calibration_path,
    deck_bands,
    decks_words,
    save_calibration,
    saved_calibration,
)
from companion.store.decks import keep

GREEN = (DECKS_DIR / "green.toml").read_text("utf-8")


def _calibrated(data_dir, decks):
    """The shipped calibration as if it had played ``decks``, kept."""
    cal = load_calibration().model_copy(update={"decks": decks_label(decks)})
    save_calibration(data_dir, cal)
    return cal


def test_a_kept_calibration_counts_while_its_decks_are_in_use(tmp_path):
    keep(tmp_path, "green", GREEN)
    cal = _calibrated(tmp_path, {"green": load_builtin("green")})
    assert calibration_path(tmp_path) == tmp_path / "decks" / "calibration.json"
    assert saved_calibration(tmp_path) == cal
    assert bands_in_use(tmp_path) == (cal, "your green deck and the app's red deck")
    assert bands_in_use(tmp_path, transcribed=False) == (load_calibration(), "the app's decks")
    keep(tmp_path, "green", GREEN + "\n# an edit that changes no card\n")
    assert saved_calibration(tmp_path) == cal
    keep(tmp_path, "green", GREEN.replace("axes = 1", "axes = 2", 1))  # other cards: those bands are not theirs
    assert saved_calibration(tmp_path) is None and bands_in_use(tmp_path)[0] == load_calibration()


def test_without_a_transcribed_deck_no_kept_calibration_counts(tmp_path):
    _calibrated(tmp_path, {})
    assert saved_calibration(tmp_path) is None
    assert bands_in_use(tmp_path) == (load_calibration(), "the app's decks")


def test_a_kept_calibration_that_cannot_be_read_gives_the_app_bands(tmp_path):
    """A calibration.json edited by hand (not JSON, wrong fields, nested deeper than the parser goes) is not
    used, and New game and History, which show the bands, still open: the app's own bands are shown."""
    keep(tmp_path, "green", GREEN)
    path = calibration_path(tmp_path)
    for text in ("{ not json", '{"decks": 5}', "[" * 200_000):
        path.write_text(text, encoding="utf-8")
        assert saved_calibration(tmp_path) is None
        assert bands_in_use(tmp_path) == (load_calibration(), "the app's decks")
        assert deck_bands(tmp_path)("hard") == band("hard")


def test_a_calibration_the_disk_will_not_take_leaves_the_last_one_and_no_partial_file(tmp_path, monkeypatch):
    keep(tmp_path, "green", GREEN)
    cal = _calibrated(tmp_path, {"green": load_builtin("green")})

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(OSError, match="No space left"):
        save_calibration(tmp_path, cal.model_copy(update={"command": "a later run"}))
    assert sorted(p.name for p in calibration_path(tmp_path).parent.iterdir()) == ["calibration.json", "green.toml"]
    monkeypatch.undo()
    assert saved_calibration(tmp_path) == cal


def test_which_decks_a_calibration_played_in_words():
    assert decks_words({"red": "app", "green": "app"}) == "the app's decks"
    assert decks_words({"red": "9f2c", "green": "app"}) == "your red deck and the app's green deck"
    assert decks_words({"red": "9f2c", "green": "77ab"}) == "your red and green decks"
