"""Shared by the automa choice test modules (tests/rules/automa/test_choices_*.py): a game of one human and the
red automa playing a given deck, and a one-card deck that tries a given space first."""

from __future__ import annotations

from engine_helpers import automa, card, deck, find_seed, human

from companion.rules.engine.game import Game
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
