"""What the dragon's tests (tests/rules/board/test_dragon_*.py) share: four people at the table (blue, red,
yellow, green), the table's correction that puts the dragon on a step, the head of the track, and a fight's
input."""

from __future__ import annotations

from engine_helpers import fight_dice, humans_setup, table_rolls, without_dice

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


def attack(game: Game, strength: int, treasure: str = "gems", points: int = 8, players=None, **extra) -> list[dict]:
    """The fight's input: each person's die, axes and spells (``players``), the tile; under rules version 4 the
    dice come first (``fight_dice``: the app's kept), then the axes and the tile. Returns the events of every step
    made."""
    players = players or {}
    made = fight_dice(game, players, extra.get("black_die"))
    assert game.decision.kind == "attack", prompt(game.decision)
    if game.decision.dice_first:
        players, extra = without_dice(players), {k: v for k, v in extra.items() if k != "black_die"}
    return made + game.act({"type": "attack_input",
                            "tile": {"strength": strength, "treasure": treasure, "points": points},
                            "players": players, **extra})
