"""Automa decks: the shipped files, every validation rule with its one-line message, the ``decks`` command."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from companion.cli.main import main
from companion.rules.automa.deck import (
    DECK_NAMES,
    DECKS_DIR,
    GEM_COLOURS,
    AllPlay,
    Card,
    Deck,
    DeckError,
    check_files,
    load_builtin,
    load_deck,
    parse_deck,
)
from companion.rules.board.spaces import SPACE_IDS, SPACES, TAVERN_SPACES

# --- a tiny TOML writer (the project does not depend on one) ------------------------------------------------


def toml_char(c: str) -> str:
    """One character inside a TOML basic string: quote, backslash and control characters escaped."""
    if c in '"\\':
        return "\\" + c
    if ord(c) < 0x20 or ord(c) == 0x7F:
        return f"\\u{ord(c):04X}"
    return c


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(toml_char(c) for c in value) + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def deck_toml(deck: object, cards: list[dict]) -> str:
    lines = [] if deck is None else [f"deck = {toml_value(deck)}"]
    if not cards:
        lines.append("cards = []")
    for card in cards:
        lines += ["", "[[cards]]", *(f"{toml_key(k)} = {toml_value(v)}" for k, v in card.items())]
    return "\n".join(lines) + "\n"


def card_dict(card_id: str = "G07", **changes: object) -> dict:
    card = {
        "id": card_id,
        "primary": "mine",
        "secondary": "tunnel",
        "tertiary": "tavern_4",
        "axes": 1,
        "all_play": {"dwarf_king": 2, "gem_market": "emerald", "tunnel": 3, "wizards_cave": 4},
    }
    card.update(changes)
    return card


def write(tmp_path: Path, text: str, name: str = "green.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message
    return message


# --- the shipped decks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DECK_NAMES)
def test_shipped_deck_loads(name):
    deck = load_builtin(name)
    assert deck.deck == name
    assert 18 <= len(deck.cards) <= 24
    prefix = name[0].upper()
    assert deck.ids() == tuple(f"{prefix}{i:02d}" for i in range(1, len(deck.cards) + 1))
    assert load_builtin(name) is deck  # cached


def test_shipped_files_pass_check():
    assert check_files([DECKS_DIR / "red.toml", DECKS_DIR / "green.toml"]) == []


def test_every_non_tavern_space_is_a_primary_somewhere():
    primaries = {c.primary for name in DECK_NAMES for c in load_builtin(name).cards}
    assert primaries == set(SPACE_IDS) - set(TAVERN_SPACES)


@pytest.mark.parametrize("name", DECK_NAMES)
def test_shipped_deck_spread(name):
    cards = load_builtin(name).cards
    # The tertiary choice is mostly a tavern space, so placement usually succeeds on the first card.
    assert sum(c.tertiary in TAVERN_SPACES for c in cards) >= 0.75 * len(cards)
    assert {c.tertiary for c in cards} >= set(TAVERN_SPACES)
    assert sum(1 <= c.axes <= 3 for c in cards) >= 0.75 * len(cards)
    # Every all-play answer appears equally often.
    for field, values in (
        ("dwarf_king", (1, 2, 3, 4)),
        ("gem_market", GEM_COLOURS),
        ("tunnel", (1, 2, 3, 4)),
        ("wizards_cave", (1, 2, 3, 4)),
    ):
        counts = Counter(getattr(c.all_play, field) for c in cards)
        assert set(counts) == set(values), field
        assert max(counts.values()) - min(counts.values()) <= 1, field


def test_personalities():
    red, green = load_builtin("red").cards, load_builtin("green").cards

    def dragon_primaries(cards):
        return sum(SPACES[c.primary].dragon for c in cards) / len(cards)

    def mean_axes(cards):
        return sum(c.axes for c in cards) / len(cards)

    assert dragon_primaries(red) > 0.5 > dragon_primaries(green)
    assert mean_axes(red) > mean_axes(green) + 0.5


def test_readme_example_card_is_the_shipped_one():
    readme = (DECKS_DIR / "README.md").read_text(encoding="utf-8")
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    deck = parse_deck(example, "README.md")
    assert deck.cards[0] == load_builtin(deck.deck).card(deck.cards[0].id)


def test_deck_lookup():
    deck = load_builtin("green")
    assert deck.card("G01").id == "G01"
    with pytest.raises(KeyError, match="G99"):
        deck.card("G99")


def test_deck_is_immutable():
    deck = load_builtin("red")
    with pytest.raises(ValidationError, match="frozen"):
        deck.cards[0].axes = 4  # type: ignore[misc]
    assert isinstance(deck.cards, tuple)


def test_builtin_rejects_unknown_name():
    with pytest.raises(ValueError, match="blue"):
        load_builtin("blue")  # type: ignore[arg-type]


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


# --- the `decks` command ------------------------------------------------------------------------------------


def test_decks_check_all_valid(capsys):
    red, green = str(DECKS_DIR / "red.toml"), str(DECKS_DIR / "green.toml")
    assert main(["decks", "check", red, green]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"ok: {red} (20 cards)", f"ok: {green} (20 cards)"]
    assert err == ""


def test_decks_check_reports_invalid_on_stderr(tmp_path, capsys):
    red = str(DECKS_DIR / "red.toml")
    bad = write(tmp_path, deck_toml("green", [card_dict("G07", secondary="tavern_9")]))
    assert main(["decks", "check", red, str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"ok: {red} (20 cards)"]
    assert err.splitlines() == [f"{bad}: card G07: secondary: unknown action space 'tavern_9'"]


def test_decks_check_all_lists_every_problem(tmp_path, capsys):
    bad = write(tmp_path, deck_toml("green", [card_dict("G01", axes=9), card_dict("G02", secondary="x")]))
    assert main(["decks", "check", "--all", str(bad)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 2


def test_decks_usage_errors_exit_2(capsys):
    for argv in (["decks"], ["decks", "check"], ["decks", "show", "blue"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
    capsys.readouterr()


@pytest.mark.parametrize("name", DECK_NAMES)
def test_decks_show(name, capsys):
    assert main(["decks", "show", name]) == 0
    out = capsys.readouterr().out
    deck = load_builtin(name)
    for card in deck.cards:
        row = next(line for line in out.splitlines() if line.startswith(card.id + " "))
        assert SPACES[card.primary].name in row
        assert card.all_play.gem_market in row


# --- properties ---------------------------------------------------------------------------------------------

positions = st.integers(min_value=1, max_value=4)
all_plays = st.builds(
    AllPlay,
    dwarf_king=positions,
    gem_market=st.sampled_from(GEM_COLOURS),
    tunnel=positions,
    wizards_cave=positions,
)
card_ids = st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9_-]{0,15}\Z")


@st.composite
def cards(draw, card_id=card_ids):
    spaces = st.lists(st.sampled_from(SPACE_IDS), min_size=3, max_size=3, unique=True)
    primary, secondary, tertiary = draw(spaces)
    return Card(
        id=draw(card_id),
        primary=primary,
        secondary=secondary,
        tertiary=tertiary,
        axes=draw(st.integers(min_value=0, max_value=4)),
        all_play=draw(all_plays),
    )


@given(name=st.sampled_from(DECK_NAMES), deck_cards=st.lists(cards(), min_size=1, max_size=6,
                                                              unique_by=lambda c: c.id))
def test_any_valid_deck_round_trips_through_toml(name, deck_cards):
    text = deck_toml(name, [c.model_dump() for c in deck_cards])
    assert parse_deck(text, "x.toml") == Deck(deck=name, cards=tuple(deck_cards))


@given(card=cards(card_id=st.just("C1")), field=st.sampled_from(["primary", "secondary", "tertiary"]),
       bad=st.text(min_size=1, max_size=12).filter(lambda s: s not in SPACE_IDS))
def test_any_unknown_space_is_named_with_card_and_field(card, field, bad):
    raw = card.model_dump()
    raw[field] = bad
    with pytest.raises(DeckError) as info:
        parse_deck(deck_toml("red", [raw]), "red.toml")
    # The name as Python quotes it, or its start and length when that runs long (one short line on screen).
    quoted = repr(bad) if len(repr(bad)) <= 60 else f"{repr(bad)[:40]}... ({len(repr(bad)):,} characters)"
    assert str(info.value) == f"red.toml: card C1: {field}: unknown action space {quoted}"
