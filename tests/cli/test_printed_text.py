"""Text from a record on a terminal: a player's name holding an escape sequence (``ESC [31m``), a C1 control or a
line separator (U+0085, U+2028, U+2029) is printed escaped by every command, so one event stays one line and
the terminal gets no control sequence; a name over 40 characters and a lone surrogate are refused in one line
naming the field. Each command is a real ``python -m companion`` process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PINNED = REPO / "tests" / "data" / "pinned_solo_v1.jsonl"

#: Characters a terminal or a line reader takes for something else than text.
RAW = ["\x1b", "\x85", "\x9b", "\u2028", "\u2029", "\r", "\x07"]
NAMES = {
    "escape": "a\x1b[31mRED",
    "u2028": "a\u2028b",
    "u0085": "a\x85b",
    "u2029": "a\u2029b",
    "csi": "a\x9b31mb",
    "bell and return": "a\x07b\rc",
}


def named(name: str) -> str:
    """The pinned record with its human player named ``name`` (a name does not change the game)."""
    lines = PINNED.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    header["setup"]["players"][0]["name"] = name
    return "\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]])


def cli(*argv: str, data: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    extra = ["--data-dir", str(data)] if data is not None else []
    return subprocess.run([sys.executable, "-m", "companion", *argv, *extra], cwd=REPO, env=env,
                          capture_output=True, timeout=120)


def clean(out: bytes) -> str:
    text = out.decode("utf-8")
    assert not [c for c in RAW if c in text], [c for c in RAW if c in text]
    return text


@pytest.fixture(scope="module")
def plain_log() -> subprocess.CompletedProcess:
    """The pinned record's log as printed, for its line count (one process for the whole module)."""
    return cli("log", str(PINNED))


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_log_prints_a_name_escaped_and_one_line_per_event(tmp_path, name, plain_log):
    plain = plain_log
    path = tmp_path / "r.jsonl"
    path.write_text(named(name), encoding="utf-8")
    done = cli("log", str(path))
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    text = clean(done.stdout)
    assert len(text.split("\n")) == len(plain.stdout.decode().split("\n"))
    assert name.encode("unicode_escape").decode() in text.split("\n")[0], text[:300]


def test_games_and_export_print_every_name_escaped_and_the_export_reimports(tmp_path):
    """All the odd names in one data folder: each command runs once over all of them (a process per command
    and name cost the suite about a minute), and each export is imported again under its own name."""
    data = tmp_path / "data"
    ids = {}
    for key, name in NAMES.items():
        path = tmp_path / f"{len(ids)}.jsonl"
        path.write_text(named(name), encoding="utf-8")
        done = cli("import", str(path), data=data)
        assert done.stderr == b"", (key, done.stderr)
        ids[key] = done.stdout.decode().strip()
    assert sorted(ids.values(), key=int) == [str(n) for n in range(1, len(NAMES) + 1)]
    listing = {}
    for argv in (["games"], ["games", "--json"], ["export", "--format", "bgstats", "--all", "-"]):
        done = cli(*argv, data=data)
        assert done.returncode == 0 and done.stderr == b"", (argv, done.stderr)
        listing[argv[-1]] = clean(done.stdout)
    for key in NAMES:
        exported = cli("export", ids[key], "-", data=data)
        assert exported.returncode == 0 and exported.stderr == b"", (key, exported.stderr)
        clean(exported.stdout)
        assert exported.stdout.count(b"\n") == PINNED.read_bytes().count(b"\n"), key
        again = tmp_path / f"again-{ids[key]}.jsonl"
        again.write_bytes(exported.stdout)
        assert cli("import", str(again), "--again", data=data).stdout.strip().isdigit(), key
    names = [g["players"][0]["name"] for g in json.loads(listing["--json"])]
    assert sorted(names) == sorted(NAMES.values())
    again = json.loads(cli("games", "--json", data=data).stdout)
    assert len(again) == 2 * len(NAMES)
    assert sorted(g["players"][0]["name"] for g in again) == sorted(2 * list(NAMES.values()))


def refused(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode("utf-8")
    assert "Traceback" not in err, err[-2000:]
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert done.returncode == 2, (done.returncode, err)
    assert done.stdout == b""
    return err


@pytest.mark.parametrize("command", ["replay", "log", "import"])
def test_a_name_over_40_characters_is_refused_naming_the_field(tmp_path, command):
    path = tmp_path / "r.jsonl"
    path.write_text(named("N" * 41), encoding="utf-8")
    err = refused(cli(command, str(path), data=tmp_path / "data" if command == "import" else None))
    assert "setup.players.0.name: String should have at most 40 characters" in err, err
    path.write_text(named("N" * 40), encoding="utf-8")
    assert cli("replay", str(path)).returncode == 0


@pytest.mark.parametrize("command", ["replay", "log", "import"])
def test_a_lone_surrogate_is_named_as_what_it_is(tmp_path, command):
    """Before: "Invalid JSON: unexpected end of hex escape" (a parser's words about text the app re-encoded)."""
    path = tmp_path / "r.jsonl"
    path.write_text(named("a\ud800b").replace("\ud800", "\\ud800"), encoding="utf-8")
    err = refused(cli(command, str(path), data=tmp_path / "data" if command == "import" else None))
    assert err.endswith("malformed record: line 1: setup.players.0.name: an invalid character "
                       "(a lone surrogate, \\ud800)\n"), err
    event = PINNED.read_text(encoding="utf-8").split("\n")
    event[3] = event[3][:-1] + ',"note":["ok \\ud83d\\ude00", "\\uDC00"]}'
    path.write_text("\n".join(event), encoding="utf-8")
    err = refused(cli(command, str(path), data=tmp_path / "data" if command == "import" else None))
    assert "line 4: note.1: an invalid character (a lone surrogate, \\udc00)" in err, err
