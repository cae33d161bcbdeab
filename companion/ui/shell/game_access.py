"""Where the screens get the store and the game being played (one store per browser session)."""

from __future__ import annotations

from companion.rules.setup import Setup
from companion.rules.words.game import replay_problem
from companion.store import Store, StoreError, not_saved_line
from companion.store.session import GameSession
from companion.ui.shell import live
from companion.ui.shell.context import AppContext


def store(ctx: AppContext) -> Store:
    """The store of this browser session, opened once; a broken file is moved aside and the user told."""
    st = ctx.state.store
    if st is None:
        st = Store.open(ctx.data_dir)
        ctx.state.store = st
        if st.notice:
            ctx.toast(st.notice)
    return st


def current(ctx: AppContext) -> GameSession | None:
    """The game in progress: the one this session plays, or else the newest unfinished game in the store."""
    session = ctx.state.session
    if session is not None:
        return session
    game_id = store(ctx).in_progress()
    if game_id is None:
        return None
    try:
        session = GameSession.resume(store(ctx), game_id)
    except (ValueError, StoreError) as err:  # Diverged, a bad setup, a damaged row: keep it, say so, open nothing
        ctx.toast(f"Saved game {game_id} could not be replayed ({replay_problem(err)}); it is kept: export it from "
                  "History.")
        return None
    ctx.state.session = watched(ctx, session)
    return session


def start(ctx: AppContext, setup: Setup) -> GameSession:
    session = watched(ctx, GameSession.new(setup, store(ctx)))
    ctx.state.session = session
    ctx.state.round_presenter = None
    live.announce(ctx, session.game_id)
    return session


def try_start(ctx: AppContext, setup: Setup) -> str | None:
    """Start a game of ``setup``: None, or the one line saying why the disk would not take it (full, read-only),
    in which case no game was started."""
    try:
        start(ctx, setup)
    except StoreError as err:
        return not_saved_line(err)
    return None


def session_of(ctx: AppContext, game_id: int) -> GameSession | None:
    """Game ``game_id``: the one this session plays when it is that one, else resumed from the store (and
    watched); None, said in a toast, when it was deleted or its record no longer replays."""
    playing = ctx.state.session
    if playing is not None and playing.game_id == game_id:
        return playing
    try:
        return watched(ctx, GameSession.resume(store(ctx), game_id))
    except (StoreError, ValueError) as err:
        ctx.toast(f"Game {game_id} could not be opened: {replay_problem(err)}")
        return None


def last_ended(ctx: AppContext) -> int | None:
    """The id of the game that ended last, if one did."""
    ended = [g for g in store(ctx).list_games() if g.ended is not None]
    return max(ended, key=lambda g: (g.ended, g.id)).id if ended else None


def watched(ctx: AppContext, session: GameSession) -> GameSession:
    """``session``, telling the other pages on this server of every step it saves (companion/ui/shell/live.py)."""
    session.on_saved = lambda: live.announce(ctx, session.game_id)
    return session


def has_game_in_progress(ctx: AppContext) -> bool:
    try:
        return store(ctx).in_progress() is not None
    except Exception:  # the home screen must open even when the store cannot be read
        return False
