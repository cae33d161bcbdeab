"""The automa in a dragon fight: the app rolls its dice, the table enters its axes (or the app draws them from
a virtual bag at the printed mix), and a losing automa gives up half its gold or gems, rounded up (base
rulebook "Dragon Attack Resolution", Strategy Tip; expansion "Automa Fighting Dragons").

The dragon's other tests are in the other tests/rules/board/test_dragon_*.py modules, their shared helpers in
dragon_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import automa, card, deck, drive, events, fight_dice, find_seed, human, place, roll

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from tests.rules.board.dragon_helpers import attack, dragon_to, head

# ---------------------------------------------------------------------------------------- automa in a fight


def solo_attack_game(seed: int = 0, version: int | None = None, blue_die: int | None = 6, **setup_kw) -> Game:
    """A solo game at its first dragon attack, made by blue from the Treasure Hoard (or an automa before). Rules
    version 4 rolls every die first: blue's ``blue_die`` is entered from the table (None: the game is left at
    the dice), so the game waits for the axes and the tile, as versions 1 to 3 did at once."""
    setup = Setup.solo(seed=seed, **setup_kw)
    game = Game(setup) if version is None else Game(setup, version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    drive(game, until=lambda g: g.decision.kind == "place")
    dragon_to(game, head(game) - 1)
    assert "treasure_hoard" not in game.state.board, "choose a seed with free_hoard()"
    place(game, "treasure_hoard")
    roll(game, 6)
    if blue_die is not None:
        fight_dice(game, {"blue": {"die": blue_die}})
    return game


def free_hoard(seed: int) -> bool:
    game = Game(Setup.solo(seed=seed))
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    drive(game, until=lambda g: g.decision.kind == "place")
    return game.decision.kind == "place" and "treasure_hoard" not in game.state.board


def test_automa_loser_gives_up_half_its_gems_rounded_up_and_its_longest_beard():
    """Base rulebook example numbers: 7 mined gems, lose 4 (half, rounded up)."""
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed)
    for gem in ("ruby", "emerald", "sapphire", "diamond", "mana"):
        game.act({"type": "correction", "target": "gems", "color": "green", "gem": gem,
                  "value": {"ruby": 4, "sapphire": 3}.get(gem, 0)})
    game.act({"type": "correction", "target": "gold", "color": "red", "value": 7})
    axes = game.decision.axes
    step = attack(game, 20, "gems", 5, players={"blue": {"die": 6}},
                  automa_axes={c: n for c, n in axes.items()})
    losses = {e["color"]: e for e in events(step, "loss")}
    assert sum(losses["green"]["gems"].values()) == 4
    assert game.state.stash["green"].mined_gems == 3
    assert all(n >= 0 for n in game.state.stash["green"].gems.values())
    # a gem dragon takes no gold
    assert game.state.stash["red"].gold == 7
    assert {(c["color"], c["dwarf"]) for c in events(step, "attack")[0]["captured"]} == {
        ("blue", 5), ("red", 5), ("green", 5)}


def test_automa_loser_of_a_gold_dragon_gives_half_its_gold_rounded_up():
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed)
    game.act({"type": "correction", "target": "gold", "color": "red", "value": 7})
    game.act({"type": "correction", "target": "gold", "color": "green", "value": 0})
    axes = game.decision.axes
    step = attack(game, 20, "gold", 5, players={"blue": {"die": 6}}, automa_axes=dict(axes))
    assert [(e["color"], e.get("gold")) for e in events(step, "loss")] == [("red", 4)]  # green has none
    assert game.state.stash["red"].gold == 3 and game.state.stash["green"].gold == 0


def test_version_1_automa_with_stone_beards_loses_a_quarter_and_keeps_its_dwarf():
    """Rules version 1 gave the automa its face-down tiles' powers; version 2 does not (ruling e)."""
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed, version=1)
    game.act({"type": "special_tile", "color": "red", "tile": "stone_beards"})
    game.act({"type": "correction", "target": "gold", "color": "red", "value": 7})
    step = attack(game, 20, "gold", 5, players={"blue": {"die": 6}}, automa_axes=dict(game.decision.axes))
    assert [e["gold"] for e in events(step, "loss") if e["color"] == "red"] == [2]  # 7 / 4, rounded up
    assert "red" not in {c["color"] for c in events(step, "attack")[0]["captured"]}


def test_the_app_rolls_the_automas_fight_dice_and_the_table_cannot_enter_them():
    """App's decision (Rules help): the rulebook has a player roll the automa's die; the app rolls it, logged as
    the app's, as the dragon reaches the head, and the fight's dice step takes dice for people only."""
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed, blue_die=None)
    rolled = [e for e in game.steps[-1] if e["type"] == "roll" and e["purpose"] == "attack"]
    assert {e["color"]: e["value"] for e in rolled} == game.decision.dice
    assert {e["by"] for e in rolled} == {"app"} and set(game.decision.dice) == {"red", "green"}
    assert game.decision.rollers == ("blue",)
    with pytest.raises(IllegalInput, match="not a human player"):
        game.act({"type": "attack_dice", "rolls": {"blue": 3, "red": 6}})


def test_version_3_took_the_peoples_dice_with_the_tile_and_refused_an_automas():
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed, version=3)
    assert game.decision.kind == "attack" and set(game.decision.dice) == {"red", "green"}
    axes = game.decision.axes
    with pytest.raises(IllegalInput, match="not a human player"):
        attack(game, 4, players={"blue": {"die": 3}, "red": {"die": 6}}, automa_axes=dict(axes))


def test_automa_axes_totals_are_checked():
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed)
    axes, dice = game.decision.axes, game.decision.dice
    with pytest.raises(IllegalInput, match="automa_axes"):
        attack(game, 4)  # the table must enter what the drawn axes show
    too_many = {c: 2 * n + 1 for c, n in axes.items()}
    with pytest.raises(IllegalInput, match="automa_axes"):
        attack(game, 4, automa_axes=too_many)
    step = attack(game, 4, players={"blue": {"die": 3}}, automa_axes={c: 2 * n for c, n in axes.items()})
    a = events(step, "attack")[0]
    for c, n in axes.items():
        assert a["defence"][c] == dice[c] + 2 * n


def test_virtual_axes_are_drawn_by_the_app():
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed, virtual_axes=True)
    dice, axes = dict(game.decision.dice), dict(game.decision.axes)
    step = attack(game, 4, players={"blue": {"die": 2}})
    drawn = {e["color"]: e["values"] for e in events(step, "axes")}
    assert {c: len(v) for c, v in drawn.items()} == axes
    assert all(v in (1, 2) for vs in drawn.values() for v in vs)
    a = events(step, "attack")[0]
    for c in axes:
        assert a["defence"][c] == dice[c] + sum(drawn[c])


def test_the_apps_axes_are_worth_one_three_times_in_four_and_two_once_in_four():
    """Base rulebook (Strategy Tip): 75% of the axes are worth 1, the other 25% are worth 2. The axes the app
    draws for an automa (no axe bag at the table) follow that mix, from the game's own generator."""
    values = []
    for seed in (s for s in range(200) if free_hoard(s)):
        game = solo_attack_game(seed, virtual_axes=True)
        step = attack(game, 4, players={"blue": {"die": 2}})
        values += [v for e in events(step, "axes") for v in e["values"]]
        if len(values) >= 400:
            break
    assert set(values) == {1, 2} and len(values) >= 400
    assert 0.18 <= values.count(2) / len(values) <= 0.32  # 25%, with room for a fixed sample of about 400


def test_green_automa_dragon_fight_example():
    """Expansion example ("Automa dragon fighting example"), in its order: all roll (the app for the green
    automa), then in turn order blue and red declare their axes and green draws a card whose axe box says 3; the
    tile shows strength 4; green draws its three axes: green 8, blue 5, red 6. Nobody is defeated and green has
    the highest defence: it wins the tile and 8 points."""
    three_axes = deck("green", card("GA", "forge", "temple", "excavate", axes=3),
                      card("GB", "temple", "excavate", "forge", axes=3))
    def make(seed):
        setup = Setup.build([human("blue"), human("red"), automa("green", "green")], expansion=True, seed=seed)
        game = Game(setup, decks={"green": three_axes})
        game.act({"type": "starting_rolls", "rolls": {"blue": 6, "red": 5}})
        drive(game, until=lambda g: g.decision.kind == "place" and g.decision.color == "blue")
        dragon_to(game, head(game) - 1)
        place(game, "treasure_hoard")
        roll(game, 4)
        return game

    seed = find_seed(make, lambda g: 2 <= g.decision.dice["green"] <= 5)
    game = make(seed)
    d = game.decision
    assert (d.kind, d.rollers) == ("attack_dice", ("blue", "red"))  # 1. roll dice, the automa's already rolled
    die = d.dice["green"]
    step = game.act({"type": "attack_dice", "rolls": {"blue": 2, "red": 4}})
    # 2. spend axes: at its turn, after blue and red, green draws its card (the dice are settled)
    assert [e["type"] for e in step][-1] == "automa_draw" and step[-1]["purpose"] == "axes"
    d = game.decision
    assert (d.kind, d.axes, d.dice) == ("attack", {"green": 3}, {"blue": 2, "red": 4, "green": die})
    points_before = game.state.points["green"]
    # 3. reveal the tile (strength 4); 4. resolve: green's three axes come out of the bag worth 8 - die
    step = attack(game, 4, "gold", 8, players={"blue": {"axes": 3}, "red": {"axes": 2}}, automa_axes={"green": 8 - die})
    (a,) = events(step, "attack")
    assert a["defence"] == {"blue": 5, "red": 6, "green": 8}
    assert (a["dice"], a["axes"]) == ({"blue": 2, "red": 4, "green": die}, {"blue": 3, "red": 2, "green": 8 - die})
    assert a["winner"] == "green" and a["losers"] == []
    assert game.state.points["green"] == points_before + 8
    assert game.state.dragon_tiles == {"blue": 0, "red": 0, "green": 1}
