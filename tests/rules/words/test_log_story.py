"""The log tells a dragon fight whole and a dragon's move with its direction (issue 30, 3 and 4): the sentences of
``treasure-companion log`` and of the round screen's log for games played by legal inputs.

TM, "Resolve Fight": every loser loses half the tile's treasure (rounded up) and their longest beard goes to the
capture box; the log says each loser, what they lost and the dwarf captured, by the names of the table. CoG,
Draco Speak moves the dragon up or down; Time Warp may take back a climb: the log says which way it went.
"""

from __future__ import annotations

import re

from engine_helpers import place, roll, table_rolls

from companion.cli.commands.log import lines as log_lines
from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.rules.words import Names, describe, tell
from tests.rules.rulings_helpers import ORDER, dragon_to, fight, set_the_dragon_off


def ann_and_bob(**kw) -> Game:
    setup = Setup.build([Player(color="blue", kind="human", name="Ann"),
                         Player(color="yellow", kind="human", name="Bob")], seed=4, **kw)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": table_rolls(ORDER)})
    return game


def round_screen_log(game: Game) -> list[str]:
    from companion.store.session import GameSession
    from companion.ui.round.presenter import RoundPresenter

    return [line.split(". ", 1)[1] for line in RoundPresenter(GameSession(game)).log_lines(last=10_000)]


def lost_fight(game: Game) -> None:
    """Blue sets the dragon off; strength 9 against two 1s and no axes: both lose, nobody takes the tile."""
    set_the_dragon_off(game)
    fight(game, 9, {"blue": {"die": 1, "axes": 0}, "yellow": {"die": 1, "axes": 0}})


def test_the_log_names_every_loser_what_they_lost_and_the_dwarf_captured():
    game = ann_and_bob()
    lost_fight(game)
    said = ("Dragon attack (strength 9): Nobody beat the dragon; defences Ann (Blue) 1 (die 1 + axes 0), Bob "
            "(Yellow) 1 (die 1 + axes 0); Ann (Blue) lost half their gold (rounded up) and Ann (Blue) #5 was captured; "
            "Bob (Yellow) lost half their gold (rounded up) and Bob (Yellow) #5 was captured")
    assert f"    {said}" in log_lines(game)
    assert said in round_screen_log(game)


def test_a_stone_beards_loser_loses_a_quarter_and_keeps_its_dwarf():
    game = ann_and_bob()
    game.act({"type": "special_tile", "color": "blue", "tile": "stone_beards"})
    lost_fight(game)
    (line,) = [x for x in log_lines(game) if "Dragon attack" in x]
    assert "Ann (Blue) lost a quarter of their gold (rounded up; Stone Beards: no dwarf captured)" in line
    assert "Bob (Yellow) #5 was captured" in line


def test_a_won_fight_says_nobody_lost():
    game = ann_and_bob()
    set_the_dragon_off(game)
    fight(game, 2, {"blue": {"die": 6, "axes": 3}, "yellow": {"die": 2, "axes": 0}})
    assert ("    Dragon attack (strength 2): Ann (Blue) won the tile; defences Ann (Blue) 9 (die 6 + axes 3), "
            "Bob (Yellow) 2 (die 2 + axes 0); nobody lost") in log_lines(game)


def test_a_tie_says_why_the_winner_took_the_tile():
    """TM, Award Dragon Tile: ties go by turn order (its example: blue and red both at 7, blue takes the tile).
    The log says both defences, what each is made of, and why the earlier player won."""
    game = ann_and_bob()
    set_the_dragon_off(game)
    fight(game, 4, {"blue": {"die": 4, "axes": 3}, "yellow": {"die": 5, "axes": 2}})
    (line,) = [x for x in log_lines(game) if "Dragon attack" in x]
    assert line.strip() == (
        "Dragon attack (strength 4): Ann (Blue) won the tile (tied with Bob (Yellow) at 7: Ann (Blue) is earlier "
        "in turn order); defences Ann (Blue) 7 (die 4 + axes 3), Bob (Yellow) 7 (die 5 + axes 2); nobody lost")


def test_the_fight_is_told_in_the_rulebooks_order():
    """Rules version 4: the dice (the table's entered, the app's rolled), then the axes and the tile, then the
    result, each in its own line of the log."""
    game = ann_and_bob()
    set_the_dragon_off(game)
    fight(game, 4, {"blue": {"die": 4, "axes": 3}, "yellow": {"die": 5, "axes": 2}})
    lines = [re.sub(r"^\d+\. ", "", x.strip()) for x in log_lines(game)]  # without the steps' numbers
    start = lines.index("Fight dice rolled at the table: Ann (Blue) 4, Bob (Yellow) 5")
    assert lines[start + 1:start + 4] == [
        "Ann (Blue) rolled 4 against the dragon", "Bob (Yellow) rolled 5 against the dragon",
        "Axes spent: Ann (Blue) 3, Bob (Yellow) 2; dragon tile: strength 4, takes gold, worth 8 points"]
    assert lines[start + 4].startswith("Dragon attack (strength 4): Ann (Blue) won the tile")


def test_draco_speak_down_from_step_3_is_logged_as_down_to_step_2():
    game = ann_and_bob()
    dragon_to(game, 3)
    game.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": -1})
    assert game.state.dragon == 2
    assert "    The dragon moved down to step 2" in log_lines(game)
    assert round_screen_log(game)[0] == "The dragon moved down to step 2"


def test_a_time_warp_that_takes_back_a_climb_is_logged_as_down():
    game = ann_and_bob()
    dragon_to(game, 2)
    place(game, "treasure_hoard")
    roll(game, 5)  # the dragon climbs to 3
    game.act({"type": "spell", "color": "blue", "spell": "time_warp", "value": 1})
    assert game.state.dragon == 2
    told = log_lines(game)
    assert "    The dragon moved up to step 3" in told and "    The dragon moved down to step 2" in told


def test_the_dragon_goes_back_to_zero_after_a_fight_and_a_correction_sets_where_it_stands():
    told = tell([{"type": "correction", "target": "dragon", "value": 4}, {"type": "dragon", "position": 5},
                 {"type": "attack", "strength": 3, "treasure": "gold", "winner": None, "losers": [], "captured": [],
                  "defence": {}},
                 {"type": "dragon", "position": 0}, {"type": "dragon", "position": 1}], Names())
    assert told[1] == "The dragon moved up to step 5"
    assert told[3:] == ["The dragon went back to zero", "The dragon moved up to step 1"]


def test_the_other_lines_the_whole_game_read_found_wanting():
    """Read in whole simulated games (tests/rules/words/test_log_whole_games.py): a kept die said as a bare
    number, a game's end without its scores, two brackets in a row for a tavern space, and a Blood Sacrifice
    that did not say where the sacrificed dwarf went."""
    ann = Names({"blue": "Ann"})
    assert describe({"type": "roll_kept", "color": "blue", "value": 5}, ann) == "Ann (Blue) kept the roll of 5"
    assert describe({"type": "game_end", "scores": {"blue": 120, "red": 95}}, ann) == (
        "Game over: Ann (Blue) 120 points, Red 95 points")
    assert describe({"type": "place", "color": "red", "dwarf": 2, "space": "tavern_1", "dislodged": None,
                     "card": "R03", "choice": "tertiary"}) == "Red #2 took Tavern 1 (top; card R03, tertiary)"
    assert describe({"type": "place", "color": "blue", "dwarf": 5, "space": "mine", "spell": "blood_sacrifice",
                     "dislodged": {"color": "blue", "dwarf": 2}}, ann) == (
        "Ann (Blue) #5 took Mine (Blood Sacrifice), sending Ann (Blue) #2 to the capture box")
