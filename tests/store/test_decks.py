"""Your transcribed decks in use (decks/<colour>.toml): kept whole, read back with the checks of `decks check`."""

import errno
import os

import pytest

from companion.rules.automa.deck import DECKS_DIR, MAX_DECK_BYTES, load_builtin
from companion.store.decks import (
    decks_in_use,
    imported_deck,
    imported_path,
    imported_problem,
    keep,
    read_deck_file,
    remove_imported,
)

GREEN = (DECKS_DIR / "green.toml").read_text("utf-8")


def test_a_kept_deck_is_read_back_and_removed(tmp_path):
    assert imported_deck(tmp_path, "green") is None and decks_in_use(tmp_path) == {}
    path = keep(tmp_path, "green", GREEN)
    assert path == imported_path(tmp_path, "green") == tmp_path / "decks" / "green.toml"
    assert path.read_text("utf-8") == GREEN
    assert imported_deck(tmp_path, "green") == load_builtin("green")
    assert decks_in_use(tmp_path) == {"green": load_builtin("green")}
    assert imported_problem(tmp_path, "green") is None
    assert remove_imported(tmp_path, "green") and not remove_imported(tmp_path, "green")
    assert imported_deck(tmp_path, "green") is None and not path.exists()


def test_a_deck_kept_under_the_other_colour_is_not_used_and_says_why(tmp_path):
    keep(tmp_path, "red", GREEN)
    assert imported_deck(tmp_path, "red") is None and decks_in_use(tmp_path) == {}
    assert imported_problem(tmp_path, "red") == "red.toml: says deck = 'green'"


def test_a_deck_edited_by_hand_is_named_in_one_line_and_not_used(tmp_path):
    keep(tmp_path, "green", GREEN.replace('"mine"', '"pub"', 1))
    assert imported_deck(tmp_path, "green") is None
    problem = imported_problem(tmp_path, "green")
    assert problem.startswith("green.toml: ") and "unknown action space 'pub'" in problem and "\n" not in problem


def test_a_folder_where_a_deck_goes_is_refused_and_left_alone(tmp_path):
    imported_path(tmp_path, "red").mkdir(parents=True)
    assert imported_deck(tmp_path, "red") is None
    assert imported_problem(tmp_path, "red") == "red.toml: cannot read: it is a folder, not a file"
    with pytest.raises(OSError):
        remove_imported(tmp_path, "red")
    assert imported_path(tmp_path, "red").is_dir()


def test_a_deck_the_disk_will_not_take_leaves_the_kept_one_whole(tmp_path, monkeypatch):
    keep(tmp_path, "green", GREEN)

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(OSError, match="No space left"):
        keep(tmp_path, "green", GREEN + "# more\n")
    assert [p.name for p in imported_path(tmp_path, "green").parent.iterdir()] == ["green.toml"]
    assert imported_path(tmp_path, "green").read_text("utf-8") == GREEN


def test_a_deck_file_is_read_one_byte_past_the_limit_at_most(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_DECK_BYTES + 10))
    assert len(read_deck_file(big)) == MAX_DECK_BYTES + 1
    with pytest.raises(OSError, match="a folder"):
        read_deck_file(tmp_path)
