"""Plain words: every sentence names things as the board does and counts right.

The examples are the ones seen on screen before the words package: an answer shown as a dict, gems as a list,
spell and tile ids, "1 axes", "1 tiles".
"""

from __future__ import annotations

import pytest
from plain_words import problems

from companion.rules.words import (
    a,
    board_instructions,
    count,
    describe,
    gems,
    join_and,
    plural,
    space,
    spell,
    step_label,
    tile,
)


def test_an_answered_tile_names_the_tile_not_its_dict():
    step = [
        {"type": "answer", "color": "green", "question": "tunnel",
         "value": {"kind": "gem", "gem": "sapphire", "gems": 3}, "input": True},
        {"type": "gain", "color": "green", "gems": {"sapphire": 3}, "reason": "mine tile",
         "tile": {"kind": "gem", "gem": "sapphire", "gems": 3}},
    ]
    assert step_label(step) == "Green automa took a sapphire tile with 3 gems"
    assert describe(step[1]) == "Green gained a sapphire tile with 3 gems (mine tile)"
    assert board_instructions(step, 5) == [
        "Green automa gains a sapphire tile with 3 gems into its hidden stash: set the tile aside face down, no gems "
        "to take; the app counts them"
    ]


def test_a_special_tile_answer_and_its_holding():
    value = {"kind": "special", "tile": "dragon_song"}
    assert step_label([{"type": "answer", "color": "red", "question": "tunnel", "value": value}]) == (
        "Red automa took the Dragon Song tile"
    )
    held = {"type": "special_tile", "color": "red", "tile": "stone_beards"}
    assert describe(held) == "Red holds the Stone Beards tile"


def test_gems_chosen_by_the_humans_are_counted_by_colour():
    e = {"type": "answer", "color": "red", "question": "gems", "value": ["ruby", "ruby"]}
    assert describe(e) == "Red automa took 2 rubies (your choice)"
    assert describe({**e, "value": ["ruby", "mana"]}) == "Red automa took 1 ruby and 1 mana (your choice)"


def test_spells_are_named_as_their_cards():
    assert describe({"type": "spell", "color": "blue", "spell": "ice_storm"}) == "Blue cast Ice Storm"
    assert describe({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": -1}) == (
        "Blue cast Draco Speak (the dragon down one)"
    )
    assert describe({"type": "answer", "color": "red", "question": "wizards_cave", "value": "water_to_beer"}) == (
        "Red automa discarded Water to Beer"
    )
    place = {"type": "place", "color": "blue", "dwarf": 3, "space": "scout", "spell": "grow_beard",
             "dislodged": {"color": "red", "dwarf": 4}}
    assert describe(place) == "Blue #3 took Scout (Grow Beard), dislodging Red #4"


def test_the_score_marker_instruction_names_the_spell():
    e = {"type": "score", "color": "red", "points": 9, "reason": "spell mind_control"}
    # "forward": "on 9 points" read as "onto the 9" (found by the phone walkthrough).
    assert board_instructions([e], 5) == ["Move Red's score marker forward 9 points (Mind Control)"]
    assert describe(e) == "Red scored 9 points for Mind Control"
    assert describe({**e, "points": 1, "reason": "Dwarf King achievement"}) == (
        "Red scored 1 point for a Dwarf King achievement"
    )


def test_one_axe_one_tile_one_point():
    assert describe({"type": "axes", "color": "red", "values": [2]}) == "Red automa drew 1 axe worth 2"
    assert describe({"type": "axes", "color": "red", "values": [1, 2]}) == "Red automa drew 2 axes worth 3"
    assert tile({"kind": "gem", "gem": "ruby", "gems": 1}) == "a ruby tile with 1 gem"
    assert count(1, "tile") == "1 tile" and count(1, "game") == "1 game" and count(2, "game") == "2 games"
    assert describe({"type": "answer", "color": "red", "question": "gem_market", "value": 1}) == (
        "Red automa discarded a contract with 1 coin on it"
    )
    assert describe({"type": "answer", "color": "red", "question": "gem_market", "value": 0}) == (
        "Red automa discarded a contract with no coins on it"
    )


def test_spaces_keep_their_board_names():
    assert space("tavern_1") == "Tavern 1 (top)" and space("treasure_hoard") == "Treasure Hoard"
    assert spell("mind_control") == "Mind Control"


def test_a_skipped_card_line_names_the_dwarf_with_its_colour():
    e = {"type": "place", "color": "red", "dwarf": 2, "space": "scout", "dislodged": None, "card": "R10",
         "choice": "secondary",
         "skipped": [{"choice": "primary", "space": "supply_wagon", "why": "held by blue #3: a dislodge needs a "
                      "higher number"}]}
    assert board_instructions([e], 5) == [
        "Put Red #2 on Scout (card R10, secondary — primary Supply Wagon: held by Blue #3: a dislodge needs a "
        "higher number)"
    ]


def test_losses_and_corrections():
    assert describe({"type": "loss", "color": "green", "gems": {"emerald": 4, "mana": 1}}) == (
        "Green lost 4 emeralds and 1 mana to the dragon"
    )
    assert describe({"type": "correction", "target": "gems", "gem": "diamond", "color": "red", "value": 2}) == (
        "Corrected: Red's diamond gems set to 2"
    )
    assert describe({"type": "correction", "target": "dragon", "value": 3}) == "Corrected: the dragon is on step 3"


@pytest.mark.parametrize(
    ("noun", "many"),
    [("axe", "axes"), ("ruby", "rubies"), ("gold", "gold"), ("mana", "mana"), ("mine tile", "mine tiles"),
     ("dwarf", "dwarves"), ("day", "days"), ("loss", "losses")],
)
def test_plural(noun, many):
    assert plural(noun) == many
    assert count(1, noun) == f"1 {noun}"
    assert count(2, noun) == f"2 {many}"


def test_lists_and_articles():
    assert join_and([]) == "" and join_and(["a"]) == "a" and join_and(["a", "b"]) == "a and b"
    assert a("emerald tile") == "an emerald tile" and a("ruby") == "a ruby"
    assert gems({}) == "no gems"


@pytest.mark.parametrize(
    "text",
    ["Undo: Answered for Green automa: {'kind': 'gem', 'gem': 'sapphire', 'gems': 3}", "['ruby','ruby']",
     "ice_storm", "Move Red's score marker 9 (spell mind_control)", "1 axes", "1 tiles", "won 1 games", "a emerald",
     "None", "True", "held by red #2"],
)
def test_the_checker_catches_what_was_seen(text):
    """The property tests rest on this checker: each sentence seen before must be caught."""
    assert problems(text)
