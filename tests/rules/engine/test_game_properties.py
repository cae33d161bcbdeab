"""Properties of random legal games (hypothesis picks the table, the seed and the random player's seed):
no dwarf is ever lost or doubled, placements follow the beard order, undo equals replaying the log, undo is
never a free re-roll, and every record round-trips and replays to the same state. Games are played under the
current rules version, and some under version 3 too (``VERSIONS``): games stored before version 4's dragon fight
play on under it."""

from __future__ import annotations

import random

from engine_helpers import (
    PROCEED,
    automa,
    dwarf_places,
    expected_placer,
    human,
    play_random,
    random_input,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.record import format as record
from companion.rules.engine.game import RULES_VERSION, Game, input_of
from companion.rules.engine.summary import game_summary
from companion.rules.setup import Options, Setup

COLORS = ("blue", "yellow", "red", "green")

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw) -> Setup:
    """Any table the app supports: solo, humans with one automa, humans only; either edition; standard or
    Rahdo; the custom automa options; the app drawing the automa's axes or the table entering them."""
    humans = draw(st.integers(1, 4))
    automa_count = 2 if humans == 1 else draw(st.integers(0, min(1, 4 - humans)))
    players = [human(c) for c in COLORS[:humans]]
    decks = draw(st.permutations(["red", "green"]))
    players += [automa(c, decks[i], draw(st.sampled_from(["easy", "hard", "punishing"])))
                for i, c in enumerate(COLORS[humans:humans + automa_count])]
    options = Options()
    if automa_count and humans <= 3:
        options = Options(extra_dwarf=draw(st.booleans()), one_round_fewer=draw(st.booleans()))
    return Setup.build(players, expansion=draw(st.booleans()), variant=draw(st.sampled_from(["standard", "rahdo"])),
                       options=options, seed=draw(st.integers(0, 2**40)), virtual_axes=draw(st.booleans()))


SEEDS = st.integers(0, 2**32)
#: The rules versions a game in play may be under: the current one, and version 3 (the fight's dice after its tile).
VERSIONS = st.sampled_from([RULES_VERSION, 3])


# ---------------------------------------------------------------------------------------- every step


def check_dwarves(game: Game) -> None:
    """Each dwarf of each player is in exactly one of: its bed, one space, the capture box, benched (from the
    moment the starting rolls have set the beds)."""
    if game.state.phase == "start":
        assert not any(game.state.beds.values()) and not game.state.board
        return
    n = game.setup.dwarves
    places = dwarf_places(game)
    assert set(places) == {(p.color, d) for p in game.setup.players for d in range(1, n + 1)}, places
    doubled = {k: v for k, v in places.items() if len(v) != 1}
    assert not doubled, f"dwarves lost or in two places: {doubled}"


@FAST
@given(setup=setups(), chooser=SEEDS, version=VERSIONS)
def test_dwarves_are_never_lost_or_duplicated(setup, chooser, version):
    game = Game(setup, version=version)
    check_dwarves(game)
    play_random(game, random.Random(chooser), after=lambda g, inp, step: check_dwarves(g))
    assert game.finished


@FAST
@given(setup=setups(), chooser=SEEDS)
def test_every_placement_is_the_lowest_beard_in_a_bed_ties_by_turn_order(setup, chooser):
    game = Game(setup)
    before: dict = {}
    placed = 0

    def snapshot(g: Game) -> None:
        before["order"] = list(g.state.turn_order)
        before["beds"] = {c: set(b) for c, b in g.state.beds.items()}
        before["board"] = dict(g.state.board)

    def check(g: Game, inp: dict, step: list[dict]) -> None:
        nonlocal placed
        places = [e for e in step if e["type"] == "place" and not e.get("golem")]
        assert len(places) <= 1
        for e in places:
            placed += 1
            assert (e["color"], e["dwarf"]) == expected_placer(before["order"], before["beds"])
            occ = before["board"].get(e["space"])
            assert e["dislodged"] == (occ.as_fact() if occ else None)
        # a human is asked to place only when some space is open to that dwarf
        d = g.decision
        if d.kind == "place":
            assert expected_placer(g.state.turn_order, g.state.beds) == (d.color, d.dwarf)
            assert None in d.spaces.values()

    play_random(game, random.Random(chooser), before=snapshot, after=check)
    assert placed >= setup.rounds * len(setup.players)


@FAST
@given(setup=setups(), chooser=SEEDS)
def test_deck_piles_and_the_dragon_stay_consistent(setup, chooser):
    game = Game(setup)
    track = setup.dragon_track

    def check(g: Game, inp: dict, step: list[dict]) -> None:
        for p in setup.automa:
            piles = g.state.decks[p.color]
            assert sorted(piles.draw + piles.discard) == sorted(g.decks[p.color].ids())
        # an attack waits for the table's inputs, or (rules version 2) for a fight die's "keep or re-roll"
        attacking = any(t["kind"] == "attack" for t in g.state.tasks)
        assert 0 <= g.state.dragon <= track and (g.state.dragon == track) == attacking
        for i, e in enumerate(step):
            if e["type"] == "attack":  # after every attack the dragon goes back to the start of its track
                assert {"type": "dragon", "position": 0}.items() <= next(
                    x for x in step[i:] if x["type"] == "dragon").items()
        seqs = [e["seq"] for e in step]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
        assert all(e["step"] == len(g.steps) - 1 for e in step)

    play_random(game, random.Random(chooser), after=check)
    evs = game.events()
    assert [e["seq"] for e in evs] == list(range(1, len(evs) + 1))


# ---------------------------------------------------------------------------------------- undo


def play_some(setup: Setup, chooser: int, steps: int, version: int = RULES_VERSION) -> tuple[Game, list[dict]]:
    """Play up to ``steps`` random inputs under rules ``version``; returns the game and the summary after every
    step (index 0 is the setup)."""
    game = Game(setup, version=version)
    rnd = random.Random(chooser)
    summaries = [game_summary(game)]
    for _ in range(steps):
        if game.finished:
            break
        game.act(random_input(game, rnd))
        summaries.append(game_summary(game))
    return game, summaries


@FAST
@given(setup=setups(), chooser=SEEDS, length=st.integers(1, 60), data=st.data())
def test_undoing_to_any_step_equals_replaying_the_log_up_to_it(setup, chooser, length, data):
    game, summaries = play_some(setup, chooser, length)
    n = len(game.steps) - 1
    k = data.draw(st.integers(0, n), label="undo back to step")
    prefix = [e for step in game.steps[: k + 1] for e in step]
    replayed = Game.from_events(setup, prefix)
    for _ in range(n - k):
        game.undo()
    assert game_summary(game) == game_summary(replayed) == summaries[k]
    assert game.events() == replayed.events() == prefix
    # and redo brings every step back
    for _ in range(n - k):
        game.redo()
    assert game_summary(game) == summaries[n]


@FAST
@given(setup=setups(), chooser=SEEDS, length=st.integers(1, 120), again=st.integers(1, 3))
def test_undo_then_the_same_input_gives_the_same_dice_and_cards(setup, chooser, length, again):
    """Undo is never a free re-roll: the same input after an undo produces exactly the same facts."""
    game, _ = play_some(setup, chooser, length)
    steps = [list(s) for s in game.steps]
    again = min(again, len(steps) - 1)
    for _ in range(again):
        game.undo()
    for step in steps[len(steps) - again:]:
        first = step[0]
        produced = game.act(input_of(first) if first.get("input") else PROCEED)
        assert produced == step
    assert game.steps == steps


# ---------------------------------------------------------------------------------------- records


@FAST
@given(setup=setups(), chooser=SEEDS, length=st.integers(1, 400), version=VERSIONS)
def test_every_record_round_trips_unchanged(setup, chooser, length, version):
    game, _ = play_some(setup, chooser, length, version)
    text = record.dumps(game.header(), game.events())
    again = record.loads(text)
    assert again.version == version
    assert again.events() == game.events()
    assert game_summary(again) == game_summary(game)
    assert record.dumps(again.header(), again.events()) == text


@FAST
@given(setup=setups(), chooser=SEEDS, version=VERSIONS)
def test_a_simulated_record_replays_to_the_same_final_state(setup, chooser, version):
    game = Game(setup, version=version)
    play_random(game, random.Random(chooser))
    replayed = record.loads(record.game_record(game))
    assert replayed.finished
    assert game_summary(replayed) == game_summary(game)
    assert {c: replayed.automa_line(c) for c in replayed.state.stash} == {
        c: game.automa_line(c) for c in game.state.stash}
