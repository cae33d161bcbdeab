"""SHA-256 of the records that ``simulate --records`` writes for a fixed set of runs, against a committed list.

Why: the engine is tuned for speed, and a faster engine must play exactly the same games. The list in
``tests/data/record_hashes_v1.json`` was written by the engine *before* that tuning, under rules version 1, and
games of version 1 are still played by version 1's rules: the runs are played under it and must match it still.
``record_hashes_v2.json`` holds the same runs under rules version 2 (the rules audit), ``record_hashes_v3.json``
under version 3 (issue 30: a base game's fight die stands when its owner has no re-roll for it),
``record_hashes_v4.json`` under version 4 (a dragon fight in the rulebook's order: the dice first, then the
automa's axe cards, then the axes and the tile).
``test_record_hashes`` plays the runs under each version and compares every record's hash, so any change in any
event, field, key order or byte of any record of these runs fails, naming the run and the game.

Write the current version's list (``python -m tests.record_hashes --write``) only when a rules change is meant to
change the games (and the rules version says so); never to make a speed change pass. An older version's list
is never written again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

from companion.rules.engine.game import KNOWN_VERSIONS, RULES_VERSION
from companion.sim.simulate import run

HASH_FILES = {v: Path(__file__).parent / "data" / f"record_hashes_v{v}.json" for v in KNOWN_VERSIONS}
HASH_FILE = HASH_FILES[RULES_VERSION]

#: Each run: a name and the arguments of ``simulate`` (solo and two humans, both bots, base and expansion,
#: every difficulty, the app or the table keeping the automa's things).
RUNS: dict[str, dict] = {
    "solo-hard-random": {"games": 12, "seed": 1},
    "solo-easy-greedy-base": {"games": 6, "seed": 2, "difficulty": "easy", "bot": "greedy", "expansion": False},
    "solo-punishing-random-table": {"games": 6, "seed": 3, "difficulty": "punishing", "stash": "table"},
    "two-hard-random": {"games": 6, "seed": 4, "humans": 2},
    "two-easy-greedy-base-table": {"games": 6, "seed": 5, "humans": 2, "difficulty": "easy", "bot": "greedy",
                                   "expansion": False, "stash": "table"},
}


def record_hashes(version: int = RULES_VERSION) -> dict[str, list[str]]:
    """Every run's records under rules ``version``, in game order, as SHA-256 hex digests of the file's bytes."""
    out: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, kwargs in RUNS.items():
            folder = Path(tmp) / name
            run(records=folder, version=version, **kwargs)
            out[name] = [hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the hash list (only for a real rules change)")
    args = parser.parse_args(argv)
    hashes = record_hashes()
    if args.write:
        HASH_FILE.write_text(json.dumps(hashes, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {sum(map(len, hashes.values()))} record hashes to {HASH_FILE}")
        return 0
    older = [v for v in HASH_FILES if v != RULES_VERSION]
    same = hashes == json.loads(HASH_FILE.read_text(encoding="utf-8")) and all(
        record_hashes(v) == json.loads(HASH_FILES[v].read_text(encoding="utf-8")) for v in older
    )
    print("records identical" if same else "records differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
