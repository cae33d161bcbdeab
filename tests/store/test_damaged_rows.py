"""A store file that SQLite reads fine but whose rows were edited by hand or by another program (a summary, a
setup, an event or a time that is not what the app writes): ``games`` and ``export`` say which game is damaged
in one line (exit 2, no traceback), the games list keeps every other game, and nothing is changed on disk."""

from __future__ import annotations

import sqlite3

import pytest

from companion.cli import main as cli
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import DB_NAME, Store, StoreError
from companion.store.session import GameSession


def finished_games(data_dir, n=2) -> None:
    with Store.open(data_dir) as store:
        for seed in range(1, n + 1):
            session = GameSession.new(Setup.solo(seed=seed), store)
            bot = Bot("greedy", seed=seed)
            while not session.game.finished:
                session.act(bot.input_for(session.game))


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pristine")
    finished_games(folder)
    return (folder / DB_NAME).read_bytes()


def damaged(tmp_path, pristine, sql: str):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / DB_NAME).write_bytes(pristine)
    with sqlite3.connect(folder / DB_NAME) as conn:
        conn.execute(sql)
    conn.close()
    return folder, (folder / DB_NAME).read_bytes()


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("summary", ["not json", "[]", "null", '{"scores": 5}', '{"scores": {"red": 1}}',
                                     '{"scores": {"red": 1}, "winner": "red", "humans": ["red"], "difficulty": [1]}'])
def test_an_unreadable_summary_lists_the_game_without_scores(tmp_path, pristine, capsys, summary):
    folder, before = damaged(tmp_path, pristine, f"UPDATE games SET summary = '{summary}' WHERE id = 1")
    code, out, err = run(capsys, "games", "--data-dir", str(folder))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 2 and "finished" in lines[1] and "blue" in lines[1]  # game 1, still listed
    assert "red" in lines[0].split("finished")[1].split("blue*")[1]  # game 2 keeps its scores
    with Store.open(folder) as store:
        assert store.history_stats().games == 1  # game 1 left out of the statistics
    assert (folder / DB_NAME).read_bytes() == before


@pytest.mark.parametrize(("sql", "named"), [
    ("UPDATE games SET header = 'not json' WHERE id = 1", "game 1's setup"),
    ("UPDATE games SET header = '[]' WHERE id = 1", "game 1's setup"),
    ("UPDATE games SET header = x'ff00' WHERE id = 1", "game 1's setup"),
    ("UPDATE events SET body = 'nope' WHERE game_id = 1 AND seq = 5", "game 1's event 5"),
])  # fmt: skip
def test_an_unreadable_setup_or_event_is_named_by_export(tmp_path, pristine, capsys, sql, named):
    folder, before = damaged(tmp_path, pristine, sql)
    for argv in (["export", "1", str(tmp_path / "out.jsonl")],
                 ["export", "--format", "bgstats", "--all", str(tmp_path / "out.bgsplay")]):
        code, out, err = run(capsys, *argv, "--data-dir", str(folder))
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert f"the saved games are damaged: {named} cannot be read" in err
    code, out, err = run(capsys, "games", "--data-dir", str(folder))  # the list still shows both games
    assert (code, err) == (0, "") and len(out.splitlines()) == 2
    with Store.open(folder) as store, pytest.raises(StoreError, match=named):
        store.load(1)
    assert (folder / DB_NAME).read_bytes() == before


@pytest.mark.parametrize(("column", "value", "named"), [
    ("started", "'garbage'", "game 1's start time"),
    ("started", "9", "game 1's start time"),
    ("finished", "'garbage'", "game 1's end time"),
])  # fmt: skip
def test_an_unreadable_time_is_one_line(tmp_path, pristine, capsys, column, value, named):
    folder, before = damaged(tmp_path, pristine, f"UPDATE games SET {column} = {value} WHERE id = 1")
    for argv in (["games"], ["games", "--json"], ["export", "--format", "bgstats", "--all", str(tmp_path / "o")]):
        code, out, err = run(capsys, *argv, "--data-dir", str(folder))
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert named in err
    assert (folder / DB_NAME).read_bytes() == before


def test_a_start_time_without_a_zone_is_read_as_utc(tmp_path, pristine, capsys):
    folder, _ = damaged(tmp_path, pristine, "UPDATE games SET started = '2020-01-01T10:00:00' WHERE id = 1")
    code, out, err = run(capsys, "export", "--format", "bgstats", "--all", str(tmp_path / "out.bgsplay"),
                         "--data-dir", str(folder))
    assert (code, err) == (0, "")


def test_a_player_that_is_not_text_is_left_out_of_the_list(tmp_path, pristine, capsys):
    header = '{"setup": {"players": [{"color": [1], "kind": {}}, {"color": "blue", "kind": "human"}]}}'
    folder, _ = damaged(tmp_path, pristine, f"UPDATE games SET header = '{header}' WHERE id = 1")
    code, out, err = run(capsys, "games", "--data-dir", str(folder))
    assert (code, err) == (0, "") and "blue*" in out.splitlines()[1]


def test_a_lone_surrogate_in_a_stored_name_is_one_line_from_export(tmp_path, pristine, capsys):
    """The app and import refuse a lone surrogate; one written into the file by hand cannot be written out."""
    sql = ("UPDATE games SET header = replace(header, '\"kind\":\"human\",\"name\":null', "
           "'\"kind\":\"human\",\"name\":\"A\\ud800\"') WHERE id = 1")
    folder, before = damaged(tmp_path, pristine, sql)
    target = tmp_path / "out.jsonl"
    code, out, err = run(capsys, "export", "1", str(target), "--data-dir", str(folder))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err == f"export: cannot write {target}: the saved game holds a text that is not Unicode (a lone surrogate)\n"
    assert list(tmp_path.iterdir()) == [folder]  # no file, no partial file
    assert (folder / DB_NAME).read_bytes() == before


@pytest.mark.parametrize("sql", [
    "UPDATE games SET total_steps = 100000000000 WHERE id = 1",  # made a list of 10^11 undone steps (GBs)
    "UPDATE games SET active_steps = -5 WHERE id = 1",
    "UPDATE games SET total_steps = 3 WHERE id = 1",  # events of steps the game says it does not have
])
def test_step_counts_that_do_not_fit_the_events_are_named(tmp_path, pristine, capsys, sql):
    folder, before = damaged(tmp_path, pristine, sql)
    code, out, err = run(capsys, "export", "1", str(tmp_path / "out.jsonl"), "--data-dir", str(folder))
    assert code == 2 and err == "export: the saved games are damaged: game 1's step counts do not fit its events\n"
    assert run(capsys, "export", "2", str(tmp_path / "out.jsonl"), "--data-dir", str(folder))[0] == 0
    assert (folder / DB_NAME).read_bytes() == before
