"""The dragon: aggression rolls (3+, 5+ under Dragon Song), the attack trigger, the attack's resolution and the
award of the tile (base rulebook "Dragon Aggression", "Dragon Attack", "Dragon Attack Resolution", Appendix 2
Dragon Song and Stone Beards, Appendix 4 Rahdo; expansion Frost Bolt, Ice Storm, Draco Speak, "Automa Fighting
Dragons")."""

from __future__ import annotations

import pytest
from engine_helpers import (
    PROCEED,
    automa,
    card,
    deck,
    drive,
    events,
    find_seed,
    human,
    humans_setup,
    place,
    roll,
    table_rolls,
)

from companion.rules.board.dragon import aggression_threshold, defence, resolve_attack, split_gem_loss, treasure_loss
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Setup

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
    assert game.decision.kind == "attack", game.decision.prompt
    return game.act({"type": "attack_input", "tile": {"strength": strength, "treasure": treasure, "points": points},
                     "players": players or {}, **extra})


# ---------------------------------------------------------------------------------------- aggression


def test_dragon_aggression_example():
    """Blue claims Treasure Hoard with #2 and rolls a five: the dragon moves up one space."""
    game = four_player_game()
    drive(game, ["forge", "excavate", "temple", "trading_post"])
    assert (game.decision.color, game.decision.dwarf) == ("blue", 2)
    place(game, "treasure_hoard")
    assert game.decision.kind == "roll" and game.decision.color == "blue"
    assert game.decision.details["threshold"] == 3
    step = roll(game, 5)
    assert [e["position"] for e in events(step, "dragon")] == [1]
    assert game.state.dragon == 1


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("space", ["treasure_hoard", "supply_wagon", "scout", "tribute"])
def test_three_or_higher_moves_the_dragon(space, value):
    game = four_player_game()
    place(game, space)
    step = roll(game, value)
    assert game.state.dragon == (1 if value >= 3 else 0)
    assert bool(events(step, "dragon")) == (value >= 3)
    assert (game.decision.color, game.decision.dwarf) == ("red", 1)  # the roll ends blue's action


def test_a_space_without_the_dragon_symbol_rolls_nothing():
    game = four_player_game()
    for space in ("forge", "excavate", "temple", "tavern_1"):
        place(game, space)
    assert game.state.dragon == 0 and game.decision.kind == "place"


def test_the_app_rolls_when_no_value_is_entered():
    game = four_player_game(seed=11)
    place(game, "treasure_hoard")
    step = game.act(PROCEED)
    (r,) = events(step, "roll")
    assert r["by"] == "app" and r["purpose"] == "aggression"
    assert game.state.dragon == (1 if r["value"] >= 3 else 0)


def test_roll_values_are_checked():
    game = four_player_game()
    place(game, "treasure_hoard")
    for bad in (0, 7):
        with pytest.raises(IllegalInput):
            game.act({"type": "roll", "value": bad})
    assert game.decision.kind == "roll"


def test_dragon_song_makes_every_roll_five_or_higher_while_its_owner_holds_the_hoard():
    game = four_player_game()
    game.act({"type": "special_tile", "color": "blue", "tile": "dragon_song"})
    place(game, "treasure_hoard")  # blue #1, the owner, occupies the Treasure Hoard
    assert game.decision.details["threshold"] == 5
    roll(game, 4)  # the owner's own roll
    assert game.state.dragon == 0
    place(game, "supply_wagon")  # red #1: another player's roll
    assert game.decision.details["threshold"] == 5
    roll(game, 4)
    assert game.state.dragon == 0
    place(game, "scout")  # yellow #1
    roll(game, 5)
    assert game.state.dragon == 1
    place(game, "tribute")  # green #1
    roll(game, 6)
    assert game.state.dragon == 2
    # blue #2 moves elsewhere; red #2 dislodges the owner's #1 from the hoard: the song no longer plays
    place(game, "forge")
    place(game, "treasure_hoard")
    assert game.state.board["treasure_hoard"].color == "red"
    assert game.decision.details["threshold"] == 3
    roll(game, 3)
    assert game.state.dragon == 3


def test_dragon_song_of_a_player_who_is_not_on_the_hoard_does_nothing():
    game = four_player_game()
    game.act({"type": "special_tile", "color": "red", "tile": "dragon_song"})
    place(game, "treasure_hoard")  # blue holds it, red owns the song
    assert game.decision.details["threshold"] == 3
    roll(game, 3)
    assert game.state.dragon == 1


def test_dragon_song_applies_to_the_automa_rolls():
    """Rolls made by the app for an automa count too ("ALL player rolls")."""
    def make(seed):
        game = Game(Setup.solo(seed=seed))
        game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
        return game

    checked = 0
    for seed in range(25):
        game = make(seed)
        if game.state.turn_order[0] != "blue":
            continue
        game.act({"type": "special_tile", "color": "blue", "tile": "dragon_song"})
        place(game, "treasure_hoard")
        roll(game, 1)
        # the automa go on; each aggression roll while blue holds the hoard must need 5+
        for _ in range(6):
            if game.decision.kind != "automa_turn":
                break
            step = game.act(PROCEED)
            assert game.state.board["treasure_hoard"].color == "blue"  # no automa #1 can dislodge blue #1
            for i, e in enumerate(step):
                if e["type"] == "roll" and e["purpose"] == "aggression":
                    checked += 1
                    moved = i + 1 < len(step) and step[i + 1]["type"] == "dragon"
                    assert moved == (e["value"] >= 5), (seed, e)
    assert checked >= 5


def test_threshold_function():
    assert aggression_threshold(False) == 3 and aggression_threshold(True) == 5


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
    assert d.kind == "attack" and d.details["trigger"] == "yellow"
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

    seed = find_seed(make, lambda g: g.decision.kind == "attack")
    game = make(seed)
    trigger = game.decision.details["trigger"]
    assert trigger in ("red", "green")
    last_roll = [e for e in game.steps[-1] if e["type"] == "roll" and e["purpose"] == "aggression"][-1]
    assert last_roll["color"] == trigger and last_roll["value"] >= 3
    # the automa's dice and axe cards are ready for the table; the humans enter theirs
    assert set(game.decision.details["dice"]) == {"red", "green"}
    assert set(game.decision.details["axes"]) == {"red", "green"}


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
    assert game.decision.details["spaces"]["scout"] is None
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
    with pytest.raises(IllegalInput, match="frost_bolt and ice_storm"):
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


# ---------------------------------------------------------------------------------------- automa in a fight


def solo_attack_game(seed: int = 0, version: int | None = None, **setup_kw) -> Game:
    """A solo game at its first dragon attack, made by blue from the Treasure Hoard (or an automa before)."""
    setup = Setup.solo(seed=seed, **setup_kw)
    game = Game(setup) if version is None else Game(setup, version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    drive(game, until=lambda g: g.decision.kind == "place")
    dragon_to(game, head(game) - 1)
    assert "treasure_hoard" not in game.state.board, "choose a seed with free_hoard()"
    place(game, "treasure_hoard")
    roll(game, 6)
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
    axes = game.decision.details["axes"]
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
    axes = game.decision.details["axes"]
    step = attack(game, 20, "gold", 5, players={"blue": {"die": 6}}, automa_axes=dict(axes))
    assert [(e["color"], e.get("gold")) for e in events(step, "loss")] == [("red", 4)]  # green has none
    assert game.state.stash["red"].gold == 3 and game.state.stash["green"].gold == 0


def test_version_1_automa_with_stone_beards_loses_a_quarter_and_keeps_its_dwarf():
    """Rules version 1 gave the automa its face-down tiles' powers; version 2 does not (ruling e)."""
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed, version=1)
    game.act({"type": "special_tile", "color": "red", "tile": "stone_beards"})
    game.act({"type": "correction", "target": "gold", "color": "red", "value": 7})
    step = attack(game, 20, "gold", 5, players={"blue": {"die": 6}}, automa_axes=dict(game.decision.details["axes"]))
    assert [e["gold"] for e in events(step, "loss") if e["color"] == "red"] == [2]  # 7 / 4, rounded up
    assert "red" not in {c["color"] for c in events(step, "attack")[0]["captured"]}


def test_the_app_rolls_the_automas_fight_dice_and_the_table_cannot_enter_them():
    """App's decision (Rules help): the rulebook has a player roll the automa's die; the app rolls it, logged as
    the app's, and the fight's input takes dice for people only."""
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed)
    rolled = [e for e in game.steps[-1] if e["type"] == "roll" and e["purpose"] == "attack"]
    assert {e["color"]: e["value"] for e in rolled} == game.decision.details["dice"]
    assert {e["by"] for e in rolled} == {"app"} and set(game.decision.details["dice"]) == {"red", "green"}
    axes = game.decision.details["axes"]
    with pytest.raises(IllegalInput, match="not a human player"):
        attack(game, 4, players={"blue": {"die": 3}, "red": {"die": 6}}, automa_axes=dict(axes))


def test_automa_axes_totals_are_checked():
    seed = next(s for s in range(100) if free_hoard(s))
    game = solo_attack_game(seed)
    axes, dice = game.decision.details["axes"], game.decision.details["dice"]
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
    task = game.decision.details
    dice, axes = dict(task["dice"]), dict(task["axes"])
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
    """Expansion example: green automa draws three axes; strength 4; green 8, blue 5, red 6: nobody is
    defeated and green has the highest defence: it wins the tile and 8 points."""
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

    seed = find_seed(make, lambda g: 2 <= g.decision.details["dice"]["green"] <= 5)
    game = make(seed)
    d = game.decision.details
    assert d["axes"] == {"green": 3}
    die = d["dice"]["green"]
    points_before = game.state.points["green"]
    step = attack(game, 4, "gold", 8, players={"blue": {"die": 2, "axes": 3}, "red": {"die": 4, "axes": 2}},
                  automa_axes={"green": 8 - die})
    (a,) = events(step, "attack")
    assert a["defence"] == {"blue": 5, "red": 6, "green": 8}
    assert a["winner"] == "green" and a["losers"] == []
    assert game.state.points["green"] == points_before + 8
    assert game.state.dragon_tiles == {"blue": 0, "red": 0, "green": 1}


# ---------------------------------------------------------------------------------------- Rahdo


def test_rahdo_one_shared_black_die_entered_by_the_table():
    game = four_player_game(variant="rahdo", expansion=True)  # green casts Ice Storm: the expansion
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 5)
    assert "black_die" not in game.decision.details and game.decision.details["dice"] == {}
    step = attack(game, 6, players={"blue": {"axes": 0}, "red": {"axes": 1, "die": 1}, "yellow": {"axes": 2},
                                    "green": {"axes": 0, "spells": ["ice_storm"]}}, black_die=5)
    (a,) = events(step, "attack")
    # every defence is the black die plus axes (and spells); a player's own die plays no part
    assert a["defence"] == {"blue": 5, "red": 6, "yellow": 7, "green": 7}
    assert a["winner"] == "yellow"  # 7 ties with green; yellow is earlier in turn order
    rolls = events(step, "roll")
    assert len(rolls) == 1 and rolls[0]["black"] is True and rolls[0]["value"] == 5
    assert rolls[0]["color"] == "blue"  # the player whose action made the dragon attack


def test_rahdo_attack_example_everyone_at_least_four_is_safe():
    """Rahdo appendix example: strength 4; each defence is the one black die plus that player's axes, all of them
    4 or more, so nobody loses; the best defence takes the tile."""
    game = four_player_game(variant="rahdo")
    dragon_to(game, head(game) - 1)
    place(game, "treasure_hoard")
    roll(game, 4)
    step = attack(game, 4, "gems", 6, players={"blue": {"axes": 0}, "red": {"axes": 1}, "yellow": {"axes": 3},
                                              "green": {"axes": 2}}, black_die=4)
    (a,) = events(step, "attack")
    assert a["defence"] == {"blue": 4, "red": 5, "yellow": 7, "green": 6}
    assert a["losers"] == [] and a["captured"] == []
    assert a["winner"] == "yellow" and game.state.points["yellow"] == 6


def test_rahdo_black_die_rolled_by_the_app_for_an_automa_trigger():
    def make(seed):
        game = Game(Setup.solo(seed=seed, variant="rahdo"))
        game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
        dragon_to(game, head(game) - 1)
        drive(game, ["forge", "excavate", "temple", "trading_post", "tavern_1"])
        return game

    seed = find_seed(make, lambda g: g.decision.kind == "attack")
    game = make(seed)
    d = game.decision.details
    black = d["black_die"]
    black_roll = [e for e in game.steps[-1] if e["type"] == "roll" and e.get("black")]
    assert [(e["color"], e["value"]) for e in black_roll] == [(d["trigger"], black)]
    axes = d["axes"]
    step = attack(game, 9, players={"blue": {"axes": 2}}, automa_axes={c: n for c, n in axes.items()},
                  black_die=1)  # a black die entered now does not replace the one already rolled
    (a,) = events(step, "attack")
    assert a["defence"] == {c: black + (2 if c == "blue" else axes[c]) for c in game.state.turn_order}


# ---------------------------------------------------------------------------------------- Draco Speak


def test_draco_speak_moves_one_step_but_version_1_never_onto_the_head():
    """Rules version 1 kept Draco Speak off the head; version 2 lets it attack (test_rules_audit_fixes)."""
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
    assert game.decision.kind == "attack" and game.state.dragon == head(game)
    before = game_summary(game)
    with pytest.raises(IllegalInput, match="top"):
        game.act({"type": "spell", "color": "red", "spell": "draco_speak", "direction": -1})
    assert game_summary(game) == before
    attack(game, 2, players={c: {"die": 6} for c in ORDER})
    assert game.state.dragon == 0



def test_a_human_in_the_temple_may_reroll_the_apps_die_once():
    """Temple (base rulebook, Appendix 1): its occupant may re-roll their own die once; the new result stands."""
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=4)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    game.act({"type": "place", "space": "temple"})  # blue #1
    game.act({"type": "place", "space": "mine"})  # yellow #1
    game.act({"type": "place", "space": "treasure_hoard"})  # blue #2: a dragon space
    first = game.act({"type": "proceed"})  # the app's die
    assert [e["type"] for e in first] == ["roll"]
    assert game.decision.kind == "keep_roll" and game.decision.details["value"] == first[0]["value"]
    dragon_before = game.state.dragon
    second = game.act({"type": "reroll"})
    assert second[0] == {**second[0], "type": "reroll", "color": "blue", "input": True}
    again = second[1]
    assert again["type"] == "roll" and again.get("reroll") is True
    assert game.state.dragon == dragon_before + (1 if again["value"] >= 3 else 0)
    assert game.decision.kind == "place"
    # Undo and keep instead: the first value now decides.
    game.undo()
    kept = game.act({"type": "proceed"})
    assert kept[0] == {**kept[0], "type": "roll_kept", "value": first[0]["value"]}
    assert game.state.dragon == dragon_before + (1 if first[0]["value"] >= 3 else 0)


def test_no_reroll_question_without_a_dwarf_in_the_temple():
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=4)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    game.act({"type": "place", "space": "treasure_hoard"})
    game.act({"type": "proceed"})
    assert game.decision.kind == "place" and game.decision.color == "yellow"


def test_a_placement_with_the_apps_dice_rolls_for_the_dragon_in_the_same_step():
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player, Setup

    setup = Setup.build([Player(color="blue", kind="human"), Player(color="yellow", kind="human")], seed=8)
    game = Game(setup)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6, "yellow": 1}})
    step = game.act({"type": "place", "space": "scout", "roll": "app"})
    assert [e["type"] for e in step[:2]] == ["place", "roll"]
    assert step[0]["roll"] == "app" and step[1]["purpose"] == "aggression" and step[1]["by"] == "app"
    assert game.decision.kind == "place" and game.decision.color == "yellow"
    # On a space without the dragon symbol nothing is rolled.
    step = game.act({"type": "place", "space": "mine", "roll": "app"})
    assert [e["type"] for e in step] == ["place"]


# ---------------------------------------------------------------------------------------- the golem (app decisions)


def test_the_golem_on_the_hoard_plays_its_controllers_dragon_song():
    """App's decision (Rules help): Dragon Song works "whenever you occupy" the Treasure Hoard, and the golem a
    player controls occupies it for them, so every roll needs 5+ while it stands there; the golem placed on the
    hoard makes its controller roll for the dragon."""
    game = four_player_game(expansion=True)
    game.act({"type": "special_tile", "color": "red", "tile": "dragon_song"})
    game.act({"type": "place", "golem": True, "color": "red", "space": "treasure_hoard"})
    assert game.decision.kind == "roll" and game.decision.color == "red"  # the golem's claim: red rolls
    assert game.decision.details["threshold"] == 5
    roll(game, 4)
    assert game.state.dragon == 0
    place(game, "scout")  # blue #1: another player's roll, while red's golem holds the hoard
    assert game.decision.details["threshold"] == 5
    roll(game, 4)
    assert game.state.dragon == 0


def test_the_golem_in_the_temple_gives_no_re_roll():
    """App's decision (Rules help): the Temple re-roll needs the player's own dwarf there; their golem is none."""
    game = four_player_game(expansion=True)
    game.act({"type": "place", "golem": True, "color": "blue", "space": "temple"})
    place(game, "treasure_hoard")  # blue #1
    step = game.act(PROCEED)  # the app's die
    assert [e["type"] for e in step][:1] == ["roll"]
    assert game.decision.kind != "keep_roll"


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
