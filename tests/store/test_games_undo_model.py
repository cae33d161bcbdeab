"""The game store against an in-memory model of undo and redo: random appends, undos, redos and reopenings
(Hypothesis) leave the store's events, undone steps, revision and step count equal to the model's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import Store, StoreConflict
from tests.store.games_helpers import HEADER

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(1, 4), json_values),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
        st.tuples(st.just("reopen")),
    ),
    max_size=25,
)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("model")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup_events=st.integers(0, 3), ops=operations)
def test_store_matches_an_in_memory_model(model_dir, setup_events, ops):
    s = Store.open(model_dir)
    live: list[list[dict]] = [[{"seq": 1 + i, "step": 0, "type": "setup"} for i in range(setup_events)]]
    redo: list[list[dict]] = []  # most recently undone last
    gid = s.create_game(HEADER, events=live[0])
    revision = 0
    try:
        for op in ops:
            if op[0] == "append":
                _, n, data = op
                seq = sum(map(len, live)) + 1
                step = [{"seq": seq + i, "step": len(live), "type": "t", "data": data} for i in range(n)]
                s.append_step(gid, step, expect_revision=revision)
                live.append(step)
                redo.clear()
            elif op[0] == "undo":
                if not live:
                    with pytest.raises(StoreConflict):
                        s.undo_step(gid, expect_revision=revision)
                    continue
                assert s.undo_step(gid, expect_revision=revision) == len(live) - 1
                redo.append(live.pop())
            elif op[0] == "redo":
                if not redo:
                    with pytest.raises(StoreConflict):
                        s.redo_step(gid, expect_revision=revision)
                    continue
                assert s.redo_step(gid, expect_revision=revision) == redo[-1]
                live.append(redo.pop())
            else:
                s.close()
                s = Store.open(model_dir)
                continue
            revision += 1
            saved = s.load(gid)
            assert saved.events == [e for step in live for e in step]
            assert saved.redo_steps == redo
            assert (saved.revision, saved.steps) == (revision, len(live))
    finally:
        s.close()
