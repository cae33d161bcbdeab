"""The typed inputs: each class's JSON form is the dict the app has always written (a record's input events, which
replay parses, are tested by the replays of tests/rules/engine/test_game_properties.py), and an input of the
wrong shape is refused in one line before any part reads it, the game unchanged."""

from __future__ import annotations

import pytest

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.inputs import (
    INPUTS,
    PROCEED,
    Answer,
    AttackDice,
    AttackInput,
    Correction,
    DragonTile,
    Fighter,
    GameEnd,
    Place,
    Reroll,
    Roll,
    SpecialTile,
    Spell,
    StartingRolls,
    parse,
)
from companion.rules.setup import Setup

#: One input of every class, in its JSON form as the screens and the bots wrote it before the classes.
WRITTEN = [
    ({"type": "proceed"}, PROCEED),
    ({"type": "starting_rolls", "rolls": {"blue": 4}}, StartingRolls({"blue": 4})),
    ({"type": "place", "space": "forge"}, Place("forge")),
    ({"type": "place", "space": "temple", "spell": "grow_beard", "roll": "app"},
     Place("temple", spell="grow_beard", roll="app")),
    ({"type": "place", "space": "forge", "golem": True, "color": "blue"}, Place("forge", golem=True, color="blue")),
    ({"type": "roll", "value": 5}, Roll(5)),
    ({"type": "reroll"}, Reroll()),
    ({"type": "answer", "value": ["ruby", "mana"]}, Answer(["ruby", "mana"])),
    ({"type": "attack_dice", "rolls": {"blue": 2, "yellow": None}}, AttackDice({"blue": 2, "yellow": None})),
    ({"type": "attack_input", "tile": {"strength": 6, "treasure": "gems", "points": 7},
      "players": {"blue": {"die": None, "axes": 2, "spells": ["frost_bolt"]}}, "automa_axes": {"red": 3},
      "black_die": None},
     AttackInput(DragonTile(6, "gems", 7), {"blue": Fighter(None, 2, ("frost_bolt",))}, {"red": 3})),
    ({"type": "game_end", "scores": {"blue": 90, "red": 80}}, GameEnd({"blue": 90, "red": 80})),
    ({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": -1},
     Spell("blue", "draco_speak", direction=-1)),
    ({"type": "special_tile", "color": "blue", "tile": "dragon_song"}, SpecialTile("blue", "dragon_song")),
    ({"type": "correction", "target": "gems", "value": 2, "color": "red", "gem": "ruby"},
     Correction("gems", 2, "red", "ruby")),
]


@pytest.mark.parametrize(("written", "typed"), WRITTEN)
def test_the_json_form_is_the_dict_written_before_and_parses_to_the_class(written, typed):
    assert parse(written) == typed
    assert typed.to_json() == written


def test_every_input_class_has_a_json_example():
    assert {typed.TYPE for _, typed in WRITTEN} == set(INPUTS)


@pytest.mark.parametrize("entry", [{"axes": 2}, {"die": 3, "axes": 2}, {"axes": 1, "die": None},
                                   {"die": None, "axes": 0, "spells": []}])
def test_a_fighter_is_recorded_with_the_fields_its_json_named_in_their_order(entry):
    inp = parse({"type": "attack_input", "tile": {"strength": 6, "treasure": "gems", "points": 7},
                 "players": {"blue": entry}})
    assert isinstance(inp, AttackInput)
    recorded = inp.recorded()["players"]["blue"]
    assert recorded == entry and list(recorded) == list(entry)


@pytest.mark.parametrize(("data", "line"), [
    ({"type": "place", "space": 3}, "space: expected a text"),
    ({"type": "place"}, "space: not given"),
    ({"type": "place", "space": "forge", "golem": 1}, "golem: expected true or false"),
    ({"type": "roll", "value": True}, "value: expected a whole number"),
    ({"type": "starting_rolls", "rolls": {"blue": "4"}}, "rolls.blue: expected a whole number"),
    ({"type": "attack_input", "tile": {"strength": 6, "treasure": "gems", "points": 7, "colour": "red"}},
     "tile.colour: not a field of this input"),
    ({"type": "attack_input", "tile": {"strength": 6, "treasure": "gems", "points": 7},
      "players": {"blue": {"spells": "frost_bolt"}}}, "players.blue.spells: expected a list"),
    ({"type": "attack_input", "tile": {"strength": 6, "treasure": "gems", "points": 7},
      "players": {"blue": {"axes": None}}}, "players.blue.axes: expected a whole number"),
    ({"type": "correction", "target": "dragon"}, "value: not given"),
    ({"type": 3}, "type: the input's type must be a text"),
    ({"type": "jump"}, "unknown input 'jump'"),
    (["place"], "the input: expected an object"),
])
def test_an_input_of_the_wrong_shape_is_refused_in_one_line_and_changes_nothing(data, line):
    with pytest.raises(IllegalInput) as parsed:
        parse(data)
    assert str(parsed.value) == line
    game = Game(Setup.solo(seed=5))
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    before = game.events()
    with pytest.raises(IllegalInput) as refused:
        game.act(data)
    assert str(refused.value) == line and game.events() == before
