"""The record's one kept JSON encoder writes exactly what ``json.dumps`` writes, and refuses what it refuses."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.oneline import json_escaped
from companion.record import _LINE_MARK, _encode, dumps

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


def _line_by_line(header, events) -> str:
    return json_escaped("\n".join(json.dumps(v, separators=(",", ":"), ensure_ascii=False)
                                  for v in [header, *events]) + "\n")


@given(st.lists(st.dictionaries(st.text(), _JSON, max_size=4), max_size=5))
def test_a_record_encoded_in_one_call_is_its_lines_encoded_one_by_one(events):
    assert dumps({"format": "x"}, events) == _line_by_line({"format": "x"}, events)


@pytest.mark.parametrize("inside", [
    _LINE_MARK, [_LINE_MARK], {"k": [1, _LINE_MARK, 2]}, {_LINE_MARK: _LINE_MARK}, "," + _LINE_MARK + ",",
])
def test_an_event_holding_the_line_mark_is_still_written_as_it_is(inside):
    # The mark that stands between lines while a record is encoded in one call: an event that holds its text
    # makes the count come out wrong, and the record is written line by line instead.
    events = [{"seq": 1, "a": inside}, {"seq": 2, "b": [inside, inside]}, {"seq": 3}]
    text = dumps({"format": "x"}, events)
    assert text == _line_by_line({"format": "x"}, events)
    assert [json.loads(line) for line in text.splitlines()[1:]] == events
