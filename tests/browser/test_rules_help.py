import pytest

pytestmark = pytest.mark.browser


def test_rules_help_opens_from_home_and_shows_a_space_summary(app):
    app.open("/")
    app.click("Rules help", exact=False)
    app.expect_text("Action spaces")
    app.click("Action spaces")
    app.expect_text("Treasure Hoard")
    app.expect_text("Take 2 gold, then roll for the dragon.")
    app.shot("rules-spaces")
    app.resize("desktop")  # the same screen at a desktop's width
    app.expect_text("Take 2 gold, then roll for the dragon.")
    app.shot("rules-spaces")


def test_rules_help_marks_estimates_and_lists_the_app_decisions(app):
    app.open("/rules")
    app.click("Where the app decided")
    app.expect_text("All-play walks start from the top of the turn order", timeout_ms=5_000)
    app.click("The dragon")
    app.expect_text("The dragon attacks when it reaches its head, 5 steps up from zero.")
    app.expect_text("estimate")
    app.shot("rules-decisions")


def test_rules_search_filters_and_opens_matches(app):
    app.open("/rules")
    app.fill("Search the rules", "reshuffle")
    app.expect_text("Each automa's discard pile is shuffled back into its deck")
    app.shot("rules-search")


def test_the_tavern_entries_say_what_is_printed_and_which_dwarf_counts(app):
    """Audit B4 and D11: the second space's one gold is printed, its space the guess; the order counts the dwarf
    on the space nearer the top (not the "highest", which reads as the longest beard)."""
    app.open("/rules")
    app.fill("Search the rules", "tavern")
    app.expect_text("that this second space pays it is the app's guess")
    app.expect_text("counts only the one on the space nearer the top, whatever its beard")
    app.shot("rules-tavern", wait_ms=800)
