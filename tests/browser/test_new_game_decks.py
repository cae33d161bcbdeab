"""New game plays the transcribed deck the Decks screen says is in use, and Start's summary says which decks.

Before, the Decks screen said "Your red deck is in use" while New game's "Play with your transcribed red deck"
was off, far below the fold on a phone, and Start's summary never named a deck: a game started with the app's
cards unseen.
"""

import pytest

from companion.rules.automa.deck import load_builtin
from companion.store import Store
from companion.ui.decks.cards import deck_toml
from companion.ui.decks.presenter import import_deck

pytestmark = pytest.mark.browser

MINE = "Solo · Caverns of Gandûm · Hard automa · your red deck and the app's green deck"
APPS = "Solo · Caverns of Gandûm · Hard automa · the app's red and green decks"


def seed_store(data_dir):
    """A transcription of the red deck kept (its first six cards), as the Decks screen keeps one."""
    cards = [{"id": c.id, "primary": c.primary, "secondary": c.secondary, "tertiary": c.tertiary, "axes": c.axes,
              **c.all_play.model_dump()} for c in load_builtin("red").cards[:6]]
    assert import_deck(data_dir, deck_toml("red", cards)).error is None


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_the_red_deck_in_use_is_played_and_start_says_so(app):
    app.open("/new")
    app.expect_text(MINE)
    app.assert_in_view("Start the game")
    assert app.is_checked("Play with your transcribed red deck")
    app.shot("new-game-your-deck")
    app.click("Play with your transcribed red deck", role="switch")
    app.expect_text(APPS)
    assert not app.is_checked("Play with your transcribed red deck")
    app.click("Play with your transcribed red deck", role="switch")
    app.expect_text(MINE)
    app.resize("desktop")
    app.shot("new-game-your-deck")
    app.click("Start the game")
    app.expect_text("Starting order")
    with Store.open_read_only(app.server.data_dir) as store:
        setup = store.load(store.in_progress()).header["setup"]
    assert set(setup["custom_decks"]) == {"red"}
    assert [c["id"] for c in setup["custom_decks"]["red"]["cards"]] == [f"R{n:02d}" for n in range(1, 7)]
