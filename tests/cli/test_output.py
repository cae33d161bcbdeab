"""Standard output that cannot be written, or a closed standard input: one line naming why, exit 2 (it was a
traceback, or nothing at all with exit 0 when standard output was closed). A reader that goes away (``| head``)
is still no error."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "tests" / "data" / "pinned_solo_v2.jsonl"
COMMANDS = [["replay", str(RECORD)], ["log", str(RECORD)], ["decks", "show", "red"], ["schema", "score"],
            ["games", "--data-dir", "{tmp}"]]


def run_shell(argv: list[str], redirect: str) -> subprocess.CompletedProcess:
    command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "companion", *argv])
    return subprocess.run(["sh", "-c", f"exec {command} {redirect}"], cwd=REPO, capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0])
def test_output_to_a_full_disk_is_one_line_and_exit_2(tmp_path, argv):
    done = run_shell([a.replace("{tmp}", str(tmp_path)) for a in argv], ">/dev/full")
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err == f"treasure-companion {argv[0]}: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0])
def test_a_closed_standard_output_is_one_line_and_exit_2(tmp_path, argv):
    done = run_shell([a.replace("{tmp}", str(tmp_path)) for a in argv], ">&-")
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err == f"treasure-companion {argv[0]}: cannot write the output: standard output is closed\n"


def test_a_reader_that_goes_away_is_still_no_error():
    done = subprocess.run(["sh", "-c", f"{shlex.quote(sys.executable)} -m companion log {shlex.quote(str(RECORD))}"
                                       " | head -1"], cwd=REPO, capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stderr == b"" and len(done.stdout.splitlines()) == 1


@pytest.mark.parametrize("command", ["score", "replay", "log", "import"])
def test_a_closed_standard_input_is_one_line_and_exit_2(tmp_path, command):
    done = run_shell([command, "-", *(["--data-dir", str(tmp_path)] if command == "import" else [])], "<&-")
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1, err
    assert err.endswith("cannot read standard input: it is closed\n")
