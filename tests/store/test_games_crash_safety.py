"""The game store under SIGKILL: a writer process killed at random moments, again and again, never leaves a torn
step, a gap in the events or a store that looks damaged."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from companion.store import Store
from tests.store.games_helpers import REPO, WRITER, check_store


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
