"""The rules version the audit's rulings change is 2; a game made under version 1 keeps version 1's rules:
its record replays under them, the same inputs under version 2 give another game, and a resumed version 1
game keeps them (ruling e's Stone Beards face down, ruling f's Draco Speak onto the head).

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import events

from companion.record.format import RecordError, game_record, loads
from companion.rules.engine import game as engine
from companion.rules.engine.game import Game, IllegalInput
from tests.rules.rulings_helpers import dragon_to, head, red_with_stone_beards_loses_to_the_dragon, two_humans

# ---------------------------------------------------------------------------------------------- versions


def test_new_games_are_made_under_the_current_rules_version():
    assert engine.RULES_VERSION == 4
    game = two_humans()
    assert game.version == 4 and game.header()["version"] == 4


def v1_automa_stone_beards_record() -> str:
    """A record made under version 1: an automa's face-down Stone Beards still saved it then."""
    game, step = red_with_stone_beards_loses_to_the_dragon(version=1)
    assert [e["gold"] for e in events(step, "loss") if e["color"] == "red"] == [2]  # version 1: a quarter
    assert game.header()["version"] == 1
    return game_record(game)


def test_a_version_1_record_replays_under_the_rules_it_was_made_with():
    text = v1_automa_stone_beards_record()
    game = loads(text)
    assert game.version == 1
    assert game_record(game) == text


def test_the_same_inputs_under_version_2_give_another_game():
    text = v1_automa_stone_beards_record()
    relabelled = text.replace('"version":1', '"version":2', 1)
    with pytest.raises(RecordError) as err:
        loads(relabelled)
    assert err.value.code == 4


def test_a_version_1_game_keeps_version_1_rules_when_resumed():
    v1 = two_humans(version=1)
    dragon_to(v1, head(v1) - 1)
    with pytest.raises(IllegalInput):  # version 1: Draco Speak never reached the head
        v1.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": 1})
    resumed = Game.from_saved(v1.header(), v1.events(), [])
    assert resumed.version == 1
    with pytest.raises(IllegalInput):
        resumed.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": 1})
