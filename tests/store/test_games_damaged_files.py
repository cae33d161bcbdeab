"""A damaged game store file (truncated, random bytes, a newer schema, a foreign database) is moved aside with its
WAL and a new store starts; an empty file is just a new store, and a busy store is never moved aside."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest

from companion.store import DB_NAME, SCHEMA_VERSION, Store, StoreError
from companion.store import schema as store_module
from tests.store.games_helpers import HEADER, Log


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


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
