"""``python -m tests.browser.screenshots`` answers ``--help`` and refuses an option instead of taking it for
the output folder (``--help`` once made a folder named ``--help`` and ran the whole browser session)."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "tests.browser.screenshots", *args]
    return subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_help_prints_the_usage_and_takes_no_screenshots(tmp_path):
    done = run(tmp_path, "--help")
    assert done.returncode == 0, done.stderr
    assert "python -m tests.browser.screenshots [OUTPUT_DIR]" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_named_in_one_line(tmp_path):
    done = run(tmp_path, "--out", "x")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--out x" in done.stderr
    assert list(tmp_path.iterdir()) == []
