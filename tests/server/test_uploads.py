"""companion/server/uploads.py: where a picked file lands, read once and gone; Flet's settings a person set are kept."""

from __future__ import annotations

import os
import stat

from companion.server import uploads
from companion.ui.decks.file_pick import too_big


def test_an_upload_is_read_once_and_deleted(tmp_path, monkeypatch):
    monkeypatch.setenv(uploads.DIR_ENV, str(tmp_path))
    name = uploads.upload_name()
    assert name != uploads.upload_name() and "/" not in name
    (tmp_path / name).write_bytes(b"x" * 50)
    assert uploads.take(name, 10) == b"x" * 11  # at most limit + 1: enough to say it is too big
    assert not (tmp_path / name).exists()
    (tmp_path / name).write_bytes(b"partial")
    uploads.discard(name)
    uploads.discard(name)  # gone already: no error
    assert tmp_path.is_dir() and list(tmp_path.iterdir()) == []  # a folder a person named stays


def test_the_runs_own_folder_exists_only_while_an_upload_is_in_it(tmp_path, monkeypatch):
    # Made at start and removed at exit, it stayed: uvicorn ends the process with the SIGTERM it caught.
    monkeypatch.delenv(uploads.DIR_ENV, raising=False)
    monkeypatch.setattr(uploads.tempfile, "gettempdir", lambda: str(tmp_path))
    folder = uploads.enable(1_000_000)
    assert folder.parent == tmp_path and not folder.exists()
    uploads.prepare()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    first, second = uploads.upload_name(), uploads.upload_name()
    (folder / first).write_bytes(b"a")
    (folder / second).write_bytes(b"b")
    assert uploads.take(first, 10) == b"a" and folder.exists()  # another window's upload is still there
    uploads.discard(second)
    assert list(tmp_path.iterdir()) == []


def test_enable_keeps_a_secret_and_limit_a_person_set(monkeypatch):
    monkeypatch.setenv(uploads.SECRET_ENV, "mine")
    monkeypatch.setenv(uploads.MAX_ENV, "5")
    uploads.enable(1_000_000)
    assert os.environ[uploads.SECRET_ENV] == "mine" and os.environ[uploads.MAX_ENV] == "5"


def test_enable_sets_a_random_secret_and_the_deck_limit(monkeypatch):
    monkeypatch.delenv(uploads.SECRET_ENV, raising=False)
    monkeypatch.delenv(uploads.MAX_ENV, raising=False)
    uploads.enable(1_000_000)
    assert len(os.environ[uploads.SECRET_ENV]) >= 32 and os.environ[uploads.MAX_ENV] == "1000000"


def test_the_size_the_picker_reports_decides():
    assert too_big("d.toml", 1_000_000) is None
    assert too_big("d.toml", 17 * 1024 * 1024) == "d.toml: larger than 1 MB, the limit for a deck file"
