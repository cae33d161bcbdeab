"""Routing: each input is taken while the game waits for the decisions below, and any other input the game does
not wait for is refused with what it waits for, the game unchanged."""

import pytest

from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.inputs import INPUTS
from companion.rules.names import DECISION_KINDS
from companion.rules.setup import Setup
from companion.rules.words.refusals import refusal
from companion.sim.bots import Bot
from tests.rules.engine.test_inputs import WRITTEN

#: Any time of the game (its part checks the game's phase).
ANY = frozenset(DECISION_KINDS)
#: Input type -> the decisions it is taken at (the golem, any time between dwarf actions, is tested with it).
ROUTES: dict[str, frozenset[str]] = {
    "proceed": frozenset({"automa_turn", "roll", "keep_roll", "next_round", "starting_rolls", "attack_dice"}),
    "starting_rolls": frozenset({"starting_rolls"}),
    "place": frozenset({"place"}),
    "roll": frozenset({"roll"}),
    "reroll": frozenset({"keep_roll"}),
    "answer": frozenset({"question"}),
    "attack_dice": frozenset({"attack_dice"}),
    "attack_input": frozenset({"attack"}),
    "game_end": frozenset({"final_scores"}),
    "spell": ANY,
    "special_tile": ANY,
    "correction": ANY,
}
#: An input of each type in its JSON form (a dwarf's placement, not the golem's).
SAMPLE = {written["type"]: written for written, _ in reversed(WRITTEN) if not written.get("golem")}


def test_every_input_type_is_routed():
    assert ROUTES.keys() == INPUTS.keys() == SAMPLE.keys()


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
            if waits_for not in ROUTES[kind]]


@pytest.mark.parametrize(("kind", "waits_for"), UNROUTED)
def test_an_input_without_a_route_for_the_decision_is_refused_and_changes_nothing(kind, waits_for):
    game = Game.from_events(GAMES[waits_for].setup, GAMES[waits_for].events())
    before = game.events()
    with pytest.raises(IllegalInput) as refused:
        game.act(SAMPLE[kind])
    assert (refused.value.code, refused.value.fields) == ("not_now", {"input": kind, "waiting": waits_for})
    assert str(refused.value) == refusal("not_now", {"input": kind, "waiting": waits_for})
    assert game.events() == before and game.decision.kind == waits_for


def test_a_refusal_for_the_wrong_time_says_the_input_and_the_decision_in_words():
    game = GAMES["starting_rolls"]
    with pytest.raises(IllegalInput) as refused:
        game.act(SAMPLE["attack_input"])
    assert str(refused.value) == "The dragon attack is not possible now: the game waits for the starting rolls"


def test_random_play_reaches_every_decision_a_solo_game_has():
    # "roll" and "keep_roll" come with the app's dice for a human; the random bot answers the rest.
    assert {"starting_rolls", "place", "automa_turn", "question", "attack_dice", "attack", "next_round",
            "final_scores", "over"} <= GAMES.keys()


def test_an_unknown_input_and_an_input_without_a_type_text_are_named():
    game = Game(Setup.solo(seed=1))
    with pytest.raises(IllegalInput, match="unknown input 'jump'"):
        game.act({"type": "jump"})
    with pytest.raises(IllegalInput, match="type: the input's type must be a text"):
        game.act({"type": 3})
