"""The automa (expansion "Automa Decks"): where a card places the dwarf: primary, else secondary, else tertiary,
dislodging a shorter beard, a card with no open space discarded and the next one drawn."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PROCEED, automa, card, deck, drive, events, find_seed, human, place, play_random

from companion.rules.automa import choices as automa_rules
from companion.rules.automa.deck import load_builtin
from companion.rules.board.occupants import Occupant
from companion.rules.board.spaces import SPACES
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from tests.rules.automa.choices_helpers import one_automa_game, only

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
          until=lambda g: (g.decision.color, getattr(g.decision, "dwarf", None)) == ("blue", 3))
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
