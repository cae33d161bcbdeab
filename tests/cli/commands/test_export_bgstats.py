"""``export --format bgstats``: real games from the engine through the store to a BG Stats file; games in
progress left out; bad GAME_ID, unknown or unfinished games refused in one line with exit code 2."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.cli.commands import export
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from tests.export.test_bgstats import by_color, check_shape


def run(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="treasure-companion")
    export.register(parser.add_subparsers())
    args = parser.parse_args(["export", *argv])
    code = args.handler(args)
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def play(store: Store, setup: Setup, scores: dict | None = None, steps: int | None = None) -> GameSession:
    """A bot game through a session, as the app writes it: ``steps`` steps, or to the end with ``scores``."""
    session = GameSession.new(setup, store)
    bot = Bot("greedy", seed=setup.seed)
    while not session.game.finished and (steps is None or len(session.game.steps) <= steps):
        if session.game.decision.kind == "final_scores" and scores is not None:
            session.act({"type": "game_end", "scores": scores})
        else:
            session.act(bot.input_for(session.game))
    return session


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def store(folder):
    with Store.open(folder) as s:
        yield s


def test_one_finished_solo_game(tmp_path, folder, store, capsys):
    session = play(store, Setup.solo(seed=5, difficulty="punishing"), scores={"blue": 120, "red": 120, "green": 99})
    target = tmp_path / "plays.bgsplay"
    code, out, err = run(capsys, "--format", "bgstats", str(session.game_id), str(target), "--data-dir", str(folder))
    assert (code, out, err) == (0, "", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    check_shape(data)
    scores = by_color(data)
    # A tie with an automa is a loss: red ranks ahead of blue.
    assert {n: (s["score"], s["rank"], s["winner"], s["role"]) for n, s in scores.items()} == {
        "Red automa": ("120", 1, True, "Punishing"),
        "Blue": ("120", 2, False, ""),
        "Green automa": ("99", 3, False, "Punishing"),
    }
    first = next(e for e in session.game.events() if e["type"] == "turn_order")["order"][0]
    starter = [n for n, s in scores.items() if s["startPlayer"]]
    assert starter == [{"blue": "Blue", "red": "Red automa", "green": "Green automa"}[first]]
    assert data["plays"][0]["rounds"] == 5


def test_all_finished_games_named_players_and_the_games_in_progress_left_out(tmp_path, folder, store, capsys):
    people = Setup.build([Player(color="yellow", kind="human", name="Ann"), Player(color="blue", kind="human"),
                          Player(color="red", kind="automa", deck="red", difficulty="easy")], seed=8)
    play(store, people, scores={"yellow": 90, "blue": 95, "red": 80})
    play(store, Setup.solo(seed=9), scores={"blue": 130, "red": 100, "green": 90})
    play(store, Setup.solo(seed=10), steps=3)
    target = tmp_path / "all.json"
    code, out, err = run(capsys, "--format", "bgstats", "--all", str(target), "--data-dir", str(folder),
                         "--location", "Home")
    assert code == 0 and out == ""
    assert one_line(err) == "export: 1 game in progress left out: only finished games are exported\n"
    data = json.loads(target.read_text(encoding="utf-8"))
    check_shape(data)
    assert len(data["plays"]) == 2
    assert sorted(p["name"] for p in data["players"]) == ["Ann", "Blue", "Green automa", "Red automa"]
    assert [loc["name"] for loc in data["locations"]] == ["Home"]
    assert by_color(data, 0)["Blue"]["winner"] and by_color(data, 1)["Blue"]["winner"]


def test_export_to_standard_output(folder, store, capsys):
    session = play(store, Setup.solo(seed=11), scores={"blue": 50, "red": 60, "green": 70})
    code, out, err = run(capsys, "--format", "bgstats", str(session.game_id), "-", "--data-dir", str(folder))
    assert code == 0 and err == ""
    assert by_color(json.loads(out))["Green automa"]["winner"] is True


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["abc", "x.json"], "export: GAME_ID must be a whole number, not 'abc' (see `treasure-companion games`)"),
        (["42", "x.json"], "export: no game with id 42 (see `treasure-companion games`)"),
        (["--all", "1", "x.json"], "export: with --all give only FILE"),
        (["x.json"], "export: give GAME_ID and FILE (or --all FILE with --format bgstats)"),
    ],
)
def test_bad_game_ids_are_refused_in_one_line(tmp_path, folder, capsys, argv, message):
    code, out, err = run(capsys, "--format", "bgstats", *argv, "--data-dir", str(folder))
    assert (code, out, one_line(err)) == (2, "", message + "\n")
    assert not (tmp_path / "x.json").exists()


def test_a_game_in_progress_is_refused_and_nothing_is_written(tmp_path, folder, store, capsys):
    session = play(store, Setup.solo(seed=12), steps=2)
    target = tmp_path / "x.json"
    code, out, err = run(capsys, "--format", "bgstats", str(session.game_id), str(target), "--data-dir", str(folder))
    assert (code, out) == (2, "")
    assert one_line(err) == (f"export: game {session.game_id} is still in progress: only finished games are "
                             "exported\n")
    assert not target.exists()


def test_all_with_no_finished_game(tmp_path, folder, store, capsys):
    play(store, Setup.solo(seed=13), steps=2)
    code, out, err = run(capsys, "--format", "bgstats", "--all", str(tmp_path / "x.json"), "--data-dir", str(folder))
    assert (code, one_line(err)) == (2, "export: no finished game to export (1 game in progress left out: only "
                                        "finished games are exported)\n")


def test_all_is_only_for_bgstats(tmp_path, folder, capsys):
    code, out, err = run(capsys, "--all", str(tmp_path / "x.jsonl"), "--data-dir", str(folder))
    assert (code, one_line(err)) == (2, "export: --all needs --format bgstats (a game record holds one game)\n")


# --- the download the screens offer (companion.export.download) --------------------------------------------


def test_download_of_one_game_and_of_all_games(store):
    from companion.export.download import Download, bgstats_download

    done = play(store, Setup.solo(seed=14), scores={"blue": 99, "red": 98, "green": 97})
    waiting = play(store, Setup.solo(seed=15), steps=2)
    one = bgstats_download(store, done.game_id)
    assert isinstance(one, Download)
    assert one.file_name == f"treasure-mountain-game-{done.game_id}.bgsplay"
    assert one.message == f"Game {done.game_id} is in {one.file_name}: open it with BG Stats."
    assert by_color(check_shape(json.loads(one.data)).model_dump())["Blue"]["winner"] is True
    every = bgstats_download(store)
    assert (every.file_name, every.games) == ("treasure-mountain-1-game.bgsplay", 1)
    assert every.message.endswith("1 game in progress left out.")
    assert bgstats_download(store, waiting.game_id).message == (
        f"Not exported: game {waiting.game_id} is still in progress: only finished games are exported.")
    assert bgstats_download(store, 999).message == "Game 999 is no longer stored, so it cannot be exported."


def test_download_with_nothing_finished(store):
    from companion.export.download import Unavailable, bgstats_download

    assert bgstats_download(store) == Unavailable(
        "No finished game to export yet: games in progress are not exported.")


def test_location_is_only_for_bgstats(tmp_path, folder, capsys):
    code, out, err = run(capsys, "1", str(tmp_path / "x.jsonl"), "--location", "Home", "--data-dir", str(folder))
    assert (code, one_line(err)) == (2, "export: --location needs --format bgstats (a game record has no place)\n")
