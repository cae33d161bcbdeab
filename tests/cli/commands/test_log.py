"""``treasure-companion log FILE``: a record told as sentences, at least a line per step; a file it cannot read
gets one line and a non-zero exit, never a traceback. Run as a person would, in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from plain_words import problems

from companion.record.format import loads

ROOT = Path(__file__).resolve().parents[3]
PINNED = Path(__file__).resolve().parents[2] / "data" / "pinned_solo_v1.jsonl"


def run_log(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", "log", *args],
        cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=120,
    )


def test_the_pinned_game_is_told_step_by_step_in_plain_words():
    done = run_log(str(PINNED))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    game = loads(PINNED.read_text(encoding="utf-8"))
    steps = [line for line in lines if not line.startswith(" ")][1:]
    assert len(steps) == len(game.steps)
    assert lines[0] == (
        "Solo game against two automa (Hard): Blue, Red automa and Green automa; 5 rounds, Caverns of Gandûm"
    )
    assert "17. Green automa discarded Mind Control" in lines
    assert "    Green scored 9 points for Mind Control" in lines
    bad = [(line, problems(line)) for line in lines if problems(line)]
    assert not bad, bad[:5]


def test_standard_input_works_too():
    done = run_log("-", stdin=PINNED.read_text(encoding="utf-8"))
    assert done.returncode == 0 and done.stdout.startswith("Solo game against two automa")


@pytest.mark.parametrize(
    ("content", "code", "says"),
    [
        (None, 2, "cannot read"),
        ("not json\n", 2, "malformed record"),
        ('{"format": "something else", "version": 1}\n', 3, "unsupported record"),
        (b"\xff\xfe\x00bad", 2, "cannot read"),
    ],
)
def test_a_bad_file_gets_one_line_and_a_non_zero_exit(tmp_path, content, code, says):
    path = tmp_path / "game.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    done = run_log(str(path))
    assert done.returncode == code
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("log: ") and says in done.stderr
    assert "Traceback" not in done.stderr


def test_a_record_that_diverges_names_the_event(tmp_path):
    lines = PINNED.read_text(encoding="utf-8").splitlines()
    lines[20] = lines[20].replace('"space":"supply_wagon"', '"space":"scout"')
    path = tmp_path / "changed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_log(str(path))
    assert done.returncode == 4 and done.stderr.startswith(f"log: {path}: diverged at event seq ")
    assert done.stderr.count("\n") == 1
