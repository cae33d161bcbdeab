"""Transcribing a printed card on a phone: one tap a field, saved as you go, resumed in a new session."""

import json

import pytest

pytestmark = pytest.mark.browser

#: A printed red card, field by field, as the buttons name the choices.
CARD = ["Treasure Hoard", "Scout", "Tavern 2", "3", "1", "Emerald", "1 beer + 1 gold", "4"]


def test_a_card_transcribed_by_tapping_is_kept_and_the_next_session_resumes(app):
    app.open("/decks")
    app.click("Transcribe the red deck")
    app.expect_text("Red deck: card 1 of 20")
    app.shot("transcribe-start")
    for label in CARD[:4]:
        app.click(label, exact=True)
    app.expect_text("All play, Dwarf King: which achievement from the left")
    app.shot("transcribe-all-play")
    for label in CARD[4:]:
        app.click(label, exact=True)
    app.expect_text("Red deck: card 2 of 20")
    app.expect_text("1 of 20 cards done")
    draft = json.loads((app.server.data_dir / "decks" / "draft-red.json").read_text())
    assert draft["cards"][0] == {"id": "R01", "primary": "treasure_hoard", "secondary": "scout",
                                 "tertiary": "tavern_2", "axes": 3, "dwarf_king": 1, "gem_market": "emerald",
                                 "tunnel": 2, "wizards_cave": 4}
    app.click("Show all cards as a table")
    app.expect_text("Tap a row to go to that card.")
    app.page.mouse.move(200, 600)
    app.page.mouse.wheel(0, 900)
    app.shot("transcribe-table")

    app.open("/decks")  # the next evening: a new session
    app.expect_text("1 of 20 cards done")
    app.shot("decks-transcribe")
    app.click("Carry on with the red deck")
    app.expect_text("Red deck: card 2 of 20")


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
    server = servers.start(calibration_games=4)
    app = app_page(server, "phone", "/decks")
    app.fill("Deck file text (TOML)", RED)
    app.click("Import pasted deck")
    app.expect_text("is not calibrated yet")
    app.click("Calibrate my decks")
    app.expect_text("With your transcribed red deck", timeout_ms=120_000)
    assert (server.data_dir / "decks" / "calibration.json").is_file()
    app.shot("decks-calibrated")
    app.open("/new")  # the deck in use is played: its bands are shown
    app.expect_text("From simulated games with your transcribed red deck.")
    app.click("Play with your transcribed red deck", role="switch")
    app.expect_text("From simulated games with the app's decks.")
    app.click("Play with your transcribed red deck", role="switch")
    app.page.mouse.move(200, 600)
    app.page.mouse.wheel(0, 1200)
    app.shot("new-game-transcribed-bands", wait_ms=1000)
