"""Difficulty calibration: what each automa difficulty means in points, from many simulated solo games.

    python -m tests.bench.calibrate --games 10000 --seed 2026

Plays ``--games`` solo games per difficulty and per bot human (random and greedy), and writes the automa's
final score at the 10th, 50th and 90th percentile per deck to ``companion/rules/data/calibration.json``,
with the seed, the bot and the deck each figure came from, and a fingerprint of the first games' scores so a
test can check that the data is reproducible from its seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from companion.sim.simulate import run

OUT = Path(__file__).resolve().parents[2] / "companion" / "rules" / "data" / "calibration.json"
DIFFICULTIES = ("easy", "hard", "punishing")
BOTS = ("random", "greedy")
FINGERPRINT_GAMES = 20


def percentile(values: list[int], q: float) -> int:
    """Nearest-rank percentile (no interpolation): a score some game really had."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def fingerprint(games: int, seed: int, difficulty: str, bot: str) -> str:
    """A hash of every automa's final score in the first ``games`` games of a configuration."""
    summary = run(games, seed, humans=1, difficulty=difficulty, bot=bot)
    text = json.dumps({k: v for k, v in sorted(summary.scores.items())}, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _one(args: tuple[int, int, str, str]) -> dict:
    games, seed, difficulty, bot = args
    start = time.perf_counter()
    summary = run(games, seed, humans=1, difficulty=difficulty, bot=bot)
    rows = []
    for name, values in sorted(summary.scores.items()):
        deck = name.split()[0]
        rows.append({"difficulty": difficulty, "bot": bot, "deck": deck, "games": games, "seed": seed,
                     "p10": percentile(values, 10), "p50": percentile(values, 50), "p90": percentile(values, 90)})
    return {"rows": rows, "seconds": round(time.perf_counter() - start, 1),
            "fingerprint": {"difficulty": difficulty, "bot": bot, "seed": seed, "games": FINGERPRINT_GAMES,
                            "sha256": fingerprint(FINGERPRINT_GAMES, seed, difficulty, bot)}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    jobs = [(args.games, args.seed, d, b) for d in DIFFICULTIES for b in BOTS]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(_one, jobs))
    data = {
        "about": "Automa final scores in simulated solo games (bot human + red and green automa, expansion, "
                 "5 rounds). The table's answers (achievement points, coins, tiles) come from the bots' simple "
                 "ranges, so these bands are a guide, not a promise.",
        "source": "simulation",
        "command": f"python -m tests.bench.calibrate --games {args.games} --seed {args.seed}",
        "bands": [row for r in results for row in r["rows"]],
        "fingerprints": [r["fingerprint"] for r in results],
    }
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({"written": str(args.out), "seconds": [r["seconds"] for r in results]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
