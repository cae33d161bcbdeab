"""Every bad input on the command line: exit code 2, exactly one line on stderr, never a traceback.

Each row is a real ``python -m companion`` process, as a person or a script runs it: crafted records (huge
numbers, deep nesting, loose types, out-of-range scores, NaN), files too large or endless (``/dev/zero``),
file names holding a newline, argparse usage errors and unbounded options.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PINNED = REPO / "tests" / "data" / "pinned_solo_v1.jsonl"


#: A valid score sheet (one player), for rows that add one wrong thing to it.
SHEET = ('{"expansion": false, "final_turn_order": ["red"], "players": [{"color": "red", "kind": "human", "track": 3,'
         ' "mine_tiles": {}, "gold": 2, "mined_gems": 0, "gems_in_mine": 0}]}')


def rows() -> list[dict]:
    return [json.loads(line) for line in PINNED.read_text(encoding="utf-8").splitlines()]


def record_text(rows_: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows_)


def changed(change: Callable[[list[dict]], object]) -> str:
    """The pinned (finished) record with one change made to its rows."""
    r = rows()
    change(r)
    return record_text(r)


def last_event(r: list[dict]) -> dict:
    assert r[-1]["type"] == "game_end"
    return r[-1]


def raw_line(line: str, at: int = 5) -> str:
    """The pinned record with its line ``at`` replaced by raw text (JSON that json.dumps would not write)."""
    lines = PINNED.read_text(encoding="utf-8").splitlines()
    lines[at - 1] = line
    return "\n".join(lines) + "\n"


BIG_INT = '{"seq":4,"step":1,"type":"roll","color":"blue","value":' + "9" * 5000 + "}"
# A good record followed by 20 MB of spaces: it would replay, but it is over the size limit.
OVERSIZED = PINNED.read_bytes() + b" " * 20_000_001 + b"\n"
DEEP = '{"seq":4,"step":1,"type":"roll","x":' + "[" * 100_000 + "]" * 100_000 + "}"


# (id, files to write {name: text or bytes}, argv (with {tmp} for the folder), standard input or None)
CASES: list[tuple[str, dict[str, str | bytes], list[str], bytes | None]] = [
    ("replay: 5000-digit number", {"r.jsonl": raw_line(BIG_INT)}, ["replay", "{tmp}/r.jsonl"], None),
    ("import: 5000-digit number", {"r.jsonl": raw_line(BIG_INT)}, ["import", "{tmp}/r.jsonl"], None),
    ("replay: nested 100,000 deep", {"r.jsonl": raw_line(DEEP)}, ["replay", "{tmp}/r.jsonl"], None),
    ("import: nested 100,000 deep", {"r.jsonl": raw_line(DEEP)}, ["import", "{tmp}/r.jsonl"], None),
    ("replay: nested 40 deep", {"r.jsonl": raw_line(DEEP.replace("[" * 100_000 + "]" * 100_000,
                                                                  "[" * 40 + "]" * 40))},
     ["replay", "{tmp}/r.jsonl"], None),
    ("replay: NaN", {"r.jsonl": raw_line('{"seq":4,"step":1,"type":"roll","value":NaN}')},
     ["replay", "{tmp}/r.jsonl"], None),
    ("replay: Infinity", {"r.jsonl": raw_line('{"seq":4,"step":1,"type":"roll","value":-Infinity}')},
     ["replay", "{tmp}/r.jsonl"], None),
    ("replay: a fraction", {"r.jsonl": raw_line('{"seq":4,"step":1,"type":"roll","value":4.0}')},
     ["replay", "{tmp}/r.jsonl"], None),
    ("replay: version true", {"r.jsonl": changed(lambda r: r[0].update(version=True))},
     ["replay", "{tmp}/r.jsonl"], None),
    ("replay: rounds \"5\"", {"r.jsonl": changed(lambda r: r[0]["setup"].update(rounds="5"))},
     ["replay", "{tmp}/r.jsonl"], None),
    ("import: rounds \"5\"", {"r.jsonl": changed(lambda r: r[0]["setup"].update(rounds="5"))},
     ["import", "{tmp}/r.jsonl"], None),
    ("replay: seq true", {"r.jsonl": changed(lambda r: r[1].update(seq=True))}, ["replay", "{tmp}/r.jsonl"], None),
    ("replay: input \"yes\"", {"r.jsonl": changed(lambda r: r[3].update(input="yes"))},
     ["replay", "{tmp}/r.jsonl"], None),
    ("import: score 10**400", {"r.jsonl": changed(lambda r: last_event(r)["scores"].update(blue=10**400))},
     ["import", "{tmp}/r.jsonl"], None),
    ("import: negative score", {"r.jsonl": changed(lambda r: last_event(r)["scores"].update(red=-5))},
     ["import", "{tmp}/r.jsonl"], None),
    ("import: score \"80\"", {"r.jsonl": changed(lambda r: last_event(r)["scores"].update(red="80"))},
     ["import", "{tmp}/r.jsonl"], None),
    ("import: seed 2**64", {"r.jsonl": changed(lambda r: r[0]["setup"].update(seed=2**64))},
     ["import", "{tmp}/r.jsonl"], None),
    ("replay: over 20 MB", {"big.jsonl": OVERSIZED}, ["replay", "{tmp}/big.jsonl"], None),
    ("import: over 20 MB", {"big.jsonl": OVERSIZED}, ["import", "{tmp}/big.jsonl"], None),
    ("replay -: over 20 MB on standard input", {}, ["replay", "-"], OVERSIZED),
    ("replay: more than 200,000 events", {"many.jsonl": PINNED.read_bytes() + b"\n" * 200_002},
     ["replay", "{tmp}/many.jsonl"], None),
    ("replay /dev/zero", {}, ["replay", "/dev/zero"], None),
    ("log /dev/zero", {}, ["log", "/dev/zero"], None),
    ("log: nested 100,000 deep", {"r.jsonl": raw_line(DEEP)}, ["log", "{tmp}/r.jsonl"], None),
    ("log: a file name with a newline", {}, ["log", "{tmp}/no\nsuch.jsonl"], None),
    ("import /dev/zero", {}, ["import", "/dev/zero"], None),
    ("score /dev/zero", {}, ["score", "/dev/zero"], None),
    ("decks check /dev/zero", {}, ["decks", "check", "/dev/zero"], None),
    ("replay: a file name with a newline", {}, ["replay", "{tmp}/no\nsuch.jsonl"], None),
    ("import: a file name with a newline", {}, ["import", "{tmp}/no\nsuch.jsonl"], None),
    ("score: a file name with a newline", {}, ["score", "{tmp}/no\nsuch.json"], None),
    ("decks check: a file name with a newline", {}, ["decks", "check", "{tmp}/no\nsuch.toml"], None),
    ("decks check: 5000-digit number", {"d.toml": 'deck = "red"\nx = ' + "9" * 5000 + "\n"},
     ["decks", "check", "{tmp}/d.toml"], None),
    ("decks check: nested 100,000 deep", {"d.toml": 'deck = "red"\nx = ' + "[" * 100_000 + "]" * 100_000 + "\n"},
     ["decks", "check", "{tmp}/d.toml"], None),
    ("score: a 500,000-character key", {"s.json": SHEET[:-1] + ', "' + "k" * 500_000 + '": 1}'},
     ["score", "{tmp}/s.json"], None),
    ("score: a key holding a newline and ESC", {"s.json": SHEET[:-1] + ', "a\\nb\\u001b[2J": 1}'},
     ["score", "{tmp}/s.json"], None),
    ("score: 5000-digit number", {"s.json": '{"expansion": ' + "9" * 5000 + "}"}, ["score", "{tmp}/s.json"], None),
    ("simulate --deck /dev/zero", {}, ["simulate", "--games", "1", "--deck", "/dev/zero"], None),
    ("simulate --deck: a file name with a newline", {}, ["simulate", "--deck", "{tmp}/no\nsuch.toml"], None),
    ("calibrate --deck: a file name with a newline", {}, ["calibrate", "--deck", "{tmp}/no\nsuch.toml"], None),
    ("simulate --records FILE", {"afile": "x"}, ["simulate", "--games", "1", "--records", "{tmp}/afile"], None),
    ("simulate --games 10000000000", {}, ["simulate", "--games", "10000000000"], None),
    ("export 18446744073709551616 -", {}, ["export", "18446744073709551616", "-"], None),
    ("app: a data folder under a file, its name holding a newline", {"afile": "x"},
     ["--no-browser", "--host", "127.0.0.1", "--data-dir", "{tmp}/afile/x\ny"], None),
    ("simulate --data-dir: under a file, its name holding a newline", {"afile": "x"},
     ["simulate", "--games", "1", "--data-dir", "{tmp}/afile/x\ny"], None),
    ("usage: replay without a file", {}, ["replay"], None),
    ("usage: an unknown command", {}, ["bogus"], None),
    ("usage: simulate --games x", {}, ["simulate", "--games", "x"], None),
    ("usage: decks without an action", {}, ["decks"], None),
    ("usage: decks show blue", {}, ["decks", "show", "blue"], None),
    ("usage: schema of nothing known", {}, ["schema", "no\nthing"], None),
    ("usage: export without arguments", {}, ["export"], None),
    ("usage: app --port x", {}, ["--port", "x"], None),
    ("usage: an extra argument", {}, ["import", "a", "b"], None),
    ("usage: an unknown option", {}, ["replay", "--nope", "f"], None),
]


def run_cli(argv: list[str], data: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "TREASURE_COMPANION_DATA": str(data), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=REPO, env=env, input=stdin or b"",
                          capture_output=True, timeout=120)


@pytest.mark.parametrize(("files", "argv", "stdin"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_gets_one_line_and_exit_2(tmp_path, files, argv, stdin):
    for name, content in files.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    if args[0] == "import":
        args += ["--data-dir", str(tmp_path / "data")]
    done = run_cli(args, tmp_path / "data", stdin)
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-2000:]
    assert err.endswith("\n") and err.count("\n") == 1, err[:2000]
    assert len(err) < 400, err
    assert done.returncode == 2, (done.returncode, err)
    assert done.stdout == b""
    if any("\n" in a for a in args):
        assert "\\n" in err, err  # the newline in a name or value is shown escaped


def test_a_50_mb_record_on_standard_input_is_refused_before_it_fills_the_memory(tmp_path):
    """The peak memory of ``replay -`` fed 50 MB stays near the 20 MB limit (it was 177 MB; 733 MB for other
    shapes of record)."""
    big = tmp_path / "big.jsonl"
    big.write_bytes(PINNED.read_bytes() + b'{"seq":444,"step":99,"type":"x","name":"' + b"a" * 50_000_000 + b'"}\n')
    probe = (
        "import resource, subprocess, sys\n"
        f"with open({str(big)!r}, 'rb') as f:\n"
        "    done = subprocess.run([sys.executable, '-m', 'companion', 'replay', '-'], stdin=f, capture_output=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=120)
    code, peak_mb = map(int, out.stdout.split())
    assert code == 2
    assert peak_mb < 120, f"peak {peak_mb} MB"


@pytest.mark.parametrize("command", ["replay", "import", "log"])
def test_a_divergence_names_the_seq_and_the_field_and_cuts_the_value(tmp_path, command):
    """A 5 MB field that the rules do not produce: one short line naming the event and the field (the
    message used to repeat the whole field)."""
    path = tmp_path / "r.jsonl"
    path.write_text(changed(lambda r: r[1].update(reason="x" * 5_000_000)), encoding="utf-8")
    done = run_cli([command, str(path), "--data-dir", str(tmp_path / "data")] if command == "import"
                   else [command, str(path)], tmp_path / "data")
    err = done.stderr.decode("utf-8")
    assert done.returncode == 4, err[:500]
    assert err.count("\n") == 1 and len(err) < 300, err[:500]
    assert "seq 1" in err and "'reason'" not in err and '"reason"' in err and '"setup"' in err, err
