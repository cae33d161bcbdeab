"""simulate: reproducible records that replay, a summary, and a store that survives being killed mid-run."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli.main import main
from companion.record.format import loads
from companion.rules.engine.summary import game_summary
from companion.sim.bots import _BotRandom
from companion.store import Store
from companion.store.session import GameSession


def _simulate(tmp_path, name, *extra):
    out = tmp_path / name
    assert main(["simulate", "--games", "4", "--seed", "9", "--records", str(out), *extra]) == 0
    return out


def test_same_arguments_give_byte_identical_records(tmp_path, capsys):
    a = _simulate(tmp_path, "a")
    b = _simulate(tmp_path, "b")
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir()) and len(names) == 4
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    c = tmp_path / "c"
    assert main(["simulate", "--games", "4", "--seed", "10", "--records", str(c)]) == 0
    assert (a / names[0]).read_bytes() != (c / names[0]).read_bytes()


def test_records_replay_to_their_final_state_and_the_summary_counts_games(tmp_path, capsys):
    out = _simulate(tmp_path, "r")
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    assert set(summary["automa"]) == {"red automa (hard)", "green automa (hard)"}
    for path in out.iterdir():
        game = loads(path.read_text())
        assert game.finished
        assert game_summary(game)["final_scores"] == game.state.final_scores
        types = {json.loads(line)["type"] for line in path.read_text().splitlines()[1:]}
        assert {"automa_draw", "automa_shuffle", "place", "roll", "turn_order", "game_end"} <= types


def test_two_humans_play_against_one_automa_in_the_base_game(tmp_path, capsys):
    out = _simulate(tmp_path, "two", "--humans", "2", "--base", "--difficulty", "easy", "--bot", "greedy")
    game = loads(next(out.iterdir()).read_text())
    assert [p.kind for p in game.setup.players] == ["human", "human", "automa"]
    assert not game.setup.expansion and game.setup.rounds == 7
    places = [e["space"] for e in game.events() if e["type"] == "place"]
    assert "mana_cave" not in places and "wizards_cave" not in places
    assert "easy" in json.dumps(json.loads(capsys.readouterr().out))


def test_bad_arguments_exit_2_in_one_line(capsys):
    assert main(["simulate", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--games" in err


def test_killing_a_running_simulation_leaves_every_game_openable(tmp_path):
    """SIGKILL ``simulate --data-dir`` at random moments; every stored game must still open and replay."""
    rnd = random.Random(5)
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for round_ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "simulate", "--games", "500", "--seed", str(round_),
             "--data-dir", str(data)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(data.glob("*.sqlite3*")):
            time.sleep(0.05)
        time.sleep(rnd.uniform(0.2, 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        with Store.open(data) as store:
            assert store.notice is None
            games = store.list_games()
            for info in games:
                session = GameSession.resume(store, info.id)
                assert session.game.finished == info.finished
                if info.finished:
                    assert info.summary is not None
    with Store.open(data) as store:
        assert len(store.list_games()) >= 1


def _transcribed_red(tmp_path):
    """A red deck of three cards with ids the shipped deck does not use."""
    path = tmp_path / "my-red.toml"
    cards = "".join(
        f'[[cards]]\nid = "T{i}"\nprimary = "{p}"\nsecondary = "scout"\ntertiary = "tavern_{i}"\naxes = {i}\n'
        f'all_play = {{ dwarf_king = {i}, gem_market = "ruby", tunnel = {i}, wizards_cave = {i} }}\n'
        for i, p in enumerate(("treasure_hoard", "forge", "temple"), start=1)
    )
    path.write_text('deck = "red"\n' + cards, encoding="utf-8")
    return path


def test_deck_option_plays_the_transcribed_cards_and_the_records_carry_them(tmp_path, capsys):
    out = _simulate(tmp_path, "mine", "--deck", str(_transcribed_red(tmp_path)))
    for path in sorted(out.iterdir()):
        text = path.read_text()
        header = json.loads(text.splitlines()[0])
        assert [c["id"] for c in header["setup"]["custom_decks"]["red"]["cards"]] == ["T1", "T2", "T3"]
        assert "green" not in header["setup"]["custom_decks"]
        game = loads(text)  # replays with the cards the record carries
        red_cards = {e["card"] for e in game.events() if e["type"] == "place" and e.get("color") == "red"}
        green_cards = {e["card"] for e in game.events() if e["type"] == "place" and e.get("color") == "green"}
        assert red_cards and red_cards <= {"T1", "T2", "T3"}
        assert green_cards and all(c.startswith("G") for c in green_cards)
    plain = _simulate(tmp_path, "plain")
    assert "custom_decks" not in next(plain.iterdir()).read_text().splitlines()[0]


def test_deck_option_refuses_bad_files_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('deck = "red"\n[[cards]]\nid = "X"\n', encoding="utf-8")
    red = _transcribed_red(tmp_path)
    cases = [
        (["--deck", str(bad)], "bad.toml: card X:"),
        (["--deck", str(tmp_path / "missing.toml")], "missing.toml: cannot read"),
        (["--deck", str(red), "--deck", str(red)], "a second red deck"),
    ]
    green = tmp_path / "g.toml"
    green.write_text(red.read_text().replace('deck = "red"', 'deck = "green"'), encoding="utf-8")
    cases.append((["--deck", str(green), "--humans", "2"], "no automa plays the green deck"))
    for extra, expected in cases:
        assert main(["simulate", "--games", "1", *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("simulate: ") and expected in err, err


def _simulate_into(data_dir, *, env=None, games=3):
    return subprocess.run(
        [sys.executable, "-m", "companion", "simulate", "--games", str(games), "--data-dir", str(data_dir)],
        capture_output=True, text=True, env={**os.environ, **(env or {})}, timeout=120,
    )


def test_data_dir_that_is_a_file_stops_in_one_line(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    run = _simulate_into(tmp_path / "file")
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("simulate: --data-dir ") and "is a file, not a folder" in run.stderr
    assert (tmp_path / "file").read_text() == "not a folder"


def test_data_dir_on_a_full_disk_stops_in_one_line_and_keeps_what_was_stored(tmp_path):
    """The disk fills after the first game: the run stops with exit 2; the stored steps still open."""
    from companion.store import FAIL_WRITES_ENV

    data = tmp_path / "data"
    assert _simulate_into(data, games=1).returncode == 0
    flag = tmp_path / "full"
    flag.touch()
    run = _simulate_into(data, env={FAIL_WRITES_ENV: str(flag)})
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("simulate: --data-dir ") and "the disk is full" in run.stderr
    with Store.open(data) as store:
        (info,) = store.list_games()
        assert info.finished and GameSession.resume(store, info.id).game.finished


def test_a_stored_game_is_never_left_at_its_end_but_in_progress(tmp_path, monkeypatch):
    """The last step and the finish are one write: when the finish fails, the last step is not stored either."""
    import sqlite3

    import pytest

    from companion.sim.simulate import run
    from companion.sim.stored import store_writer
    from companion.store import StoreError

    def finish_fails(*_a):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Store, "_finish", staticmethod(finish_fails))
    with pytest.raises(StoreError):
        run(1, 3, on_game_start=store_writer(tmp_path / "data"))
    with Store.open(tmp_path / "data") as store:
        (info,) = store.list_games()
        assert not info.finished
        assert not GameSession.resume(store, info.id).game.finished


def test_records_already_there_are_never_overwritten(tmp_path):
    """Before: a second run with another seed silently replaced game-00001.jsonl. Now it is refused in one line
    (exit 2), before anything is played or stored, and the earlier records are as they were."""
    out = tmp_path / "records"
    first = subprocess.run([sys.executable, "-m", "companion", "simulate", "--games", "2", "--seed", "1",
                            "--records", str(out)], capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (out / "game-00001.jsonl").unlink()  # only the second name is taken now
    kept = before.pop("game-00001.jsonl")
    run = subprocess.run([sys.executable, "-m", "companion", "simulate", "--games", "3", "--seed", "2",
                          "--records", str(out), "--data-dir", str(tmp_path / "data")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == "", run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr == (f"simulate: {out / 'game-00002.jsonl'} already exists and records are never "
                          "overwritten: use another --records folder (or move the earlier records away)\n")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before and kept
    assert not (tmp_path / "data").exists()


def _simulate_on_a_full_disk(out, max_file_bytes: int | None):
    """``simulate --games 2 --records out`` in a process whose files may not grow past ``max_file_bytes``: the
    system refuses the write beyond (EFBIG), as a full disk does (ENOSPC), whatever the code writing."""
    import resource

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_file_bytes, resource.RLIM_INFINITY))

    return subprocess.run([sys.executable, "-m", "companion", "simulate", "--games", "2", "--seed", "5",
                           "--records", str(out)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                          preexec_fn=limit if max_file_bytes is not None else None)


def test_a_record_the_disk_would_not_take_is_not_left_to_block_the_retry(tmp_path):
    """Before: a full disk left an empty (or cut) game-00001.jsonl, and running again was refused as 'already
    exists'. Now each record is written whole to a temporary file and only then named: nothing is left, and the
    same run works once there is room."""
    out = tmp_path / "records"
    full = _simulate_on_a_full_disk(out, 4_000)  # a record is about 50 kB
    assert full.returncode == 2 and full.stdout == ""
    assert full.stderr == f"simulate: cannot write {out / 'game-00001.jsonl'}: File too large\n"
    assert list(out.iterdir()) == []
    again = _simulate_on_a_full_disk(out, None)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in out.iterdir()) == ["game-00001.jsonl", "game-00002.jsonl"]
    assert loads((out / "game-00001.jsonl").read_text()).finished
    assert oct((out / "game-00001.jsonl").stat().st_mode & 0o777) == "0o644"


def test_a_record_made_meanwhile_is_not_overwritten(tmp_path, capsys, monkeypatch):
    """A record file that appears after the check (another run writing the same folder) is not overwritten."""
    from companion.cli.commands import simulate as command

    out = tmp_path / "records"
    out.mkdir()
    monkeypatch.setattr(command, "first_taken", lambda *_a: None)
    (out / "game-00001.jsonl").write_text("someone else's")
    assert main(["simulate", "--games", "1", "--records", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game-00001.jsonl already exists" in err
    assert (out / "game-00001.jsonl").read_text() == "someone else's"


@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(-50, 50), st.integers(0, 80)), min_size=1, max_size=30))
def test_the_bots_generator_draws_what_random_random_draws(seed, ranges):
    # The bots' choice and randint skip randrange's checks; the numbers (and so every game) must stay the same.
    ours, standard = _BotRandom(seed), random.Random(seed)
    for low, width in ranges:
        assert ours.randint(low, low + width) == standard.randint(low, low + width)
        seq = list(range(width + 1))
        assert ours.choice(seq) == standard.choice(seq)
        assert ours.random() == standard.random()
    with pytest.raises(IndexError):
        ours.choice([])
