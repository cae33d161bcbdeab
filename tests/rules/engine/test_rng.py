"""The game's generator: ``below`` (with SplitMix64 written out for speed) draws exactly what the definition
draws, so seeds keep giving the same dice and shuffles."""

from hypothesis import given
from hypothesis import strategies as st

from companion.rules.engine.rng import Rng

MASK = (1 << 64) - 1


def _reference_below(state: int, n: int) -> tuple[int, int]:
    """SplitMix64 and rejection sampling as defined, one step at a time: (value, state after)."""
    limit = MASK - (MASK + 1) % n
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        x = z ^ (z >> 31)
        if x <= limit:
            return x % n, state


@given(st.integers(0, MASK), st.lists(st.one_of(st.integers(1, 200), st.integers(1, MASK)), max_size=30))
def test_below_draws_what_the_definition_draws(seed, bounds):
    rng, state = Rng(seed), seed
    for n in bounds:
        value, state = _reference_below(state, n)
        assert rng.below(n) == value and rng.state == state


@given(st.integers(0, MASK), st.integers(0, 60))
def test_a_shuffle_is_fisher_yates_on_below(seed, size):
    expected, state = list(range(size)), seed
    for i in range(size - 1, 0, -1):
        j, state = _reference_below(state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng = Rng(seed)
    assert rng.shuffled(list(range(size))) == expected and rng.state == state


def test_next64_and_below_share_one_stream():
    a, b = Rng(99), Rng(99)
    a.next64()
    _, state = _reference_below(99, 1)  # below(1) accepts the first number drawn
    b.below(1)
    assert a.state == b.state == state
