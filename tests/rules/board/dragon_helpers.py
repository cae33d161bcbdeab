"""What the dragon's tests (tests/rules/board/test_dragon_*.py) share: four people at the table (blue, red,
yellow, green), the table's correction that puts the dragon on a step, the head of the track, and a fight's
input."""

from __future__ import annotations

from engine_helpers import humans_setup, table_rolls

from companion.rules.engine.game import Game
from companion.rules.words.decisions import prompt

ORDER = ["blue", "red", "yellow", "green"]


def four_player_game(order=ORDER, version: int | None = None, **kw) -> Game:
    game = Game(humans_setup(order, **kw)) if version is None else Game(humans_setup(order, **kw), version=version)
    game.act({"type": "starting_rolls", "rolls": table_rolls(order)})
    return game


def dragon_to(game: Game, position: int) -> None:
    """The table's correction: put the dragon on ``position`` of the track."""
    game.act({"type": "correction", "target": "dragon", "value": position})
    assert game.state.dragon == position


def head(game: Game) -> int:
    return game.setup.dragon_track


def attack(game: Game, strength: int, treasure: str = "gems", points: int = 8, players=None, **extra):
    assert game.decision.kind == "attack", prompt(game.decision)
    return game.act({"type": "attack_input", "tile": {"strength": strength, "treasure": treasure, "points": points},
                     "players": players or {}, **extra})
