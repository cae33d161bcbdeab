"""``treasure-companion replay FILE``: prints the final state as JSON and exits 0, or prints ONE line on
stderr and exits 2 (malformed or unreadable), 3 (unsupported) or 4 (diverged) — never a traceback."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from engine_helpers import play_random

from companion.cli.main import main
from companion.record.format import game_record
from companion.rules.engine.game import Game
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup
from companion.sim.bots import Bot

PINNED = Path(__file__).resolve().parents[2] / "data" / "pinned_solo_v1.jsonl"


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game(Setup.solo(seed=8))
    play_random(g, random.Random(8))
    return g


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith("replay: ")
    return err


def write(tmp_path: Path, text: str, name: str = "game.jsonl") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def rows_of(game: Game) -> list[dict]:
    return json.loads(json.dumps([game.header(), *game.events()]))


def text_of(rows: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows)


def test_a_good_record_prints_the_final_state(capsys, tmp_path, game):
    code, out, err = run(capsys, write(tmp_path, game_record(game)))
    assert code == 0 and err == ""
    assert json.loads(out) == json.loads(json.dumps(game_summary(game)))


def test_the_pinned_record(capsys):
    code, out, err = run(capsys, str(PINNED))
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert summary["phase"] == "over" and summary["round"] == summary["rounds"] == 5


def test_standard_input(capsys, monkeypatch, game):
    monkeypatch.setattr("sys.stdin", io.StringIO(game_record(game)))
    code, out, err = run(capsys, "-")
    assert code == 0 and json.loads(out)["events"] == len(game.events())


def test_a_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, str(tmp_path / "nope.jsonl"))
    assert code == 2 and out == "" and "cannot read" in one_line(err)


def test_a_file_that_is_not_text(capsys, tmp_path):
    path = tmp_path / "bin.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, out, err = run(capsys, str(path))
    assert code == 2 and "cannot read" in one_line(err)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda t: "{not json\n" + t,
        lambda t: t.rstrip("\n")[:-4],
        lambda t: "",
    ],
    ids=["not-json", "torn-last-line", "empty"],
)
def test_malformed_records_exit_2(capsys, tmp_path, game, mangle):
    code, out, err = run(capsys, write(tmp_path, mangle(game_record(game))))
    assert code == 2 and out == "" and "malformed record" in one_line(err)


def test_a_missing_seq_exits_2(capsys, tmp_path, game):
    rows = rows_of(game)
    del rows[4]["seq"]
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 2 and "line 5 has no 'seq'" in one_line(err)


def test_a_bad_setup_exits_2(capsys, tmp_path, game):
    rows = rows_of(game)
    rows[0]["setup"]["dwarves"] = 99
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 2 and "setup.dwarves" in one_line(err)


@pytest.mark.parametrize("command", ["replay", "log", "import"])
@pytest.mark.parametrize("kind", ["teleport", "", "Roll", 7])
def test_an_event_of_no_known_type_is_a_malformed_record_exit_2(capsys, tmp_path, game, command, kind):
    """It exited 4 as a record that diverges from the rules; the README says 2 for a malformed record."""
    rows = rows_of(game)
    rows[5]["type"] = kind
    data_dir = ["--data-dir", str(tmp_path / "d")] if command == "import" else []
    code = main([command, write(tmp_path, text_of(rows)), *data_dir])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    assert "malformed record: line 6: type:" in err


@pytest.mark.parametrize("command", ["replay", "log"])
@pytest.mark.parametrize(("code", "spoil"), [
    (2, lambda rows: rows[3].pop("seq")),
    (3, lambda rows: rows[0].update(version=99)),
    (4, lambda rows: rows[-1].update(scores={})),
], ids=["malformed", "unsupported", "diverged"])
def test_a_record_that_cannot_be_replayed_is_named(capsys, monkeypatch, tmp_path, game, command, code, spoil):
    """'replay: diverged at event seq 5: ...' did not say which file: a script going through many had to guess."""
    rows = rows_of(game)
    spoil(rows)
    path = write(tmp_path, text_of(rows), "records 7.jsonl")
    assert main([command, path]) == code
    err = capsys.readouterr().err
    assert err.startswith(f"{command}: {path}: ") and err.count("\n") == 1
    monkeypatch.setattr("sys.stdin", io.StringIO(text_of(rows)))
    assert main([command, "-"]) == code
    assert capsys.readouterr().err.startswith(f"{command}: standard input: ")


def _steps_changed(rows: list[dict], change: str) -> int:
    """Change the record's steps one way; the line (1-based, the header is line 1) that goes wrong."""
    firsts = [i for i in range(2, len(rows)) if rows[i]["step"] != rows[i - 1]["step"]]
    at = firsts[3]  # the first event of some step after the setup
    if change == "missing":
        del rows[at]["step"]
    elif change == "a text":
        rows[at]["step"] = str(rows[at]["step"])
    elif change == "negative":
        rows[at]["step"] = -1
    elif change == "starts late":
        at = 1
        for row in rows[1:]:
            row["step"] += 2
    elif change == "goes back":
        rows[at]["step"] -= 2
    elif change == "skips one":
        for row in rows[at:]:
            row["step"] += 1
    return at + 1


@pytest.mark.parametrize("change", ["missing", "a text", "negative", "starts late", "goes back", "skips one"])
@pytest.mark.parametrize("command", ["replay", "log"])
def test_a_step_out_of_order_is_a_malformed_record_exit_2(capsys, tmp_path, game, command, change):
    """The step field was never looked at: any number, or none, replayed."""
    rows = rows_of(game)
    line = _steps_changed(rows, change)
    code = main([command, write(tmp_path, text_of(rows))])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    assert f"malformed record: line {line}: step" in err


def test_a_step_that_holds_other_events_than_the_rules_make_diverges_exit_4(capsys, tmp_path, game):
    """Steps in order, but one event moved into the next step: the rules put it in its own."""
    rows = rows_of(game)
    last = max(i for i in range(2, len(rows)) if rows[i]["step"] == rows[i - 1]["step"] and
               i + 1 < len(rows) and rows[i + 1]["step"] == rows[i]["step"] + 1)
    rows[last]["step"] += 1
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert (code, out) == (4, "")
    assert f"diverged at event seq {rows[last]['seq']}: " in one_line(err) and 'field "step"' in err


def test_a_game_whose_setup_makes_no_event_starts_at_step_1(capsys, tmp_path):
    """Two humans and no automa: nothing to shuffle, step 0 is empty and the first event is in step 1."""
    setup = Setup.solo(seed=3).model_dump()
    setup["players"] = [setup["players"][0], {**setup["players"][0], "color": "red"}]
    g = Game(Setup.model_validate(setup))
    bot = Bot("random", 3)
    for _ in range(5):
        g.act(bot.input_for(g))
    assert g.steps[0] == [] and g.events()[0]["step"] == 1
    code, out, err = run(capsys, write(tmp_path, game_record(g)))
    assert (code, err) == (0, "")


@pytest.mark.parametrize("header", [{"format": "treasure-companion-record", "version": 99},
                                    {"format": "chess-pgn", "version": 1}])
def test_unsupported_records_exit_3(capsys, tmp_path, game, header):
    rows = rows_of(game)
    rows[0] = {**header, "setup": rows[0]["setup"]}
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 3 and out == "" and "unsupported record" in one_line(err)


def test_a_changed_die_exits_4_naming_the_event(capsys, tmp_path, game):
    rows = rows_of(game)
    i = next(i for i, e in enumerate(rows) if i and e["type"] == "roll" and e["by"] == "app")
    rows[i]["value"] = rows[i]["value"] % 6 + 1
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 4 and out == ""
    assert f"diverged at event seq {rows[i]['seq']}:" in one_line(err)


def test_a_changed_card_exits_4(capsys, tmp_path, game):
    rows = rows_of(game)
    i = next(i for i, e in enumerate(rows) if i and e["type"] == "automa_draw" and e["color"] == "green")
    rows[i]["card"] = "G20" if rows[i]["card"] != "G20" else "G19"
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 4 and f"seq {rows[i]['seq']}" in one_line(err)


def test_an_extra_event_exits_4(capsys, tmp_path, game):
    rows = rows_of(game)
    rows.append({**rows[-1], "seq": rows[-1]["seq"] + 1})
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 4 and f"seq {rows[-1]['seq']}" in one_line(err)


def test_an_input_of_the_wrong_shape_exits_4_not_a_traceback(capsys, tmp_path, game):
    rows = rows_of(game)
    i = next(i for i, e in enumerate(rows) if i and e["type"] == "attack_input")
    rows[i]["tile"] = 7
    code, out, err = run(capsys, write(tmp_path, text_of(rows)))
    assert code == 4 and f"seq {rows[i]['seq']}" in one_line(err)
