"""Every export re-imports and replays, whatever text the players' names hold.

A name with U+2028 (or U+2029, U+0085) was written raw, and the reader's ``splitlines()`` broke the line in two:
the game's own export failed to import. Records now write those characters as JSON escapes and split on "\\n"
only, so one event is one line for every reader.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from engine_helpers import random_input
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli.main import main
from companion.record import format as record
from companion.rules.engine.game import Game
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Player, Setup
from companion.store import Store


def named_game(name: str, steps: int) -> Game:
    players = [
        Player(color="blue", kind="human", name=name),
        Player(color="red", kind="automa", deck="red", difficulty="hard"),
        Player(color="green", kind="automa", deck="green", difficulty="hard"),
    ]
    game = Game(Setup.build(players, seed=7))
    rnd = random.Random(7)
    for _ in range(steps):
        game.act(random_input(game, rnd))
    return game


def round_trip(game: Game, folder: Path, capsys) -> None:
    """Store the game, ``export`` it, ``import`` the file and ``replay`` it: all exit 0, same game."""
    with Store.open(folder / "a") as store:
        game_id = store.create_game(game.header(), events=game.events())
    exported = folder / "game.jsonl"
    assert main(["export", str(game_id), str(exported), "--data-dir", str(folder / "a")]) == 0
    capsys.readouterr()
    text = exported.read_text(encoding="utf-8")
    assert text.count("\n") == 1 + len(game.events())  # one line per event, whatever the name holds
    assert main(["import", str(exported), "--data-dir", str(folder / "b")]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["replay", str(exported)]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert json.loads(out) == json.loads(json.dumps(game_summary(game)))
    assert record.loads(text).header()["setup"]["players"][0]["name"] == game.setup.players[0].name


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\r", "\n", "\x1c", "\x0b"])
def test_a_name_holding_a_line_separator_round_trips(tmp_path, capsys, separator):
    round_trip(named_game(f"Ann{separator}Bea", steps=6), tmp_path, capsys)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=40))
def test_any_name_round_trips(capsys, name):
    with tempfile.TemporaryDirectory() as tmp:
        round_trip(named_game(name, steps=3), Path(tmp), capsys)


def test_the_line_separators_are_written_as_escapes():
    game = named_game("a\u2028b\u2029c\u0085d", steps=1)
    first = record.game_record(game).split("\n")[0]
    assert "\\u2028" in first and "\\u2029" in first and "\\u0085" in first
    assert first.splitlines() == [first]
