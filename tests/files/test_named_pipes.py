"""A named pipe (``mkfifo``) where a file goes is refused in one line, never waited on.

A plain ``open()`` of a named pipe that nothing writes to waits forever: the Decks, New game and History screens
hung on one put where a transcribed deck, the calibration or a transcription draft is kept, and ``decks check``,
``simulate --deck``, ``score``, ``replay``, ``log`` and ``import`` hung on one named on the command line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.rules.automa.deck import DECKS_DIR
from companion.store.calibration_file import bands_in_use, calibration_path, saved_calibration
from companion.store.decks import imported_deck, imported_path, imported_problem
from companion.store.drafts import draft_path
from companion.ui.decks.presenter import all_decks
from companion.ui.decks.transcribe_presenter import Transcription

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")

REPO = Path(__file__).resolve().parents[2]


def fifo_at(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def within(seconds: float, fifo: Path, call: Callable):
    """``call()``'s result, failing (not hanging) when it is still waiting on ``fifo`` after ``seconds``."""
    out: dict = {}

    def run():
        try:
            out["value"] = call()
        except BaseException as err:  # noqa: BLE001 (handed to the test)
            out["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        try:  # a writer that comes and goes lets the waiting open() return, so the thread ends
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
        thread.join(5)
        pytest.fail(f"still waiting on the named pipe {fifo.name} after {seconds} s")
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_a_pipe_where_a_transcribed_deck_is_kept_is_named_not_waited_on(tmp_path):
    fifo = fifo_at(imported_path(tmp_path, "red"))
    assert within(10, fifo, lambda: imported_deck(tmp_path, "red")) is None
    problem = within(10, fifo, lambda: imported_problem(tmp_path, "red"))
    assert problem == "red.toml: cannot read: it is a pipe or a device, not a file"
    shown = within(10, fifo, lambda: all_decks(tmp_path))
    assert [d.source for d in shown] == ["app", "app"]  # the app's decks stand in
    assert fifo.exists()  # left where it is: the user's to look at


def test_a_pipe_where_the_calibration_is_kept_gives_the_app_bands(tmp_path):
    imported_path(tmp_path, "red").parent.mkdir(parents=True)
    imported_path(tmp_path, "red").write_bytes((DECKS_DIR / "red.toml").read_bytes())
    fifo = fifo_at(calibration_path(tmp_path))
    assert within(10, fifo, lambda: saved_calibration(tmp_path)) is None
    assert within(10, fifo, lambda: bands_in_use(tmp_path))[1] == "the app's decks"


def test_a_pipe_where_a_draft_is_kept_is_set_aside_and_the_transcription_starts_afresh(tmp_path):
    fifo = fifo_at(draft_path(tmp_path, "red"))
    assert within(10, fifo, lambda: Transcription.saved(tmp_path, "red")) is None
    t = within(10, fifo, lambda: Transcription.open(tmp_path, "red"))
    assert "could not be read; it is kept as draft-red.unreadable.json" in t.message
    assert draft_path(tmp_path, "red").is_file()  # the new draft, saved
    assert (draft_path(tmp_path, "red").parent / "draft-red.unreadable.json").exists()


@pytest.mark.parametrize("argv", [
    ["decks", "check", "{p}"],
    ["simulate", "--games", "1", "--deck", "{p}"],
    ["calibrate", "--games", "1", "--seed", "1", "--deck", "{p}"],
    ["score", "{p}"],
    ["replay", "{p}"],
    ["log", "{p}"],
    ["import", "{p}", "--data-dir", "{tmp}/data"],
], ids=lambda a: " ".join(a[:2]))
def test_a_command_given_a_pipe_nothing_writes_to_says_so_in_one_line(tmp_path, argv):
    fifo = fifo_at(tmp_path / "pipe")
    args = [a.replace("{p}", str(fifo)).replace("{tmp}", str(tmp_path)) for a in argv]
    env = {**os.environ, "TREASURE_COMPANION_DATA": str(tmp_path / "data")}
    try:
        done = subprocess.run([sys.executable, "-m", "companion", *args], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{argv[0]} waited on the named pipe")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "it is a named pipe that nothing writes to" in done.stderr


def test_a_pipe_that_something_writes_to_is_still_read(tmp_path):
    """``decks check <(cat red.toml)``: a pipe with a writer is an input like any other."""
    fifo = fifo_at(tmp_path / "pipe")
    reader = subprocess.Popen([sys.executable, "-m", "companion", "decks", "check", str(fifo)], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(fifo, "wb") as writer:  # waits for the reader to open it, as the shell's writer does
        writer.write((DECKS_DIR / "red.toml").read_bytes())
    out, err = reader.communicate(timeout=60)
    assert reader.returncode == 0 and out.startswith("ok: ") and "20 cards" in out, err
