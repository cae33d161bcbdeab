"""Difficulty calibration of the shipped decks: what each difficulty means in points.

    python -m tests.bench.calibrate --games 10000 --seed 2026 --jobs 2

Plays ``--games`` solo games per difficulty and per bot human (random and greedy) with
``companion.sim.calibrate`` (the engine of ``treasure-companion calibrate``) and writes the bands, the seed,
the bot and the deck each figure came from, and a fingerprint of the first games' scores (so a test can check
the data is reproducible from its seed) to ``companion/rules/data/calibration.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from companion.sim.calibrate import calibrate

OUT = Path(__file__).resolve().parents[2] / "companion" / "rules" / "data" / "calibration.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    cal = calibrate(args.games, args.seed, jobs=args.jobs,
                    command=f"python -m tests.bench.calibrate --games {args.games} --seed {args.seed}")
    args.out.write_text(json.dumps(cal.model_dump(mode="json"), indent=2) + "\n", encoding="utf-8")
    print(json.dumps({"written": str(args.out), "games": args.games * 6, "jobs": args.jobs,
                      "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
