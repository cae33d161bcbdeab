"""Opening the game store: where it lives (the data folder's precedence), its SQLite settings, and the schema
migrations, run once and in order, including a version 1 store upgraded with its undone steps."""

from __future__ import annotations

import json
import sqlite3
import sys

from companion.store import DB_NAME, SCHEMA_VERSION, Store, default_data_dir
from companion.store import schema as store_module
from tests.store.games_helpers import HEADER, Log


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
