"""What the transcription screen says is wrong with a card it shows: the deck's typed problem
(``DeckProblem``) in the screen's words, without the card (it is on screen), while the whole deck's problem
keeps ``decks check``'s line."""

from __future__ import annotations

import pytest

from companion.rules.automa.deck import DeckError, parse_deck
from companion.ui.decks.cards import card_problem, deck_problem, deck_toml

CARD = {"id": "R01", "primary": "scout", "secondary": "temple", "tertiary": "tavern_1", "axes": 2, "dwarf_king": 1,
        "gem_market": "ruby", "tunnel": 3, "wizards_cave": 4}


@pytest.mark.parametrize("card_id", ["R 1", "-R1", "R" * 17])
def test_an_id_no_deck_file_takes_is_said_with_the_rule(card_id):
    assert card_problem("red", {**CARD, "id": card_id}) == (
        f"Its id {card_id!r} is not one a deck file takes (1 to 16 letters, digits, - or _, a letter or digit first)"
    )


def test_an_id_that_is_not_text_is_said_the_same_way():
    assert card_problem("red", {**CARD, "id": 7}).startswith("Its id 7 is not one a deck file takes")


def test_a_good_card_has_no_problem_and_a_clash_is_said_first():
    assert card_problem("red", CARD) is None
    assert card_problem("red", {**CARD, "secondary": "scout"}) == "2nd space is the same as the 1st (Scout)"


def test_the_decks_problem_is_the_line_decks_check_prints():
    twice = [CARD, CARD]
    with pytest.raises(DeckError) as caught:
        parse_deck(deck_toml("red", twice), "deck")
    assert deck_problem("red", twice) == str(caught.value.problems[0]) == (
        "card R01: id: duplicate card id (card #1 has it too)")
    problem = caught.value.problems[0]
    assert (problem.code, problem.card, problem.number, problem.path) == ("duplicate_id", "R01", 2, ("id",))
