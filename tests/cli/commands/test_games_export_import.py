"""``games``, ``export`` and ``import``: real games from the engine through the store and back, bad input refused
with one line and the record's exit code, never a traceback."""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from pathlib import Path

import pytest

from companion.cli import main as cli
from companion.cli.commands import export, games, import_
from companion.record import format as record
from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import DB_NAME, Store
from companion.store.session import GameSession

PINNED = Path(__file__).resolve().parents[2] / "data" / "pinned_solo_v1.jsonl"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run one of this module's commands through its own ``register``, as the CLI does."""
    parser = argparse.ArgumentParser(prog="treasure-companion")
    sub = parser.add_subparsers()
    for module in (games, export, import_):
        module.register(sub)
    args = parser.parse_args(argv)
    code = args.handler(args)
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def play(store: Store, setup: Setup, steps: int | None = None, scores: dict | None = None) -> GameSession:
    """A game played by a bot through a session (so every step lands in the store as the app writes it):
    ``steps`` steps, or to the end with the given final scores."""
    session = GameSession.new(setup, store)
    bot = Bot("greedy", seed=setup.seed)
    while not session.game.finished and (steps is None or len(session.game.steps) <= steps):
        if session.game.decision.kind == "final_scores" and scores is not None:
            session.act({"type": "game_end", "scores": scores})
        else:
            session.act(bot.input_for(session.game))
    return session


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "data") as s:
        yield s


def data(tmp_path) -> str:
    return str(tmp_path / "data")


def test_games_on_an_empty_store(tmp_path, capsys):
    assert run(capsys, "games", "--data-dir", data(tmp_path)) == (0, "No games yet.\n", "")
    assert run(capsys, "games", "--json", "--data-dir", data(tmp_path)) == (0, "[]\n", "")


def test_games_lists_finished_and_unfinished(tmp_path, store, capsys):
    done = play(store, Setup.solo(seed=3), scores={"blue": 118, "red": 104, "green": 97})
    going = play(store, Setup.solo(seed=4), steps=5)
    code, out, err = run(capsys, "games", "--json", "--data-dir", data(tmp_path))
    assert (code, err) == (0, "")
    listed = {g["id"]: g for g in json.loads(out)}
    assert set(listed) == {done.game_id, going.game_id}
    finished, unfinished = listed[done.game_id], listed[going.game_id]
    assert finished["finished"] is True and unfinished["finished"] is False
    assert datetime.fromisoformat(finished["started"]).tzinfo is not None
    assert finished["players"] == [
        {"color": "blue", "kind": "human"}, {"color": "red", "kind": "automa"}, {"color": "green", "kind": "automa"}
    ]
    assert finished["summary"]["beard_rank"] == "Balbo" and unfinished["summary"] is None
    code, out, err = run(capsys, "games", "--data-dir", data(tmp_path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "in progress" in lines[0] and lines[0].split()[0] == str(going.game_id)  # newest first
    assert "finished" in lines[1] and "blue 118, red 104, green 97" in lines[1] and "win, Balbo" in lines[1]


def test_export_then_import_an_unfinished_game(tmp_path, store, capsys):
    session = play(store, Setup.solo(seed=11), steps=30)
    session.undo()  # an undone step is not part of the record
    file = tmp_path / "game.jsonl"
    assert run(capsys, "export", str(session.game_id), str(file), "--data-dir", data(tmp_path)) == (0, "", "")
    text = file.read_text(encoding="utf-8")
    assert text == record.dumps(session.game.header(), session.game.events())
    assert record.loads(text).events() == session.game.events()

    # The same game is stored already (it was exported from this store): refused, naming it, unless --again.
    code, out, err = run(capsys, "import", str(file), "--data-dir", data(tmp_path))
    assert (code, out) == (2, "")
    assert one_line(err) == (f"import: {file} is already stored as game {session.game_id} "
                             "(see `treasure-companion games`); --again imports it once more\n")
    code, out, err = run(capsys, "import", str(file), "--again", "--data-dir", data(tmp_path))
    assert (code, err) == (0, "")
    new_id = int(out)
    assert new_id != session.game_id
    saved = store.load(new_id)
    assert saved.header == session.game.header()
    assert saved.events == session.game.events() and saved.redo_steps == []
    resumed = Game.from_saved(saved.header, saved.events, saved.redo_steps)
    assert resumed.decision == session.game.decision
    info = {g.id: g for g in store.list_games()}[new_id]
    assert not info.finished and store.in_progress() == new_id


def test_export_to_standard_output(tmp_path, store, capsys):
    session = play(store, Setup.solo(seed=2), steps=3)
    code, out, err = run(capsys, "export", str(session.game_id), "-", "--data-dir", data(tmp_path))
    assert (code, err) == (0, "")
    assert out == record.dumps(session.game.header(), session.game.events())


def test_import_a_finished_solo_game_joins_the_history(tmp_path, capsys):
    other = tmp_path / "elsewhere"
    with Store.open(other) as s:
        session = play(s, Setup.solo(seed=5, difficulty="punishing"), scores={"blue": 118, "red": 104, "green": 97})
    assert session.game.finished
    file = tmp_path / "solo.jsonl"
    file.write_text(record.game_record(session.game), encoding="utf-8")
    code, out, err = run(capsys, "import", str(file), "--data-dir", data(tmp_path))
    assert (code, err) == (0, "")
    with Store.open(data(tmp_path)) as s:
        (info,) = s.list_games()
        assert info.id == int(out) and info.finished and s.in_progress() is None
        assert info.summary.scores == {"blue": 118, "red": 104, "green": 97}
        assert (info.summary.winner, info.summary.verdict, info.summary.beard_rank) == ("blue", "win", "Balbo")
        assert info.summary.difficulty == "punishing"
        assert s.history_stats().by_difficulty["punishing"].solo_wins == 1


def test_a_finished_import_that_cannot_be_finished_stores_nothing(tmp_path, monkeypatch, capsys):
    """The disk fills after the game's events are written, as its finish is: the import says nothing was
    stored, and nothing was (the game and its finish are one transaction)."""
    import sqlite3

    from companion.store import games as store_games

    def full(*_args):
        err = sqlite3.OperationalError("database or disk is full")
        err.sqlite_errorcode = 13
        raise err

    monkeypatch.setattr(store_games.Store, "_finish", staticmethod(full))
    code, out, err = run(capsys, "import", str(PINNED), "--data-dir", data(tmp_path))
    assert code == 2 and out == "" and "the disk is full" in one_line(err)
    monkeypatch.undo()
    assert run(capsys, "games", "--data-dir", data(tmp_path)) == (0, "No games yet.\n", "")


def test_import_a_finished_game_without_automa(tmp_path, store, capsys):
    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=9)
    session = play(store, setup, scores={"blue": 96, "yellow": 96})
    file = tmp_path / "two.jsonl"
    file.write_text(record.game_record(session.game), encoding="utf-8")
    # --again: the game played above is in this store already (an import of it alone would be refused).
    code, out, _ = run(capsys, "import", str(file), "--again", "--data-dir", data(tmp_path))
    assert code == 0
    summary = {g.id: g for g in store.list_games()}[int(out)].summary
    assert summary.difficulty is None and summary.verdict is None and summary.beard_rank is None
    assert summary.winner == session.game.state.turn_order[0]  # a tie goes to the earlier player


def _record_lines(store: Store) -> list[dict]:
    session = play(store, Setup.solo(seed=7), steps=15)
    return [json.loads(line) for line in record.game_record(session.game).splitlines()]


def _write(tmp_path, lines: list[dict]) -> str:
    file = tmp_path / "bad.jsonl"
    file.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return str(file)


def test_import_refuses_bad_records_with_their_exit_code(tmp_path, store, capsys):
    lines = _record_lines(store)
    before = len(store.list_games())
    roll = next(i for i, e in enumerate(lines[1:], start=1) if e["type"] == "roll" and not e.get("input"))
    tampered = [*lines[:roll], {**lines[roll], "value": lines[roll]["value"] % 6 + 1}, *lines[roll + 1:]]
    cases = {
        "not json": (tmp_path / "x.jsonl", "this is not a record\n", 2),
        "empty": (tmp_path / "empty.jsonl", "", 2),
        "torn": (tmp_path / "torn.jsonl", _text(lines)[:-40], 2),
        "other version": (tmp_path / "v9.jsonl", _text([{**lines[0], "version": 99}, *lines[1:]]), 3),
        "other format": (tmp_path / "f.jsonl", _text([{**lines[0], "format": "chess-pgn"}, *lines[1:]]), 3),
        "diverged": (tmp_path / "d.jsonl", _text(tampered), 4),
    }
    for name, (file, text, expected) in cases.items():
        file.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, "import", str(file), "--data-dir", data(tmp_path))
        assert code == expected, (name, err)
        assert out == "" and one_line(err).startswith("import: "), name
    assert f"seq {lines[roll]['seq']}" in run(capsys, "import", str(cases["diverged"][0]), "--data-dir",
                                              data(tmp_path))[2]
    assert len(store.list_games()) == before  # nothing half-imported


def _text(lines: list[dict]) -> str:
    return "".join(json.dumps(x) + "\n" for x in lines)


def test_import_of_a_missing_or_binary_file(tmp_path, capsys):
    code, out, err = run(capsys, "import", str(tmp_path / "nope.jsonl"), "--data-dir", data(tmp_path))
    assert code == 2 and out == "" and "cannot read" in one_line(err)
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    code, out, err = run(capsys, "import", str(binary), "--data-dir", data(tmp_path))
    assert code == 2 and "not UTF-8 text" in one_line(err)


def test_export_of_a_missing_game(tmp_path, capsys):
    code, out, err = run(capsys, "export", "42", str(tmp_path / "x.jsonl"), "--data-dir", data(tmp_path))
    assert code == 2 and out == "" and "no game with id 42" in one_line(err)
    assert not (tmp_path / "x.jsonl").exists()


def test_export_to_a_folder_that_does_not_exist(tmp_path, store, capsys):
    session = play(store, Setup.solo(seed=1), steps=2)
    target = tmp_path / "no" / "such" / "dir" / "g.jsonl"
    code, out, err = run(capsys, "export", str(session.game_id), str(target), "--data-dir", data(tmp_path))
    assert code == 2 and "cannot write" in one_line(err)


@pytest.mark.parametrize("kept", [DB_NAME, f"{DB_NAME}-wal", "settings.json"])
def test_export_over_the_saved_games_or_the_settings_is_refused(tmp_path, store, capsys, kept):
    """The export is renamed over FILE: over the store file every other saved game would be gone."""
    done = play(store, Setup.solo(seed=3), scores={"blue": 118, "red": 104, "green": 97})
    play(store, Setup.solo(seed=4), steps=5)
    (tmp_path / "data" / "settings.json").write_text('{"theme": "dark"}\n')
    target = tmp_path / "data" / kept
    before = target.read_bytes()
    for argv in (["export", str(done.game_id), str(target)], ["export", "--format", "bgstats", "--all", str(target)]):
        code, out, err = run(capsys, *argv, "--data-dir", data(tmp_path))
        assert code == 2 and out == "" and one_line(err)
        assert err == f"export: cannot write {target}: it is one of the files the app keeps in its data folder\n"
    assert target.read_bytes() == before
    assert len(store.list_games()) == 2
    link = tmp_path / "link"  # a link named FILE is replaced itself: what it points to is safe
    link.symlink_to(tmp_path / "data" / DB_NAME)
    assert run(capsys, "export", str(done.game_id), str(link), "--data-dir", data(tmp_path))[0] == 0
    assert not link.is_symlink() and len(store.list_games()) == 2


KEPT_OR_TO_BE_KEPT = [
    "decks/red.toml",
    "decks/green.toml",
    "decks/draft-red.json",
    "decks/draft-green.unreadable-2.json",
    "decks/calibration.json",
    "settings.json",
    "Settings.JSON",  # a case-blind disk opens it as settings.json
    "settings.json.broken-20260101T000000Z",
    f"{DB_NAME}-journal",
    f"{DB_NAME}.broken-20260101T000000Z-wal",
    ".settings.json.k3_9zq0a.companion-partial",
    "decks/.red.toml.abcdefgh.companion-partial",
]


@pytest.mark.parametrize("there", [True, False], ids=["there", "not yet"])
@pytest.mark.parametrize("kept", KEPT_OR_TO_BE_KEPT)
def test_export_over_any_file_the_app_keeps_is_refused_there_or_not(tmp_path, store, capsys, kept, there):
    """decks/red.toml, a draft, a settings.json not made yet: the app would read the export as its own file."""
    done = play(store, Setup.solo(seed=3), scores={"blue": 118, "red": 104, "green": 97})
    target = tmp_path / "data" / kept
    target.parent.mkdir(exist_ok=True)
    if there:
        target.write_text("kept\n")
    for argv in (["export", str(done.game_id), str(target)], ["export", "--format", "bgstats", "--all", str(target)]):
        code, out, err = run(capsys, *argv, "--data-dir", data(tmp_path))
        assert (code, out) == (2, "")
        assert err == f"export: cannot write {target}: it is one of the files the app keeps in its data folder\n"
    assert (target.read_text() == "kept\n") if there else not target.exists()


def test_export_finds_a_kept_file_by_another_way_to_it(tmp_path, store, capsys, monkeypatch):
    """A path through '..' or a linked folder, a relative one, the default data folder, a hard link elsewhere."""
    done = play(store, Setup.solo(seed=3), scores={"blue": 118, "red": 104, "green": 97})
    folder = tmp_path / "data"
    (folder / "decks").mkdir()
    (tmp_path / "via").symlink_to(folder / "decks")
    (folder / "settings.json").write_text("{}\n")
    (tmp_path / "elsewhere.json").hardlink_to(folder / "settings.json")
    monkeypatch.chdir(folder / "decks")
    for target in (f"{folder}/decks/../decks/draft-red.json", str(tmp_path / "via" / "red.toml"), "green.toml",
                   "../settings.json", str(tmp_path / "elsewhere.json")):
        code, _, err = run(capsys, "export", str(done.game_id), target, "--data-dir", data(tmp_path))
        assert code == 2 and err.endswith(": it is one of the files the app keeps in its data folder\n"), target
    monkeypatch.setenv("TREASURE_COMPANION_DATA", str(folder))
    code, _, err = run(capsys, "export", str(done.game_id), "red.toml")
    assert code == 2 and "the files the app keeps" in err
    assert sorted(p.name for p in (folder / "decks").iterdir()) == []


def test_export_into_the_data_folder_by_another_name_is_written(tmp_path, store, capsys):
    done = play(store, Setup.solo(seed=3), scores={"blue": 118, "red": 104, "green": 97})
    for name in ("game-1.jsonl", "decks-backup.toml", "settings.json.txt"):
        target = tmp_path / "data" / name
        assert run(capsys, "export", str(done.game_id), str(target), "--data-dir", data(tmp_path))[0] == 0
        assert target.read_text().startswith('{"format"')


def test_every_file_the_app_writes_in_its_data_folder_is_on_its_one_list(tmp_path):
    """companion.files.paths.APP_FILES, which export refuses, names every file the store, the settings and the Decks
    screen keep, the ones they set aside and their writes in progress."""
    import os

    from companion.files.atomic import open_temp
    from companion.files.paths import kept_by_the_app
    from companion.store import settings
    from companion.store.calibration_file import calibration_path
    from companion.store.decks import imported_path
    from companion.store.drafts import draft_path
    from companion.store.schema import file_identity, move_aside

    folder = tmp_path / "data"
    with Store.open(folder) as opened:
        store_path = opened.path
    written = [store_path, settings.settings_path(folder), calibration_path(folder)]
    written += [f(folder, deck) for deck in ("red", "green") for f in (imported_path, draft_path)]
    written.append(draft_path(folder, "red").with_name("draft-red.unreadable-3.json"))
    written[1].write_text("not settings")
    written.append(settings._move_aside(written[1]))
    written.append(move_aside(store_path, file_identity(store_path)))
    for target in list(written[:-2]):
        target.parent.mkdir(exist_ok=True)
        fd, temp = open_temp(target)
        os.close(fd)
        written.append(Path(temp))
    assert [p for p in written if not kept_by_the_app(folder, p)] == []
    assert not kept_by_the_app(folder, folder / "game-00001.jsonl")


def test_a_damaged_store_is_reported_and_the_command_goes_on(tmp_path, capsys):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / DB_NAME).write_bytes(b"definitely not sqlite" * 100)
    code, out, err = run(capsys, "games", "--data-dir", str(folder))
    assert code == 0 and out == "No games yet.\n"
    assert ".broken-" in one_line(err) and str(folder) in err


def test_the_cli_discovers_the_commands(tmp_path, capsys):
    assert cli.main(["games", "--json", "--data-dir", data(tmp_path)]) == 0
    assert capsys.readouterr().out == "[]\n"
    assert cli.main(["import", str(tmp_path / "missing.jsonl"), "--data-dir", data(tmp_path)]) == 2
    assert cli.main(["export", "7", "-", "--data-dir", data(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 2


def test_the_same_record_imported_twice_is_refused_unless_again(tmp_path, capsys):
    """Before: a second import of one file made a second copy of the game without a word."""
    file = tmp_path / "pinned.jsonl"
    file.write_bytes(PINNED.read_bytes())
    assert run(capsys, "import", str(file), "--data-dir", data(tmp_path)) == (0, "1\n", "")
    code, out, err = run(capsys, "import", str(file), "--data-dir", data(tmp_path))
    assert (code, out) == (2, "") and "already stored as game 1" in one_line(err)
    # Another game (one event fewer: a game in progress) is not the same game.
    lines = PINNED.read_text(encoding="utf-8").split("\n")
    shorter = tmp_path / "shorter.jsonl"
    shorter.write_text("\n".join([line for line in lines if line][:-1]) + "\n", encoding="utf-8")
    assert run(capsys, "import", str(shorter), "--data-dir", data(tmp_path)) == (0, "2\n", "")
    assert run(capsys, "import", str(file), "--again", "--data-dir", data(tmp_path)) == (0, "3\n", "")
    assert [g.id for g in Store.open(data(tmp_path)).list_games()] == [3, 2, 1]


def test_an_import_that_another_import_overtook_stores_the_game_once(tmp_path, capsys, monkeypatch):
    """Two imports of one file at the same moment: the second one's check for a copy used to run before its write
    and apart from it, so both stored the game. The copy is now looked for inside the write itself: here the other
    import lands while this one is between reading the record and writing it."""
    file = tmp_path / "pinned.jsonl"
    file.write_bytes(PINNED.read_bytes())
    real_summary = import_.finished_summary

    def the_other_import_lands_now(game):
        with Store.open(tmp_path / "data") as other:
            other.create_game(game.header(), events=game.events(), finish=True, summary=real_summary(game))
        return real_summary(game)

    monkeypatch.setattr(import_, "finished_summary", the_other_import_lands_now)
    code, out, err = run(capsys, "import", str(file), "--data-dir", data(tmp_path))
    assert (code, out) == (2, "") and "already stored as game 1" in one_line(err)
    with Store.open(tmp_path / "data") as store:
        assert [g.id for g in store.list_games()] == [1]
