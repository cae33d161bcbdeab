"""A calibration killed with SIGKILL leaves no worker behind (``calibrate --jobs``, the Decks screen's run).

Its workers waited forever for their next chunk: each holds the task pipe's write end as well, so none saw the
pipe close when the process that started them died. Linux only (it reads the process tree from /proc).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")

REPO = Path(__file__).resolve().parents[2]


def descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.add(pid)
    return out


@pytest.mark.parametrize("start_method", ["fork", "forkserver"])  # the command's default; the app's
def test_workers_end_when_the_calibration_is_killed(start_method):
    script = ("from companion.sim.calibrate import calibrate\n"
              f"calibrate(100_000, 1, jobs=2, start_method={start_method!r})\n")
    run = subprocess.Popen([sys.executable, "-c", script], cwd=REPO)
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.3)
            workers = {p for p in descendants(run.pid)
                       if "calibrate" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")
                       or start_method == "forkserver"}
        assert len(workers) >= 2, "the workers did not start"
        run.send_signal(signal.SIGKILL)
        run.wait(10)
        deadline = time.monotonic() + 15
        while alive(workers) and time.monotonic() < deadline:
            time.sleep(0.3)
        left = alive(workers)
    finally:
        run.kill()
        run.wait()
    names = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:200] for pid in left}
    for pid in left:  # this test's own leftovers only
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} worker(s) still running after the calibration was killed: {names}"
