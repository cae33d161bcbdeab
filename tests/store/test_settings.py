import json

import pytest

from companion.rules.reference import load_reference
from companion.store.settings import (
    CORRECTABLE,
    LoadedSettings,
    Settings,
    clear_correction,
    correct,
    default_data_dir,
    effective_reference,
    load_settings,
    read_settings,
    resolve_data_dir,
    save_settings,
    settings_path,
)


def test_defaults_when_no_file(tmp_path):
    s = load_settings(tmp_path)
    assert s == Settings()
    assert (s.theme, s.larger_text, s.dice, s.virtual_axe_bag) == ("light", False, "app", False)


def test_round_trip(tmp_path):
    s = Settings(theme="dark", larger_text=True, dice="table", virtual_axe_bag=True)
    s = correct(s, "dragon_track", 6)
    s = correct(s, "starting_gold", [1, 2, 3, 4])
    s = correct(s, "tavern_2", ("beer", 2))
    save_settings(s, tmp_path / "nested")
    again = load_settings(tmp_path / "nested")
    assert again == s
    assert json.loads(settings_path(tmp_path / "nested").read_text())["theme"] == "dark"


def test_save_leaves_no_temporary_files(tmp_path):
    save_settings(Settings(), tmp_path)
    save_settings(Settings(theme="dark"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def _kept(folder):
    return sorted(p for p in folder.iterdir() if p.name.startswith("settings.json.broken-"))


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"{not json", "not JSON: "),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
        (json.dumps({"theme": "purple"}).encode(), "theme: Input should be 'light' or 'dark'"),
        (b"[]", "Input should be a valid dictionary"),
        (b" " * 1_000_001, "larger than 1 MB"),
        # Files that parse but could not be played with (before: "This screen failed to open" on Settings,
        # Rules help and New game, with a raw pydantic error).
        (b'{"corrections":{"starting_gold":[-5,-5,-5,-5]}}', "corrections.starting_gold.0: Input should be greater"),
        (b'{"corrections":{"starting_gold":[5,4,3,2]}}', "corrections: starting gold must rise"),
        (b'{"corrections":{"starting_gold":[1e30,1e31,1e32,1e33]}}', "corrections.starting_gold.0: "),
        (b'{"corrections":{"starting_gold":[1,2,3,51]}}', "corrections.starting_gold.3: Input should be less"),
        (b'{"corrections":{"set_chart":{"2":-1}}}', "corrections.set_chart.2: Input should be greater"),
        (b'{"corrections":{"set_chart":{"2":201}}}', "corrections.set_chart.2: Input should be less"),
        (b'{"corrections":{"set_chart":{"3":99}}}', "corrections: set chart: 3 tiles is printed in the rulebook"),
        (b'{"corrections":{"set_chart":{"2":50,"4":1}}}', "corrections: set chart: 3 tiles cannot score less"),
        (b'{"corrections":{"set_chart":{"100000000":5}}}', "corrections.set_chart.100000000.[key]: Input should"),
        (b'{"corrections":{"set_chart":{"0":0}}}', "corrections.set_chart.0.[key]: Input should be greater"),
        (b'{"corrections":{"tavern":{"tavern_9":{"reward":"gold","amount":1}}}}', "corrections.tavern.tavern_9"),
        (b'{"corrections":{"tavern":{"tavern_1":{"reward":"gold","amount":0}}}}', "corrections: tavern_1: a tavern"),
        (b'{"corrections":{"tavern":{"tavern_1":{"reward":"none","amount":2}}}}', "corrections: tavern_1: a tavern"),
    ],
)
def test_a_file_that_cannot_be_used_is_moved_aside_and_the_defaults_used(tmp_path, content, why):
    settings_path(tmp_path).write_bytes(content)
    loaded = read_settings(tmp_path)
    assert loaded.settings == Settings()
    (kept,) = _kept(tmp_path)
    assert kept.read_bytes() == content and not settings_path(tmp_path).exists()
    assert loaded.notice.startswith(f"Your settings could not be read ({why}")
    assert loaded.notice.endswith(f"); they are kept as {kept} and the defaults are used.")
    assert "\n" not in loaded.notice


def test_a_folder_named_settings_json_is_moved_aside_with_what_it_holds(tmp_path):
    folder = settings_path(tmp_path)
    folder.mkdir()
    (folder / "inside.txt").write_text("kept")
    loaded = read_settings(tmp_path)
    assert loaded.settings == Settings() and "(it is a folder, not a file)" in loaded.notice
    (kept,) = _kept(tmp_path)
    assert (kept / "inside.txt").read_text() == "kept"
    save_settings(Settings(theme="dark"), tmp_path)  # and settings can be saved again
    assert read_settings(tmp_path) == LoadedSettings(Settings(theme="dark"))


def test_the_notice_stays_until_settings_of_ones_own_are_saved(tmp_path):
    settings_path(tmp_path).write_bytes(b"\xff\xfe{}")
    first = read_settings(tmp_path).notice
    (kept,) = _kept(tmp_path)
    again = read_settings(tmp_path)  # a reload: the file is gone, the kept copy still named
    assert again.notice == (
        f"Your earlier settings could not be read; they are kept as {kept} and the defaults are used."
    )
    assert first != again.notice
    save_settings(Settings(), tmp_path)
    assert read_settings(tmp_path).notice is None


def test_two_bad_files_in_one_second_are_both_kept(tmp_path):
    for content in (b"\xff one", b"\xff two"):
        settings_path(tmp_path).write_bytes(content)
        read_settings(tmp_path)
    assert sorted(p.read_bytes() for p in _kept(tmp_path)) == [b"\xff one", b"\xff two"]


def test_a_good_file_has_no_notice(tmp_path):
    save_settings(Settings(dice="table"), tmp_path)
    assert read_settings(tmp_path) == LoadedSettings(Settings(dice="table"))


def test_unknown_keys_are_ignored(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"theme": "dark", "from_the_future": 1}), "utf-8")
    assert load_settings(tmp_path).theme == "dark"


def test_effective_reference_without_corrections_is_the_builtin():
    assert effective_reference(Settings()) == load_reference()


def test_corrections_replace_estimates_and_are_no_longer_estimates():
    s = correct(Settings(), "dragon_track", 8)
    s = correct(s, "starting_gold", (3, 4, 5, 6))
    s = correct(s, "tavern_1", ("gold", 2))
    ref = effective_reference(s)
    assert ref.dragon_track.length == 8
    assert ref.starting_gold.by_position == [3, 4, 5, 6]
    assert ref.tavern_reward("tavern_1").reward == "gold"
    assert ref.tavern_reward("tavern_1").amount == 2
    assert "dragon_track" not in ref.estimates()
    assert "starting_gold" not in ref.estimates()
    assert "tavern_1" not in ref.estimates()
    # The uncorrected estimates stay estimates.
    assert "tavern_2" in ref.estimates()


def test_a_corrected_value_is_the_owner_s_and_a_printed_one_stays_the_rulebook_s():
    """Audit B2: every correction was labelled "rulebook", as if printed; the set chart already said "owner"."""
    s = correct(correct(Settings(), "dragon_track", 8), "starting_gold", (3, 4, 5, 6))
    ref = effective_reference(correct(s, "tavern_2", ("beer", 1)))
    assert ref.dragon_track.source == ref.starting_gold.source == ref.tavern_reward("tavern_2").source == "owner"
    assert ref.tavern_reward("tavern_4").source == "rulebook" and ref.tavern_reward("tavern_1").source == "estimate"
    shipped = load_reference()
    assert {shipped.dragon_track.source, shipped.starting_gold.source, *(t.source for t in shipped.tavern)} == {
        "rulebook", "estimate"}  # "owner" is never shipped


def test_a_value_the_rulebook_prints_cannot_be_corrected():
    """The bottom tavern space's two gems are printed (the Caverns rulebook's "Tavern (gem)"), like the set
    chart's printed counts."""
    assert load_reference().printed() == ["tavern_4"]
    with pytest.raises(ValueError) as err:
        correct(Settings(), "tavern_4", ("gems", 3))
    assert str(err.value) == "printed in the rulebook (2 gems), so it cannot be corrected"


def test_an_older_file_s_correction_of_a_printed_value_is_dropped_the_rest_kept(tmp_path):
    """Settings once offered to correct the bottom tavern space: such a file still loads, without that one."""
    raw = {"theme": "dark", "corrections": {"tavern": {"tavern_4": {"reward": "gems", "amount": 3},
                                                       "tavern_1": {"reward": "gold", "amount": 2}}}}
    settings_path(tmp_path).write_text(json.dumps(raw))
    loaded = read_settings(tmp_path)
    assert loaded.notice is None and loaded.settings.theme == "dark"
    assert list(loaded.settings.corrections.tavern) == ["tavern_1"] and not loaded.settings.is_corrected("tavern_4")
    ref = effective_reference(loaded.settings)
    assert (ref.tavern_reward("tavern_4").amount, ref.tavern_reward("tavern_4").source) == (2, "rulebook")


def test_a_game_played_with_a_corrected_printed_value_still_loads():
    """A game's setup carries values, not sources: one started with the bottom space corrected (which Settings
    once allowed) replays as it was played."""
    from companion.rules.engine.game import Game
    from companion.rules.setup import Setup, shipped_tavern_rewards

    setup = Setup.solo(seed=3, tavern_rewards={**shipped_tavern_rewards(), "tavern_4": ("gems", 3)})
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    header = game.header()
    again = Game.from_events(Setup.model_validate(header["setup"]), game.events())
    assert again.setup.tavern_rewards["tavern_4"] == ("gems", 3) and again.events() == game.events()


def test_is_corrected_and_clear():
    s = correct(Settings(), "tavern_3", ("gems", 1))
    assert [n for n in CORRECTABLE if s.is_corrected(n)] == ["tavern_3"]
    s = clear_correction(s, "tavern_3")
    assert not any(s.is_corrected(n) for n in CORRECTABLE)
    s = clear_correction(correct(s, "dragon_track", 4), "dragon_track")
    assert s.corrections.dragon_track is None


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("dragon_track", 0, "1 to 12"),
        ("dragon_track", 13, "1 to 12"),
        ("dragon_track", True, "1 to 12"),
        ("starting_gold", [1, 2, 3], "four amounts"),
        ("starting_gold", [1, 2, 2, 3], "rise"),
        ("starting_gold", [-1, 2, 3, 4], "between 0 and 50"),
        ("tavern_1", ("wine", 1), "Input should be"),
        ("tavern_1", ("gold", 9), "less than or equal to 5"),
        ("tavern_1", ("none", 2), "amount 0"),
        ("tavern_1", ("gold", 0), "at least 1"),
        ("mine", 3, "not a value that can be corrected"),
        ("set_chart", {31: 60}, "between 1 and 30"),
        ("set_chart", {2: 201}, "between 0 and 200"),
    ],
)
def test_invalid_corrections_are_refused_with_one_line(name, value, message):
    with pytest.raises(ValueError) as err:
        correct(Settings(), name, value)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_set_chart_corrections_merge_and_are_validated_by_the_engine():
    from companion.store.settings import effective_set_chart

    s = correct(Settings(), "set_chart", {2: 3})
    s = correct(s, "set_chart", {4: 8})
    assert s.corrections.set_chart == {2: 3, 4: 8} and s.is_corrected("set_chart")
    chart = effective_set_chart(s)
    assert chart.points(2) == (3, "owner") and chart.points(3) == (5, "rulebook")
    with pytest.raises(ValueError, match="printed in the rulebook"):
        correct(s, "set_chart", {3: 6})
    with pytest.raises(ValueError, match="cannot score less"):
        correct(s, "set_chart", {6: 1})
    assert not clear_correction(s, "set_chart").is_corrected("set_chart")


def test_set_chart_corrections_survive_the_file(tmp_path):
    s = correct(Settings(), "set_chart", {2: 3, 12: 30})
    save_settings(s, tmp_path)
    assert load_settings(tmp_path).corrections.set_chart == {2: 3, 12: 30}


def test_is_corrected_rejects_unknown_names():
    with pytest.raises(KeyError):
        Settings().is_corrected("mine")


def test_data_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TREASURE_COMPANION_DATA", str(tmp_path / "d"))
    assert default_data_dir() == tmp_path / "d"
    assert resolve_data_dir(None) == tmp_path / "d"
    assert resolve_data_dir(tmp_path / "x") == tmp_path / "x"


def test_data_dir_default_is_per_user(monkeypatch):
    monkeypatch.delenv("TREASURE_COMPANION_DATA", raising=False)
    assert "reasure" in str(default_data_dir())


def test_every_usable_file_builds_the_reference_and_the_chart(tmp_path):
    """What read_settings accepts, effective_reference and effective_set_chart can build (no screen fails)."""
    from companion.store.settings import effective_set_chart

    raw = {"corrections": {"starting_gold": [0, 1, 2, 50], "set_chart": {"2": 4, "30": 200},
                           "tavern": {"tavern_1": {"reward": "beer", "amount": 5}}, "dragon_track": 12}}
    settings_path(tmp_path).write_text(json.dumps(raw))
    loaded = read_settings(tmp_path)
    assert loaded.notice is None
    assert effective_reference(loaded.settings).starting_gold.by_position == [0, 1, 2, 50]
    assert effective_set_chart(loaded.settings).points(30) == (200, "owner")


def test_two_windows_changing_different_settings_keep_both(tmp_path):
    """Each window saved its whole copy: the phone's dark theme was put back to light when the desktop, which
    had read the settings before, changed the dice (a correction likewise)."""
    from companion.store.settings import Corrections, merged_with_saved

    start = Settings()
    save_settings(start, tmp_path)
    phone = start.replace(theme="dark", corrections=Corrections(dragon_track=6).model_dump())
    save_settings(merged_with_saved(start, phone, tmp_path), tmp_path)
    desk = start.replace(dice="table", corrections=Corrections(starting_gold=(2, 3, 4, 6)).model_dump())
    save_settings(merged_with_saved(start, desk, tmp_path), tmp_path)
    kept = read_settings(tmp_path).settings
    assert (kept.theme, kept.dice) == ("dark", "table")
    assert kept.corrections.dragon_track == 6 and kept.corrections.starting_gold == (2, 3, 4, 6)
    # a window turning a setting back is a change too
    back = merged_with_saved(phone, phone.replace(theme="light"), tmp_path)
    assert (back.theme, back.dice) == ("light", "table")


def test_two_app_windows_changing_different_settings_keep_both(tmp_path):
    from companion.ui.shell.context import AppContext
    from tests.ui.shell.test_views import FakePage

    phone, desk = AppContext.load(FakePage("/settings"), tmp_path), AppContext.load(FakePage("/settings"), tmp_path)
    phone.update_settings(phone.settings.replace(theme="dark"))
    desk.update_settings(desk.settings.replace(dice="table"))
    desk.update_settings(desk.settings.replace(larger_text=True))
    kept = read_settings(tmp_path).settings
    assert (kept.theme, kept.dice, kept.larger_text) == ("dark", "table", True)
    assert desk.settings.theme == "light"  # each window keeps showing what it chose until it opens again
