"""orjson writes a record's lines only where it writes exactly what ``json.dumps`` writes
(``companion.record.plain_json``): every plain value the same text, anything else handed back to the standard
encoder."""

import enum
import json
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.record.format import _encode_lines, _standard_lines
from companion.record.plain_json import MAX_LEVELS, fast_lines, is_plain
from companion.rules.engine.game import Game
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup

lines = fast_lines()
pytestmark = pytest.mark.skipif(lines is None, reason="orjson is not installed: every record takes the standard path")


def _dumps(values) -> str:
    return "\n".join(json.dumps(v, separators=(",", ":"), ensure_ascii=False) for v in values)


def test_every_character_is_written_as_json_dumps_writes_it():
    # Escaping is one character at a time: every code point but the surrogates, alone and between others.
    points = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    texts = ["".join(map(chr, points[i:i + 512])) for i in range(0, len(points), 512)]
    values = [{"alone": [chr(c) for c in points[i:i + 512]], "run": text, text: 1} for i, text in enumerate(texts)]
    assert lines(values) == _dumps(values)


@pytest.mark.parametrize("number", [0, -1, 2**63 - 1, -(2**63), 2**64 - 1, 10**18])
def test_a_whole_number_in_64_bits_is_written_as_json_dumps_writes_it(number):
    values = [{"n": number, "in": [number, {"k": number}]}]
    assert lines(values) == _dumps(values)


class _Colour(enum.Enum):
    RED = 1


class _Number(enum.IntEnum):
    ONE = 1


class _Text(str):
    pass


class _Dict(dict):
    pass


@pytest.mark.parametrize("odd", [1.5, 1e16, float("nan"), float("inf"), (1, 2), _Colour.RED, _Number.ONE, _Text("a"),
                                 _Dict(a=1), uuid.UUID(int=1), b"x", {1, 2}])
def test_a_value_of_another_type_anywhere_is_not_plain(odd):
    for where in ({"v": odd}, {"v": [1, {"w": [odd]}]}):
        assert not is_plain([{"seq": 1}, where])
        assert lines([where]) is None


@pytest.mark.parametrize("value", [{1: 2}, {_Text("k"): 1}, {"a": 2**64}, {"a": -(2**63) - 1}, {"a": "\ud800"}])
def test_what_orjson_refuses_inside_plain_values_goes_back_to_the_standard_encoder(value):
    assert lines([value]) is None
    assert _encode_lines([{"h": 1}, value]) == _standard_lines([{"h": 1}, value])


def test_a_cycle_or_a_nesting_deeper_than_looked_at_is_not_plain():
    cycle: dict = {}
    cycle["self"] = [cycle]
    deep: list = []
    inner = deep
    for _ in range(MAX_LEVELS + 1):
        inner.append([])
        inner = inner[0]
    assert not is_plain([cycle]) and not is_plain([{"deep": deep}])
    assert is_plain([{"ok": [[[]]]}])
    with pytest.raises(ValueError, match="Circular"):
        _encode_lines([{"h": 1}, cycle])


_SCALAR = (st.none() | st.booleans() | st.integers() | st.text() | st.floats() | st.sampled_from([_Colour.RED,
           _Number.ONE, _Text("t"), (1,)]))
_VALUE = st.recursive(_SCALAR, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text() | st.integers(), inner, max_size=4), max_leaves=25)


@given(st.lists(st.dictionaries(st.text(), _VALUE, max_size=5), min_size=1, max_size=6))
def test_lines_are_what_json_dumps_writes_whichever_encoder_writes_them(values):
    try:
        expected = _dumps(values)
    except (TypeError, ValueError) as exc:  # what json.dumps refuses, the record writer refuses the same way
        with pytest.raises(type(exc)):
            _encode_lines(values)
        return
    assert _encode_lines(values) == expected
    fast = lines(values)
    assert fast is None or fast == expected


@pytest.mark.parametrize("humans, expansion, stash", [(1, True, "app"), (1, False, "table"), (2, True, "table")])
def test_a_simulated_game_record_is_plain_and_written_by_orjson_as_json_dumps_writes_it(humans, expansion, stash):
    for seed in range(8):
        game = play(Game(sim_setup(seed, humans, "hard", expansion, stash=stash)), Bot("random", seed))
        values = [game.header(), *game.events()]
        assert is_plain(values)
        assert lines(values) == _dumps(values)
