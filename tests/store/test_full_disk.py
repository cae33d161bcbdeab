"""A full disk (or a read-only folder) never shows a step that was not saved.

The store refuses the write and keeps what it had; the session takes the step back in memory; the screens say
in one line that it was not saved and why; the same tap works once there is room again. A real SQLite
``SQLITE_FULL`` comes from ``PRAGMA max_page_count``; the session and presenter tests fill the "disk" with the
store's test switch (``FAIL_WRITES_ENV``: a flag file), which fails a write just before its commit.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.setup import Setup
from companion.store import FAIL_WRITES_ENV, Store, StoreError, StoreUnwritable, not_saved_line
from companion.store.session import GameSession
from companion.ui.final.presenter import SAVED, SHEET, FinalPresenter
from companion.ui.round.presenter import STALE, RoundPresenter

FULL = "Not saved: the disk is full. Free some space and tap again."


class Disk:
    """The store's simulated full disk: ``fill()`` and ``free()`` create and delete the flag file."""

    def __init__(self, flag: Path) -> None:
        self.flag = flag

    def fill(self) -> None:
        self.flag.touch()

    def free(self) -> None:
        self.flag.unlink(missing_ok=True)


@pytest.fixture
def disk(tmp_path, monkeypatch):
    monkeypatch.setenv(FAIL_WRITES_ENV, str(tmp_path / "disk-is-full"))
    return Disk(tmp_path / "disk-is-full")


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "data") as s:
        yield s


def stored_events(store: Store, game_id: int) -> tuple[list[dict], list[list[dict]]]:
    saved = store.load(game_id)
    return saved.events, saved.redo_steps


def in_memory(session: GameSession) -> tuple[list[dict], list[list[dict]]]:
    return session.game.events(), session.game.redo_events()


def started(store: Store) -> RoundPresenter:
    p = RoundPresenter(GameSession.new(Setup.solo(seed=11), store))
    assert p.starting_rolls({"blue": 4})
    return p


# ------------------------------------------------------------------------------------------------ the store


def test_a_real_sqlite_full_disk_refuses_the_step_and_keeps_the_store_as_it_was(store):
    gid = store.create_game({"setup": {}}, events=[{"seq": 1, "step": 0, "type": "shuffle"}])
    before = store.load(gid)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL beyond this size
    with pytest.raises(StoreUnwritable) as err:
        store.append_step(gid, [{"seq": 2, "step": 1, "type": "place", "pad": "x" * 20_000}])
    assert err.value.not_saved() == FULL and "\n" not in str(err.value)
    assert store.load(gid) == before
    store._db.execute("PRAGMA max_page_count = 1073741823")  # room again: the same step goes in
    store.append_step(gid, [{"seq": 2, "step": 1, "type": "place", "pad": "x" * 20_000}])
    assert store.load(gid).steps == 2


def test_a_write_failing_at_its_commit_is_rolled_back_and_the_next_write_works(store, disk):
    gid = store.create_game({"setup": {}}, events=[{"seq": 1, "step": 0, "type": "shuffle"}])
    store.append_step(gid, [{"seq": 2, "step": 1, "type": "place"}])
    before = store.load(gid)
    disk.fill()
    for write in (
        lambda: store.append_step(gid, [{"seq": 3, "step": 2, "type": "place"}]),
        lambda: store.undo_step(gid),
        lambda: store.finish(gid, None),
        lambda: store.create_game({"setup": {}}),
    ):
        with pytest.raises(StoreUnwritable, match="the disk is full"):
            write()
        assert not store._db.in_transaction
    assert store.load(gid) == before and len(store.list_games()) == 1
    disk.free()
    store.append_step(gid, [{"seq": 3, "step": 2, "type": "place"}])
    assert store.load(gid).steps == 3


def test_sqlite_errors_of_a_disk_that_will_not_take_a_write_are_named(store, monkeypatch):
    for code, line in [
        (13, FULL),
        (8, "Not saved: the data folder is read-only. Make it writable and tap again."),
        (10, "Not saved: the disk could not be written. Check the disk and tap again."),
    ]:
        def failing(*_a, code=code):
            err = sqlite3.OperationalError("boom")
            err.sqlite_errorcode = code
            raise err

        monkeypatch.setattr("companion.store.games.injected_failure", failing)
        with pytest.raises(StoreUnwritable) as err:
            store.create_game({"setup": {}})
        assert not_saved_line(err.value) == line
    assert not_saved_line(StoreError("the saved games are busy")) == "Not saved: the saved games are busy"


def test_a_store_that_may_not_be_written_refuses_the_step_in_one_line(store):
    gid = store.create_game({"setup": {}})
    store._db.execute("PRAGMA query_only = ON")  # SQLite's own SQLITE_READONLY for every write
    with pytest.raises(StoreUnwritable) as err:
        store.append_step(gid, [{"seq": 1, "step": 1, "type": "place"}])
    assert err.value.not_saved() == "Not saved: the data folder is read-only. Make it writable and tap again."
    assert store.load(gid).steps == 1


# ---------------------------------------------------------------------------------------------- the session


def test_a_step_the_store_could_not_write_is_taken_back_and_the_same_step_works_later(store, disk):
    p = started(store)
    session = p.session
    saved = stored_events(store, session.game_id)
    revision, decision = session.revision, p.view().decision
    disk.fill()
    with pytest.raises(StoreUnwritable):
        session.act({"type": "proceed"})
    assert in_memory(session) == saved == stored_events(store, session.game_id)
    assert session.revision == revision and p.view().decision == decision
    disk.free()
    step = session.act({"type": "proceed"})
    assert in_memory(session) == stored_events(store, session.game_id) and step
    assert session.revision == revision + 1


def test_undo_and_redo_on_a_full_disk_keep_the_game_where_the_store_has_it(store, disk):
    p = started(store)
    s = p.session
    assert advance(p) and advance(p)
    assert p.undo()  # one step to redo
    before = in_memory(s)
    disk.fill()
    assert not p.undo() and p.error == FULL
    assert in_memory(s) == before == stored_events(store, s.game_id)
    assert not p.redo() and p.error == FULL
    assert in_memory(s) == before == stored_events(store, s.game_id)
    # A new step on a full disk must not drop the redo step either.
    assert not advance(p) and p.error == FULL
    assert in_memory(s) == before == stored_events(store, s.game_id)
    disk.free()
    assert p.redo() and p.error is None
    assert in_memory(s) == stored_events(store, s.game_id)


def test_the_round_screen_says_not_saved_in_one_line_never_changed_elsewhere(store, disk):
    """The reported sequence: three taps on a full disk, then the disk has room again."""
    p = started(store)
    before = p.view()
    disk.fill()
    for _ in range(3):
        assert not advance(p)
        assert p.error == FULL and p.error != STALE
        v = p.view()
        assert (v.banner, v.instructions, v.undo_label, v.error) == (
            before.banner, before.instructions, before.undo_label, FULL)
    disk.free()
    assert advance(p) and p.error is None
    assert p.view().banner != before.banner
    assert in_memory(p.session) == stored_events(store, p.session.game_id)


def test_a_new_game_on_a_full_disk_stores_nothing(store, disk):
    disk.fill()
    with pytest.raises(StoreUnwritable):
        GameSession.new(Setup.solo(seed=3), store)
    assert store.list_games() == []


# ------------------------------------------------------------------------------------------ the score sheet


def test_the_score_sheet_on_a_full_disk_is_not_saved_and_the_game_still_waits_for_it(store, disk):
    from tests.ui.final.test_presenter import to_final_scores

    session = to_final_scores(Setup.solo(seed=5, difficulty="hard"), store)
    p = FinalPresenter(session)
    assert p.set_count("blue", "track", "20") is None
    p.reveal("red")
    p.reveal("green")
    disk.fill()
    assert not p.save() and p.error == FULL
    assert not session.game.finished and p.view().mode == SHEET
    (info,) = store.list_games()
    assert not info.finished and store.load(session.game_id).events == session.game.events()
    disk.free()
    assert p.save(), p.error
    assert p.view().mode == SAVED and store.list_games()[0].finished


def test_the_last_step_and_the_finish_are_one_write(store, monkeypatch):
    """A game is never stored with its game_end step but not finished (or finished without it)."""
    from tests.ui.final.test_presenter import to_final_scores

    session = to_final_scores(Setup.solo(seed=5, difficulty="hard"), store)
    calls = []
    real = store._finish

    def finish_fails(*a):
        calls.append(a)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_finish", finish_fails)
    with pytest.raises(StoreError):
        session.act({"type": "game_end", "scores": {"blue": 30, "red": 20, "green": 10}})
    assert calls and not session.game.finished
    assert store.load(session.game_id).events == session.game.events() and not store.list_games()[0].finished
    monkeypatch.setattr(store, "_finish", real)
    session.act({"type": "game_end", "scores": {"blue": 30, "red": 20, "green": 10}})
    assert session.game.finished and store.list_games()[0].finished


# ------------------------------------------------------------------------------------------------ invariant

def advance(p: RoundPresenter) -> bool:
    """One step of the game, whatever it waits for (a bot's plain answers)."""
    v = p.view()
    if v.decision == "place":
        return p.tap_space(next(c.space for c in v.cells if c.tappable))
    if v.decision == "question":
        q = v.question
        return p.answer({"number": 2, "gems": ["ruby"] * q.count, "tile": {"kind": "gem", "gem": "ruby", "gems": 2},
                         "spell": "charm"}[q.kind])
    if v.decision == "attack":
        a = v.attack
        return p.attack({"strength": 5, "treasure": "gold", "points": 6}, {c: {"axes": 0} for c in a.humans},
                        dict(a.automa_axes))
    return p.proceed()


OPS = st.lists(st.tuples(st.sampled_from(["proceed", "undo", "redo"]), st.booleans()), min_size=1, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_what_the_screen_shows_is_always_what_the_store_holds(tmp_path_factory, monkeypatch, ops):
    folder = tmp_path_factory.mktemp("disk")
    flag = folder / "full"
    monkeypatch.setenv(FAIL_WRITES_ENV, str(flag))
    with Store.open(folder / "data") as store:
        p = started(store)
        for op, full in ops:
            flag.touch() if full else flag.unlink(missing_ok=True)
            ok = advance(p) if op == "proceed" else getattr(p, op)()
            if full:
                assert not ok and (p.error in (None, FULL))
            assert in_memory(p.session) == stored_events(store, p.session.game_id)
            assert p.session.revision == store.revision(p.session.game_id)


def test_an_io_error_on_a_disk_with_no_room_left_is_called_a_full_disk(store, monkeypatch):
    """On a full disk a WAL store may fail with "disk I/O error" (its shared memory cannot grow): the file
    system's own free space decides what the line says."""
    from types import SimpleNamespace

    def io_error(*_a):
        err = sqlite3.OperationalError("disk I/O error")
        err.sqlite_errorcode = 10
        raise err

    monkeypatch.setattr("companion.store.games.injected_failure", io_error)
    monkeypatch.setattr("os.statvfs", lambda _p: SimpleNamespace(f_flag=0, f_bavail=0))
    with pytest.raises(StoreUnwritable) as err:
        store.create_game({"setup": {}})
    assert err.value.not_saved() == FULL
    monkeypatch.setattr("os.statvfs", lambda _p: SimpleNamespace(f_flag=os.ST_RDONLY, f_bavail=10))
    with pytest.raises(StoreUnwritable, match="the data folder is read-only"):
        store.create_game({"setup": {}})


def test_the_new_game_screen_on_a_full_disk_says_not_saved_and_stays(tmp_path, disk):
    import flet as ft

    from companion.ui.new_game.presenter import NewGameForm
    from companion.ui.new_game.view import NewGameScreen
    from companion.ui.shell.context import AppContext
    from tests.ui.shell.test_views import FakePage, walk

    ctx = AppContext.load(FakePage("/new"), tmp_path / "data")
    screen = NewGameScreen(ctx, NewGameForm(), ft.Column())
    screen.redraw()
    disk.fill()
    screen.start()
    assert screen.error == FULL and ctx.page.navigated == []
    assert FULL in [c.value for c in walk(screen.root) if isinstance(c, ft.Text)]
    with Store.open(tmp_path / "data") as store:
        assert store.list_games() == []
    disk.free()
    screen.start()
    assert screen.error is None and ctx.page.navigated == ["/round"]
