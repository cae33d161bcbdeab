"""Automa deck files: every validation rule with its one-line message naming the file, the card and the field,
and ``check_files``'s one message per bad file."""

from __future__ import annotations

import pytest

from companion.rules.automa.deck import DECKS_DIR, AllPlay, DeckError, check_files, load_deck
from tests.rules.automa.deck_helpers import card_dict, deck_toml, error_of, write

# --- every validation rule, with the message it gives -------------------------------------------------------


def test_valid_file_loads(tmp_path):
    path = write(tmp_path, deck_toml("green", [card_dict("G01"), card_dict("G07")]))
    deck = load_deck(path)
    assert deck.ids() == ("G01", "G07")
    assert deck.card("G07").all_play == AllPlay(dwarf_king=2, gem_market="emerald", tunnel=3, wizards_cave=4)


BAD_CARDS = [
    # (change to card G07, expected message after "<file>: card G07: ")
    ({"secondary": "tavern_9"}, "secondary: unknown action space 'tavern_9'"),
    ({"primary": "Treasure Hoard"}, "primary: unknown action space 'Treasure Hoard'"),
    ({"secondary": "mine"}, "secondary: same space as primary ('mine')"),
    ({"tertiary": "mine"}, "tertiary: same space as primary ('mine')"),
    ({"tertiary": "tunnel"}, "tertiary: same space as secondary ('tunnel')"),
    ({"axes": 5}, "axes: Input should be less than or equal to 4, got 5"),
    ({"axes": -1}, "axes: Input should be greater than or equal to 0, got -1"),
    ({"axes": "2"}, "axes: Input should be a valid integer, got '2'"),
    (
        {"all_play": {"dwarf_king": 0, "gem_market": "ruby", "tunnel": 1, "wizards_cave": 1}},
        "all_play.dwarf_king: Input should be greater than or equal to 1, got 0",
    ),
    (
        {"all_play": {"dwarf_king": 1, "gem_market": "ruby", "tunnel": 5, "wizards_cave": 1}},
        "all_play.tunnel: Input should be less than or equal to 4, got 5",
    ),
    (
        {"all_play": {"dwarf_king": 1, "gem_market": "ruby", "tunnel": 1, "wizards_cave": 0}},
        "all_play.wizards_cave: Input should be greater than or equal to 1, got 0",
    ),
    (
        {"all_play": {"dwarf_king": 1, "gem_market": "amber", "tunnel": 1, "wizards_cave": 1}},
        "all_play.gem_market: Input should be 'ruby', 'emerald', 'sapphire' or 'diamond', got 'amber'",
    ),
    (
        {"all_play": {"dwarf_king": 1, "gem_market": "ruby", "tunnel": 1}},
        "all_play.wizards_cave: missing (required)",
    ),
    (
        {"all_play": {"dwarf_king": 1, "gem_market": "ruby", "tunnel": 1, "wizards_cave": 1, "mine": 2}},
        "all_play.mine: not a field of the format (allowed: dwarf_king, gem_market, tunnel, wizards_cave)",
    ),
    (
        {"colour": "green"},
        "colour: not a field of the format (allowed: id, primary, secondary, tertiary, axes, all_play)",
    ),
]


@pytest.mark.parametrize(("change", "expected"), BAD_CARDS, ids=[e.split(":")[0] + str(i)
                                                                  for i, (_, e) in enumerate(BAD_CARDS)])
def test_bad_card_message_names_file_card_and_field(tmp_path, change, expected):
    path = write(tmp_path, deck_toml("green", [card_dict("G01"), card_dict("G07", **change)]))
    assert error_of(path) == f"{path}: card G07: {expected}"


def test_missing_field(tmp_path):
    card = card_dict("G07")
    del card["axes"]
    path = write(tmp_path, deck_toml("green", [card]))
    assert error_of(path) == f"{path}: card G07: axes: missing (required)"


def test_card_without_id_is_named_by_its_place(tmp_path):
    card = card_dict()
    del card["id"]
    path = write(tmp_path, deck_toml("green", [card_dict("G01"), card]))
    assert error_of(path) == f"{path}: card #2: id: missing (required)"


def test_bad_id(tmp_path):
    path = write(tmp_path, deck_toml("green", [card_dict("G 7")]))
    message = error_of(path)
    assert message.startswith(f"{path}: card G 7: id: String should match pattern")


def test_duplicate_ids(tmp_path):
    path = write(tmp_path, deck_toml("green", [card_dict("G01"), card_dict("G07"), card_dict("G07")]))
    assert error_of(path) == f"{path}: card G07: id: duplicate card id (card #2 has it too)"


def test_wrong_deck_name(tmp_path):
    path = write(tmp_path, deck_toml("blue", [card_dict("G01")]))
    assert error_of(path) == f"{path}: deck: Input should be 'red' or 'green', got 'blue'"


def test_missing_deck_name(tmp_path):
    path = write(tmp_path, deck_toml(None, [card_dict("G01")]))
    assert error_of(path) == f"{path}: deck: missing (required)"


def test_extra_top_level_field(tmp_path):
    path = write(tmp_path, 'title = "mine"\n' + deck_toml("green", [card_dict("G01")]))
    assert error_of(path) == f"{path}: title: not a field of the format (allowed: deck, cards)"


def test_no_cards(tmp_path):
    path = write(tmp_path, deck_toml("green", []))
    message = error_of(path)
    assert message == f"{path}: cards: a deck needs at least one card"


NOT_AN_ARRAY = "should be an array of tables, written as [[cards]] sections"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('deck = "green"\ncards = 3\n', f"cards: {NOT_AN_ARRAY}, got 3"),
        ('deck = "green"\n[cards]\nid = "G01"\n', f"cards: {NOT_AN_ARRAY}"),
        ('deck = "green"\ncards = [1]\n', "card #1: should be a table, got 1"),
    ],
)
def test_wrong_shapes(tmp_path, text, expected):
    path = write(tmp_path, text)
    assert error_of(path) == f"{path}: {expected}"


def test_odd_keys_and_ids_keep_the_message_on_one_line(tmp_path):
    path = write(tmp_path, deck_toml("green", [card_dict("G\n1", **{"a\nb": 1})]))
    assert error_of(path) == (
        f"{path}: card #1: id: String should match pattern '^[A-Za-z0-9][A-Za-z0-9_-]{{0,15}}$', got 'G\\n1'"
        " (and 1 more problem)"
    )
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert info.value.lines()[1].startswith(f"{path}: card #1: 'a\\nb': not a field of the format")
    assert all("\n" not in line for line in info.value.lines())


def test_bad_toml(tmp_path):
    path = write(tmp_path, 'deck = "green"\n[[cards]]\nid "G01"\n')
    message = error_of(path)
    assert message.startswith(f"{path}: not valid TOML: Expected '=' after a key")
    assert "line 3" in message


def test_several_problems_are_counted_and_listed(tmp_path):
    path = write(tmp_path, deck_toml("green", [card_dict("G01", axes=9), card_dict("G02", secondary="x")]))
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value) == f"{path}: card G01: axes: Input should be less than or equal to 4, got 9 " \
                              "(and 1 more problem)"
    assert info.value.lines() == [
        f"{path}: card G01: axes: Input should be less than or equal to 4, got 9",
        f"{path}: card G02: secondary: unknown action space 'x'",
    ]


def test_unreadable_files(tmp_path):
    missing = tmp_path / "red.toml"
    assert error_of(missing) == f"{missing}: cannot read: No such file or directory"
    binary = tmp_path / "green.toml"
    binary.write_bytes(b'deck = "\xff"\n')
    assert error_of(binary) == f"{binary}: not UTF-8 text"


def test_check_files_one_message_per_bad_file(tmp_path):
    good = write(tmp_path, deck_toml("green", [card_dict("G01")]), "good.toml")
    bad1 = write(tmp_path, deck_toml("green", [card_dict("G01", axes=7), card_dict("G01")]), "bad1.toml")
    bad2 = write(tmp_path, "deck = \n", "bad2.toml")
    messages = check_files([good, bad1, DECKS_DIR / "red.toml", bad2])
    assert len(messages) == 2
    assert messages[0].startswith(f"{bad1}: card G01: axes:")
    assert messages[1].startswith(f"{bad2}: not valid TOML")
