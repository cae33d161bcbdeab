"""Presenters and routing: plain Python, no Flet."""

import subprocess
import sys

import pytest

from companion.rules.board.spaces import SPACE_IDS, SPACES, TAVERN_SPACES
from companion.rules.reference import load_reference
from companion.store.settings import CORRECTABLE, Settings, correct
from companion.ui.home.presenter import CONTINUE_ROUTE, home_presenter
from companion.ui.rules_help.text import (
    APP_DECISIONS,
    SPACE_SUMMARIES,
    corrected_values,
    filter_sections,
    rules_sections,
)
from companion.ui.settings.presenter import SettingsPresenter
from companion.ui.shell.routing import route_stack, split_route

PRESENTER_MODULES = [
    "companion.ui.home.presenter",
    "companion.ui.shell.routing",
    "companion.ui.rules_help.text",
    "companion.ui.settings.presenter",
    "companion.ui.score.presenter",
    "companion.ui.decks.presenter",
    "companion.ui.decks.transcribe_presenter",
    "companion.ui.decks.calibration",
]


@pytest.mark.parametrize("module", PRESENTER_MODULES)
def test_presenters_do_not_import_flet(module):
    code = f"import sys, {module}; sys.exit(1 if 'flet' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# ---------------------------------------------------------------------------------------------- routing


def test_split_route_normalises():
    assert split_route("") == ("/", {})
    assert split_route(None) == ("/", {})
    assert split_route("/rules/") == ("/rules", {})
    assert split_route("rules?open=dragon&q=axe") == ("/rules", {"open": "dragon", "q": "axe"})


def test_route_stack_walks_parents_and_survives_cycles():
    parents = {"/": None, "/a": "/", "/a/b": "/a", "/x": "/y", "/y": "/x"}
    assert route_stack("/", parents) == ["/"]
    assert route_stack("/a/b", parents) == ["/", "/a", "/a/b"]
    assert route_stack("/x", parents) == ["/", "/y", "/x"]
    assert route_stack("/unknown", parents) == ["/", "/unknown"]


# ---------------------------------------------------------------------------------------------- home


def test_home_without_a_game():
    model = home_presenter(has_game_in_progress=False)
    assert [a.key for a in model.actions] == ["continue", "new", "score", "history", "decks", "settings", "rules"]
    cont = model.action("continue")
    assert not cont.enabled and cont.hint == "No game in progress"
    assert model.action("new").primary and not cont.primary
    assert {a.route for a in model.actions} >= {"/new", "/score", "/history", "/decks", "/settings", "/rules"}


def test_home_with_a_game_puts_continue_first():
    model = home_presenter(has_game_in_progress=True)
    cont = model.action("continue")
    assert cont.enabled and cont.primary and cont.route == CONTINUE_ROUTE
    assert not model.action("new").primary
    assert all(a.enabled for a in model.actions)


# ---------------------------------------------------------------------------------------------- rules text


def test_every_space_has_a_summary_in_the_app_words():
    assert set(SPACE_SUMMARIES) == set(SPACE_IDS)
    section = rules_sections(load_reference())[0]
    assert [e.key for e in section.entries] == list(SPACE_IDS)
    for space in SPACES.values():
        text = section.entry(space.id).text
        assert len(text) > 20
        if space.dragon:
            assert "roll for the dragon" in text, space.id
        if space.all_play:
            assert "All play" in text, space.id


def test_tavern_rewards_come_from_the_reference_and_are_marked():
    ref = load_reference()
    section = rules_sections(ref)[0]
    for space in TAVERN_SPACES:
        entry = section.entry(space)
        t = ref.tavern_reward(space)
        assert entry.mark == ("estimate" if t.source == "estimate" else "")
        assert "Locked" in entry.text
    assert "Reward: 2 gems." in section.entry("tavern_4").text


def test_corrected_values_are_marked_your_copy():
    settings = correct(Settings(), "dragon_track", 9)
    settings = correct(settings, "tavern_2", ("beer", 3))
    from companion.store.settings import effective_reference

    corrected = corrected_values(settings)
    assert corrected == ["dragon_track", "tavern_2"] and corrected_values(Settings()) == []
    secs = {s.key: s for s in rules_sections(effective_reference(settings), corrected)}
    track = secs["dragon"].entry("track")
    assert "9 steps" in track.text and track.mark == "your copy"
    tavern = secs["spaces"].entry("tavern_2")
    assert "Reward: 3 beer." in tavern.text and tavern.mark == "your copy"
    assert secs["order"].entry("start").mark == "estimate"


def test_a_corrected_value_s_source_alone_marks_it_your_copy():
    """Audit B2: a correction's source is "owner", so the effective reference alone marks it (it said "rulebook",
    and only the list of corrected names kept the mark)."""
    from companion.store.settings import effective_reference

    secs = {s.key: s for s in rules_sections(effective_reference(correct(Settings(), "tavern_3", ("gems", 1))))}
    assert secs["spaces"].entry("tavern_3").mark == "your copy"
    assert secs["spaces"].entry("tavern_4").mark == "" and secs["spaces"].entry("tavern_1").mark == "estimate"


def test_the_tavern_entries_say_what_is_printed_and_what_is_guessed():
    """Audit B4: the one gold is printed, the space paying it is the guess; the bottom space's gems are printed."""
    from companion.store.settings import effective_reference

    spaces = rules_sections(load_reference())[0]
    assert "The one gold is printed" in spaces.entry("tavern_2").text
    assert "that this second space pays it is the app's guess" in spaces.entry("tavern_2").text
    assert spaces.entry("tavern_2").mark == "estimate"
    assert "Printed in the Caverns of Gandûm rulebook" in spaces.entry("tavern_4").text
    mine = rules_sections(effective_reference(correct(Settings(), "tavern_2", ("gold", 1))))[0].entry("tavern_2")
    assert "guess" not in mine.text and mine.mark == "your copy"  # the owner's copy says so: no guess left


def test_the_tavern_order_counts_the_dwarf_nearest_the_top_not_the_longest_beard():
    """Audit D11: "highest dwarf" read as the highest number (the longest beard, as elsewhere in the game); the
    rulebook means the dwarf on the space closest to the top."""
    text = {s.key: s for s in rules_sections(load_reference())}["order"].entry("tavern").text
    assert "highest" not in text
    assert "counts only the one on the space nearer the top, whatever its beard" in text


def test_automa_section_covers_every_effect():
    automa = {s.key: s for s in rules_sections(load_reference())}["automa"]
    keys = [e.key for e in automa.entries]
    assert keys == ["placement", "dislodging", "all_play", "claims", "dragon", "reshuffle", "end_table", "solo"]
    all_play = automa.entry("all_play").text
    for name in ("Dwarf King", "Gem Market", "Tunnel", "Mine", "Wizard's Cave"):
        assert name in all_play
    assert "2 / 3 / 4" in automa.entry("end_table").text
    solo = automa.entry("solo").text
    assert "Stubble 0-50" in solo and "Balbo 111-130" in solo and "Dwarf Longbeard 201 or more" in solo


def test_app_decisions_start_with_the_agreed_three():
    assert APP_DECISIONS[0].startswith("Estimates of reference values")
    assert "Settings" in APP_DECISIONS[0]
    assert "turn order" in APP_DECISIONS[1]
    assert "top of the turn order" in APP_DECISIONS[2] and "skip" in APP_DECISIONS[2]
    decisions = rules_sections(load_reference())[-1]
    assert decisions.title == "Where the app decided"
    assert len(decisions.entries) == len(APP_DECISIONS)


def test_filter_sections():
    secs = rules_sections(load_reference())
    assert filter_sections(secs, "") == secs
    hits = filter_sections(secs, "DRAGON tile")
    assert hits and all(
        all(w in f"{s.title} {e.title} {e.text}".lower() for w in ("dragon", "tile")) for s in hits for e in s.entries
    )
    assert filter_sections(secs, "zzzz") == []


# ---------------------------------------------------------------------------------------------- settings


def test_settings_rows_mark_estimates_and_rulebook_values():
    p = SettingsPresenter(Settings())
    rows = {r.key: r for r in p.reference_rows()}
    assert list(rows) == [*CORRECTABLE, "set_chart"]
    assert rows["dragon_track"].badge == "estimate"
    assert rows["starting_gold"].value_text == "1st 2, 2nd 3, 3rd 4, 4th 5"
    assert rows["tavern_1"].value_text == "no reward"
    assert rows["tavern_4"].badge == "rulebook"
    assert rows["set_chart"].badge == "estimate"
    assert rows["set_chart"].value_text.startswith("Tiles: points. 2: 2, 4: 7")
    assert "1 tile: 0, 3 tiles: 5, 5 tiles: 10" in rows["set_chart"].help
    assert not any(r.can_reset for r in rows.values())


def test_a_printed_value_has_no_correction_and_a_corrected_one_is_the_owner_s():
    """Audit B2: the bottom tavern space's two gems are printed: badge "rulebook", nothing to correct, and a
    submit is refused in one line; a corrected estimate is the owner's value, marked "your copy"."""
    p = SettingsPresenter(Settings())
    rows = {r.key: r for r in p.reference_rows()}
    assert [k for k, r in rows.items() if not r.can_correct] == ["tavern_4"]
    assert (rows["tavern_4"].badge, rows["tavern_4"].value_text) == ("rulebook", "2 gems")
    assert "printed" in rows["tavern_4"].help
    out = p.submit("tavern_4", {"reward": "gems", "amount": "3"})
    assert out.error == "Tavern 4 (bottom) reward: printed in the rulebook (2 gems), so it cannot be corrected"
    assert out.settings == Settings()
    assert p.submit("tavern_2", {"reward": "beer", "amount": "1"}).error is None
    assert p.reference.tavern_reward("tavern_2").source == "owner"
    assert p.reference_row("tavern_2").badge == "your copy"


def test_the_second_tavern_space_says_what_is_printed_and_what_is_guessed():
    """Audit B4: the one gold is printed ("Tavern (gold)"); which space pays it is the app's guess."""
    row = SettingsPresenter(Settings()).reference_row("tavern_2")
    assert (row.badge, row.value_text) == ("estimate", "1 gold")
    assert "print the one gold" in row.help and "is the app's guess" in row.help


def test_set_chart_corrections_keep_untouched_estimates():
    p = SettingsPresenter(Settings())
    fields = {f.key: f.value for f in p.reference_row("set_chart").fields}
    assert list(fields)[:2] == ["tiles_2", "tiles_4"] and fields["tiles_2"] == "2"
    out = p.submit("set_chart", {**fields, "tiles_2": "3"})
    assert out.error is None and out.settings.corrections.set_chart == {2: 3}
    row = p.reference_row("set_chart")
    assert row.badge == "your copy" and "2: 3 (yours)" in row.value_text and "4: 7," in row.value_text
    assert p.set_chart.points(2) == (3, "owner") and p.set_chart.points(4) == (7, "estimate")
    bad = p.submit("set_chart", {**fields, "tiles_4": "4"})
    assert bad.error == "Mine-tile set chart: set chart: 4 tiles cannot score less than 3"
    p.reset("set_chart")
    assert p.set_chart.points(2) == (2, "estimate")


def test_settings_toggles_return_new_settings():
    p = SettingsPresenter(Settings())
    assert p.set_dark(True).theme == "dark" and p.dark
    assert p.set_larger_text(True).larger_text
    assert p.set_dice("table").dice == "table"
    assert p.set_virtual_axe_bag(True).virtual_axe_bag
    assert p.set_dark(False).theme == "light"
    assert p.settings.larger_text  # earlier changes are kept


def test_submit_corrections_and_reset():
    p = SettingsPresenter(Settings())
    out = p.submit("starting_gold", {"gold_1": "1", "gold_2": "3", "gold_3": "5", "gold_4": "7"})
    assert out.error is None and out.settings.corrections.starting_gold == (1, 3, 5, 7)
    row = p.reference_row("starting_gold")
    assert row.badge == "your copy" and row.can_reset and row.value_text == "1st 1, 2nd 3, 3rd 5, 4th 7"
    out = p.submit("tavern_1", {"reward": "gold", "amount": "2"})
    assert out.error is None and p.reference_row("tavern_1").value_text == "2 gold"
    out = p.submit("tavern_3", {"reward": "none", "amount": "4"})  # no reward: the amount is ignored
    assert out.error is None and p.reference_row("tavern_3").value_text == "no reward"
    p.reset("starting_gold")
    assert p.reference_row("starting_gold").badge == "estimate"


@pytest.mark.parametrize(
    ("name", "values", "error"),
    [
        ("dragon_track", {"length": ""}, "Steps to the head: enter a whole number"),
        ("dragon_track", {"length": "0"}, "Dragon track length: the dragon track has 1 to 12 steps"),
        (
            "starting_gold",
            {"gold_1": "5", "gold_2": "4", "gold_3": "3", "gold_4": "2"},
            "Starting gold: starting gold must rise from the 1st to the 4th player",
        ),
        ("starting_gold", {"gold_1": "a", "gold_2": "4", "gold_3": "5", "gold_4": "6"}, "Gold, 1st player: enter"),
        ("tavern_2", {"reward": "gold", "amount": "0"}, "Tavern 2 reward: a tavern reward needs an amount"),
        ("tavern_2", {"reward": "gold", "amount": "x"}, "Tavern 2 amount: enter a whole number"),
    ],
)
def test_submit_errors_are_one_line_and_change_nothing(name, values, error):
    p = SettingsPresenter(Settings())
    out = p.submit(name, values)
    assert out.error is not None and out.error.startswith(error)
    assert "\n" not in out.error
    assert out.settings == Settings() == p.settings
