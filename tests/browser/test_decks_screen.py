import pytest

pytestmark = pytest.mark.browser

GREEN = """deck = "green"
[[cards]]
id = "G1"
primary = "mine"
secondary = "tunnel"
tertiary = "tavern_4"
axes = 1
all_play = { dwarf_king = 2, gem_market = "diamond", tunnel = 1, wizards_cave = 4 }
"""


def test_decks_lists_every_card_of_both_decks(app):
    """On a phone, then the same screen at a desktop's width."""
    app.open("/")
    app.click("Decks")
    app.expect_text("Red deck (the app's design)")
    app.expect_text("R01")
    app.expect_text("1. Treasure Hoard")
    app.shot("decks-red")
    app.click("Green deck", exact=True)  # the chooser's segment (not "Transcribe the green deck")
    app.expect_text("G01")
    assert app.page.url.endswith("/decks")
    app.shot("decks-green")
    app.resize("desktop")
    app.expect_text("G01")
    app.shot("decks-green")


def test_import_lists_every_problem_of_a_bad_deck_and_keeps_a_good_one(app):
    app.open("/decks", size="desktop")
    app.expect_text("A deck file is TOML text")  # the format explained on the screen itself
    app.fill("Deck file text (TOML)", 'deck = "blue"\ncards = []')
    app.click("Import pasted deck")
    app.expect_text("pasted text: 2 problems, each below:")
    app.expect_text("- pasted text: deck: Input should be 'red' or 'green', got 'blue'")
    app.expect_text("- pasted text: cards:")
    assert "more problem" not in app.text()
    app.shot("decks-import-error")
    app.fill("Deck file text (TOML)", GREEN)
    app.click("Import pasted deck")
    app.expect_text("Imported your green deck: 1 card, kept as your transcription.")
    app.expect_text("Green deck (your transcription)")
    assert (app.server.data_dir / "decks" / "green.toml").read_text() == GREEN
    app.shot("decks-imported")
    app.click("Use the app's green deck again")
    app.expect_text("Green deck (the app's design)")
    assert not (app.server.data_dir / "decks" / "green.toml").exists()



def test_a_paste_typed_before_flutter_takes_the_field_still_reaches_the_app(app):
    # Under load the deck import once got an empty paste: the keys were typed after the field's element had the
    # focus but before Flutter had acted on it (its editing is attached a frame or more later), so they stayed in
    # the page's element and never reached the app. Here Flutter never hears of the first focus at all, the
    # longest such window: the harness's fill must notice that the app did not get the keys and focus again.
    app.open("/decks", size="desktop")
    app.field("Deck file text (TOML)").evaluate(
        "e => e.addEventListener('focus', ev => ev.stopImmediatePropagation(), {capture: true, once: true})"
    )
    app.fill("Deck file text (TOML)", GREEN)
    app.click("Import pasted deck")
    app.expect_text("Imported your green deck: 1 card, kept as your transcription.")
    app.click("Use the app's green deck again")
    app.expect_text("Green deck (the app's design)")
