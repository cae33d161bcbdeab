"""The decks screen's presenter: card descriptions and importing a transcribed deck."""

import pytest

from companion.rules.automa.deck import DECKS_DIR, MAX_DECK_BYTES, load_builtin
from companion.store.decks import imported_deck, imported_path, imported_problem, remove_imported
from companion.ui.decks.presenter import (
    EXAMPLE_CARD,
    FORMAT_HELP,
    all_decks,
    card_view,
    deck_view,
    import_deck,
)

ONE_CARD = """deck = "red"
[[cards]]
id = "X1"
primary = "mana_cave"
secondary = "forge"
tertiary = "tavern_1"
axes = 1
all_play = { dwarf_king = 3, gem_market = "ruby", tunnel = 2, wizards_cave = 1 }
"""


def test_every_card_of_both_builtin_decks_is_described():
    for name in ("red", "green"):
        deck = load_builtin(name)
        view = deck_view(deck)
        assert view.source == "app" and view.title == f"{name.capitalize()} deck (the app's design)"
        assert [c.id for c in view.cards] == list(deck.ids())
        for card, shown in zip(deck.cards, view.cards, strict=True):
            assert len(shown.places) == 3 and shown.places[0].startswith("1. ")
            assert str(card.all_play.tunnel) in shown.all_play


def test_card_view_marks_expansion_spaces_and_counts_axes():
    from companion.rules.automa.deck import parse_deck

    card = parse_deck(ONE_CARD).cards[0]
    view = card_view(card)
    assert view.places == ("1. Mana Cave *", "2. Forge", "3. Tavern 1 (top)")
    assert view.axes == "1 axe in a dragon fight"
    assert view.all_play.startswith("Dwarf King: achievement 3 · Gem Market: ruby contract")


def test_import_keeps_a_valid_deck_and_it_replaces_the_builtin(tmp_path):
    out = import_deck(tmp_path, ONE_CARD)
    assert out.error is None and out.deck.deck == "red"
    assert out.message == "Imported your red deck: 1 card, kept as your transcription."
    assert imported_path(tmp_path, "red").read_text() == ONE_CARD
    assert imported_deck(tmp_path, "red").ids() == ("X1",)
    decks = {d.name: d for d in all_decks(tmp_path)}
    assert decks["red"].source == "yours" and decks["green"].source == "app"
    assert remove_imported(tmp_path, "red") and not remove_imported(tmp_path, "red")
    assert imported_deck(tmp_path, "red") is None


def test_import_of_a_builtin_file_as_bytes(tmp_path):
    data = (DECKS_DIR / "green.toml").read_bytes()
    out = import_deck(tmp_path, data, "green.toml")
    assert out.error is None and len(out.deck.cards) == len(load_builtin("green").cards)


def test_bad_imports_are_one_line_and_keep_nothing(tmp_path):
    cases = [
        ("", "pasted text: empty: paste the deck's TOML text"),
        ('deck = "red"\n[[cards]\n', "pasted text: not valid TOML"),
        ('deck = "blue"\ncards = []', "pasted text: deck: Input should be 'red' or 'green', got 'blue'"),
        (ONE_CARD.replace('"forge"', '"pub"'), "pasted text: card X1: secondary: unknown action space 'pub'"),
    ]
    for text, start in cases:
        out = import_deck(tmp_path, text)
        assert out.deck is None and (out.problems or (out.error,))[0].startswith(start), out
        assert "\n" not in out.error and "more problem" not in out.error
    assert import_deck(tmp_path, b"\xff\xfe", "x.toml").error == "x.toml: not UTF-8 text"
    assert "larger than 1 MB" in import_deck(tmp_path, b"#" * (MAX_DECK_BYTES + 1), "big.toml").error
    assert not (tmp_path / "decks").exists() or not any((tmp_path / "decks").iterdir())


def test_a_kept_transcription_edited_into_nonsense_is_reported_and_not_used(tmp_path):
    import_deck(tmp_path, ONE_CARD)
    imported_path(tmp_path, "red").write_text("deck = 'red'\n", "utf-8")
    assert imported_deck(tmp_path, "red") is None
    assert imported_problem(tmp_path, "red").startswith("red.toml: ")
    assert {d.name: d.source for d in all_decks(tmp_path)}["red"] == "app"
    assert imported_problem(tmp_path, "green") is None
    problems = {d.name: d.problem for d in all_decks(tmp_path)}  # what the screen says under each deck
    assert problems == {"red": imported_problem(tmp_path, "red"), "green": None}


def test_a_picked_deck_file_is_read_or_refused_in_one_line(tmp_path):
    from companion.ui.decks.presenter import picked_file

    file = tmp_path / "mine.toml"
    file.write_text(ONE_CARD, "utf-8")
    assert picked_file(str(file), "mine.toml") == ONE_CARD.encode()
    with pytest.raises(ValueError, match=r"^folder: cannot be read: .*folder"):
        picked_file(str(tmp_path), "folder")
    with pytest.raises(ValueError, match=r"^gone.toml: cannot be read: No such file or directory$"):
        picked_file(str(tmp_path / "gone.toml"), "gone.toml")


def test_a_bad_deck_lists_every_problem_and_the_format_is_explained(tmp_path):
    """the Decks screen said "(and 3 more)"; it now lists each problem, and explains the format."""
    bad = (ONE_CARD.replace('"forge"', '"pub"').replace("axes = ", "axes = 9 #")
           + '\n[[cards]]\nid = "X1"\nprimary = "mine"\n')
    out = import_deck(tmp_path, bad)
    assert out.deck is None and len(out.problems) >= 3, out
    assert out.error == f"pasted text: {len(out.problems)} problems, each below:"
    assert all(line.startswith("pasted text: ") and "more" not in line for line in out.problems)
    assert any("unknown action space 'pub'" in line for line in out.problems)
    # The example in the help is itself a valid deck, and the help names every field a card has.
    assert import_deck(tmp_path, EXAMPLE_CARD).error is None
    for field in ("deck", "id", "primary", "secondary", "tertiary", "axes", "all_play", "wizards_cave"):
        assert field in FORMAT_HELP


def test_a_deck_that_cannot_be_kept_on_a_full_disk_leaves_the_kept_one_and_no_partial_file(tmp_path, monkeypatch):
    """Each try on a full disk left a partial ``.deck-*.toml`` behind, taking what room there was."""
    import errno
    import os

    assert import_deck(tmp_path, ONE_CARD).error is None
    kept = imported_path(tmp_path, "red").read_bytes()

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)  # the whole file is written aside, then renamed over the kept one
    for _ in range(3):
        out = import_deck(tmp_path, ONE_CARD.replace("X1", "X2"))
        assert out.error == "pasted text: valid, but it could not be saved: No space left on device"
    assert sorted(p.name for p in imported_path(tmp_path, "red").parent.iterdir()) == ["red.toml"]
    assert imported_path(tmp_path, "red").read_bytes() == kept


def test_a_huge_key_or_value_in_a_pasted_deck_is_quoted_short():
    """A 100,000-character key (or space, or card id) made a 100 kB error line on the Decks screen."""
    long = "z" * 100_000
    for text in (ONE_CARD.replace('deck = "red"', f'deck = "red"\n"{long}" = 1'),
                 ONE_CARD.replace('primary = "mana_cave"', f'primary = "{long}"'),
                 ONE_CARD.replace('id = "X1"', f'id = "{long}"')):
        out = import_deck("/nonexistent", text)
        assert out.error and len(out.error) < 300, out.error[:300]
        assert out.problems and all(len(p) < 300 for p in out.problems)
        # said how long it is; a key that long is refused before the text is parsed, by the limit it passes
        assert "characters)" in out.error or out.error == "pasted text: line 2: a key longer than 100 characters"


def test_going_back_to_the_app_deck_in_a_folder_that_will_not_let_go_says_so(tmp_path, monkeypatch):
    """The button raised (nothing on screen, a traceback in the log) on a read-only data folder."""
    import errno
    import os
    from pathlib import Path

    from companion.ui.decks.presenter import use_app_deck

    assert import_deck(tmp_path, ONE_CARD).error is None

    def read_only(self, *args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(Path, "unlink", read_only)
    message, ok = use_app_deck(tmp_path, "red")
    assert not ok and message.startswith("The red deck could not be put back: Read-only file system.")
    assert imported_deck(tmp_path, "red") is not None
    monkeypatch.undo()
    assert use_app_deck(tmp_path, "red") == ("The red deck is the app's design again.", True)
    assert imported_deck(tmp_path, "red") is None


def test_a_folder_where_a_transcription_goes_is_named_and_left_alone(tmp_path):
    from companion.ui.decks.presenter import use_app_deck

    imported_path(tmp_path, "red").mkdir(parents=True)
    assert imported_problem(tmp_path, "red") == "red.toml: cannot read: it is a folder, not a file"
    assert use_app_deck(tmp_path, "red")[1] is False
    assert imported_path(tmp_path, "red").is_dir()


def test_the_decks_screen_opens_on_a_deck_name_it_does_not_know(tmp_path):
    """``/decks?deck=blue`` (typed, or an old bookmark) opened "This screen failed to open: 'blue'"."""
    from companion.ui.decks.view import build
    from companion.ui.shell.context import AppContext
    from tests.ui.shell.test_views import FakePage

    ctx = AppContext.load(FakePage("/decks?deck=blue"), tmp_path)
    for asked in ("blue", "", "x" * 10_000, "green"):
        assert build(ctx, {"deck": asked})


def test_the_decks_screen_takes_every_deck_decks_check_takes_and_refuses_the_same_ones(tmp_path):
    """One size limit (``companion.rules.automa.deck.MAX_DECK_BYTES``, 1 MB): a deck of 300 kB (cards and a long
    comment) that ``decks check`` accepts is taken pasted, as a file's bytes and as the kept transcription; one
    byte over the limit is refused by all of them in the same words."""
    from companion.rules.automa.deck import MAX_DECK_BYTES as LIMIT
    from companion.rules.automa.deck import check_files

    big = ONE_CARD + "# " + "a note on the printed card " * 11_000 + "\n"
    assert 200_000 < len(big.encode()) < LIMIT
    file = tmp_path / "big.toml"
    file.write_text(big, "utf-8")
    assert check_files([file]) == []
    assert import_deck(tmp_path, big).error is None
    assert import_deck(tmp_path, big.encode(), "big.toml").error is None
    assert imported_deck(tmp_path, "red").ids() == ("X1",)
    assert imported_problem(tmp_path, "red") is None

    over = ONE_CARD + "#" * (LIMIT - len(ONE_CARD.encode()) + 1)
    file.write_text(over, "utf-8")
    [checked] = check_files([file])
    said = checked.removeprefix(f"{file}: ")
    assert said == "larger than 1 MB, the limit for a deck file"
    assert import_deck(tmp_path, over).error == f"pasted text: {said}"
    assert import_deck(tmp_path, over.encode(), "big.toml").error == f"big.toml: {said}"
    imported_path(tmp_path, "red").write_text(over, "utf-8")
    assert imported_problem(tmp_path, "red") == f"red.toml: {said}"
