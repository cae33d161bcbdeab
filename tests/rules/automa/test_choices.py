"""The automa (expansion "Automa Decks"): where a card places the dwarf, what a claimed space gives, how the
automa joins all-play actions, and how its deck is drawn, discarded and reshuffled."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_helpers import (
    PROCEED,
    answer,
    automa,
    card,
    deck,
    drive,
    events,
    find_seed,
    human,
    place,
    play_random,
)

from companion.rules.automa import choices as automa_rules
from companion.rules.automa.deck import load_builtin
from companion.rules.board.occupants import Occupant
from companion.rules.board.spaces import SPACES
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup


def one_automa_game(cards, seed=None, *, expansion=True, first="red", human_color="blue") -> Game:
    """One human and the red automa playing ``cards`` (the red deck's slot). With no seed given, the first
    seed whose starting rolls put ``first`` first in turn order."""
    def make(s):
        setup = Setup.build([human(human_color), automa("red", "red")], expansion=expansion, seed=s)
        game = Game(setup, decks={"red": deck("red", *cards)})
        game.act({"type": "starting_rolls", "rolls": {human_color: 3}})
        return game

    if seed is None:
        seed = find_seed(make, lambda g: g.state.turn_order[0] == first)
    return make(seed)


def only(space: str, *rest: str, **kw):
    """A one-card deck: the automa always tries ``space`` first."""
    rest = list(rest) + [s for s in ("forge", "temple", "excavate") if s != space and s not in rest]
    return [card("C1", space, rest[0], rest[1], **kw)]


# ---------------------------------------------------------------------------------------- placement


def test_scout_held_by_the_same_number_sends_the_automa_to_the_temple():
    """Expansion example: blue automa places #3; its card says Scout, then Temple. Scout holds yellow #3, so
    blue cannot dislodge; the Temple is free and blue #3 goes there."""
    cards = [card("A", "forge", "trading_post", "tavern_2"), card("C", "tavern_3", "tavern_4", "excavate"),
             card("B", "scout", "temple", "tavern_1")]
    def make(s):
        setup = Setup.build([human("yellow"), automa("blue", "red")], seed=s)
        game = Game(setup, decks={"red": deck("red", *cards)})
        game.act({"type": "starting_rolls", "rolls": {"yellow": 6}})
        return game

    def wanted(game):
        order = events(game.steps[0], "automa_shuffle")[0]["order"]
        return game.state.turn_order[0] == "yellow" and order[2] == "B"

    game = make(find_seed(make, wanted))
    # yellow #1-#3 (dragon rolls of 1); blue #1 forge, #2 tavern_3
    drive(game, ["tribute", "supply_wagon", "scout"],
          until=lambda g: (g.decision.color, g.decision.dwarf) == ("blue", 3))
    assert game.state.board["scout"] == Occupant("yellow", 3)
    assert (game.decision.kind, game.decision.color, game.decision.dwarf) == ("automa_turn", "blue", 3)
    step = game.act(PROCEED)
    (p,) = events(step, "place")
    assert (p["card"], p["choice"], p["space"], p["dislodged"]) == ("B", "secondary", "temple", None)
    assert p["skipped"] == [{"choice": "primary", "space": "scout",
                             "why": "held by yellow #3: a dislodge needs a higher number"}]


def test_the_automa_dislodges_a_shorter_beard_on_its_primary():
    game = one_automa_game(only("forge"), first="blue")
    place(game, "forge")  # blue #1
    drive(game, ["temple"], until=lambda g: g.state.board.get("forge") != Occupant("blue", 1))
    # red #1 could not dislodge blue #1; red #2 can
    place_events = [e for st in game.steps for e in st if e["type"] == "place" and e["color"] == "red"]
    assert place_events[0]["space"] != "forge"
    assert place_events[-1]["space"] == "forge" and place_events[-1]["dislodged"] == {"color": "blue", "dwarf": 1}
    assert (game.decision.kind, game.decision.color, game.decision.dwarf) == ("place", "blue", 1)


def open_to(board, space: str, color: str, dwarf: int, expansion: bool) -> bool:
    """The rulebook's test, written out: the space is in the game and empty, or holds another player's shorter
    beard outside the (locked) tavern."""
    if SPACES[space].expansion and not expansion:
        return False
    occ = board.get(space)
    return occ is None or (not SPACES[space].locked and occ.color != color and occ.dwarf < dwarf)


@pytest.mark.parametrize("seed", range(10))
def test_every_automa_placement_follows_its_cards(seed):
    """Primary, else secondary, else tertiary; a card with none open is discarded and the next one drawn."""
    game = Game(Setup.solo(seed=seed, expansion=seed % 2 == 0))
    decks = {"red": load_builtin("red"), "green": load_builtin("green")}
    board_before = {}
    checked = []

    def before(g):
        board_before.clear()
        board_before.update(g.state.board)

    def after(g, inp, step):
        placed = [e for e in step if e["type"] == "place" and e.get("card")]
        if not placed:
            return
        (p,) = placed
        color, dwarf = p["color"], p["dwarf"]
        draws = [e["card"] for e in step if e["type"] == "automa_draw" and e["purpose"] == "place"]
        assert draws[-1] == p["card"]
        for cid in draws[:-1]:  # every card discarded unused had no open space
            c = decks[color].card(cid)
            assert not any(open_to(board_before, s, color, dwarf, g.setup.expansion) for s in c.choices())
        c = decks[color].card(p["card"])
        first_open = next(i for i, s in enumerate(c.choices())
                          if open_to(board_before, s, color, dwarf, g.setup.expansion))
        assert p["choice"] == automa_rules.CHOICES[first_open] and p["space"] == c.choices()[first_open]
        assert len(p["skipped"]) == first_open
        occ = board_before.get(p["space"])
        assert p["dislodged"] == (occ.as_fact() if occ else None)
        checked.append(len(draws))

    play_random(game, random.Random(seed), before=before, after=after)
    assert len(checked) >= 2 * 5 * game.setup.rounds  # every automa dwarf of every round at least


def test_the_automa_never_takes_a_space_a_card_does_not_name():
    for seed in range(10):
        game = Game(Setup.solo(seed=seed))
        red, green = load_builtin("red"), load_builtin("green")
        play_random(game, random.Random(seed))
        for e in game.events():
            if e["type"] == "place" and e.get("card"):
                c = (red if e["color"] == "red" else green).card(e["card"])
                assert e["space"] == getattr(c, e["choice"])
                assert [s["choice"] for s in e["skipped"]] == list(automa_rules.CHOICES[:len(e["skipped"])])


def test_choose_space_pure():
    c = card("Z", "scout", "temple", "tavern_1")
    board = {"scout": Occupant("yellow", 3)}
    pick = automa_rules.choose_space(c, board, "blue", 3, expansion=True)
    assert (pick.choice, pick.space) == ("secondary", "temple")
    pick = automa_rules.choose_space(c, board, "blue", 4, expansion=True)
    assert (pick.choice, pick.space) == ("primary", "scout")
    board = {"scout": Occupant("blue", 1), "temple": Occupant("red", 5), "tavern_1": Occupant("red", 1)}
    assert automa_rules.choose_space(c, board, "blue", 4, expansion=True).space is None


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
    assert game.decision.kind == "question" and game.decision.details["question"] == "gems"
    assert game.decision.details["count"] == 2
    step = answer(game, ["emerald", "mana"])
    assert events(step, "gain")[0]["gems"] == {"emerald": 1, "mana": 1}


def test_mine_the_automa_takes_two_gems_chosen_by_the_humans_and_does_not_mine():
    game, step = red_claims("mine")
    assert game.decision.details["question"] == "gems"
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
    prompt = game.decision.details["prompt"]
    assert prompt == "which 2 gems does it take? You choose the colours." and "human" not in prompt
    # The banner reads "Red automa: which 2 gems ...": one colon (was "Red automa: it takes 2 gems: which ...").
    assert game.decision.prompt.count(":") == 1


def test_dwarf_king_two_bonus_points_plus_three_for_the_achievement():
    """Expansion example: 2 for the all-play bonus, then the card's achievement position; the card is worth 3:
    5 points in all."""
    game, step = red_claims("dwarf_king", dwarf_king=1)
    assert [(e["points"], e["reason"]) for e in events(step, "score")] == [(2, "Dwarf King all-play bonus")]
    d = game.decision
    assert d.kind == "question" and d.color == "red" and d.details["question"] == "dwarf_king"
    assert d.details["position"] == 1
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
    assert (d.kind, d.color, d.details["question"], d.details["gem"]) == ("question", "red", "gem_market", "ruby")
    assert d.prompt.endswith("how many coins are on it?")  # was "lay on it", the past of "lie"
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
    assert d.details["question"] == "tunnel" and d.details["position"] == 2
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
    prompt = game.decision.prompt
    assert f"costs {price}" in prompt
    assert "position" not in prompt


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
    assert game.decision.details["position"] == 3
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


# ---------------------------------------------------------------------------------------- the deck


def deck_ids(game: Game, color: str) -> list[str]:
    return sorted(game.decks[color].ids())


def check_piles(game: Game) -> None:
    """Every card of each automa's deck is in exactly one place: its draw pile or its discard."""
    for p in game.setup.automa:
        piles = game.state.decks[p.color]
        together = piles.draw + piles.discard
        assert sorted(together) == deck_ids(game, p.color), p.color
        assert not [c for c, n in Counter(together).items() if n > 1]


@pytest.mark.parametrize("seed", range(8))
def test_a_card_is_never_in_two_places(seed):
    game = Game(Setup.solo(seed=seed))
    check_piles(game)
    play_random(game, random.Random(seed), after=lambda g, inp, step: check_piles(g))


@pytest.mark.parametrize("seed", range(6))
def test_every_round_starts_from_a_full_shuffled_deck(seed):
    game = Game(Setup.solo(seed=seed))
    setup_shuffles = events(game.steps[0], "automa_shuffle")
    assert [(e["color"], e["reason"]) for e in setup_shuffles] == [("red", "setup"), ("green", "setup")]
    for e in setup_shuffles:
        assert sorted(e["order"]) == deck_ids(game, e["color"])

    rounds_seen = []

    def after(g, inp, step):
        if not events(step, "round_start") or g.state.round == 1:
            return
        rounds_seen.append(g.state.round)
        resets = [e for e in events(step, "automa_shuffle") if e["reason"] == "reset"]
        assert [e["color"] for e in resets] == ["red", "green"]
        start = events(step, "round_start")[0]["seq"]
        for e in resets:
            assert e["seq"] < start
            assert sorted(e["order"]) == deck_ids(g, e["color"])
            piles = g.state.decks[e["color"]]
            # the round's draws so far come off the top of the fresh order
            drawn = [d["card"] for d in events(step, "automa_draw") if d["color"] == e["color"]]
            assert piles.discard == drawn and piles.draw == e["order"][len(drawn):]

    play_random(Game(Setup.solo(seed=seed)), random.Random(seed), after=after)
    assert rounds_seen == [2, 3, 4, 5]


def test_shuffles_are_the_seeds_not_a_fixed_order():
    orders = {tuple(events(Game(Setup.solo(seed=s)).steps[0], "automa_shuffle")[0]["order"]) for s in range(5)}
    assert len(orders) == 5


def test_a_draw_from_an_empty_pile_first_reshuffles_the_discard():
    cards = [card("K1", "forge", "temple", "excavate"), card("K2", "temple", "excavate", "forge")]
    game = one_automa_game(cards, first="red")
    game.act(PROCEED)  # red #1 draws one card
    place(game, "trading_post")  # blue #1
    step = game.act(PROCEED)  # red #2 draws the last card
    assert not [e for e in events(step, "automa_shuffle")]
    assert game.state.decks["red"].draw == []
    place(game, "tavern_1")  # blue #2
    step = game.act(PROCEED)  # red #3: the pile is empty
    shuffle, draw = events(step, "automa_shuffle"), events(step, "automa_draw")
    assert [e["reason"] for e in shuffle] == ["empty"]
    assert sorted(shuffle[0]["order"]) == ["K1", "K2"]
    assert shuffle[0]["seq"] < draw[0]["seq"] and draw[0]["card"] == shuffle[0]["order"][0]
    check_piles(game)


def test_red_and_green_never_mix():
    for seed in range(6):
        game = Game(Setup.solo(seed=seed))
        play_random(game, random.Random(seed))
        red, green = set(load_builtin("red").ids()), set(load_builtin("green").ids())
        for e in game.events():
            if e["type"] == "automa_draw":
                assert e["card"] in (red if e["color"] == "red" else green)
            if e["type"] == "automa_shuffle":
                assert set(e["order"]) <= (red if e["color"] == "red" else green)


def test_an_automa_may_play_either_deck_in_any_colour():
    setup = Setup.build([human("red"), automa("yellow", "green"), automa("blue", "red")], seed=3)
    game = Game(setup)
    play_random(game, random.Random(3))
    for e in game.events():
        if e["type"] == "automa_draw":
            assert e["card"][0] == {"yellow": "G", "blue": "R"}[e["color"]]


def test_base_games_never_use_expansion_spaces():
    skipped = 0
    for seed in range(6):
        game = Game(Setup.solo(seed=seed, expansion=False))
        play_random(game, random.Random(seed))
        for e in game.events():
            if e["type"] == "place":
                assert not SPACES[e["space"]].expansion
                for s in e.get("skipped", []):
                    if SPACES[s["space"]].expansion:
                        skipped += 1
                        assert s["why"] == "not in a base game"
            if e["type"] == "answer" and e["question"] == "gems":
                assert "mana" not in e["value"]
            assert not (e["type"] == "answer" and e["question"] == "wizards_cave")
    assert skipped > 0  # the shipped decks do name expansion spaces, so the skipping was exercised


def test_a_game_with_transcribed_decks_records_them_and_replays_with_them():
    """An owner's transcription of the printed cards replaces the built-in deck, and the record carries it."""
    from companion.record.format import game_record, loads
    from companion.rules.automa.deck import load_builtin
    from companion.rules.engine.game import Game
    from companion.rules.setup import Setup

    red = load_builtin("red")
    only_hoard = red.model_copy(update={"cards": tuple(
        c.model_copy(update={"id": f"T{i:02d}", "primary": "treasure_hoard", "secondary": "scout",
                             "tertiary": "tavern_1"}) for i, c in enumerate(red.cards[:3], start=1))})
    game = Game(Setup.solo(seed=5, custom_decks={"red": only_hoard}))
    game.act({"type": "starting_rolls", "rolls": {"blue": 1}})
    while game.decision.kind != "automa_turn" or game.decision.color != "red":
        game.act({"type": "proceed"} if game.decision.kind != "place" else
                 {"type": "place", "space": next(s for s, why in game.decision.details["spaces"].items() if not why)})
    step = game.act({"type": "proceed"})
    place = next(e for e in step if e["type"] == "place")
    assert place["card"].startswith("T") and place["space"] in ("treasure_hoard", "scout", "tavern_1")
    text = game_record(game)
    assert '"custom_decks"' in text.splitlines()[0]
    assert loads(text).events() == game.events()
    assert '"custom_decks"' not in game_record(Game(Setup.solo(seed=5))).splitlines()[0]


def test_an_automa_claimer_draws_first_then_the_walk_starts_from_the_top_of_the_turn_order():
    """App's decision (Rules help): the claimer acts first, then every other player from the top of the turn order
    (not from the seat after the claimer). Order red, blue, green; green claims the Dwarf King: green draws its
    card first, then red, the top of the order; blue, the human, acts at the board after red, unasked."""
    king = deck("green", card("K1", "dwarf_king", "forge", "temple", dwarf_king=2))
    others = deck("red", card("F1", "forge", "temple", "excavate", dwarf_king=4))

    def make(seed):
        game = Game(Setup.solo(seed=seed), decks={"green": king, "red": others})
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        return game

    game = make(find_seed(make, lambda g: g.state.turn_order == ["red", "blue", "green"]))
    game.act(PROCEED)  # red #1 to the Forge
    place(game, "temple")  # blue #1
    step = game.act(PROCEED)  # green #1 claims the Dwarf King
    assert events(step, "place")[0]["space"] == "dwarf_king"
    asked = []
    while game.decision.kind == "question":
        d = game.decision
        asked.append((d.color, d.details["position"], list(d.details.get("after") or [])))
        answer(game, 0)
    # green (the claimer) first, with its own card; then red, first in turn order; blue walks after red
    assert asked == [("green", 2, []), ("red", 4, [])]


def test_no_automa_draws_a_card_when_a_human_claims_the_mine():
    """App's decision (Rules help): at the Mine the automa do nothing, so neither draws a card for it."""
    game = Game(Setup.solo(seed=2))
    game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
    drive(game, until=lambda g: g.decision.kind == "place")
    piles = {c: (list(p.draw), list(p.discard)) for c, p in game.state.decks.items()}
    step = place(game, "mine")
    assert not events(step, "automa_draw")
    assert {c: (list(p.draw), list(p.discard)) for c, p in game.state.decks.items()} == piles


def test_tavern_rewards_corrected_in_settings_are_the_ones_the_automa_takes():
    """Found by the walkthrough: Settings let an owner correct the tavern rewards (estimates) and Rules help showed
    the correction, but the engine kept the shipped values, so an automa on the corrected space took the wrong
    thing. The setup carries the rewards (a game replays with what it was played with); a record of a game played
    with the shipped ones leaves them out, so older records stay byte for byte."""
    from companion.store.settings import Settings, correct, effective_reference
    from companion.ui.new_game.presenter import NewGameForm

    shipped = Setup.solo(seed=1)
    assert "tavern_rewards" not in Game(shipped).header()["setup"]
    ref = effective_reference(correct(Settings(), "tavern_2", ("gems", 1)))
    setup = NewGameForm().setup(seed=1, reference=ref)
    assert setup.tavern_rewards["tavern_2"] == ("gems", 1)
    header = Game(setup).header()
    assert header["setup"]["tavern_rewards"]["tavern_2"] == ["gems", 1]
    assert Setup.model_validate(header["setup"]) == setup

    def make(s):
        game = Game(setup.model_copy(update={"players": [human("blue"), automa("red", "red")], "seed": s}),
                    decks={"red": deck("red", *only("tavern_2"))})
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        return game

    game = make(find_seed(make, lambda g: g.state.turn_order[0] == "red"))
    step = game.act(PROCEED)
    assert events(step, "place")[0]["space"] == "tavern_2" and not events(step, "gain")
    assert game.decision.kind == "question" and game.decision.details["count"] == 1
