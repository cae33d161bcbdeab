"""The record's one kept JSON encoder writes exactly what ``json.dumps`` writes, and refuses what it refuses."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.record import _encode, dumps

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), _JSON, max_size=6))
def test_a_line_is_what_json_dumps_writes(value):
    assert _encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@given(st.lists(st.dictionaries(st.text(), _JSON, max_size=4), max_size=5))
def test_a_record_escapes_every_line_break_a_reader_might_split_on(events):
    text = dumps({"format": "x"}, events)
    assert text.split("\n")[:-1] == text.splitlines() and len(text.splitlines()) == len(events) + 1
    assert [json.loads(line) for line in text.splitlines()[1:]] == events


@pytest.mark.parametrize("value, error", [({"a": {1, 2}}, TypeError), ({"a": float("nan")}, None)])
def test_what_json_dumps_refuses_is_refused_the_same_way(value, error):
    if error is None:
        assert _encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        return
    with pytest.raises(error):
        _encode(value)


def test_a_cycle_is_refused_as_json_dumps_refuses_it():
    value: dict = {}
    value["self"] = value
    with pytest.raises(ValueError, match="Circular"):
        _encode(value)
