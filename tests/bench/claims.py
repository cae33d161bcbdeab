"""The figures behind a few choices that comments used to state as numbers from one machine.

    python -m tests.bench.claims [--runs N]

Prints one JSON line a figure, each with the machine's core count and load average (compare figures of one run
only: a shared machine's speed varies by half within minutes). Timings are reported, never asserted.

- ``compiled package``: the CPU one ``python -m companion`` process spends where ``PYTHONDONTWRITEBYTECODE`` is
  set (as on the CI machine), with the package's modules compiled beforehand (``tests/run.sh`` runs
  ``compileall``) and without (each process compiles every module it imports again). The package is copied to
  a temporary folder for both runs, so the working tree's ``__pycache__`` plays no part.
- ``record lines``: writing a simulated game's record lines with orjson (``pip install .[fast]``:
  ``companion.record.plain_json``) and with the standard library's encoder (the same bytes).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.record import format as record_format
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from companion.sim.bots import Bot, play

ROOT = Path(__file__).resolve().parents[2]
#: What the suite's processes do, from the lightest to the served app's imports.
COMMANDS = {
    "decks show red": ["-m", "companion", "decks", "show", "red"],
    "schema score": ["-m", "companion", "schema", "score"],
    "the served app's imports": ["-c", "import companion.server.web, companion.ui.shell.app"],
}


def _context() -> dict:
    return {"cores": os.cpu_count(), "load_average": round(os.getloadavg()[0], 1)}


def _child_cpu(args: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child process running ``python args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compiled_package(runs: int) -> list[dict]:
    """Each command's median CPU without and with the package compiled, where no process writes bytecode."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT / "companion", Path(tmp) / "companion", ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": tmp, "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("PYTHONPYCACHEPREFIX", None)
        plain = {name: [_child_cpu(args, env) for _ in range(runs)] for name, args in COMMANDS.items()}
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(tmp) / "companion")], check=True,
                       stdout=subprocess.DEVNULL)
        compiled = {name: [_child_cpu(args, env) for _ in range(runs)] for name, args in COMMANDS.items()}
    for name in COMMANDS:
        without, with_ = statistics.median(plain[name]), statistics.median(compiled[name])
        out.append({"name": f"compiled package: {name}", "unit": "ms cpu", "runs": runs,
                    "not_compiled": round(without * 1000, 1), "compiled": round(with_ * 1000, 1),
                    "saved": round((without - with_) * 1000, 1), **_context()})
    return out


def record_lines(runs: int) -> dict:
    """A simulated solo game's record lines written by orjson and by the standard encoder (median of ``runs``)."""
    game = play(Game(Setup.solo(seed=5)), Bot("random", 5))
    values = [game.header(), *game.events()]
    fast = record_format._fast_lines
    standard = record_format._standard_lines

    def timed(write) -> float:
        samples = []
        for _ in range(runs):
            t = time.perf_counter()
            write()
            samples.append(time.perf_counter() - t)
        return statistics.median(samples)

    figure = {"name": "record lines", "unit": "ms", "runs": runs, "lines": len(values),
              "standard": round(timed(lambda: standard(values)) * 1000, 3)}
    if fast is None:
        figure["orjson"] = None  # not installed: pip install .[fast]
    else:
        assert fast(values, None) == standard(values), "orjson's lines differ from the standard encoder's"
        figure["orjson"] = round(timed(lambda: fast(values, None)) * 1000, 3)
        figure["ratio"] = round(figure["standard"] / figure["orjson"], 1)
    return {**figure, **_context()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.claims", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each figure (default 5; the median is shown)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs: at least 1")
    for figure in [*compiled_package(args.runs), record_lines(max(args.runs, 20))]:
        print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
