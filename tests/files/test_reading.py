"""Files as other programs write them: a UTF-8 BOM (Notepad), CRLF line ends, a key given twice.

A BOM and CRLF are how a valid file looks after an editor on Windows: read as the same file. A key given twice
is ambiguous (JSON leaves it undefined; each parser keeps a different one): refused in one line, exit 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PINNED = REPO / "tests" / "data" / "pinned_solo_v2.jsonl"
RED = REPO / "automa_decks" / "red.toml"
BOM = b"\xef\xbb\xbf"


def cli(*argv: str, data: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TREASURE_COMPANION_DATA": str(data), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=REPO, env=env, capture_output=True,
                          timeout=120)


def test_a_record_with_a_bom_or_crlf_replays_as_the_same_game(tmp_path):
    plain = cli("replay", str(PINNED), data=tmp_path / "d")
    assert plain.returncode == 0
    for name, content in (("bom.jsonl", BOM + PINNED.read_bytes()),
                          ("crlf.jsonl", PINNED.read_bytes().replace(b"\n", b"\r\n"))):
        (tmp_path / name).write_bytes(content)
        done = cli("replay", str(tmp_path / name), data=tmp_path / "d")
        assert (done.returncode, done.stdout) == (0, plain.stdout), done.stderr


def test_a_deck_and_a_score_sheet_with_a_bom_are_read(tmp_path):
    (tmp_path / "red.toml").write_bytes(BOM + RED.read_bytes())
    done = cli("decks", "check", str(tmp_path / "red.toml"), data=tmp_path / "d")
    assert done.returncode == 0 and done.stdout.decode().startswith("ok: "), done.stderr
    sheet = cli("schema", "score", data=tmp_path / "d")
    assert sheet.returncode == 0
    example = ('{"expansion": false, "final_turn_order": ["red"], "players": [{"color": "red", "kind": "human",'
               ' "track": 3, "mine_tiles": {}, "gold": 2, "mined_gems": 0, "gems_in_mine": 0}]}')
    (tmp_path / "s.json").write_bytes(BOM + example.encode())
    (tmp_path / "plain.json").write_text(example, encoding="utf-8")
    with_bom = cli("score", str(tmp_path / "s.json"), data=tmp_path / "d")
    without = cli("score", str(tmp_path / "plain.json"), data=tmp_path / "d")
    assert without.returncode == 0, without.stderr
    assert (with_bom.returncode, with_bom.stdout) == (0, without.stdout), with_bom.stderr


def test_a_record_with_a_key_given_twice_is_refused_in_one_line(tmp_path):
    """``{"version": 2, ..., "version": 1}`` was imported as a version 1 game, silently."""
    lines = PINNED.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0][:-1] + ', "version": 1}'
    (tmp_path / "dup.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in ("replay", "import"):
        done = cli(command, str(tmp_path / "dup.jsonl"), data=tmp_path / "d")
        err = done.stderr.decode()
        assert done.returncode == 2 and err.count("\n") == 1, err
        assert 'line 1: the key "version" is given twice in one object' in err
    assert cli("games", data=tmp_path / "d").stdout.decode().startswith("No games")
