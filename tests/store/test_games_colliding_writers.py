"""Colliding writers on one game: two threads appending the same step (one wins, one is told to reload) and two
processes hammering one game (every acknowledged append is there, once)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

from companion.store import Store, StoreConflict
from tests.store.games_helpers import HEADER, REPO, WRITER, Log, check_store


def _append_at_once(barrier, results, store, name, gid, events, revision) -> None:
    barrier.wait()
    try:
        store.append_step(gid, events, expect_revision=revision)
        results[name] = "ok"
    except StoreConflict as e:
        results[name] = e


def test_two_threads_appending_the_same_step(tmp_path):
    a, b = Store.open(tmp_path), Store.open(tmp_path)
    log = Log()
    gid = a.create_game(HEADER, events=log.step(1))
    for _ in range(20):
        saved = a.load(gid)
        step = log.step(2)
        barrier = threading.Barrier(2)
        results: dict[str, object] = {}
        threads = [
            threading.Thread(
                target=_append_at_once,
                args=(barrier, results, writer, name, gid, [{**e, "by": name} for e in step], saved.revision),
            )
            for writer, name in ((a, "a"), (b, "b"))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [n for n, r in results.items() if r == "ok"]
        losers = [r for r in results.values() if isinstance(r, StoreConflict)]
        assert len(winners) == 1 and len(losers) == 1, results
        assert "\n" not in str(losers[0]) and "reload" in str(losers[0])
        log.steps[-1] = [{**e, "by": winners[0]} for e in step]
    assert a.load(gid).events == log.events == b.load(gid).events
    a.close(), b.close()


def test_two_processes_hammering_one_game(tmp_path):
    with Store.open(tmp_path) as s:
        gid = s.create_game(HEADER, events=[{"seq": 1, "step": 0, "type": "setup", "i": 0, "of": 1}])
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, str(WRITER), str(tmp_path), "--contend", str(gid), "--seconds", "1.5"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(2)]
    outs = [p.communicate(timeout=30) for p in procs]
    for p, (_, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert err == ""
    counts = [tuple(map(int, out.split())) for out, _ in outs]
    check_store(tmp_path, None)
    with Store.open(tmp_path) as s:
        saved = s.load(gid)
    steps = saved.events[-1]["step"]
    assert sum(appended for appended, _ in counts) == steps  # every acknowledged append is there, once
    writers = {e["writer"] for e in saved.events[1:]}
    assert len(writers) == 2, counts
