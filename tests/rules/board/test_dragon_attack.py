"""The dragon's attack: the trigger at the head of the track, the attack's resolution and the award of the tile,
a second attack in the same round, Draco Speak, and the pure resolution functions (base rulebook "Dragon
Attack", "Dragon Attack Resolution", Appendix 2 Stone Beards; expansion Frost Bolt, Ice Storm, Draco Speak).

The dragon's other tests are in the other tests/rules/board/test_dragon_*.py modules, their shared helpers in
dragon_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import PROCEED, drive, events, find_seed, place, roll

from companion.rules.board.dragon import defence, resolve_attack, split_gem_loss, treasure_loss
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup
from tests.rules.board.dragon_helpers import ORDER, attack, dragon_to, four_player_game, head

# ---------------------------------------------------------------------------------------- the trigger


def test_dragon_attack_trigger_example():
    """Yellow #3 dislodges blue #1 from the Supply Wagon and rolls 3; the dragon reaches the head and attacks
    at once; blue #1 places again only after the attack is resolved."""
    game = four_player_game(["blue", "red", "yellow", "green"])
    drive(game, ["supply_wagon", "forge", "excavate", "temple",       # #1 (blue rolls 1: no move)
                 "trading_post", "mine", "tunnel", "gem_market",       # #2
                 "dwarf_king", "tavern_1"])                            # blue #3, red #3
    assert (game.decision.color, game.decision.dwarf) == ("yellow", 3)
    dragon_to(game, head(game) - 1)
    step = place(game, "supply_wagon")
    assert events(step, "place")[0]["dislodged"] == {"color": "blue", "dwarf": 1}
    step = roll(game, 3)
    assert [e["position"] for e in events(step, "dragon")] == [head(game)]
    d = game.decision
    assert d.kind == "attack_dice" and d.color == "yellow"  # everyone rolls first (rules version 4)
    assert 1 in game.state.beds["blue"]  # waiting in its bed, but the attack comes first
    with pytest.raises(IllegalInput):
        game.act({"type": "place", "space": "scout"})
    attack(game, 2, players={c: {"die": 6} for c in ORDER})
    assert game.state.dragon == 0
    assert (game.decision.kind, game.decision.color, game.decision.dwarf) == ("place", "blue", 1)


def test_the_attack_interrupts_an_automa_action_too():
    """An automa's roll can bring the dragon to the head: the attack is asked for before anything else."""
    def make(seed):
        game = Game(Setup.solo(seed=seed))
        game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
        dragon_to(game, 4)
        drive(game, ["forge", "excavate", "temple", "trading_post", "tavern_1"])
        return game

    seed = find_seed(make, lambda g: g.decision.kind == "attack_dice")
    game = make(seed)
    trigger = game.decision.color
    assert trigger in ("red", "green")
    last_roll = [e for e in game.steps[-1] if e["type"] == "roll" and e["purpose"] == "aggression"][-1]
    assert last_roll["color"] == trigger and last_roll["value"] >= 3
    # the automa's dice are rolled; the human rolls theirs next, and only then do the automa draw their axe cards
    assert set(game.decision.dice) == {"red", "green"} and game.decision.rollers == ("blue",)
    assert not [e for e in game.steps[-1] if e["type"] == "automa_draw" and e["purpose"] == "axes"]
    steps = [game.act(PROCEED)]
    while game.decision.kind == "keep_roll":  # the expansion: Time Warp may be in hand, so blue is asked first
        steps.append(game.act(PROCEED))
    told = [(e["type"], e["color"]) for e in events(steps) if e["type"] in ("roll", "automa_draw")]
    assert told == [("roll", "blue"), *(("automa_draw", c) for c in game.state.turn_order if c != "blue")]
    assert set(game.decision.axes) == {"red", "green"}


# ---------------------------------------------------------------------------------------- the resolution


def resolution_game(**kw) -> Game:
    """Four humans, turn order green, blue, red, yellow; green #3 stands on the Scout when blue #3 makes the
    dragon attack from the Treasure Hoard."""
    game = four_player_game(["green", "blue", "red", "yellow"], **kw)
    drive(game, ["forge", "excavate", "temple", "trading_post",
                 "mine", "tunnel", "gem_market", "dwarf_king",
                 "scout"])  # green #3 (rolls 1)
    assert game.state.board["scout"].label == "green #3"
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")  # blue #3
    roll(game, 3)
    return game


def test_dragon_attack_resolution_and_tile_scoring_examples():
    """Strength 4: blue and red defend with 7, yellow with 4 (equal is enough), green with 3 and loses; green's
    #3 is captured from the Scout, which is free again. Blue and red tie at 7: blue is earlier in turn order and
    wins the tile's 8 points."""
    game = resolution_game()
    step = attack(game, 4, "gems", 8, players={
        "blue": {"die": 4, "axes": 3}, "red": {"die": 5, "axes": 2},
        "yellow": {"die": 4, "axes": 0}, "green": {"die": 1, "axes": 2}})
    (a,) = events(step, "attack")
    assert a["defence"] == {"green": 3, "blue": 7, "red": 7, "yellow": 4}
    assert a["winner"] == "blue" and a["losers"] == ["green"]
    assert a["captured"] == [{"color": "green", "dwarf": 3}]
    s = game.state
    assert "scout" not in s.board and s.captured["green"] == {3}
    assert s.points == {"green": 0, "blue": 8, "red": 0, "yellow": 0}
    assert s.dragon_tiles["blue"] == 1 and sum(s.dragon_tiles.values()) == 1
    assert s.dragon == 0 and events(step, "dragon")[-1]["position"] == 0
    # the game goes on with red #3, and the Scout is open to it
    assert (game.decision.color, game.decision.dwarf) == ("red", 3)
    assert game.decision.spaces["scout"] is None
    # the captured dwarf stays out for the round and comes back to its bed for the next one
    drive(game, ["scout", "tribute"])
    assert game.decision.kind == "next_round"
    game.act(PROCEED)
    assert s.captured["green"] == set() and s.beds["green"] == {1, 2, 3}


def test_a_loser_dwarf_is_captured_even_from_its_bed():
    """The longest beard goes to the capture box wherever it is: here red #3 has not placed yet."""
    game = resolution_game()
    assert 3 in game.state.beds["red"]
    attack(game, 6, "gold", 5, players={"blue": {"die": 6}, "red": {"die": 1}, "yellow": {"die": 6},
                                       "green": {"die": 6}})
    assert game.state.captured["red"] == {3} and 3 not in game.state.beds["red"]
    assert (game.decision.color, game.decision.dwarf) == ("yellow", 3)  # red #3 does not place this round


def test_no_winner_nobody_scores_and_every_loser_is_captured():
    game = resolution_game()
    before = dict(game.state.points)
    step = attack(game, 20, players={c: {"die": 6, "axes": 4} for c in ORDER})
    (a,) = events(step, "attack")
    assert a["winner"] is None and a["losers"] == ["green", "blue", "red", "yellow"]
    assert not events(step, "score")
    assert game.state.points == before and sum(game.state.dragon_tiles.values()) == 0
    assert {c: game.state.captured[c] for c in ORDER} == {c: {3} for c in ORDER}
    assert game.state.dragon == 0


def test_frost_bolt_adds_one_and_ice_storm_two():
    game = resolution_game(expansion=True)  # the spells come with the expansion
    step = attack(game, 7, players={
        "green": {"die": 3, "axes": 1, "spells": ["frost_bolt"]},             # 5
        "blue": {"die": 3, "axes": 1, "spells": ["ice_storm"]},               # 6
        "red": {"die": 3, "axes": 1, "spells": ["frost_bolt", "ice_storm"]},  # 7
        "yellow": {"die": 3, "axes": 3}})                                     # 6
    (a,) = events(step, "attack")
    assert a["defence"] == {"green": 5, "blue": 6, "red": 7, "yellow": 6}
    assert a["winner"] == "red" and a["losers"] == ["green", "blue", "yellow"]
    assert sorted((e["color"], e["spell"]) for e in events(step, "spell")) == [
        ("blue", "ice_storm"), ("green", "frost_bolt"), ("red", "frost_bolt"), ("red", "ice_storm")]


def test_only_the_defence_spells_count_in_a_fight():
    game = resolution_game(expansion=True)
    with pytest.raises(IllegalInput, match="Frost Bolt and Ice Storm"):
        attack(game, 4, players={"blue": {"die": 3, "spells": ["charm"]}})


def test_stone_beards_keep_the_longest_beard():
    game = resolution_game()
    game.act({"type": "special_tile", "color": "green", "tile": "stone_beards"})
    step = attack(game, 20)
    (a,) = events(step, "attack")
    assert "green" in a["losers"]
    assert {c["color"] for c in a["captured"]} == {"blue", "red", "yellow"}
    assert game.state.board["scout"].label == "green #3"


@pytest.mark.parametrize("bad", [
    {"strength": -1, "treasure": "gold", "points": 3},
    {"strength": 4, "treasure": "beer", "points": 3},
    {"strength": 4, "treasure": "gold"},
])
def test_the_tile_is_checked(bad):
    game = resolution_game()
    before = game_summary(game)
    with pytest.raises(IllegalInput):
        game.act({"type": "attack_input", "tile": bad})
    assert game_summary(game) == before


def test_a_loser_whose_longest_beard_is_captured_loses_the_next_longest():
    """App's decision (Rules help): a second attack in the same round captures the loser's longest dwarf not yet
    in the capture box (expansion, four players: dwarves 1 to 4)."""
    game = resolution_game(expansion=True)
    attack(game, 20, players={c: {"die": 1} for c in ORDER})  # everybody loses: each #4 captured
    assert {c: game.state.captured[c] for c in ORDER} == {c: {4} for c in ORDER}
    assert (game.decision.color, game.decision.dwarf) == ("red", 3)
    dragon_to(game, head(game) - 1)
    place(game, "supply_wagon")
    roll(game, 6)
    step = attack(game, 20, players={c: {"die": 1} for c in ORDER})
    (a,) = events(step, "attack")
    assert sorted((c["color"], c["dwarf"]) for c in a["captured"]) == sorted((c, 3) for c in ORDER)
    assert {c: game.state.captured[c] for c in ORDER} == {c: {3, 4} for c in ORDER}


# ---------------------------------------------------------------------------------------- Draco Speak


def test_draco_speak_moves_one_step_but_version_1_never_onto_the_head():
    """Rules version 1 kept Draco Speak off the head; version 2 lets it attack (test_rulings_draco_speak.py)."""
    game = four_player_game(expansion=True, version=1)
    game.act({"type": "spell", "color": "blue", "spell": "draco_speak", "direction": 1})
    assert game.state.dragon == 1
    game.act({"type": "spell", "color": "red", "spell": "draco_speak", "direction": -1})
    assert game.state.dragon == 0
    with pytest.raises(IllegalInput):
        game.act({"type": "spell", "color": "red", "spell": "draco_speak", "direction": -1})
    dragon_to(game, head(game) - 1)
    with pytest.raises(IllegalInput):
        game.act({"type": "spell", "color": "red", "spell": "draco_speak", "direction": 1})
    assert game.state.dragon == head(game) - 1 and game.decision.kind == "place"


# ---------------------------------------------------------------------------------------- pure functions


def test_pure_resolution_functions():
    r = resolve_attack(4, {"blue": 7, "red": 7, "yellow": 4, "green": 3}, ["blue", "red", "yellow", "green"])
    assert (r.winner, r.losers) == ("blue", ["green"])
    r = resolve_attack(4, {"blue": 7, "red": 7}, ["red", "blue"])
    assert r.winner == "red"
    assert resolve_attack(9, {"blue": 3}, ["blue"]).winner is None
    assert [treasure_loss(n) for n in (0, 1, 6, 7)] == [0, 1, 3, 4]
    assert [treasure_loss(n, stone_beards=True) for n in (0, 1, 4, 7, 8)] == [0, 1, 1, 2, 2]
    assert defence(3, 2) == 5 and defence(3, 2, ["frost_bolt", "ice_storm"]) == 8
    taken = split_gem_loss({"ruby": 3, "emerald": 1, "mana": 2}, 4)
    assert sum(taken.values()) == 4
    assert split_gem_loss({"ruby": 1}, 3) == {"ruby": 1}  # never more than there is


def test_draco_speak_cannot_be_cast_once_the_dragon_is_at_the_top():
    """The spell "can't be cast once the dragon reaches the top of the aggression track": while the attack it
    started is being resolved, the dragon cannot be talked down."""
    game = four_player_game(expansion=True)
    dragon_to(game, head(game) - 1)
    place(game, "scout")
    roll(game, 6)
    assert game.decision.kind == "attack_dice" and game.state.dragon == head(game)
    before = game_summary(game)
    with pytest.raises(IllegalInput, match="top"):
        game.act({"type": "spell", "color": "red", "spell": "draco_speak", "direction": -1})
    assert game_summary(game) == before
    attack(game, 2, players={c: {"die": 6} for c in ORDER})
    assert game.state.dragon == 0
