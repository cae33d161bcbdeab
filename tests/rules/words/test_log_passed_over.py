"""The log says why each option of an automa's card was passed over (rules audit, D9).

The log said "Red automa drew card R20 to place a dwarf" and then "drew card R06" with no word of why R20 placed
nothing, and its placement sentence left out the "primary Scout: held by ..." reasons that "On the board" gives.
The records stay as they are: a ``place`` event records its card's reasons (``skipped``); those of a card that
placed nothing are worked out from the events with the rules the engine used (``words.passed_over``), and a
property checks that this reading agrees with what the engine recorded, game after game.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import PROCEED, automa, card, deck, find_seed, human, place, play_random

from companion.cli.commands.log import lines as log_lines
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from companion.rules.words import Names, board_instructions, step_label, tell
from companion.rules.words.passed_over import Board, unplaced_draws
from companion.store.session import GameSession
from companion.ui.round.presenter import RoundPresenter

RED = deck("red", card("R06", "temple", "scout", "forge"), card("R20", "temple", "tavern_1", "mana_cave"),
           card("R07", "temple", "scout", "tunnel"))
NOTHING = ("Red automa drew card R20 to place a dwarf; the card placed nothing (primary Temple: held by its own #1; "
           "secondary Tavern 1 (top): held by Ann (Blue) #2 in the tavern (locked); tertiary Mana Cave: not in a base "
           "game)")
PLACED = "Red #2 took Scout (card R07, secondary — primary Temple: held by its own #1)"


def r20_drawn_in_vain() -> Game:
    """A base game, Ann (blue) first, red's deck drawn R06, R20, R07: Ann #1 takes the Forge, red #1 the Temple
    (R06), Ann #2 the top tavern space; then red #2 draws R20, whose three spaces are all closed to it, and R07."""

    def make(seed: int) -> Game:
        setup = Setup.build([human("blue").model_copy(update={"name": "Ann"}), automa("red", "red")], seed=seed,
                            expansion=False, custom_decks={"red": RED})
        game = Game(setup)
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        return game

    def wanted(game: Game) -> bool:
        shuffled = next(e for e in game.steps[0] if e["type"] == "automa_shuffle")
        return game.state.turn_order == ["blue", "red"] and shuffled["order"] == ["R06", "R20", "R07"]

    game = make(find_seed(make, wanted, tries=3000))
    place(game, "forge")
    game.act(PROCEED)
    place(game, "tavern_1")
    game.act(PROCEED)
    return game


def test_the_log_says_why_a_drawn_card_placed_nothing_and_why_the_placing_one_passed_its_primary():
    game = r20_drawn_in_vain()
    names = Names.of(game.setup)
    told = tell(game.events(), names, game.decks, game.setup.expansion)
    assert NOTHING in told and PLACED in told
    assert told.index(NOTHING) < told.index("Red automa drew card R07 to place a dwarf") < told.index(PLACED)
    # the log command and the round screen's log say the same
    assert f"    {NOTHING}" in log_lines(game) and f"    {PLACED}" in log_lines(game)
    screen = [line.split(". ", 1)[1] for line in RoundPresenter(GameSession(game)).log_lines()]
    assert NOTHING in screen and PLACED in screen
    # the board says the placing card's reasons too; the undo button's label stays short
    assert "Put Red #2 on Scout (card R07, secondary — primary Temple: held by its own #1)" in board_instructions(
        game.steps[-1], 5, names=names)
    assert step_label(game.steps[-1], names) == "Red #2 took Scout (card R07, secondary)"


def test_without_the_decks_the_log_says_it_cannot_tell():
    game = r20_drawn_in_vain()
    assert ("Red automa drew card R20 to place a dwarf; the card placed nothing (its spaces are not known here)"
            in tell(game.events()))


def _followed(game: Game, board: Board, seen: dict[str, int]) -> None:
    """Feed the game's last step to ``board``, reading every card drawn to place again as it goes: a card that
    placed nothing gives no space, a placing card the engine's choice and reasons; then the board must be the
    engine's."""
    step = game.steps[-1]
    nothing = unplaced_draws(step)
    for i, e in enumerate(step):
        if i in nothing:
            skipped = board.passed_over(e, nothing[i])
            assert skipped is not None and len(skipped) == 3, (e, skipped)
            seen["unplaced"] += 1
        elif e["type"] == "automa_draw" and e["purpose"] == "place":
            placed = next(x for x in step[i:] if x["type"] == "place" and x["color"] == e["color"])
            assert board.passed_over(e, placed["dwarf"]) == placed["skipped"], (e, placed)
            seen["placed"] += 1
        board.follow(e)
    assert board.spaces == dict(game.state.board)


@pytest.mark.parametrize("seed", range(6))
def test_the_board_followed_from_the_events_is_the_engine_s_and_reads_every_card_as_it_did(seed):
    """Random legal games (the golem, Grow Beard, Blood Sacrifice and dragon captures among them), base and
    expansion, solo and with one automa among three (who keeps the automa's things moves no dwarf)."""
    seen = {"unplaced": 0, "placed": 0}
    for setup in (Setup.solo(seed=seed, expansion=seed % 2 == 0),
                  Setup.build([human("blue"), human("yellow"), automa("red", "red")], seed=seed,
                              expansion=seed % 2 == 1)):
        game = Game(setup)
        board = Board(game.decks, setup.expansion)
        for e in game.steps[0]:
            board.follow(e)
        play_random(game, random.Random(seed), after=lambda g, _inp, _step, board=board: _followed(g, board, seen))
    assert seen["placed"] > 20 and seen["unplaced"] > 0, seen
