"""Every refusal code is worded, in one line that names its field first, and with the game's names where it
says a player; the engine's refusals carry codes, never English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.board.occupants import Occupant
from companion.rules.board.placement import Blocked
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.names import REFUSAL_CODES
from companion.rules.setup import Setup
from companion.rules.words import Names
from companion.rules.words.refusals import WORDING, blocked, refusal

ENGINE = Path(__file__).resolve().parents[3] / "companion" / "rules" / "engine"


def test_every_refusal_code_has_its_words_and_no_other():
    assert set(WORDING) == set(REFUSAL_CODES)


def test_the_engine_raises_codes_only():
    """No refusal is written in English in the engine: ``IllegalInput("...")`` takes a code of the list."""
    raised = set()
    for path in ENGINE.glob("*.py"):
        raised |= set(re.findall(r'IllegalInput\(\s*"([^"]*)"', path.read_text(encoding="utf-8")))
    assert raised and raised <= set(REFUSAL_CODES)


@pytest.mark.parametrize(("code", "fields", "line"), [
    ("not_human", {"field": "golem", "color": "blue"}, "golem: Ann (Blue) is not a human player"),
    ("warp_not_yours", {"color": "blue"}, "Time Warp: the die waiting is Ann's; re-roll your own"),
    ("blocked", {"space": "forge", "reason": Blocked("higher", Occupant("blue", 2), 1)},
     "Forge: held by Ann (Blue) #2: a dislodge needs a higher number"),
    ("expansion_only", {"field": "", "things": ["golem"]},
     "The golem comes with Caverns of Gandûm: this game is the base game"),
    ("expansion_only", {"field": "", "things": ["spells"]},
     "Spells come with Caverns of Gandûm: this game is the base game"),
])
def test_a_refusal_says_a_player_by_name(code, fields, line):
    assert refusal(code, fields, Names({"blue": "Ann"})) == line


@pytest.mark.parametrize(("why", "line"), [
    (Blocked("locked", Occupant("red", 2), 3), "held by Red #2 in the tavern (locked)"),
    (Blocked("locked", Occupant("blue", 1, golem=True), 3), "held by Blue's golem in the tavern (locked)"),
    (Blocked("own", Occupant("blue", 1), 2), "held by your own #1"),
    (Blocked("sacrifice_own", Occupant("red", 1), 2), "Blood Sacrifice only dislodges your own dwarf"),
    (Blocked("sacrifice_smaller", Occupant("blue", 3), 2), "Blood Sacrifice needs a smaller beard than #2"),
])
def test_a_blocked_space_says_why(why, line):
    assert blocked(why) == line


def test_a_refused_input_is_one_line_of_words_with_its_code_and_fields():
    game = Game(Setup.solo(seed=1))
    with pytest.raises(IllegalInput) as refused:
        game.act({"type": "starting_rolls", "rolls": {"red": 4}})
    assert (refused.value.code, refused.value.fields) == ("not_human", {"field": "rolls", "color": "red"})
    assert str(refused.value) == "rolls: Red is not a human player"
