"""Temporary files of the app's atomic writes do not pile up: a SIGKILL mid-write leaves one, the next opening of
the data folder or the next write of that file removes it; a person's file that looks alike stays."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion.cli.commands.export import _write_atomically
from companion.files import atomic
from companion.files.paths import DECKS_FOLDER
from companion.rules.automa.calibration import load_calibration
from companion.store import Store
from companion.store.calibration_file import calibration_path, save_calibration
from companion.store.settings import Settings, save_settings
from companion.ui.decks.presenter import import_deck
from companion.ui.decks.transcribe_presenter import Transcription
from tests.browser.test_decks_screen import GREEN

OLD = time.time() - atomic.STALE_SECONDS - 60

#: Files a person might keep in the data folder, named like the app's temporary files but not made by it.
LOOKALIKES = (
    ".settings-backup.json",
    ".settings.json.mybackup",
    "settings.json.k3_9zq0a.companion-partial",  # no leading dot
    ".settings.json.k3_9zq0.companion-partial",  # 7 characters
    ".settings.json.K3_9ZQ0A.companion-partial",  # capitals: mkstemp never makes them
)


def _aged(path: Path, text: str = "x") -> Path:
    """``path`` made now if it is not there, its time set to before :data:`atomic.STALE_SECONDS`."""
    if not path.exists():
        path.write_text(text)
    os.utime(path, (OLD, OLD))
    return path


def _kill_mid_write(data_dir: Path) -> Path:
    """Run save_settings in a child that stops between writing its temporary file and renaming it; SIGKILL it."""
    code = textwrap.dedent(f"""
        import os, sys, time
        os.replace = lambda *a, **k: (print("written", flush=True), time.sleep(60))
        from companion.store.settings import Settings, save_settings
        save_settings(Settings(), {str(data_dir)!r})
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "written"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    (left,) = [p for p in data_dir.iterdir() if p.name.endswith(atomic.SUFFIX)]
    return left


def test_a_write_killed_midway_leaves_a_file_the_next_opening_removes(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    left = _kill_mid_write(data)
    assert atomic.leftover_target(left.name) == "settings.json"
    decks = data / DECKS_FOLDER
    decks.mkdir()
    deck_left = _aged(decks / ".green.toml.abcd1234.companion-partial")
    for name in LOOKALIKES:
        _aged(data / name, "mine")
    (data / ".notes.json.abcd1234.companion-partial").mkdir()  # a folder of that name: not the app's file
    Store.open(data).close()
    assert left.exists()  # just made: it may be another window's write in progress
    _aged(left)
    Store.open(data).close()
    assert not left.exists() and not deck_left.exists()
    assert all((data / name).read_text() == "mine" for name in LOOKALIKES)
    assert (data / ".notes.json.abcd1234.companion-partial").is_dir()


WRITES = {
    "settings": (lambda d: save_settings(Settings(), d), lambda d: d / "settings.json"),
    "deck": (lambda d: import_deck(d, GREEN), lambda d: d / DECKS_FOLDER / "green.toml"),
    "draft": (lambda d: Transcription.start(d, "green").save(), lambda d: d / DECKS_FOLDER / "draft-green.json"),
    "calibration": (lambda d: save_calibration(d, load_calibration()), calibration_path),
    "export": (lambda d: d.mkdir(exist_ok=True) or _write_atomically(d / "game.jsonl", "{}\n"),
               lambda d: d / "game.jsonl"),
}


@pytest.mark.parametrize("kind", sorted(WRITES))
def test_the_next_write_of_a_file_removes_its_old_leftovers_only(tmp_path, kind):
    write, target = WRITES[kind]
    data = tmp_path / "data"
    write(data)  # the folders are made
    path = target(data)
    mine = _aged(path.parent / f".{path.name}.zz9_8yx7{atomic.SUFFIX}")  # a killed write of this file
    young = path.parent / f".{path.name}.young123{atomic.SUFFIX}"  # maybe a write in progress
    young.write_text("")
    other = _aged(path.parent / f".other.txt.zz9_8yx7{atomic.SUFFIX}")  # another file's: its own write clears it
    lookalike = _aged(path.parent / f".{path.name}.backup")
    write(data)
    assert not mine.exists()
    assert young.exists() and other.exists() and lookalike.read_text() == "x"
    # and the write itself leaves none of its own
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(atomic.SUFFIX)) == sorted(
        [young.name, other.name])


def test_a_new_file_is_written_whole_and_never_over_another(tmp_path, monkeypatch):
    """atomic.write_new (simulate's records): a taken name is refused, kept as it was; where no hard link can
    be made it still refuses a taken name; a failed write leaves nothing, named by the file it was for."""
    import errno

    taken = tmp_path / "game-00001.jsonl"
    taken.write_text("someone else's")
    with pytest.raises(FileExistsError):
        atomic.write_new(taken, "mine")
    assert taken.read_text() == "someone else's"

    def no_links(*_a):
        raise OSError(errno.EPERM, "links are not made here")

    monkeypatch.setattr(atomic.os, "link", no_links)
    with pytest.raises(FileExistsError):
        atomic.write_new(taken, "mine")
    atomic.write_new(tmp_path / "game-00002.jsonl", "mine")
    assert (tmp_path / "game-00002.jsonl").read_text() == "mine"

    def no_room(*_a):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "rename", no_room)
    with pytest.raises(OSError) as info:
        atomic.write_new(tmp_path / "game-00003.jsonl", "mine")
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(tmp_path / "game-00003.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00001.jsonl", "game-00002.jsonl"]
