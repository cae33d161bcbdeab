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


def test_three_people_and_an_automa_are_told_that_dwarves_will_sit_out(app):
    """Audit E12: four seats with the three-people row (dwarves 1 to 5) bring 20 dwarves to 18 spaces; New game
    says so in one line when that setup is chosen, and not before."""
    line = "4 players with dwarves 1 to 5: 20 dwarves for 18 spaces, so a dwarf left with no space sits out the round."
    app.open("/new")
    app.click("Custom automa setup")
    app.expect_text("Add a human")
    assert "dwarves for" not in app.text()  # two people and an automa: 15 dwarves
    app.click("Add a human")
    app.expect_text(line)
    app.scroll(420)  # under the seats
    app.shot("new-game-crowded", wait_ms=800)
