""""On the board" says what the table does with an automa's gains, in each mode (rules audit, D6).

When the app keeps the automa's things its stash is hidden and counted by the app: nothing moves on the table.
When the table keeps them, they go beside the automa's deck. The board said "(beside its deck)" in both modes,
while the rules help said "into its hidden stash": a table could not tell whether to move the coins.
"""

from __future__ import annotations

from companion.rules.words import board_instructions

HOARD = {"type": "gain", "color": "red", "gold": 2, "reason": "Treasure Hoard"}
TILE = {"type": "gain", "color": "green", "gems": {"sapphire": 3}, "reason": "mine tile",
        "tile": {"kind": "gem", "gem": "sapphire", "gems": 3}}
SPECIAL = {"type": "gain", "color": "green", "reason": "special mine tile",
           "tile": {"kind": "special", "tile": "dragon_song"}}
COINS = {"type": "gain", "color": "red", "gold": 3, "reason": "coins on the ruby contract"}


def test_a_gain_the_app_keeps_moves_nothing_and_says_the_app_counts_it():
    assert board_instructions([HOARD], 5) == [
        "Red automa gains 2 gold into its hidden stash: nothing to move, the app counts them"]
    assert board_instructions([{**HOARD, "gold": 0, "gems": {"mana": 2}, "reason": "Mana Cave"}], 5) == [
        "Red automa gains 2 mana into its hidden stash: nothing to move, the app counts them"]


def test_a_tile_or_coins_the_app_keeps_say_what_leaves_the_board():
    """The tile leaves the Tunnel and the contract's coins its card: the table still puts those somewhere."""
    assert board_instructions([TILE], 5) == [
        "Green automa gains a sapphire tile with 3 gems into its hidden stash: set the tile aside face down, "
        "no gems to take; the app counts them"]
    assert board_instructions([SPECIAL], 5) == [
        "Green automa gains the Dragon Song tile into its hidden stash: set the tile aside face down; "
        "the app counts it"]
    assert board_instructions([COINS], 5) == [
        "Red automa gains 3 gold, the coins on the ruby contract, into its hidden stash: return the coins to "
        "the supply; the app counts them"]


def test_a_gain_the_table_keeps_goes_beside_the_deck():
    assert board_instructions([HOARD], 5, table_stash=True) == [
        "Red automa takes 2 gold from the supply: put them beside its deck"]
    assert board_instructions([{**HOARD, "gold": 1, "reason": "Tavern 2"}], 5, table_stash=True) == [
        "Red automa takes 1 gold from the supply: put it beside its deck"]


def test_no_board_line_of_an_app_kept_game_speaks_of_the_deck():
    said = [line for e in (HOARD, TILE, SPECIAL, COINS) for line in board_instructions([e], 5)]
    assert all("beside" not in line and "hidden stash" in line for line in said)


def test_the_tunnel_question_of_an_app_kept_game_says_the_same():
    """The question asked before that gain said the tile went "face down to its stack": a stack of what?"""
    from companion.rules.engine.decisions import QuestionDecision
    from companion.rules.words.decisions import question

    asked = question(QuestionDecision(color="green", question="tunnel", position=2))
    assert "set the tile aside face down" in asked and "stack" not in asked


def test_a_dragon_s_take_from_an_app_kept_stash_moves_nothing_either():
    """A ``loss`` event comes only from the stash the app keeps (the table's is a ``table_keeps``), yet the board
    said "Return 2 gold from beside Red automa's deck to the supply": there is nothing beside its deck."""
    assert board_instructions([{"type": "loss", "color": "red", "gold": 2},
                               {"type": "loss", "color": "green", "gems": {"ruby": 1}}], 5) == [
        "Red automa loses 2 gold from its hidden stash: nothing to move, the app counts the loss",
        "Green automa loses 1 ruby from its hidden stash: nothing to move, the app counts the loss"]
