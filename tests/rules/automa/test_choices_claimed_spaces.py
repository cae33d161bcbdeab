"""The automa (expansion "Automa Decks"): what a claimed space gives it (gold, gems, mana, dragon rolls, tunnel
tiles, spells, all-play bonuses), how it joins all-play actions in turn order, and a base game's spaces."""

from __future__ import annotations

import pytest
from engine_helpers import PROCEED, answer, card, events, find_seed, place

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from companion.rules.words.decisions import prompt, question
from tests.rules.automa.choices_helpers import one_automa_game, only

# ---------------------------------------------------------------------------------------- claiming spaces


def red_claims(space: str, **kw) -> tuple[Game, list[dict]]:
    """The red automa (first in turn order) claims ``space`` with its #1; returns the game and that step."""
    game = one_automa_game(only(space, **kw), first="red", expansion=True)
    assert game.decision.kind == "automa_turn"
    step = game.act(PROCEED)
    assert events(step, "place")[0]["space"] == space
    return game, step


def test_treasure_hoard_two_gold_then_a_dragon_roll():
    game, step = red_claims("treasure_hoard")
    gold_before = sum(e["gold"] for e in events(game.steps[1], "gain"))
    assert [e["gold"] for e in events(step, "gain")] == [2]
    assert game.state.stash["red"].gold == gold_before + 2
    rolls = [e for e in events(step, "roll") if e["purpose"] == "aggression"]
    assert len(rolls) == 1 and rolls[0]["by"] == "app"
    assert game.state.dragon == (1 if rolls[0]["value"] >= 3 else 0)


def test_mana_cave_two_mana_then_a_dragon_roll():
    game, step = red_claims("mana_cave")
    assert events(step, "gain")[0]["gems"] == {"mana": 2}
    assert game.state.stash["red"].gems["mana"] == 2
    assert len([e for e in events(step, "roll") if e["purpose"] == "aggression"]) == 1


@pytest.mark.parametrize("space", ["supply_wagon", "scout", "tribute"])
def test_other_dragon_spaces_give_the_automa_nothing_but_a_roll(space):
    game, step = red_claims(space)
    assert not events(step, "gain")
    assert len([e for e in events(step, "roll") if e["purpose"] == "aggression"]) == 1


@pytest.mark.parametrize("space", ["forge", "excavate", "temple", "trading_post"])
def test_plain_spaces_only_block(space):
    game, step = red_claims(space)
    assert [e["type"] for e in step] == ["automa_draw", "place"]


def test_tavern_rewards():
    """Gold space: the automa takes the gold; gem space: the humans choose its gems; beer: nothing."""
    game, step = red_claims("tavern_2")
    assert [e["gold"] for e in events(step, "gain")] == [1]
    game, step = red_claims("tavern_3")
    assert not events(step, "gain")
    game, step = red_claims("tavern_4")
    assert game.decision.kind == "question" and game.decision.question == "gems"
    assert game.decision.gem_count == 2
    step = answer(game, ["emerald", "mana"])
    assert events(step, "gain")[0]["gems"] == {"emerald": 1, "mana": 1}


def test_mine_the_automa_takes_two_gems_chosen_by_the_humans_and_does_not_mine():
    game, step = red_claims("mine")
    assert game.decision.question == "gems"
    with pytest.raises(IllegalInput):
        answer(game, ["ruby"])  # two gems
    step = answer(game, ["ruby", "ruby"])
    assert events(step, "gain")[0]["gems"] == {"ruby": 2}
    assert game.state.stash["red"].gems["ruby"] == 2
    # no all-play card for the mine: its walk draws nothing
    draws = [e for st in game.steps[1:] for e in st if e["type"] == "automa_draw"]
    assert [d["purpose"] for d in draws] == ["place"]


def test_the_gems_question_asks_the_player_as_you_not_the_humans():
    """A solo game has one person at the table: the automa's gems question says "you" (which a pair at the table
    reads as both of them), not "the humans"."""
    game, _ = red_claims("mine")
    asked = question(game.decision)
    assert asked == "which 2 gems does it take? You choose the colours." and "human" not in asked
    # The banner reads "Red automa: which 2 gems ...": one colon (was "Red automa: it takes 2 gems: which ...").
    assert prompt(game.decision).count(":") == 1


def test_dwarf_king_two_bonus_points_plus_three_for_the_achievement():
    """Expansion example: 2 for the all-play bonus, then the card's achievement position; the card is worth 3:
    5 points in all."""
    game, step = red_claims("dwarf_king", dwarf_king=1)
    assert [(e["points"], e["reason"]) for e in events(step, "score")] == [(2, "Dwarf King all-play bonus")]
    d = game.decision
    assert d.kind == "question" and d.color == "red" and d.question == "dwarf_king"
    assert d.position == 1
    assert [e["purpose"] for e in events(step, "automa_draw")] == ["place", "all_play"]
    answer(game, 3)
    assert game.state.points["red"] == 5


def test_gem_market_the_automa_gets_only_the_coins_on_the_contract():
    """Expansion example: a human claims the Gem Market; the automa draws, discards the contract its card names
    and takes the coins that lay on it, not the contract's gold value."""
    game = one_automa_game(only("forge", gem_market="ruby"), first="blue")
    gold_before = game.state.stash["red"].gold
    step = place(game, "gem_market")
    assert not events(step, "gain")  # the human's bonus is on the table, not the automa's
    d = game.decision
    assert (d.kind, d.color, d.question, d.gem) == ("question", "red", "gem_market", "ruby")
    assert prompt(d).endswith("how many coins are on it?")  # was "lay on it", the past of "lie"
    step = answer(game, 2)
    assert [(e["gold"], e["reason"]) for e in events(step, "gain")] == [(2, "coins on the ruby contract")]
    assert game.state.stash["red"].gold == gold_before + 2
    # a contract with no coins gives nothing at all
    game2 = one_automa_game(only("forge"), first="blue")
    place(game2, "gem_market")
    assert not events(answer(game2, 0), "gain")


def test_gem_market_claimed_by_the_automa_two_gold_bonus_then_the_coins():
    game, step = red_claims("gem_market")
    assert [e["gold"] for e in events(step, "gain")] == [2]
    step = answer(game, 1)
    assert [e["gold"] for e in events(step, "gain")] == [1]


def test_tunneling_two_gems_and_a_face_down_tile_no_bonus():
    """Expansion example: the tile costing one beer and one gold (position 2) shows two sapphires: two blue
    gems go to the automa and the tile face down to its stack. No all-play bonus, no beer."""
    game, step = red_claims("tunnel", tunnel=2)
    assert not events(step, "gain") and not events(step, "score")
    d = game.decision
    assert d.question == "tunnel" and d.position == 2
    stash = game.state.stash["red"]
    gems_before = dict(stash.gems)
    step = answer(game, {"kind": "gem", "gem": "sapphire", "gems": 2})
    assert stash.gems == {**gems_before, "sapphire": gems_before["sapphire"] + 2}
    assert stash.tiles == [{"kind": "gem", "gem": "sapphire", "gems": 2}]
    assert stash.gem_tiles == 1
    line = game.automa_line("red")
    assert (line["mine_tiles"], line["gem_mine_tiles"], line["mined_gems"]) == (1, 1, stash.mined_gems)


@pytest.mark.parametrize(("slot", "price"), [(1, "1 beer or 1 gold"), (2, "1 beer and 1 gold"),
                                           (3, "1 beer and 2 gold"), (4, "2 beer and 2 gold")])
def test_the_tunnel_question_names_the_tile_by_its_price(slot, price):
    """The automa card names the Tunnel tile by its cost, and the board prints a cost under each tile (the cheapest
    on the right, where the tiles slide): the question says the price, never a bare position a player would count
    from the left."""
    game, _ = red_claims("tunnel", tunnel=slot)
    asked = prompt(game.decision)
    assert f"costs {price}" in asked
    assert "position" not in asked


def test_tunneling_a_special_tile():
    game, step = red_claims("tunnel")
    answer(game, {"kind": "special", "tile": "smithy"})
    stash = game.state.stash["red"]
    assert stash.tiles == [{"kind": "special", "tile": "smithy"}] and stash.gem_tiles == 0
    assert game.automa_line("red")["mine_tiles"] == 1


@pytest.mark.parametrize("bad", [{"kind": "gem", "gem": "gold", "gems": 2}, {"kind": "gem", "gem": "ruby", "gems": 0},
                                 {"kind": "special", "tile": "castle"}, "two sapphires"])
def test_tunnel_answers_are_checked(bad):
    game, _ = red_claims("tunnel")
    with pytest.raises(IllegalInput):
        answer(game, bad)
    assert game.decision.kind == "question"


@pytest.mark.parametrize(("spell", "points"), [("mind_control", 9), ("charm", 3), ("time_warp", 0)])
def test_wizards_cave_points_for_mind_control_and_charm(spell, points):
    """Expansion example: the third spell is Mind Control: 9 points (Charm is worth 3, other spells nothing).
    Claiming the cave gives the automa the 2-mana bonus first."""
    game, step = red_claims("wizards_cave", wizards_cave=3)
    assert events(step, "gain")[0]["gems"] == {"mana": 2}
    assert game.decision.position == 3
    before = game.state.points["red"]
    answer(game, spell)
    assert game.state.points["red"] == before + points


def test_all_play_walk_goes_through_the_automa_in_turn_order():
    """A human claims the Dwarf King in a solo game: each automa draws its own card, in turn order."""
    def make(seed):
        game = Game(Setup.solo(seed=seed))
        game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
        return game

    game = make(find_seed(make, lambda g: g.state.turn_order[0] == "blue"))
    step = place(game, "dwarf_king")
    automa_order = [c for c in game.state.turn_order if c != "blue"]
    asked = []
    while game.decision.kind == "question":
        asked.append(game.decision.color)
        answer(game, 1)
    assert asked == automa_order
    draws = [e for st in game.steps[-3:] for e in st if e["type"] == "automa_draw"]
    assert [(e["color"], e["purpose"]) for e in draws] == [(c, "all_play") for c in automa_order]
    assert all(e["card"][0] == e["color"][0].upper() for e in draws)  # R.. for red, G.. for green
    assert events(step, "place")[0]["dislodged"] is None


def test_a_base_game_skips_the_expansion_spaces_on_a_card():
    game = one_automa_game([card("E", "mana_cave", "wizards_cave", "forge")], expansion=False, first="red")
    step = game.act(PROCEED)
    (p,) = events(step, "place")
    assert p["space"] == "forge" and p["choice"] == "tertiary"
    assert [(s["space"], s["why"]) for s in p["skipped"]] == [
        ("mana_cave", "not in a base game"), ("wizards_cave", "not in a base game")]


def test_a_base_game_offers_no_mana():
    game, _ = red_claims("tavern_4")
    base = one_automa_game(only("tavern_4"), expansion=False, first="red")
    base.act(PROCEED)
    with pytest.raises(IllegalInput):
        answer(base, ["mana", "ruby"])
    answer(game, ["mana", "ruby"])  # the expansion has mana
