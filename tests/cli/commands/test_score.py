"""``treasure-companion score`` and ``treasure-companion schema score`` through the real CLI entry point."""

from __future__ import annotations

import copy
import io
import json

import pytest

from companion.cli.main import main
from companion.rules.scoring import ScoreSheet, set_points

SHEET = {
    "expansion": True,
    "final_turn_order": ["blue", "red", "green"],
    "players": [
        {"color": "blue", "kind": "human", "track": 57, "starting_tile": "sapphire",
         "mine_tiles": {"ruby": 1, "emerald": 0, "sapphire": 3, "diamond": 2, "mana": 1, "special": 2},
         "gold": 11, "mined_gems": 9, "gems_in_mine": 7},
        {"color": "red", "kind": "automa", "difficulty": "hard", "track": 40, "mine_tiles": 12,
         "gem_mine_tiles": 11, "gold": 15, "mined_gems": 18},
        {"color": "green", "kind": "automa", "difficulty": "easy", "track": 30, "mine_tiles": 12,
         "gem_mine_tiles": 11, "gold": 15, "mined_gems": 18},
    ],
}  # fmt: skip


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="sheet.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_scores_a_file(tmp_path, capsys):
    code, out, err = run(capsys, "score", write(tmp_path, SHEET))
    assert (code, err) == (0, "")
    result = json.loads(out)
    players = {p["color"]: p for p in result["players"]}
    assert [p["color"] for p in result["players"]] == ["red", "green", "blue"]  # 150, 30 + 83, 106
    assert [p["rank"] for p in result["players"]] == [1, 2, 3]

    red = players["red"]
    assert red["breakdown"] == {
        "track": 40,
        "mine_tiles": 36,
        "gold": 45,
        "mined_gems": 18,
        "gems_in_mine": 11,
    }
    assert red["total"] == 150 and red["estimates_used"] == []
    # The rulebook's Easy example (83) on top of 30 track points.
    assert players["green"]["total"] == 30 + 83

    blue = players["blue"]
    two = set_points(2)[0]
    assert blue["breakdown"] == {
        "track": 57,
        "mine_tiles": 10 + 0 + two + two + 0,  # sapphire 2+3, ruby 1, diamond 2, special 2, mana 1
        "gold": 22,
        "mined_gems": 9,
        "gems_in_mine": 4,
    }
    assert blue["total"] == sum(blue["breakdown"].values())
    assert blue["estimates_used"] == ["set chart: 2 tiles"]
    assert result["solo"]["verdict"] == "loss"
    assert "beard_rank" not in result["solo"]
    assert out.startswith('{\n  "')  # indent 2


def test_reads_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(SHEET)))
    code, out, err = run(capsys, "score", "-")
    assert (code, err) == (0, "")
    assert json.loads(out)["players"][0]["color"] == "red"


def test_solo_win_prints_the_beard_rank(monkeypatch, capsys):
    data = copy.deepcopy(SHEET)
    two = set_points(2)[0]
    not_track = 10 + 2 * two + 22 + 9 + 4  # blue's points besides the track, as in test_scores_a_file
    data["players"][0]["track"] = 195 - not_track
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    code, out, _ = run(capsys, "score", "-")
    result = json.loads(out)
    assert code == 0
    assert [(p["color"], p["total"]) for p in result["players"]][0] == ("blue", 195)
    assert result["solo"] == {"verdict": "win", "beard_rank": "Garibaldi", "to_beat": 150}


def test_not_solo_has_no_solo_object(tmp_path, capsys):
    data = copy.deepcopy(SHEET)
    data["players"][2] = {"color": "green", "kind": "human", "track": 1, "mine_tiles": {}, "gold": 0,
                          "mined_gems": 0, "gems_in_mine": 0}  # fmt: skip
    code, out, _ = run(capsys, "score", write(tmp_path, data))
    assert code == 0
    assert "solo" not in json.loads(out)


def bad(**changes):
    data = copy.deepcopy(SHEET)
    for dotted, value in changes.items():
        *path, last = dotted.split("__")
        target = data
        for key in path:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is None:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return data


BAD = [
    (bad(players__1__gold=-1), "players[1].gold"),
    (bad(players__0__color="pink"), "players[0].color"),
    (bad(players__2__difficulty="insane"), "players[2].difficulty"),
    (bad(players__0__mined_gems=None), "players[0].mined_gems"),
    (bad(expansion=False), "players[0].mine_tiles.mana"),
    (bad(players__2__color="blue"), "players[2].color"),
    (bad(final_turn_order=["red", "blue"]), "final_turn_order"),
    (bad(final_turn_order=["red", "blue", "yellow"]), "final_turn_order"),
    (bad(players__1__gem_mine_tiles=20), "players[1].gem_mine_tiles"),
]


@pytest.mark.parametrize(("data", "field"), BAD, ids=[f for _, f in BAD])
def test_bad_sheet_exits_2_with_one_line_naming_the_field(tmp_path, capsys, data, field):
    code, out, err = run(capsys, "score", write(tmp_path, data))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"error: {field}:")
    assert "Traceback" not in err


NAMED_VALUES = [
    (bad(players__0__color="orange"), "players[0].color: colour 'orange' is not one of red, yellow, green, blue"),
    (bad(final_turn_order=["blue", "red", "Green"]),
     "final_turn_order[2]: colour 'Green' is not one of red, yellow, green, blue"),
    (bad(players__2__difficulty="insane"),
     "players[2].difficulty: difficulty 'insane' is not one of easy, hard, punishing"),
    (bad(players__0__starting_tile=7),
     "players[0].starting_tile: gem 7 is not one of ruby, emerald, sapphire, diamond"),
    (bad(players__0__color="\x1b[2J" + "o" * 500),
     "players[0].color: colour '\\x1b[2J" + "o" * 26 + "'... (504 characters) is not one of red, yellow, green, "
     "blue"),
    (bad(players__0__color={"red": 1}),
     "players[0].color: must be a colour, one of red, yellow, green, blue, not an object"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "line"), NAMED_VALUES, ids=[line.split(":")[0] for _, line in NAMED_VALUES])
def test_a_bad_choice_names_the_value_and_the_choices(tmp_path, capsys, data, line):
    code, out, err = run(capsys, "score", write(tmp_path, data))
    assert (code, out) == (2, "")
    assert err.split(" (and ")[0].rstrip("\n") == f"error: {line}"
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "error: not JSON"),
        ("", "error: not JSON"),
        ("[1, 2]", "error: sheet: must be an object"),
    ],
)
def test_not_a_sheet(tmp_path, capsys, content, expected):
    code, out, err = run(capsys, "score", write(tmp_path, content))
    assert (code, out) == (2, "")
    assert err.startswith(expected) and err.count("\n") == 1


def test_missing_file(tmp_path, capsys):
    code, out, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert (code, out) == (2, "")
    assert err.startswith("error: cannot read") and err.count("\n") == 1


def test_directory_is_not_a_file(tmp_path, capsys):
    code, _, err = run(capsys, "score", str(tmp_path))
    assert code == 2 and err.startswith("error: cannot read")


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"expansion": "\xe9"}')
    code, _, err = run(capsys, "score", str(path))
    assert code == 2 and err == f"error: cannot read {path}: not UTF-8 text\n"


def test_schema_score_is_the_sheet_model(capsys):
    code, out, err = run(capsys, "schema", "score")
    assert (code, err) == (0, "")
    schema = json.loads(out)
    assert schema == ScoreSheet.model_json_schema()
    assert schema["required"] == ["expansion", "final_turn_order", "players"]
    assert schema["properties"]["players"]["items"]["discriminator"]["propertyName"] == "kind"
    assert schema["properties"]["players"]["maxItems"] == 4
    human = schema["$defs"]["HumanLine"]
    assert human["properties"]["gold"]["minimum"] == 0
    assert human["additionalProperties"] is False


def test_schema_accepts_the_example_and_rejects_a_bad_one(capsys):
    jsonschema = pytest.importorskip("jsonschema")  # not a declared dependency; installed here
    _, out, _ = run(capsys, "schema", "score")
    schema = json.loads(out)
    jsonschema.validate(SHEET, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad(players__1__gold=-1), schema)


def test_schema_of_the_result(capsys):
    code, out, _ = run(capsys, "schema", "score-result")
    assert code == 0
    assert "breakdown" in json.loads(out)["$defs"]["PlayerScore"]["properties"]


def test_unknown_schema_name_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["schema", "nonsense"])
    assert info.value.code == 2
