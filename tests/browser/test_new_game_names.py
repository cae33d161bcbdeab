import pytest

pytestmark = pytest.mark.browser


def test_a_name_over_40_characters_is_refused_in_one_line(app):
    """Before: New game cut a name to 24 characters without a word. Now a name of up to 40 is kept and a longer
    one is refused in one line naming the seat; nothing starts."""
    app.open("/new")
    app.fill("Seat 1 name", "N" * 41)
    app.click("Start the game")
    app.expect_text("Seat 1 name: at most 40 characters (this one has 41)")
    assert app.page.url.rstrip("/").endswith("/new")
    app.shot("new-game-long-name", wait_ms=800)


def test_a_name_typed_just_before_start_is_kept(app):
    """Before: the name reached the form only when the field lost focus, so Start pressed at once lost it."""
    app.open("/new")
    app.fill("Seat 1 name", "Ann")
    app.click("Start the game")
    app.expect_text("Starting order")
    from companion.store import Store

    with Store.open_read_only(app.server.data_dir) as store:
        saved = store.load(store.in_progress())
    assert saved.header["setup"]["players"][0]["name"] == "Ann"
