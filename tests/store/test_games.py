"""The game store: round trips, undo/redo, crash safety under SIGKILL, damaged files, colliding writers, history."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import (
    DB_NAME,
    SCHEMA_VERSION,
    DifficultyStats,
    GameNotFound,
    GameSummary,
    Store,
    StoreConflict,
    StoreError,
    default_data_dir,
)
from companion.store import schema as store_module

WRITER = Path(__file__).resolve().parents[1] / "store_writer.py"
REPO = WRITER.parent.parent
HEADER = {
    "format": "treasure-companion-record",
    "version": 1,
    "setup": {
        "players": [
            {"color": "blue", "kind": "human", "name": None},
            {"color": "red", "kind": "automa", "deck": "red", "difficulty": "hard"},
        ],
        "seed": 7,
    },
}


class Log:
    """Builds well-formed synthetic steps, the way the engine numbers them. Like ``create_game(HEADER)``, it
    starts with an empty step 0 (the setup of a game without automa)."""

    def __init__(self) -> None:
        self.steps: list[list[dict]] = [[]]

    def step(self, n: int = 1, **fields) -> list[dict]:
        number = len(self.steps)
        seq = len(self.events) + 1
        events = [{"seq": seq + i, "step": number, "type": "place", "i": i, **fields} for i in range(n)]
        self.steps.append(events)
        return events

    def undo(self) -> list[dict]:
        return self.steps.pop()

    @property
    def events(self) -> list[dict]:
        return [e for s in self.steps for e in s]


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path) as s:
        yield s


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- where the store lives --------------------------------------------------------------------------------------


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.delenv("TREASURE_COMPANION_DATA", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "treasure-companion"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "treasure-companion"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "treasure-companion"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert default_data_dir() == tmp_path / "home" / "Library" / "Application Support" / "treasure-companion"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert default_data_dir() == tmp_path / "roaming" / "treasure-companion"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_data_dir() == tmp_path / "flet"
    monkeypatch.setenv("TREASURE_COMPANION_DATA", str(tmp_path / "env"))
    assert default_data_dir() == tmp_path / "env"
    with Store.open() as s:
        assert s.path == tmp_path / "env" / DB_NAME
    with Store.open(tmp_path / "explicit") as s:  # the --data-dir argument beats everything
        assert s.path == tmp_path / "explicit" / DB_NAME


def test_schema_settings(store):
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store._db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000


def test_migrations_run_once_and_in_order(tmp_path, monkeypatch):
    extra = ("CREATE TABLE notes (game_id INTEGER, text TEXT)",)
    with Store.open(tmp_path) as s:
        gid = s.create_game(HEADER)
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, extra))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Store.open(tmp_path) as s:
        assert s.notice is None
        assert s.load(gid).header == HEADER  # the old data survived the upgrade
        assert s._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        s._db.execute("SELECT * FROM notes").fetchall()
    with Store.open(tmp_path) as s:  # already at the new version: nothing runs twice
        assert s.notice is None


def test_a_version_1_store_is_upgraded_with_its_undone_steps(tmp_path, monkeypatch):
    log = Log()
    with monkeypatch.context() as m:
        m.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:1])
        m.setattr(store_module, "SCHEMA_VERSION", 1)
        with Store.open(tmp_path) as s:
            s._db.execute("BEGIN")  # version 1 had no total_steps: write as its code did
            s._db.execute(  # steps 0 (empty), 1, 2 live; 3 undone
                "INSERT INTO games (started, header, active_steps) VALUES ('2025-01-01T00:00:00+00:00', ?, 3)",
                (json.dumps(HEADER),),
            )
            for step in (log.step(2), log.step(1), log.step(3)):
                s._db.executemany("INSERT INTO events VALUES (1, ?, ?, ?, ?)",
                                  [(e["seq"], e["step"], e["type"], json.dumps(e)) for e in step])
            s._db.commit()
    with Store.open(tmp_path) as s:
        assert s._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        saved = s.load(1)
        assert saved.events == log.steps[1] + log.steps[2] and saved.redo_steps == [log.steps[3]]
        assert s.redo_step(1) == log.steps[3]
        assert s.load(1).steps == 4


# -- round trips -------------------------------------------------------------------------------------------------


def test_round_trip_with_undo_and_redo(tmp_path):
    log = Log()
    started = datetime(2025, 6, 1, 18, 30, 5, 123456, tzinfo=UTC)
    with Store.open(tmp_path) as s:
        gid = s.create_game(HEADER, started=started)
        for n in (3, 1, 2, 4):
            s.append_step(gid, log.step(n, payload={"nested": [1, 2.5, None, "é"]}))
        assert s.load(gid).events == log.events
        assert s.undo_step(gid) == 4
        assert s.undo_step(gid) == 3
        undone = [log.undo(), log.undo()]
        saved = s.load(gid)
        assert saved.events == log.events and saved.steps == 3
        assert saved.redo_steps == undone  # the most recently undone (step 3) last
        assert s.redo_step(gid) == undone[-1]
        log.steps.append(undone.pop())
    with Store.open(tmp_path) as s:  # a new process sees exactly the same
        saved = s.load(gid)
        assert saved.header == HEADER
        assert saved.events == log.events
        assert saved.redo_steps == undone
        assert saved.revision == 4 + 3
        assert s.list_games()[0].started == started
        s.append_step(gid, log.step(1))  # a new step after an undo discards what was left to redo
        saved = s.load(gid)
        assert saved.events == log.events and saved.redo_steps == []
        with pytest.raises(StoreConflict, match="no undone step"):
            s.redo_step(gid)


def test_create_game_with_its_first_steps_in_one_go(store):
    log = Log()
    log.step(3), log.step(1), log.step(2)
    gid = store.create_game(HEADER, events=log.events)  # step 0 has no events
    assert store.load(gid).events == log.events and store.load(gid).steps == 4
    store.append_step(gid, log.step(1))
    assert store.undo_step(gid) == 4
    with_setup = store.create_game(HEADER, events=[{"seq": 1, "step": 0, "type": "shuffle"}])
    assert store.load(with_setup).steps == 1
    with pytest.raises(ValueError, match="seq 5 where seq 4"):  # a step is missing
        store.create_game(HEADER, events=log.steps[1] + log.steps[3])
    with pytest.raises(ValueError, match="step 1 comes after step 2"):
        store.create_game(HEADER, events=[{**e, "step": 2} for e in log.steps[1]]
                          + [{**e, "step": 1} for e in log.steps[2]])
    assert len(store.list_games()) == 2  # nothing half-created


def test_bad_steps_are_refused_and_nothing_is_written(store):
    log = Log()
    gid = store.create_game(HEADER)
    store.append_step(gid, log.step(2))
    before = store.load(gid)
    good = Log()
    good.steps = [list(s) for s in log.steps]
    nxt = good.step(2)
    cases = {
        "no events": [],
        "mixed steps": [nxt[0], {**nxt[1], "step": nxt[1]["step"] + 1}],
        "seq gap": [nxt[0], {**nxt[1], "seq": nxt[1]["seq"] + 1}],
        "seq not after the last": [{**e, "seq": e["seq"] + 5} for e in nxt],
        "a tuple": [nxt[0], {**nxt[1], "xs": (1, 2)}],
        "an int key": [nxt[0], {**nxt[1], "m": {1: "a"}}],
        "nan": [nxt[0], {**nxt[1], "x": float("nan")}],
        "no type": [nxt[0], {k: v for k, v in nxt[1].items() if k != "type"}],
        "bool seq": [{**nxt[0], "seq": True}],
    }
    for name, events in cases.items():
        try:
            store.append_step(gid, events)
        except ValueError:
            pass
        else:
            pytest.fail(f"{name}: accepted")
        assert store.load(gid) == before, name
    with pytest.raises(StoreConflict, match="step 5 is not the next step"):
        store.append_step(gid, [{**e, "step": 5} for e in nxt])
    assert store.load(gid) == before
    store.append_step(gid, nxt)
    assert store.load(gid).events == good.events


def test_empty_steps_and_nothing_to_undo(store):
    gid = store.create_game(HEADER)  # only the setup step 0, without events
    with pytest.raises(StoreConflict, match="no undone step to redo"):
        store.redo_step(gid)
    assert store.undo_step(gid) == 0  # the engine never asks this, but the store can
    assert store.load(gid).redo_steps == [[]]
    with pytest.raises(StoreConflict, match="no step to undo"):
        store.undo_step(gid)
    assert store.redo_step(gid) == []
    assert store.load(gid).steps == 1
    store.append_step(gid, [{"seq": 1, "step": 1, "type": "place"}])
    store.undo_step(gid), store.undo_step(gid)
    assert store.load(gid).redo_steps == [[{"seq": 1, "step": 1, "type": "place"}], []]


def test_unknown_game(store):
    for call in (
        lambda: store.load(42),
        lambda: store.undo_step(42),
        lambda: store.redo_step(42),
        lambda: store.append_step(42, [{"seq": 1, "step": 0, "type": "x"}]),
        lambda: store.finish(42, None),
        lambda: store.delete_game(42),
    ):
        with pytest.raises(GameNotFound, match="no game with id 42"):
            call()


@pytest.mark.parametrize("game_id", [2**63, 10**30, -(2**63) - 1])
def test_an_id_sqlite_cannot_hold_is_no_game(store, game_id):
    """``/final?game=99999999999999999999`` typed in the address bar: no game, not SQLite's OverflowError."""
    for call in (
        lambda: store.load(game_id),
        lambda: store.undo_step(game_id),
        lambda: store.redo_step(game_id),
        lambda: store.append_step(game_id, [{"seq": 1, "step": 0, "type": "x"}]),
        lambda: store.finish(game_id, None),
        lambda: store.delete_game(game_id),
        lambda: store.revision(game_id),
    ):
        with pytest.raises(GameNotFound, match=f"no game with id {game_id}"):
            call()


def test_expect_revision_catches_a_change_the_step_number_cannot_see(tmp_path):
    """Tab B built its step on step 1; tab A undid step 1 and played a different one in its place. Same step
    number, different history: only the revision tells."""
    a, b = Store.open(tmp_path), Store.open(tmp_path)
    log = Log()
    gid = a.create_game(HEADER, events=log.step(1) + log.step(1))
    seen_by_b = b.load(gid)
    a.undo_step(gid, expect_revision=seen_by_b.revision)
    log.undo()
    a.append_step(gid, log.step(1, choice="other"))
    b_step = [{"seq": 3, "step": 3, "type": "place"}]
    with pytest.raises(StoreConflict, match="changed elsewhere"):
        b.append_step(gid, b_step, expect_revision=seen_by_b.revision)
    with pytest.raises(StoreConflict):
        b.undo_step(gid, expect_revision=seen_by_b.revision)
    fresh = b.load(gid)
    b.append_step(gid, b_step, expect_revision=fresh.revision)
    assert a.load(gid).revision == fresh.revision + 1
    a.close(), b.close()


# -- finished games, the list, the history ---------------------------------------------------------------------


def summary(scores, humans=("blue",), difficulty="hard", verdict=None, beard_rank=None) -> GameSummary:
    winner = max(scores, key=scores.get)
    return GameSummary(scores, winner, humans, difficulty, verdict, beard_rank)


def test_finish_list_in_progress_and_delete(store):
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    log_a, log_b = Log(), Log()
    a = store.create_game(HEADER, started=t0, events=log_a.step(2))
    b = store.create_game(HEADER, started=t0 + timedelta(days=1), events=log_b.step(1))
    assert store.in_progress() == b
    store.append_step(a, log_a.step(1))  # a is the one played last now
    assert store.in_progress() == a
    s = summary({"blue": 118, "red": 104}, verdict="win", beard_rank="Balbo")
    store.finish(a, s)
    assert store.in_progress() == b
    games = store.list_games()
    assert [g.id for g in games] == [b, a]  # newest first
    info = games[1]
    assert info.finished and info.summary == s and info.steps == 3 and info.ended is not None
    assert info.players == [{"color": "blue", "kind": "human"}, {"color": "red", "kind": "automa"}]
    assert json.loads(json.dumps(info.to_json()))["summary"]["beard_rank"] == "Balbo"
    assert not games[0].finished and games[0].summary is None
    store.undo_step(a)  # changing a finished game's log reopens it: the summary no longer describes it
    assert store.list_games()[1].summary is None and store.in_progress() == a
    store.delete_game(a)
    assert [g.id for g in store.list_games()] == [b]
    with pytest.raises(GameNotFound):
        store.load(a)
    c = store.create_game(HEADER)
    assert c > a  # ids are never reused: an exported file named after a deleted game stays unambiguous
    store.finish(b, None)
    store.finish(c, None)
    assert store.in_progress() is None


def test_summary_validation():
    with pytest.raises(ValueError, match="winner"):
        GameSummary({"blue": 1}, "red", ("blue",))
    with pytest.raises(ValueError, match="humans"):
        GameSummary({"blue": 1}, "blue", ("green",))
    with pytest.raises(ValueError, match="verdict"):
        GameSummary({"blue": 1}, "blue", ("blue",), verdict="draw")
    with pytest.raises(ValueError, match="whole number"):
        GameSummary({"blue": 1.5}, "blue", ("blue",))
    s = GameSummary({"blue": 1, "red": 0}, "blue", ["blue"], "easy", "win", "Stubble")
    assert GameSummary.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_history_stats_by_hand(store):
    games = [
        summary({"blue": 118, "red": 104, "green": 97}, verdict="win", beard_rank="Balbo"),
        summary({"blue": 85, "red": 80, "green": 70}, verdict="win", beard_rank="Van Dyke"),
        summary({"blue": 80, "red": 95, "green": 70}, verdict="loss"),
        summary({"blue": 125, "red": 100, "green": 99}, verdict="win", beard_rank="Balbo"),
        summary({"blue": 60, "red": 50, "green": 40}, difficulty="easy", verdict="win", beard_rank="Goatee"),
        summary({"blue": 96, "yellow": 96, "red": 80, "green": 70}, humans=("blue", "yellow", "red", "green"),
                difficulty=None),
        summary({"blue": 90, "yellow": 85, "red": 100}, humans=("blue", "yellow"), difficulty="punishing"),
    ]
    for s in games:
        store.finish(store.create_game(HEADER), s)
    store.create_game(HEADER)  # unfinished: not counted
    store.finish(store.create_game(HEADER), None)  # finished without a summary: nothing to count
    stats = store.history_stats()
    assert stats.games == 7
    assert list(stats.by_difficulty) == ["easy", "hard", "punishing", None]
    hard = stats.by_difficulty["hard"]
    assert hard == DifficultyStats(
        "hard", games=4, solo_games=4, solo_wins=3, best_human_score=125,
        average_human_score=(118 + 85 + 80 + 125) / 4, beard_ranks={"Van Dyke": 1, "Balbo": 2},
    )
    assert list(hard.beard_ranks) == ["Van Dyke", "Balbo"]  # by the score that earned them, not by name
    assert hard.win_rate == 0.75
    easy = stats.by_difficulty["easy"]
    assert (easy.games, easy.solo_wins, easy.win_rate, easy.best_human_score, easy.average_human_score) == (
        1, 1, 1.0, 60, 60.0)
    assert easy.beard_ranks == {"Goatee": 1}
    none = stats.by_difficulty[None]
    assert (none.games, none.solo_games, none.win_rate, none.best_human_score) == (1, 0, None, 96)
    assert none.average_human_score == (96 + 96 + 80 + 70) / 4 and none.beard_ranks == {}
    punishing = stats.by_difficulty["punishing"]
    assert (punishing.best_human_score, punishing.average_human_score, punishing.win_rate) == (90, 87.5, None)


def test_history_of_an_empty_store(store):
    assert store.history_stats().by_difficulty == {} and store.history_stats().games == 0
    assert store.list_games() == [] and store.in_progress() is None


# -- crash safety ------------------------------------------------------------------------------------------------


def check_store(folder: Path, last: tuple[int, int, int] | None) -> None:
    """Every game opens; seq contiguous from 1; every step whole; the last reported write is there."""
    with Store.open(folder) as s:
        assert s.notice is None, s.notice  # a crash must never look like damage
        for info in s.list_games():
            saved = s.load(info.id)
            assert [e["seq"] for e in saved.events] == list(range(1, len(saved.events) + 1))
            steps: dict[int, list[dict]] = {}
            for e in saved.events:
                steps.setdefault(e["step"], []).append(e)
            # Step 0 (the setup) may have no events; every later step has some.
            assert list(steps) == list(range(saved.steps - len(steps), saved.steps))
            undone = {saved.steps + k: step for k, step in enumerate(reversed(saved.redo_steps))}
            for n, step in [*steps.items(), *undone.items()]:
                assert {e["step"] for e in step} == {n}
                assert [e["i"] for e in step] == list(range(step[0]["of"])), f"game {info.id} step {n} is torn"
            if last and last[0] == info.id:
                game, revision, active = last
                assert saved.revision in (revision, revision + 1)  # +1: committed, killed before it printed
                if saved.revision == revision:
                    assert saved.steps == active


def test_sigkill_never_tears_a_step(tmp_path):
    rng = random.Random(20250601)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = time.monotonic()
    kills = reported = 0
    finished = False
    # At least 25 kills, and on until a game was finished and a new one started under fire (bounded).
    while kills < 25 or (not finished and time.monotonic() - started < 120):
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), str(tmp_path)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        first = ""
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0, 0.08))  # now and then during start-up: opening, migrating, creating
        else:
            first = proc.stdout.readline()
            assert first, proc.stderr.read()
            time.sleep(rng.uniform(0, 0.12))
        proc.send_signal(signal.SIGKILL)
        # Read through the same buffered files readline used: communicate() reads the raw pipes and would miss
        # lines readline had already buffered (the last reported write then looked older than the store's).
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait()
        assert proc.returncode == -signal.SIGKILL, err
        lines = (first + out).split()
        last = tuple(int(x) for x in lines[-3:]) if len(lines) >= 3 else None
        reported += len(lines) // 3
        kills += 1
        check_store(tmp_path, last)
        with Store.open(tmp_path) as s:
            finished = any(g.finished for g in s.list_games())
    assert reported > 100  # the writer really wrote between the kills
    with Store.open(tmp_path) as s:
        print(f"{kills} kills, {reported} writes reported, {len(s.list_games())} games")
        assert any(g.finished for g in s.list_games())  # finishing and starting games happened under fire too


# -- damaged files -----------------------------------------------------------------------------------------------


def _broken_one(folder: Path) -> Path:
    broken = [p for p in folder.iterdir() if re.fullmatch(rf"{DB_NAME}\.broken-\d{{8}}T\d{{6}}Z(-\d+)?", p.name)]
    assert len(broken) == 1, files(folder)
    return broken[0]


def _assert_moved_aside(folder: Path, original: bytes, s: Store) -> Path:
    moved = _broken_one(folder)
    assert moved.read_bytes() == original
    assert s.notice and str(moved) in s.notice
    gid = s.create_game(HEADER, events=Log().step(2))  # the new store works
    assert len(s.load(gid).events) == 2
    return moved


def _store_with_games(folder: Path, games: int = 30) -> None:
    with Store.open(folder) as s:
        for _ in range(games):
            log = Log()
            gid = s.create_game(HEADER)
            for _ in range(20):
                s.append_step(gid, log.step(3, pad="x" * 100))


def test_truncated_store_is_moved_aside(tmp_path):
    _store_with_games(tmp_path)
    path = tmp_path / DB_NAME
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with Store.open(tmp_path) as s:
        _assert_moved_aside(tmp_path, data[: len(data) // 2], s)
        assert len(s.list_games()) == 1


def test_random_bytes_are_moved_aside_with_their_wal(tmp_path):
    junk, wal = random.Random(1).randbytes(20_000), random.Random(2).randbytes(5_000)
    (tmp_path / DB_NAME).write_bytes(junk)
    (tmp_path / f"{DB_NAME}-wal").write_bytes(wal)
    with Store.open(tmp_path) as s:
        moved = _assert_moved_aside(tmp_path, junk, s)
        assert "not a database" in s.notice
    assert Path(f"{moved}-wal").read_bytes() == wal


def test_newer_schema_is_moved_aside_untouched(tmp_path):
    _store_with_games(tmp_path, games=2)
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    data = (tmp_path / DB_NAME).read_bytes()
    with Store.open(tmp_path) as s:
        _assert_moved_aside(tmp_path, data, s)
        assert "newer version" in s.notice


def test_a_foreign_database_is_moved_aside(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("CREATE TABLE games (x)")
    db.commit()
    db.close()
    data = (tmp_path / DB_NAME).read_bytes()
    with Store.open(tmp_path) as s:
        _assert_moved_aside(tmp_path, data, s)


def test_two_breakages_in_one_second_keep_both_files(tmp_path):
    for i in range(2):
        (tmp_path / DB_NAME).unlink(missing_ok=True)
        for side in ("-wal", "-shm"):
            Path(f"{tmp_path / DB_NAME}{side}").unlink(missing_ok=True)
        (tmp_path / DB_NAME).write_bytes(bytes([i + 1]) * 4096)
        Store.open(tmp_path).close()
    broken = sorted(p for p in files(tmp_path) if ".broken-" in p and not p.endswith(("-wal", "-shm")))
    assert len(broken) == 2
    contents = {(tmp_path / b).read_bytes()[:1] for b in broken}
    assert contents == {b"\x01", b"\x02"}


def test_an_empty_file_is_just_a_new_store(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"")
    with Store.open(tmp_path) as s:
        assert s.notice is None
        s.create_game(HEADER)
    assert ".broken-" not in " ".join(files(tmp_path))


def test_a_busy_store_is_never_moved_aside(tmp_path, monkeypatch):
    """Locked by another writer is not damage: wait, then give up with a clear error, leaving the file alone."""
    _store_with_games(tmp_path, games=1)
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE games SET touched = touched")
    try:
        s = Store.open(tmp_path)  # reading works alongside a writer (WAL)
        with pytest.raises(StoreError, match="busy"):
            s.create_game(HEADER)
        s.close()
    finally:
        holder.rollback()
        holder.close()
    assert ".broken-" not in " ".join(files(tmp_path))
    with Store.open(tmp_path) as s:
        assert len(s.list_games()) == 1


# -- colliding writers -------------------------------------------------------------------------------------------


def _append_at_once(barrier, results, store, name, gid, events, revision) -> None:
    barrier.wait()
    try:
        store.append_step(gid, events, expect_revision=revision)
        results[name] = "ok"
    except StoreConflict as e:
        results[name] = e


def test_two_threads_appending_the_same_step(tmp_path):
    a, b = Store.open(tmp_path), Store.open(tmp_path)
    log = Log()
    gid = a.create_game(HEADER, events=log.step(1))
    for _ in range(20):
        saved = a.load(gid)
        step = log.step(2)
        barrier = threading.Barrier(2)
        results: dict[str, object] = {}
        threads = [
            threading.Thread(
                target=_append_at_once,
                args=(barrier, results, writer, name, gid, [{**e, "by": name} for e in step], saved.revision),
            )
            for writer, name in ((a, "a"), (b, "b"))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [n for n, r in results.items() if r == "ok"]
        losers = [r for r in results.values() if isinstance(r, StoreConflict)]
        assert len(winners) == 1 and len(losers) == 1, results
        assert "\n" not in str(losers[0]) and "reload" in str(losers[0])
        log.steps[-1] = [{**e, "by": winners[0]} for e in step]
    assert a.load(gid).events == log.events == b.load(gid).events
    a.close(), b.close()


def test_two_processes_hammering_one_game(tmp_path):
    with Store.open(tmp_path) as s:
        gid = s.create_game(HEADER, events=[{"seq": 1, "step": 0, "type": "setup", "i": 0, "of": 1}])
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, str(WRITER), str(tmp_path), "--contend", str(gid), "--seconds", "1.5"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(2)]
    outs = [p.communicate(timeout=30) for p in procs]
    for p, (_, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert err == ""
    counts = [tuple(map(int, out.split())) for out, _ in outs]
    check_store(tmp_path, None)
    with Store.open(tmp_path) as s:
        saved = s.load(gid)
    steps = saved.events[-1]["step"]
    assert sum(appended for appended, _ in counts) == steps  # every acknowledged append is there, once
    writers = {e["writer"] for e in saved.events[1:]}
    assert len(writers) == 2, counts


# -- a model of undo and redo ------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(1, 4), json_values),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
        st.tuples(st.just("reopen")),
    ),
    max_size=25,
)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("model")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup_events=st.integers(0, 3), ops=operations)
def test_store_matches_an_in_memory_model(model_dir, setup_events, ops):
    s = Store.open(model_dir)
    live: list[list[dict]] = [[{"seq": 1 + i, "step": 0, "type": "setup"} for i in range(setup_events)]]
    redo: list[list[dict]] = []  # most recently undone last
    gid = s.create_game(HEADER, events=live[0])
    revision = 0
    try:
        for op in ops:
            if op[0] == "append":
                _, n, data = op
                seq = sum(map(len, live)) + 1
                step = [{"seq": seq + i, "step": len(live), "type": "t", "data": data} for i in range(n)]
                s.append_step(gid, step, expect_revision=revision)
                live.append(step)
                redo.clear()
            elif op[0] == "undo":
                if not live:
                    with pytest.raises(StoreConflict):
                        s.undo_step(gid, expect_revision=revision)
                    continue
                assert s.undo_step(gid, expect_revision=revision) == len(live) - 1
                redo.append(live.pop())
            elif op[0] == "redo":
                if not redo:
                    with pytest.raises(StoreConflict):
                        s.redo_step(gid, expect_revision=revision)
                    continue
                assert s.redo_step(gid, expect_revision=revision) == redo[-1]
                live.append(redo.pop())
            else:
                s.close()
                s = Store.open(model_dir)
                continue
            revision += 1
            saved = s.load(gid)
            assert saved.events == [e for step in live for e in step]
            assert saved.redo_steps == redo
            assert (saved.revision, saved.steps) == (revision, len(live))
    finally:
        s.close()
