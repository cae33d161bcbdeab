"""The game store's steps: round trips with undo and redo, a game created with its first steps, bad steps refused
without a write, unknown or impossible game ids, and the revision that catches a change made elsewhere."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.store import GameNotFound, Store, StoreConflict
from tests.store.games_helpers import HEADER, Log


def test_round_trip_with_undo_and_redo(tmp_path):
    log = Log()
    started = datetime(2025, 6, 1, 18, 30, 5, 123456, tzinfo=UTC)
    with Store.open(tmp_path) as s:
        gid = s.create_game(HEADER, started=started)
        for n in (3, 1, 2, 4):
            s.append_step(gid, log.step(n, payload={"nested": [1, 2.5, None, "é"]}))
        assert s.load(gid).events == log.events
        assert s.undo_step(gid) == 4
        assert s.undo_step(gid) == 3
        undone = [log.undo(), log.undo()]
        saved = s.load(gid)
        assert saved.events == log.events and saved.steps == 3
        assert saved.redo_steps == undone  # the most recently undone (step 3) last
        assert s.redo_step(gid) == undone[-1]
        log.steps.append(undone.pop())
    with Store.open(tmp_path) as s:  # a new process sees exactly the same
        saved = s.load(gid)
        assert saved.header == HEADER
        assert saved.events == log.events
        assert saved.redo_steps == undone
        assert saved.revision == 4 + 3
        assert s.list_games()[0].started == started
        s.append_step(gid, log.step(1))  # a new step after an undo discards what was left to redo
        saved = s.load(gid)
        assert saved.events == log.events and saved.redo_steps == []
        with pytest.raises(StoreConflict, match="no undone step"):
            s.redo_step(gid)


def test_create_game_with_its_first_steps_in_one_go(store):
    log = Log()
    log.step(3), log.step(1), log.step(2)
    gid = store.create_game(HEADER, events=log.events)  # step 0 has no events
    assert store.load(gid).events == log.events and store.load(gid).steps == 4
    store.append_step(gid, log.step(1))
    assert store.undo_step(gid) == 4
    with_setup = store.create_game(HEADER, events=[{"seq": 1, "step": 0, "type": "shuffle"}])
    assert store.load(with_setup).steps == 1
    with pytest.raises(ValueError, match="seq 5 where seq 4"):  # a step is missing
        store.create_game(HEADER, events=log.steps[1] + log.steps[3])
    with pytest.raises(ValueError, match="step 1 comes after step 2"):
        store.create_game(HEADER, events=[{**e, "step": 2} for e in log.steps[1]]
                          + [{**e, "step": 1} for e in log.steps[2]])
    assert len(store.list_games()) == 2  # nothing half-created


def test_bad_steps_are_refused_and_nothing_is_written(store):
    log = Log()
    gid = store.create_game(HEADER)
    store.append_step(gid, log.step(2))
    before = store.load(gid)
    good = Log()
    good.steps = [list(s) for s in log.steps]
    nxt = good.step(2)
    cases = {
        "no events": [],
        "mixed steps": [nxt[0], {**nxt[1], "step": nxt[1]["step"] + 1}],
        "seq gap": [nxt[0], {**nxt[1], "seq": nxt[1]["seq"] + 1}],
        "seq not after the last": [{**e, "seq": e["seq"] + 5} for e in nxt],
        "a tuple": [nxt[0], {**nxt[1], "xs": (1, 2)}],
        "an int key": [nxt[0], {**nxt[1], "m": {1: "a"}}],
        "nan": [nxt[0], {**nxt[1], "x": float("nan")}],
        "no type": [nxt[0], {k: v for k, v in nxt[1].items() if k != "type"}],
        "bool seq": [{**nxt[0], "seq": True}],
    }
    for name, events in cases.items():
        try:
            store.append_step(gid, events)
        except ValueError:
            pass
        else:
            pytest.fail(f"{name}: accepted")
        assert store.load(gid) == before, name
    with pytest.raises(StoreConflict, match="step 5 is not the next step"):
        store.append_step(gid, [{**e, "step": 5} for e in nxt])
    assert store.load(gid) == before
    store.append_step(gid, nxt)
    assert store.load(gid).events == good.events


def test_empty_steps_and_nothing_to_undo(store):
    gid = store.create_game(HEADER)  # only the setup step 0, without events
    with pytest.raises(StoreConflict, match="no undone step to redo"):
        store.redo_step(gid)
    assert store.undo_step(gid) == 0  # the engine never asks this, but the store can
    assert store.load(gid).redo_steps == [[]]
    with pytest.raises(StoreConflict, match="no step to undo"):
        store.undo_step(gid)
    assert store.redo_step(gid) == []
    assert store.load(gid).steps == 1
    store.append_step(gid, [{"seq": 1, "step": 1, "type": "place"}])
    store.undo_step(gid), store.undo_step(gid)
    assert store.load(gid).redo_steps == [[{"seq": 1, "step": 1, "type": "place"}], []]


def test_unknown_game(store):
    for call in (
        lambda: store.load(42),
        lambda: store.undo_step(42),
        lambda: store.redo_step(42),
        lambda: store.append_step(42, [{"seq": 1, "step": 0, "type": "x"}]),
        lambda: store.finish(42, None),
        lambda: store.delete_game(42),
    ):
        with pytest.raises(GameNotFound, match="no game with id 42"):
            call()


@pytest.mark.parametrize("game_id", [2**63, 10**30, -(2**63) - 1])
def test_an_id_sqlite_cannot_hold_is_no_game(store, game_id):
    """``/final?game=99999999999999999999`` typed in the address bar: no game, not SQLite's OverflowError."""
    for call in (
        lambda: store.load(game_id),
        lambda: store.undo_step(game_id),
        lambda: store.redo_step(game_id),
        lambda: store.append_step(game_id, [{"seq": 1, "step": 0, "type": "x"}]),
        lambda: store.finish(game_id, None),
        lambda: store.delete_game(game_id),
        lambda: store.revision(game_id),
    ):
        with pytest.raises(GameNotFound, match=f"no game with id {game_id}"):
            call()


def test_expect_revision_catches_a_change_the_step_number_cannot_see(tmp_path):
    """Tab B built its step on step 1; tab A undid step 1 and played a different one in its place. Same step
    number, different history: only the revision tells."""
    a, b = Store.open(tmp_path), Store.open(tmp_path)
    log = Log()
    gid = a.create_game(HEADER, events=log.step(1) + log.step(1))
    seen_by_b = b.load(gid)
    a.undo_step(gid, expect_revision=seen_by_b.revision)
    log.undo()
    a.append_step(gid, log.step(1, choice="other"))
    b_step = [{"seq": 3, "step": 3, "type": "place"}]
    with pytest.raises(StoreConflict, match="changed elsewhere"):
        b.append_step(gid, b_step, expect_revision=seen_by_b.revision)
    with pytest.raises(StoreConflict):
        b.undo_step(gid, expect_revision=seen_by_b.revision)
    fresh = b.load(gid)
    b.append_step(gid, b_step, expect_revision=fresh.revision)
    assert a.load(gid).revision == fresh.revision + 1
    a.close(), b.close()
