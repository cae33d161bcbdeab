"""One game on every device (companion/ui/shell/live.py), without a browser: two pages' sessions on one store; a
step saved on one is announced and the other reloads and redraws; each page keeps what it revealed."""

from __future__ import annotations

from types import SimpleNamespace

from companion.rules.setup import Setup
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.round.presenter import STALE, RoundPresenter
from companion.ui.shell import game_access, live
from companion.ui.shell.capabilities import Sharing
from companion.ui.shell.session_state import SessionState


def page_ctx(store: Store, route: str = "/round"):
    page = SimpleNamespace(route=route, handlers={}, updates=0)
    page.update = lambda: setattr(page, "updates", page.updates + 1)
    ctx = SimpleNamespace(page=page, state=SessionState(store=store), toast=lambda _m: None, sharing=None)
    return ctx


def test_a_step_saved_on_one_page_is_announced_and_redraws_the_other(tmp_path):
    with Store.open(tmp_path) as store_a, Store.open(tmp_path) as store_b:
        sent: list = []
        a, b = page_ctx(store_a), page_ctx(store_b)
        a.page.pubsub = SimpleNamespace(send_others_on_topic=lambda topic, msg: sent.append((topic, msg)))
        session_a = game_access.start(a, Setup.solo(seed=11))
        assert sent == [(live.TOPIC, session_a.game_id)]  # a new game is news too
        session_b = game_access.current(b)
        assert session_b.game_id == session_a.game_id and session_b is not session_a
        on_a, on_b = RoundPresenter(session_a), RoundPresenter(session_b)
        on_b.revealed.add("red")  # B looked at red's stash; A did not

        assert on_a.starting_rolls({"blue": 4})
        assert sent[-1] == (live.TOPIC, session_a.game_id)
        redrawn: list[str] = []
        b.state.redraw_in_place = lambda: redrawn.append("round")
        assert live.refresh(b, session_a.game_id, show=lambda: redrawn.append("view"))
        assert redrawn == ["round"]
        assert session_b.revision == session_a.revision
        assert on_b.view().banner == on_a.view().banner and on_b.view().decision != "starting_rolls"
        assert on_b.revealed == {"red"} and on_a.revealed == set()
        on_b.seen(session_b.revision)  # B's page has drawn the redraw (live.when_drawn)
        # B plays on from there (its revision is the saved one: not refused as stale) ...
        view = on_b.view()
        if view.decision == "place":
            assert on_b.tap_space(next(c.space for c in view.cells if c.status == "free")), on_b.error
        else:
            assert on_b.proceed(), on_b.error
        # ... and A, which has not heard of it yet, is refused as today, then shows the saved game.
        assert not on_a.proceed() and on_a.error == STALE
        assert on_a.session.revision == session_b.revision


def test_a_page_on_another_screen_or_game_is_left_alone(tmp_path):
    with Store.open(tmp_path) as store:
        ctx = page_ctx(store, route="/settings")
        ctx.page.pubsub = SimpleNamespace(send_others_on_topic=lambda *_: None)
        session = game_access.start(ctx, Setup.solo(seed=11))
        shown: list[str] = []
        assert not live.refresh(ctx, session.game_id, show=lambda: shown.append("view"))
        ctx.page.route = "/round"
        assert not live.refresh(ctx, session.game_id + 1, show=lambda: shown.append("view"))
        assert shown == []
        ctx.page.route = "/"
        assert live.refresh(ctx, session.game_id, show=lambda: shown.append("view")) and shown == ["view"]


def test_a_page_without_a_game_opens_the_new_one_on_its_home_screen(tmp_path):
    with Store.open(tmp_path) as store:
        ctx = page_ctx(store, route="/")
        shown: list[str] = []
        GameSession.new(Setup.solo(seed=3), store)
        assert live.refresh(ctx, 1, show=lambda: shown.append("view")) and shown == ["view"]


TWO_AUTOMA_SEED = 1140  # blue rolls 4: the red automa places, then the green one


def test_a_tap_aimed_at_the_screen_before_a_background_reload_is_refused(tmp_path):
    """Both pages show the red automa's turn. A draws for red; B hears of it (its session reloads in the
    background) before its own tap on 'Draw a card and place', made on the screen that showed red's turn,
    comes in. That tap is refused as stale instead of drawing for green; once B's page has drawn the game as it
    is, its taps count again."""
    with Store.open(tmp_path) as store_a, Store.open(tmp_path) as store_b:
        a, b = page_ctx(store_a), page_ctx(store_b)
        session_a = game_access.start(a, Setup.solo(seed=TWO_AUTOMA_SEED))
        on_a = RoundPresenter(session_a)
        assert on_a.starting_rolls({"blue": 4})
        on_b = RoundPresenter(game_access.current(b))
        assert on_a.view().banner == on_b.view().banner == "Red automa places #1"
        before = store_a.load(session_a.game_id).steps

        assert on_a.proceed()
        assert live.refresh(b, session_a.game_id, show=lambda: None)  # the news came before B's tap
        assert on_b.session.revision == session_a.revision and on_b.behind()
        assert not on_b.proceed() and on_b.error == STALE
        assert not on_b.undo() and on_b.error == STALE  # Undo from that screen too
        assert store_a.load(session_a.game_id).steps == before + 1
        assert on_b.view().banner == "Green automa places #1"

        on_b.seen(on_b.session.revision - 1)  # a confirmation of an older screen counts for nothing
        assert on_b.behind()
        on_b.seen(on_b.session.revision)
        assert not on_b.behind()
        assert on_b.proceed(), on_b.error
        assert store_a.load(session_a.game_id).steps == before + 2


def test_a_late_tap_on_another_phone_says_the_game_changed_on_another_phone(tmp_path):
    """Two phones at a shared table on a human's placement: Ann's phone places; Bob's tap on the board, aimed at
    the same placement, says where the game changed, not that a placement is not possible now (the reloaded game
    waits for an automa)."""
    with Store.open(tmp_path) as store_a, Store.open(tmp_path) as store_b, Store.open(tmp_path) as store_c:
        ann, bob, host = page_ctx(store_a), page_ctx(store_b), page_ctx(store_c)
        table = SimpleNamespace()  # the shared table itself is not asked here
        ann.sharing = Sharing(table, "ann-phone", this_computer=False)
        bob.sharing = Sharing(table, "bob-phone", this_computer=False)
        host.sharing = Sharing(table, "host-computer", this_computer=True)
        session = game_access.start(ann, Setup.solo(seed=1133))  # blue rolls 4: red automa, then blue places
        on_ann = RoundPresenter(session)
        assert on_ann.starting_rolls({"blue": 4}) and on_ann.proceed()
        on_bob = RoundPresenter(game_access.current(bob))
        on_bob.stale_reason = lambda: live.stale_line(bob, session.game_id)
        assert on_ann.view().decision == on_bob.view().decision == "place"
        free = [c.space for c in on_ann.view().cells if c.status == "free"]

        assert on_ann.tap_space(free[0])
        assert live.refresh(bob, session.game_id, show=lambda: None)
        assert not on_bob.tap_space(free[1])
        assert on_bob.error == "Changed on another phone: here it is as saved there. Tap again."

        on_host = RoundPresenter(game_access.current(host))
        assert on_host.undo(), on_host.error  # the host computer takes Ann's placement back
        assert live.refresh(bob, session.game_id, show=lambda: None)
        assert not on_bob.tap_space(free[1])
        assert on_bob.error == "Changed on the host's computer: here it is as saved there. Tap again."
        assert live.stale_line(ann, session.game_id) is not None and live.stale_line(host, session.game_id) is None
