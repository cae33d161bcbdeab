import json

import pytest

pytestmark = pytest.mark.browser


def _settings_file(app):
    return json.loads((app.server.data_dir / "settings.json").read_text())


def test_dark_theme_toggles_and_persists(app):
    app.open("/settings")
    app.expect_text("Appearance")
    app.shot("settings-light")
    assert not app.is_checked("Dark theme")
    app.click("Dark theme", role="switch")
    app.page.wait_for_function(
        "() => document.querySelector('[aria-label=\"Dark theme\"]').getAttribute('aria-checked') === 'true'"
    )
    assert _settings_file(app)["theme"] == "dark"
    app.shot("settings-dark")
    # A new session (a reload) starts dark.
    app.open("/", size="desktop")
    app.shot("home-dark")
    app.go_to("Settings")
    assert app.is_checked("Dark theme")
    app.click("Dark theme", role="switch")
    app.page.wait_for_function(
        "() => document.querySelector('[aria-label=\"Dark theme\"]').getAttribute('aria-checked') === 'false'"
    )
    assert _settings_file(app)["theme"] == "light"


def test_correcting_an_estimate_marks_it_your_copy(app):
    """On a phone, then back to the app's value at a desktop's width."""
    app.open("/settings")
    app.expect_text("Dragon track length")
    app.click("Correct dragon track length")
    app.fill("Steps to the head", "13")
    app.click("Save dragon track length")
    app.expect_text("Dragon track length: the dragon track has 1 to 12 steps")
    app.shot("settings-error")
    app.fill("Steps to the head", "7")
    app.click("Save dragon track length")
    app.expect_text("7 steps")
    app.expect_text("your copy")
    app.shot("settings-corrected")
    assert _settings_file(app)["corrections"]["dragon_track"] == 7
    # The rules help uses the corrected value, marked as the user's.
    app.go_to("Rules help")
    app.click("The dragon")
    app.expect_text("The dragon attacks when it reaches its head, 7 steps up from zero.")
    app.expect_text("your copy")
    # Back to the app's estimate.
    app.back()
    app.go_to("Settings")
    app.resize("desktop")
    app.shot("settings-corrected")
    app.click("Correct dragon track length")
    app.click("Use the app's value")
    app.expect_text("5 steps")
    assert _settings_file(app)["corrections"]["dragon_track"] is None


def test_starting_gold_and_tavern_corrections(app):
    app.open("/settings", size="desktop")
    app.click("Correct starting gold")
    app.fill("Gold, 3rd player", "2")
    app.click("Save starting gold")
    app.expect_text("Starting gold: starting gold must rise from the 1st to the 4th player")
    app.fill("Gold, 3rd player", "6")
    app.fill("Gold, 4th player", "8")
    app.click("Save starting gold")
    app.expect_text("1st 2, 2nd 3, 3rd 6, 4th 8")
    app.click("Correct tavern 2 reward")
    app.click("Beer", role="radio")
    app.fill("Tavern 2 amount", "2")
    app.click("Save tavern 2 reward")
    app.expect_text("2 beer")
    app.shot("settings-tavern")
    fixes = _settings_file(app)["corrections"]
    assert fixes["starting_gold"] == [2, 3, 6, 8]
    assert fixes["tavern"]["tavern_2"] == {"reward": "beer", "amount": 2}


def test_the_printed_bottom_tavern_space_has_no_correct_button(app):
    """Audit B2: the bottom tavern space's two gems are printed: badge "rulebook", no way to correct them; the
    second space says that only which space pays its one gold is the guess (B4)."""
    app.open("/settings", size="phone")
    app.expect_text("printed in the Caverns of Gandûm rulebook (the gem space's two gems)")
    app.expect_text("that this second space is the one paying it is the app's guess")
    buttons = app.page.get_by_role("button")
    assert buttons.filter(has_text="Correct tavern 3 reward").count() == 1
    assert buttons.filter(has_text="Correct tavern 4").count() == 0
    app.scroll(int(app.top_of("Tavern 3 reward") or 0) - 120)
    app.shot("settings-printed-tavern", wait_ms=800)


def test_a_corrected_set_chart_value_is_used_by_the_score_sheet(app):
    app.open("/settings", size="phone")
    app.click("Correct mine-tile set chart")
    app.fill("Points for 2 tiles", "3")
    app.click("Save mine-tile set chart")
    app.expect_text("Tiles: points. 2: 3 (yours), 4: 7")
    app.shot("settings-set-chart")
    assert _settings_file(app)["corrections"]["set_chart"] == {"2": 3}
    app.back()
    app.go_to("Score a game")
    app.click("Two players")
    app.click("Go to the result")
    app.expect_text("2 tiles, the starting tile counting as 2")
    app.expect_text("your copy")
    app.shot("score-your-copy")
    app.go_to("Settings")
    app.click("Correct mine-tile set chart")
    app.click("Use the app's value")
    app.expect_text("Tiles: points. 2: 2, 4: 7")


@pytest.mark.parametrize("bad", ["not-utf8", "folder"])
def test_a_bad_settings_file_is_kept_aside_and_settings_says_so(servers, app_page, tmp_path, bad):
    """Before: every page load showed "Error running app". Now the app opens with the defaults, the file is kept
    as settings.json.broken-<UTC>, and the Settings screen says so in one line until settings are saved."""
    data = tmp_path / "data"
    data.mkdir()
    if bad == "folder":
        (data / "settings.json").mkdir()
    else:
        (data / "settings.json").write_bytes(b"\xff\xfe{}")
    app = app_page(servers.start(data), route="/settings")
    app.expect_text("Appearance")
    (kept,) = data.glob("settings.json.broken-*")
    why = "it is a folder, not a file" if bad == "folder" else "not UTF-8 text"
    app.expect_text(f"Your settings could not be read ({why}); they are kept as {kept} and the defaults are used.")
    assert "Error running app" not in app.text()
    assert not app.is_checked("Dark theme")
    app.shot(f"settings-broken-{bad}", wait_ms=2000)
    # A reload still says so; saving a setting of one's own ends it.
    app.open("/settings")
    app.expect_text(f"Your earlier settings could not be read; they are kept as {kept}")
    app.click("Dark theme", role="switch")
    app.page.wait_for_function(
        "() => document.querySelector('[aria-label=\"Dark theme\"]').getAttribute('aria-checked') === 'true'"
    )
    assert json.loads((data / "settings.json").read_text())["theme"] == "dark"
    app.back()  # and Settings opened again no longer says so
    app.go_to("Settings")
    app.expect_text("Appearance")
    assert "could not be read" not in app.text()


def test_settings_that_parse_but_cannot_be_used_do_not_break_a_screen(servers, app_page, tmp_path):
    """Before: negative starting gold in settings.json made Settings, Rules help and New game show "This screen
    failed to open" with a raw validation error. Now the file is kept aside and every screen opens."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"corrections":{"starting_gold":[-5,-5,-5,-5]}}')
    app = app_page(servers.start(data), route="/settings")
    app.expect_text("Appearance")
    (kept,) = data.glob("settings.json.broken-*")
    app.expect_text(f"Your settings could not be read (corrections.starting_gold.0: Input should be greater "
                    f"than or equal to 0); they are kept as {kept} and the defaults are used.")
    app.shot("settings-broken-gold", wait_ms=1500)
    app.go_to("Rules help")
    app.expect_text("Where the app decided")
    assert "failed to open" not in app.text()
    app.back()
    app.go_to("New game")
    app.expect_text("Who plays")
    assert "failed to open" not in app.text()
