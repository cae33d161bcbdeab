"""The automa (expansion "Automa Decks"): how its deck is drawn, discarded and reshuffled, which deck and spaces
a game uses (transcribed decks, base games, corrected tavern rewards), and who draws for an all-play."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_helpers import PROCEED, answer, automa, card, deck, drive, events, find_seed, human, place, play_random

from companion.rules.automa.deck import load_builtin
from companion.rules.board.spaces import SPACES
from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from tests.rules.automa.choices_helpers import one_automa_game, only

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
                 {"type": "place", "space": next(s for s, why in game.decision.spaces.items() if not why)})
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
        asked.append((d.color, d.position, list(d.after or [])))
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
    assert game.decision.kind == "question" and game.decision.gem_count == 1
