"""Scenario B (a solo game's end) and C (a four-player base game with a tie) on the score screen."""

import pytest

pytestmark = pytest.mark.browser

SOLO = {
    "Blue track points": 57,
    "Blue ruby tiles": 5,
    "Blue gold": 11,
    "Blue mined gems": 20,
    "Blue gems in mine": 8,
    "Red track points": 30,
    "Red tiles in stack": 8,
    "Red gem tiles in stack": 7,
    "Red gold": 11,
    "Red mined gems": 10,
    "Green track points": 40,
    "Green tiles in stack": 5,
    "Green gem tiles in stack": 5,
    "Green gold": 9,
    "Green mined gems": 10,
}


def test_score_a_solo_game_shows_the_verdict_and_beard_rank(app):
    """Counted on a phone; then the same sheet at a desktop's width."""
    app.open("/")
    app.click("Score a game")
    app.expect_text("Caverns of Gandûm expansion")
    app.click("Solo against two automa")  # the sheet of an earlier test is kept per session; start clean
    app.shot("score-empty")
    for label, value in SOLO.items():
        app.fill(label, str(value))
    app.click("More blue sapphire tiles")  # the stepper: 1 sapphire + the starting tile = a set of 3
    app.expect_text("You win with 118 (the best automa has 104). Beard rank: Balbo.")
    # Every line of the human's total is there, with how it was counted.
    for text in ("5 ruby tiles and 3 sapphire tiles", "11 gold x 2", "8 gems / 2, rounded up", "11 gold x 3",
                 "7 gem tiles x 1"):
        app.expect_text(text)
    app.click("Go to the result")
    app.shot("score-solo-win")
    app.resize("desktop")
    app.expect_text("You win with 118 (the best automa has 104). Beard rank: Balbo.")
    app.click("Go to the result")
    app.shot("score-solo-win")


def test_a_tie_is_broken_by_the_final_turn_order_and_the_sheet_says_why(app):
    app.open("/score", size="desktop")
    app.click("Four players")
    app.expect_text("Move Yellow down")
    app.fill("Blue track points", "94")
    app.fill("Red track points", "94")
    app.expect_text("Blue ties Red on 96 and ranks higher: earlier in the final turn order.")
    app.click("Move Red up")
    app.expect_text("Red ties Blue on 96 and ranks higher: earlier in the final turn order.")
    app.click("Go to the result")
    app.shot("score-tie")


def test_an_impossible_automa_stack_is_explained_in_one_line(app):
    app.open("/score")
    app.click("Solo against two automa")
    app.fill("Red tiles in stack", "2")
    app.fill("Red gem tiles in stack", "3")
    app.expect_text("Red automa (Hard): it cannot have more gem tiles than tiles in its stack")
    app.click("Go to the result")
    app.shot("score-error")


def test_a_guessed_starting_tile_is_marked_and_the_player_picks_theirs(app):
    """Rules audit B3: the rulebooks print the blue and red starting tiles' gems only. Yellow's diamond is the
    app's estimate: marked on the sheet and in the result, until the player picks what their tile shows."""
    app.open("/score")
    app.click("Two players")
    app.expect_text("your starting tile (sapphire) is added for you")  # blue's is printed: no choice
    app.choose("Yellow", until="Yellow starting tile")  # the first player's colour
    app.fill("Yellow diamond tiles", "2")
    app.expect_text("4 tiles, the starting tile (its type estimated) counting as 2")
    app.expect_text("Yellow: the starting tile counts as diamond, the app's estimate")
    app.scroll(-250)
    app.shot("score-starting-tile-estimate")
    app.click("Go to the result")
    app.shot("score-starting-tile-estimate-result")
    app.click("Ruby", exact=True)
    app.expect_text("2 tiles, the starting tile counting as 2")
    app.expect_no_text("the app's estimate (the rulebooks print only")
    app.click("Go to the result")
    app.shot("score-starting-tile-picked")
