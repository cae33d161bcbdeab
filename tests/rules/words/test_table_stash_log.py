"""The log of a table-kept automa's spell says whether it scored (rules audit, D10).

When the table keeps the automa's things the app asks nothing at the Wizard's Cave: the table discards the spell
at the card's position and, for Charm or Mind Control, moves the automa's score marker 3 or 9. "On the board"
says so; the log said only "Green automa discarded the 3rd spell from the left", so reading the log back a table
could not tell that the spell may have scored on the board.
"""

from __future__ import annotations

from engine_helpers import PROCEED, automa, card, deck, find_seed, human

from companion.cli.commands.log import lines as log_lines
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from companion.rules.words import board_instructions, describe, tell

SAID = ("Red automa discarded the 3rd spell from the left and, for Charm or Mind Control, scored 3 or 9 points on "
        "the board")


def wizards_cave_claimed() -> Game:
    """Blue and the red automa (the table keeps its things), whose only card claims the Wizard's Cave: the
    all-play reads its 3rd spell."""
    cards = [card("C1", "wizards_cave", "forge", "temple", wizards_cave=3)]

    def make(seed: int) -> Game:
        setup = Setup.build([human("blue"), automa("red", "red")], expansion=True, seed=seed, stash="table")
        game = Game(setup, decks={"red": deck("red", *cards)})
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        return game

    game = make(find_seed(make, lambda g: g.state.turn_order[0] == "red"))
    game.act(PROCEED)
    return game


def test_the_log_says_a_table_kept_spell_may_have_scored_on_the_board():
    game = wizards_cave_claimed()
    (e,) = [e for e in game.steps[-1] if e["type"] == "table_keeps" and e["what"] == "spell"]
    assert describe(e) == SAID
    assert SAID in tell(game.events())
    assert f"    {SAID}" in log_lines(game)
    # the board's own line says what to do, and the log agrees with it
    assert any("Charm or Mind Control: its score marker moves 3 or 9" in line
               for line in board_instructions(game.steps[-1], 5, table_stash=True))
