"""Automa deck properties (Hypothesis): any valid deck round-trips through TOML, and any unknown space is named
with its card and field on one short line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.automa.deck import DECK_NAMES, AllPlay, Card, Deck, DeckError, parse_deck
from companion.rules.board.spaces import SPACE_IDS
from companion.rules.names import GEM_TYPES
from tests.rules.automa.deck_helpers import deck_toml

# --- properties ---------------------------------------------------------------------------------------------

positions = st.integers(min_value=1, max_value=4)
all_plays = st.builds(
    AllPlay,
    dwarf_king=positions,
    gem_market=st.sampled_from(GEM_TYPES),
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
