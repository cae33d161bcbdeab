"""Every sentence of many simulated games reads as plain words: the log, every undo label, every "On the
board" instruction and every decision's prompt (no id, no Python value, no wrong plural or article).

Games come from the simulator's bots (``companion.sim``: the table's answers, attacks and final scores) and from
the engine tests' random player, which also casts spells, moves the golem, takes special tiles and corrects
the model, so every kind of event is said at least once over the run.
"""

from __future__ import annotations

import random

from engine_helpers import play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plain_words import assert_plain

from companion.cli.commands.log import lines as log_lines
from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.rules.words import board_instructions, describe, step_label
from companion.rules.words.decisions import prompt
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sentences(game: Game, prompts: list[str]) -> list[str]:
    """Everything ``treasure-companion log`` and the round screen say of this game, and the prompts seen."""
    out = [*prompts, *log_lines(game)]
    for step in game.steps:
        out.append(step_label(step))
        out += [describe(e) for e in step]
        out += board_instructions(step, game.setup.dragon_track)
    return out


def prompt_recorder(prompts: list[str]):
    def before(game: Game, *_) -> None:
        prompts.append(prompt(game.decision))

    return before


@FAST
@given(
    seed=st.integers(0, 2**32),
    humans=st.sampled_from([1, 2]),
    difficulty=st.sampled_from(["easy", "hard", "punishing"]),
    expansion=st.booleans(),
    bot=st.sampled_from(["random", "greedy"]),
)
def test_simulated_games_are_told_in_plain_words(seed, humans, difficulty, expansion, bot):
    game = Game(sim_setup(seed, humans, difficulty, expansion))
    prompts: list[str] = []
    record = prompt_recorder(prompts)
    play(game, Bot(bot, seed), on_step=lambda _step: record(game))
    assert_plain(sentences(game, prompts), f"seed {seed}, {humans} human(s), {difficulty}, expansion={expansion}")


@FAST
@given(
    seed=st.integers(0, 2**32),
    expansion=st.booleans(),
    variant=st.sampled_from(["standard", "rahdo"]),
    automa=st.sampled_from([0, 1, 2]),
)
def test_games_with_spells_golems_and_corrections_are_told_in_plain_words(seed, expansion, variant, automa):
    humans = ["blue"] if automa == 2 else ["blue", "yellow"]
    players = [Player(color=c, kind="human") for c in humans]
    players += [Player(color=c, kind="automa", deck=c, difficulty="hard") for c in ("red", "green")[:automa]]
    game = Game(Setup.build(players, expansion=expansion, seed=seed, variant=variant))
    prompts: list[str] = []
    play_random(game, random.Random(seed), before=prompt_recorder(prompts))
    assert_plain(sentences(game, prompts), f"seed {seed}, expansion={expansion}, {variant}, {automa} automa")
