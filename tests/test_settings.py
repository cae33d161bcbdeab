import json

import pytest

from companion.rules.reference import load_reference
from companion.settings import (
    CORRECTABLE,
    Settings,
    clear_correction,
    correct,
    default_data_dir,
    effective_reference,
    load_settings,
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


def test_unreadable_file_is_kept_aside_and_defaults_used(tmp_path):
    settings_path(tmp_path).write_text("{not json", "utf-8")
    assert load_settings(tmp_path) == Settings()
    assert (tmp_path / "settings.json.bad").read_text() == "{not json"


def test_invalid_values_in_file_fall_back_to_defaults(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"theme": "purple"}), "utf-8")
    assert load_settings(tmp_path) == Settings()


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
    ],
)
def test_invalid_corrections_are_refused_with_one_line(name, value, message):
    with pytest.raises(ValueError) as err:
        correct(Settings(), name, value)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_set_chart_corrections_merge_and_are_validated_by_the_engine():
    from companion.settings import effective_set_chart

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
