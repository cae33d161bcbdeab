"""The Rules help's "where the app decided" says each of the rules audit's rulings (a) to (g), and every
choice the engine makes where the rulebooks are silent (the round 7 audit).

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations


def test_the_rules_help_says_where_the_app_decided_each_of_these():
    from companion.ui.rules_help.text import APP_DECISIONS

    said = " ".join(APP_DECISIONS)
    assert "Tunnel tiles face down" in said and "no power" in said and "still counts as a mine tile" in said
    assert "Draco Speak may move the dragon onto the head" in said and "attacks at once" in said
    assert "every die the app rolls for you" in said and "could change who loses or who takes the tile" in said
    assert "Time Warp re-rolls your own die" in said and "re-rolled there and you enter the new value" in said
    assert "A base game (no Caverns of Gandûm) has no spells, golem or Spell Chamber, no mana" in said
    assert "refuses them in one line wherever they come" in said
    assert "a tie with an automa is a loss" in said and "automa ranks ahead of you" in said
    assert "0 tiles scores 0" in said
    assert "only when you have a re-roll for that die" in said and "Otherwise the die just stands" in said
    assert not any("still gives it the tile's power" in d or "cannot move the dragon onto the head" in d
                   for d in APP_DECISIONS)


def test_the_rules_help_lists_the_choices_the_engine_makes_where_the_rulebooks_are_silent():
    """Round 7 audit: each choice below is the engine's (docstrings in setup, round_flow, automa, automa_turn,
    side_inputs, scoring.sheet; tests in test_setup, test_automa, test_dragon_*, test_turn_order) and the Rules
    help's "where the app decided" must say it."""
    from companion.ui.rules_help.text import APP_DECISIONS

    said = " ".join(APP_DECISIONS)
    assert "an automa fills a seat and does not change the row" in said
    assert "'No automa' on New game lets two people play without one" in said
    assert "solo line (5 rounds, dwarves 1 to 5) in the base game too" in said
    assert "Tied starting rolls are rolled again with the app's die, for people too" in said
    assert "The automa skip the spell draft and never cast spells" in said
    assert "The app rolls every die of an automa" in said
    assert "an automa's dwarf only holds the space" in said and "it still rolls for the dragon" in said
    assert "At the Mine an automa does nothing, so it draws no card" in said
    assert "Mana gems left in your mine are counted with your other gems" in said
    assert "in the Temple it gives no re-roll" in said
    # test_automa: every round starts from the whole deck; an empty pile is shuffled at the next draw.
    assert "reshuffle at the end of a round takes its whole deck, the cards not drawn with the discards" in said
    assert "the discards are shuffled at its next draw" in said
    # test_dragon_*: the virtual bag's axes are drawn one by one at the printed mix.
    assert "virtual axe bag draws each axe on its own, worth 1 three times in four and 2 once in four" in said
    # test_dragon_*: Dragon Song raises every roll while its owner holds the hoard, and stops once dislodged.
    assert "while its owner's dwarf (or golem) stands on Treasure Hoard when a dragon roll is made" in said
    assert "Once that dwarf is dislodged, 3 or more again" in said
    # test_turn_order: a loser's dwarf leaves its space for the capture box, the tavern's too.
    assert "captures from a space leaves it: the space is open again" in said
    assert "captured from the tavern no longer sets the turn order" in said


def test_the_rules_help_says_three_people_and_an_automa_leave_dwarves_without_a_space():
    """Audit E12: the people's row and the sit-out ruling combine (companion/rules/setup.py's docstring; the game
    is played to its end in tests/ui/new_game/test_presenter.py)."""
    from companion.ui.rules_help.text import APP_DECISIONS

    said = " ".join(APP_DECISIONS)
    assert "Three people and an automa in Caverns of Gandûm" in said and "20 dwarves come to 18 spaces" in said
    assert "the dwarves left with no space sit out" in said
    assert "suggests an extra dwarf and one round fewer with an automa, only as a suggestion" in said


def test_the_rules_help_says_the_golem_rulings():
    """Audit E13: the golem rulings tested in tests/rules/test_rulings_golem.py are said where the app decided."""
    from companion.ui.rules_help.text import APP_DECISIONS

    said = " ".join(APP_DECISIONS)
    assert "any person may place it, or move it, between two dwarf actions, not only on their own turn" in said
    assert "Moving your own golem while it stands on the board is a new Stone Golem cast" in said
    assert "placing it again after another player dislodged it is not" in said
    assert "Grow Beard with the golem means a dwarf with Grow Beard dislodges it" in said
