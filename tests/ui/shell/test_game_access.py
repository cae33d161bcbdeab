"""Where the screens get the store and a game (companion/ui/shell/game_access.py), without a browser."""

from __future__ import annotations

import time
from types import SimpleNamespace

from companion.rules.setup import Setup
from companion.store import FAIL_WRITES_ENV, Store
from companion.store.session import GameSession
from companion.ui.shell import game_access
from companion.ui.shell.session_state import SessionState


def page_ctx(store: Store):
    """A page's context on ``store``, keeping what it toasts."""
    toasts: list[str] = []
    page = SimpleNamespace(pubsub=SimpleNamespace(send_others_on_topic=lambda *_a: None))
    return SimpleNamespace(page=page, state=SessionState(store=store), toast=toasts.append, toasts=toasts,
                           sharing=None)


def test_a_game_the_disk_will_not_take_is_not_started_and_says_why_in_one_line(tmp_path, monkeypatch):
    with Store.open(tmp_path) as store:
        ctx = page_ctx(store)
        flag = tmp_path / "full"
        flag.touch()
        monkeypatch.setenv(FAIL_WRITES_ENV, str(flag))
        line = game_access.try_start(ctx, Setup.solo(seed=1))
        assert line and "\n" not in line and ctx.state.session is None
        assert store.list_games() == []
        flag.unlink()
        assert game_access.try_start(ctx, Setup.solo(seed=1)) is None
        assert ctx.state.session.game_id == store.list_games()[0].id


def test_a_game_asked_for_by_its_id_is_the_one_played_or_is_resumed(tmp_path):
    with Store.open(tmp_path) as store:
        ctx = page_ctx(store)
        other = GameSession.new(Setup.solo(seed=2), store).game_id
        playing = game_access.start(ctx, Setup.solo(seed=1))
        assert game_access.session_of(ctx, playing.game_id) is playing
        resumed = game_access.session_of(ctx, other)
        assert resumed.game_id == other and resumed.on_saved is not None  # watched: its steps are announced
        assert game_access.session_of(ctx, 999) is None
        assert ctx.toasts == ["Game 999 could not be opened: no game with id 999"]


def test_the_game_that_ended_last(tmp_path):
    with Store.open(tmp_path) as store:
        ctx = page_ctx(store)
        assert game_access.last_ended(ctx) is None
        first, second = (GameSession.new(Setup.solo(seed=s), store) for s in (1, 2))
        store.finish(second.game_id, None)
        time.sleep(0.01)  # two end times apart
        store.finish(first.game_id, None)  # the first game ends last
        assert game_access.last_ended(ctx) == first.game_id
