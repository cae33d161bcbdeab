"""Transcribing a printed card on a phone: one tap a field, saved as you go, resumed in a new session."""

import json

import pytest

pytestmark = pytest.mark.browser

#: A printed red card, field by field, as the buttons name the choices.
CARD = ["Treasure Hoard", "Scout", "Tavern 2", "3", "1", "Emerald", "1 beer + 1 gold", "4"]


def test_a_card_transcribed_by_tapping_is_kept_and_the_next_session_resumes(app):
    app.open("/decks")
    app.click("Transcribe the red deck")
    app.expect_text("How many cards has your printed red deck?")  # not 20 blank cards at once
    app.shot("transcribe-count")
    app.fill("Cards in the deck", "6")
    app.click("Start transcribing")
    app.expect_text("Red deck: card 1 of 6")
    app.shot("transcribe-start")
    for label in CARD[:4]:
        app.click(label, exact=True)
    app.expect_text("All play, Dwarf King: which achievement from the left")
    app.shot("transcribe-all-play")
    for label in CARD[4:]:
        app.click(label, exact=True)
    app.expect_text("Red deck: card 2 of 6")
    app.expect_text("1 of 6 cards done")
    draft = json.loads((app.server.data_dir / "decks" / "draft-red.json").read_text())
    assert draft["cards"][0] == {"id": "R01", "primary": "treasure_hoard", "secondary": "scout",
                                 "tertiary": "tavern_2", "axes": 3, "dwarf_king": 1, "gem_market": "emerald",
                                 "tunnel": 2, "wizards_cave": 4}
    app.click("Show all cards as a table")
    app.expect_text("Tap a card to go to it.")
    app.expect_text("Treasure Hoard, Scout, Tavern 2 · Axes 3 · King 1 · Market Emerald · Tunnel 1 beer + 1 gold · "
                    "Wizard 4")
    app.assert_readable("the table of cards")  # it fits a phone's width: nothing cut at the side
    app.page.mouse.move(200, 600)
    app.page.mouse.wheel(0, 900)
    app.shot("transcribe-table")
    app.resize("desktop")
    app.assert_readable("the table of cards")
    app.shot("transcribe-table")

    app.open("/decks")  # the next evening: a new session
    app.expect_text("1 of 6 cards done")
    app.shot("decks-transcribe")
    app.click("Carry on with the red deck")
    app.expect_text("Red deck: card 2 of 6")


RED = """deck = "red"
[[cards]]
id = "T1"
primary = "treasure_hoard"
secondary = "scout"
tertiary = "tavern_1"
axes = 2
all_play = { dwarf_king = 1, gem_market = "ruby", tunnel = 2, wizards_cave = 3 }
"""


def test_calibrating_a_transcribed_deck_shows_its_bands_on_new_game(servers, app_page):
    """The card says which decks go in and, once the games begin, how long is left from their measured speed (it
    said "about a minute" for a run of 123 s); the bands show each automa's median; New game shows the bands of
    the automa its setup plays (two players and the red automa: the red automa's only)."""
    server = servers.start(calibration_games=4)
    app = app_page(server, "phone", "/decks")
    app.fill("Deck file text (TOML)", RED)
    app.click("Import pasted deck")
    app.expect_text("Your transcribed red deck is not calibrated yet")
    app.expect_text("Calibrating plays 24 simulated solo games with your red deck and the app's green deck in the "
                    "background; it says how long is left as it goes.")
    assert "about a minute" not in app.text()
    app.click("Calibrate my decks")
    app.expect_text("From simulated solo games with your red deck and the app's green deck", timeout_ms=120_000)
    app.expect_text("Calibrated with 24 simulated games in ")
    app.expect_text("Hard: the red automa usually scores ")
    assert (server.data_dir / "decks" / "calibration.json").is_file()
    app.shot("decks-calibrated")
    app.resize("desktop")
    app.shot("decks-calibrated")
    app.open("/new")  # the deck in use is played: its bands are shown, both automa's in a solo game
    app.expect_text("From simulated solo games with your red deck and the app's green deck.")
    app.expect_text("Hard: the automa usually score ")
    app.expect_text(", medians red ")
    app.click("Two players and one automa")
    app.expect_text("Hard: the red automa usually scores ")
    app.page.mouse.move(200, 600)
    app.page.mouse.wheel(0, 1600)
    app.shot("new-game-transcribed-bands", wait_ms=1000)
    app.click("Play with your transcribed red deck", role="switch")
    app.expect_text("From simulated solo games with the app's decks.")


#: A printed green card, field by field, as the buttons name the choices.
GREEN_CARD = ["Mine", "Tunnel", "Tavern 4 (bottom)", "1", "2", "Diamond", "1 beer or 1 gold", "4"]


def test_copy_a_card_see_its_problem_in_plain_words_play_the_finished_one_and_save_it_as_a_file(app):
    app.open("/decks/transcribe?deck=green")
    app.expect_text("How many cards has your printed green deck?")
    app.fill("Cards in the deck", "4")
    app.click("Start transcribing")
    app.expect_text("Green deck: card 1 of 4")
    for label in GREEN_CARD:
        app.click(label, exact=True)
    app.expect_text("Green deck: card 2 of 4")
    app.click("Previous card")
    app.click("Copy this card")
    app.expect_text("G02 is a copy of G01: tap the fields that differ.")
    app.expect_text("2 of 4 cards done")
    app.click("2nd: Tunnel", exact=True)
    app.click("Mine (already 1st)", exact=True)  # tapped anyway: the copy now has Mine twice
    app.expect_text("2nd space is the same as the 1st (Mine)")
    app.expect_text("1 of 4 cards done")  # a card with a problem is not done
    app.shot("transcribe-problem")
    app.click("Play with the 1 finished card")
    app.expect_text("Your green deck (1 card) is in use.")
    assert (app.server.data_dir / "decks" / "green.toml").is_file()
    app.click("Export or import (TOML)")
    with app.page.expect_download(timeout=15_000) as info:
        app.click("Save as a file")
    got = info.value
    assert got.suggested_filename == "green-deck.toml"
    text = open(got.path(), encoding="utf-8").read()
    assert text.startswith("# Green automa deck") and text.count("[[cards]]") == 1 and 'id = "G01"' in text
    app.expect_text("1 finished card of your green deck in green-deck.toml: import it on the Decks screen.")
    app.shot("transcribe-saved")
    app.resize("desktop")
    app.assert_readable("the transcription screen")
    app.shot("transcribe-saved")
