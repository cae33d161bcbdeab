"""The one routing table: every input type has its routes, and an input the game does not wait for is refused
with what it waits for, the game unchanged."""

import pytest

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.inputs import INPUT_TYPES
from companion.rules.engine.routes import ANY, ROUTES
from companion.rules.setup import Setup
from companion.sim.bots import Bot

#: The decisions a game may wait for (``Decision.kind``), "over" included.
DECISION_KINDS = ("starting_rolls", "place", "automa_turn", "roll", "keep_roll", "question", "attack",
                  "next_round", "final_scores", "over")


def test_every_input_type_has_routes_and_the_table_holds_no_other():
    assert ROUTES.keys() == INPUT_TYPES | {"proceed"}
    for by_decision in ROUTES.values():
        assert by_decision.keys() <= {*DECISION_KINDS, ANY}


def games_at_each_decision() -> dict[str, Game]:
    """A game waiting for each decision kind that random play reaches in a few seeds (the first found)."""
    found: dict[str, Game] = {}
    for seed in range(1, 4):
        game, bot = Game(Setup.solo(seed=seed)), Bot("random", seed)
        while True:
            kind = game.decision.kind
            if kind not in found:
                found[kind] = Game.from_events(game.setup, game.events())
            if game.finished:
                break
            game.act(bot.input_for(game))
    return found


GAMES = games_at_each_decision()


#: Each (input type, decision) the table has no route for: a routed pair is the phase's to check (its own tests).
UNROUTED = [(kind, waits_for) for kind in sorted(ROUTES) for waits_for in sorted(GAMES)
            if waits_for not in ROUTES[kind] and ANY not in ROUTES[kind]]


@pytest.mark.parametrize(("kind", "waits_for"), UNROUTED)
def test_an_input_without_a_route_for_the_decision_is_refused_and_changes_nothing(kind, waits_for):
    game = Game.from_events(GAMES[waits_for].setup, GAMES[waits_for].events())
    before = game.events()
    with pytest.raises(IllegalInput) as refused:
        game.act({"type": kind})
    assert str(refused.value) == f"'{kind}' is not possible now: the game waits for {waits_for}"
    assert game.events() == before and game.decision.kind == waits_for


def test_random_play_reaches_every_decision_a_solo_game_has():
    # "roll" and "keep_roll" come with the app's dice for a human; the random bot answers the rest.
    assert {"starting_rolls", "place", "automa_turn", "question", "attack", "next_round", "final_scores",
            "over"} <= GAMES.keys()


def test_an_unknown_input_and_an_input_without_a_type_text_are_named():
    game = Game(Setup.solo(seed=1))
    with pytest.raises(IllegalInput, match="unknown input 'jump'"):
        game.act({"type": "jump"})
    with pytest.raises(IllegalInput, match="type: the input's type must be a text"):
        game.act({"type": 3})
