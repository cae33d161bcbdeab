"""The shipped automa decks: they load and pass the check, their spread and personalities, the README's example
card, and a deck's lookup, immutability and the built-in names."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from companion.rules.automa.deck import DECK_NAMES, DECKS_DIR, check_files, load_builtin, parse_deck
from companion.rules.board.spaces import SPACE_IDS, SPACES, TAVERN_SPACES
from companion.rules.names import GEM_TYPES

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
        ("gem_market", GEM_TYPES),
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
