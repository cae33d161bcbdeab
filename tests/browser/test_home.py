import pytest

pytestmark = pytest.mark.browser

HOME_BUTTONS = ["Continue game", "New game", "Score a game", "History", "Decks", "Settings", "Rules help"]


def test_home_shows_every_button_on_a_phone_and_a_desktop(app):
    app.open("/")
    for size in ("phone", "desktop"):
        app.resize(size)
        for label in HOME_BUTTONS:
            assert app.control(label).is_visible(), (size, label)
        # No game has been started on a fresh data folder: Continue is there but disabled.
        assert app.is_disabled("Continue game")
        assert not app.is_disabled("New game")
        app.shot("home")


def test_top_bar_and_back(app):
    app.click("Decks")
    app.expect_text("Decks in use")
    app.click("Back")
    app.expect_text("Score a game")
    assert app.page.url.rstrip("/").endswith(str(app.server.port))


def test_unknown_address_offers_the_way_home(app):
    app.open("/no/such/screen")
    app.expect_text("Nothing here")
    app.click("Back to home")
    app.expect_text("Score a game")
