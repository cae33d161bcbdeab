"""The engine's speed-ups decide exactly what the plain code they replaced decided."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.board.dragon import resolve_attack
from companion.rules.engine.dragon_attack import DragonAttack
from companion.rules.engine.game import Game
from companion.rules.engine.rng import _GAMMA, _LIMITS, _MASK, _MIX1, _MIX2, Rng, _outputs
from companion.rules.setup import Setup
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup


@given(st.integers(0, 2**64 - 1), st.integers(0, len(_LIMITS) + 5))
def test_a_shuffle_is_the_plain_fisher_yates_of_below(seed, length):
    items = list(range(length))
    plain, rng = list(items), Rng(seed)
    for i in range(length - 1, 0, -1):
        j = rng.below(i + 1)
        plain[i], plain[j] = plain[j], plain[i]
    fast = Rng(seed)
    assert fast.shuffled(items) == plain and fast.state == rng.state


@given(st.integers(0, 2**64 - 1), st.integers(1, 130))
def test_the_packed_outputs_are_the_generators_next_outputs(state, count):
    rng = Rng(state)
    assert list(_outputs(state, count)) == [rng.next64() for _ in range(count)]


def _unshift(y: int, s: int) -> int:
    z = y
    for _ in range(64 // s + 1):
        z = y ^ (z >> s)
    return z


def _state_before(output: int) -> int:
    """The state whose next64() returns ``output`` (SplitMix64's mix is a bijection: undone step by step)."""
    z = (_unshift(output, 31) * pow(_MIX2, -1, 2**64)) & _MASK
    z = (_unshift(z, 27) * pow(_MIX1, -1, 2**64)) & _MASK
    return (_unshift(z, 30) - _GAMMA) & _MASK


@pytest.mark.parametrize("length, draw", [(30, 1), (30, 17), (12, 11), (3, 2)])
def test_a_shuffle_with_a_rejected_draw_is_still_the_plain_fisher_yates(length, draw):
    # The draw-th number is the largest there is: below(n) rejects it and draws again.
    start = (_state_before(_MASK) - (draw - 1) * _GAMMA) & _MASK
    rng = Rng(start)
    for _ in range(draw - 1):
        rng.next64()
    assert rng.next64() == _MASK
    plain, rng = list(range(length)), Rng(start)
    for i in range(length - 1, 0, -1):
        j = rng.below(i + 1)
        plain[i], plain[j] = plain[j], plain[i]
    fast = Rng(start)
    assert fast.shuffled(range(length)) == plain and fast.state == rng.state


def _plain_decides(self, task, color):
    """Whether a die decides the fight, as it was first written: every face's defences made from scratch."""
    fight = task["fight"]

    def result(face):
        if self.fixed.setup.variant == "rahdo":
            dice = dict.fromkeys(fight["dice"], face)
        else:
            dice = {**fight["dice"], color: face}
        r = resolve_attack(fight["tile"].strength, self.defences(fight, dice), self.state.turn_order)
        return r.winner, tuple(r.losers)

    first = result(1)
    return any(result(face) != first for face in range(2, 7))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["standard", "rahdo"]), st.sampled_from([1, 2]))
def test_a_fight_pauses_for_the_same_dice_as_with_the_plain_check(seed, variant, humans):
    base = sim_setup(seed, humans, "hard", True)
    setup = Setup.build(list(base.players), variant=variant, seed=seed)
    fast = play(Game(setup), Bot("random", seed))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DragonAttack, "decides", _plain_decides)
        plain = play(Game(setup), Bot("random", seed))
    assert fast.events() == plain.events()


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 20), st.lists(st.integers(0, 20), min_size=1, max_size=4), st.booleans(), st.data())
def test_a_fight_result_changes_with_some_face_exactly_when_faces_1_and_6_differ(strength, rest, shared, data):
    """What ``DragonAttack.decides`` rests on: as the open die goes up, the result never comes back to one it left."""
    order = ["blue", "red", "green", "yellow"][: len(rest)]
    owner = data.draw(st.sampled_from(order))

    def result(face):
        defences = {c: d + (face if shared or c == owner else 0) for c, d in zip(order, rest, strict=True)}
        r = resolve_attack(strength, defences, order)
        return r.winner, tuple(r.losers)

    results = [result(face) for face in range(1, 7)]
    assert (results[0] != results[-1]) == (len(set(results)) > 1)
    seen = [results[0]]
    for r in results[1:]:
        if r != seen[-1]:
            assert r not in seen  # never back to a result it left
            seen.append(r)


@pytest.mark.parametrize("stash", ["app", "table"])
def test_a_walk_ends_with_its_last_automa_to_draw(stash):
    """A walk waiting behind a question always has an automa left to draw: the humans after the last one walk
    without the app, so the walk is over when that automa has drawn (one turn of the run loop less)."""
    for seed in range(1, 6):
        game = Game(sim_setup(seed, 1, "hard", True, stash=stash))
        bot = Bot("random", seed)
        automa = {p.color for p in game.setup.automa}
        while not game.finished:
            for task in game.state.tasks:
                if task["kind"] == "walk":
                    assert set(task["queue"]) & automa
            game.act(bot.input_for(game))
