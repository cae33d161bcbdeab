"""The dragon's aggression rolls: 3+ moves it, 5+ under Dragon Song while its owner (or their golem) holds the
Treasure Hoard, the app's die when no value is entered, and the Temple re-roll of that die for a dwarf (not a
golem) in the Temple (base rulebook "Dragon Aggression", Appendix 1 Temple, Appendix 2 Dragon Song).

The dragon's other tests are in the other tests/rules/board/test_dragon_*.py modules, their shared helpers in
dragon_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import PROCEED, drive, events, place, roll

from companion.rules.board.dragon import aggression_threshold
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from tests.rules.board.dragon_helpers import four_player_game

# ---------------------------------------------------------------------------------------- aggression


def test_dragon_aggression_example():
    """Blue claims Treasure Hoard with #2 and rolls a five: the dragon moves up one space."""
    game = four_player_game()
    drive(game, ["forge", "excavate", "temple", "trading_post"])
    assert (game.decision.color, game.decision.dwarf) == ("blue", 2)
    place(game, "treasure_hoard")
    assert game.decision.kind == "roll" and game.decision.color == "blue"
    assert game.decision.threshold == 3
    step = roll(game, 5)
    assert [e["position"] for e in events(step, "dragon")] == [1]
    assert game.state.dragon == 1


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("space", ["treasure_hoard", "supply_wagon", "scout", "tribute"])
def test_three_or_higher_moves_the_dragon(space, value):
    game = four_player_game()
    place(game, space)
    step = roll(game, value)
    assert game.state.dragon == (1 if value >= 3 else 0)
    assert bool(events(step, "dragon")) == (value >= 3)
    assert (game.decision.color, game.decision.dwarf) == ("red", 1)  # the roll ends blue's action


def test_a_space_without_the_dragon_symbol_rolls_nothing():
    game = four_player_game()
    for space in ("forge", "excavate", "temple", "tavern_1"):
        place(game, space)
    assert game.state.dragon == 0 and game.decision.kind == "place"


def test_the_app_rolls_when_no_value_is_entered():
    game = four_player_game(seed=11)
    place(game, "treasure_hoard")
    step = game.act(PROCEED)
    (r,) = events(step, "roll")
    assert r["by"] == "app" and r["purpose"] == "aggression"
    assert game.state.dragon == (1 if r["value"] >= 3 else 0)


def test_roll_values_are_checked():
    game = four_player_game()
    place(game, "treasure_hoard")
    for bad in (0, 7):
        with pytest.raises(IllegalInput):
            game.act({"type": "roll", "value": bad})
    assert game.decision.kind == "roll"


def test_dragon_song_makes_every_roll_five_or_higher_while_its_owner_holds_the_hoard():
    game = four_player_game()
    game.act({"type": "special_tile", "color": "blue", "tile": "dragon_song"})
    place(game, "treasure_hoard")  # blue #1, the owner, occupies the Treasure Hoard
    assert game.decision.threshold == 5
    roll(game, 4)  # the owner's own roll
    assert game.state.dragon == 0
    place(game, "supply_wagon")  # red #1: another player's roll
    assert game.decision.threshold == 5
    roll(game, 4)
    assert game.state.dragon == 0
    place(game, "scout")  # yellow #1
    roll(game, 5)
    assert game.state.dragon == 1
    place(game, "tribute")  # green #1
    roll(game, 6)
    assert game.state.dragon == 2
    # blue #2 moves elsewhere; red #2 dislodges the owner's #1 from the hoard: the song no longer plays
    place(game, "forge")
    place(game, "treasure_hoard")
    assert game.state.board["treasure_hoard"].color == "red"
    assert game.decision.threshold == 3
    roll(game, 3)
    assert game.state.dragon == 3


def test_dragon_song_of_a_player_who_is_not_on_the_hoard_does_nothing():
    game = four_player_game()
    game.act({"type": "special_tile", "color": "red", "tile": "dragon_song"})
    place(game, "treasure_hoard")  # blue holds it, red owns the song
    assert game.decision.threshold == 3
    roll(game, 3)
    assert game.state.dragon == 1


def test_dragon_song_applies_to_the_automa_rolls():
    """Rolls made by the app for an automa count too ("ALL player rolls")."""
    def make(seed):
        game = Game(Setup.solo(seed=seed))
        game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
        return game

    checked = 0
    for seed in range(25):
        game = make(seed)
        if game.state.turn_order[0] != "blue":
            continue
        game.act({"type": "special_tile", "color": "blue", "tile": "dragon_song"})
        place(game, "treasure_hoard")
        roll(game, 1)
        # the automa go on; each aggression roll while blue holds the hoard must need 5+
        for _ in range(6):
            if game.decision.kind != "automa_turn":
                break
            step = game.act(PROCEED)
            assert game.state.board["treasure_hoard"].color == "blue"  # no automa #1 can dislodge blue #1
            for i, e in enumerate(step):
                if e["type"] == "roll" and e["purpose"] == "aggression":
                    checked += 1
                    moved = i + 1 < len(step) and step[i + 1]["type"] == "dragon"
                    assert moved == (e["value"] >= 5), (seed, e)
    assert checked >= 5


def test_threshold_function():
    assert aggression_threshold(False) == 3 and aggression_threshold(True) == 5


# ---------------------------------------------------------------------------------------- the Temple re-roll


def test_a_human_in_the_temple_may_reroll_the_apps_die_once():
    """Temple (base rulebook, Appendix 1): its occupant may re-roll their own die once; the new result stands."""
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=4)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    game.act({"type": "place", "space": "temple"})  # blue #1
    game.act({"type": "place", "space": "mine"})  # yellow #1
    game.act({"type": "place", "space": "treasure_hoard"})  # blue #2: a dragon space
    first = game.act({"type": "proceed"})  # the app's die
    assert [e["type"] for e in first] == ["roll"]
    assert game.decision.kind == "keep_roll" and game.decision.value == first[0]["value"]
    dragon_before = game.state.dragon
    second = game.act({"type": "reroll"})
    assert second[0] == {**second[0], "type": "reroll", "color": "blue", "input": True}
    again = second[1]
    assert again["type"] == "roll" and again.get("reroll") is True
    assert game.state.dragon == dragon_before + (1 if again["value"] >= 3 else 0)
    assert game.decision.kind == "place"
    # Undo and keep instead: the first value now decides.
    game.undo()
    kept = game.act({"type": "proceed"})
    assert kept[0] == {**kept[0], "type": "roll_kept", "value": first[0]["value"]}
    assert game.state.dragon == dragon_before + (1 if first[0]["value"] >= 3 else 0)


def test_no_reroll_question_without_a_dwarf_in_the_temple():
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=4)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    game.act({"type": "place", "space": "treasure_hoard"})
    game.act({"type": "proceed"})
    assert game.decision.kind == "place" and game.decision.color == "yellow"


def test_a_placement_with_the_apps_dice_rolls_for_the_dragon_in_the_same_step():
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=8)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    step = game.act({"type": "place", "space": "scout", "roll": "app"})
    assert [e["type"] for e in step[:2]] == ["place", "roll"]
    assert step[0]["roll"] == "app" and step[1]["purpose"] == "aggression" and step[1]["by"] == "app"
    assert game.decision.kind == "place" and game.decision.color == "yellow"
    # On a space without the dragon symbol nothing is rolled.
    step = game.act({"type": "place", "space": "mine", "roll": "app"})
    assert [e["type"] for e in step] == ["place"]


# ---------------------------------------------------------------------------------------- the golem (app decisions)


def test_the_golem_on_the_hoard_plays_its_controllers_dragon_song():
    """App's decision (Rules help): Dragon Song works "whenever you occupy" the Treasure Hoard, and the golem a
    player controls occupies it for them, so every roll needs 5+ while it stands there; the golem placed on the
    hoard makes its controller roll for the dragon."""
    game = four_player_game(expansion=True)
    game.act({"type": "special_tile", "color": "red", "tile": "dragon_song"})
    game.act({"type": "place", "golem": True, "color": "red", "space": "treasure_hoard"})
    assert game.decision.kind == "roll" and game.decision.color == "red"  # the golem's claim: red rolls
    assert game.decision.threshold == 5
    roll(game, 4)
    assert game.state.dragon == 0
    place(game, "scout")  # blue #1: another player's roll, while red's golem holds the hoard
    assert game.decision.threshold == 5
    roll(game, 4)
    assert game.state.dragon == 0


def test_the_golem_in_the_temple_gives_no_re_roll():
    """App's decision (Rules help): the Temple re-roll needs the player's own dwarf there; their golem is none."""
    game = four_player_game(expansion=True)
    game.act({"type": "place", "golem": True, "color": "blue", "space": "temple"})
    place(game, "treasure_hoard")  # blue #1
    step = game.act(PROCEED)  # the app's die
    assert [e["type"] for e in step][:1] == ["roll"]
    assert game.decision.kind != "keep_roll"
