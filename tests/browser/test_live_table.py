"""One game on two phones: a step taken on one page redraws the other (Flet's PubSub), the automa's hidden
stash stays hidden on the page that did not reveal it, and a tap on a page that missed a step is refused as
before. Two browser pages on one server (loopback)."""

from __future__ import annotations

import time

import pytest
from page_watch import HEARD, TAP_IF_UNCHANGED

from companion.store import Store
from companion.store.session import GameSession
from companion.ui.new_game.presenter import NewGameForm
from companion.ui.round.presenter import RoundPresenter

pytestmark = pytest.mark.browser

SEED = 1133  # as in test_round_flow: blue rolls 4, the order is red, blue, green


def test_a_step_on_one_page_redraws_the_other(tmp_path, servers, app_page):
    data = tmp_path / "table"
    with Store.open(data) as store:
        GameSession.new(NewGameForm().setup(seed=SEED), store)
    mirror = RoundPresenter(GameSession.new(NewGameForm().setup(seed=SEED)))
    server = servers.start(data)
    one = app_page(server, route="/round")
    two = app_page(server, route="/round")
    for page in (one, two):
        page.expect_text("Next: Roll for the starting turn order")

    # Page two opens the stash section (hidden); page one reveals red's stash.
    two.click("Automa stash (hidden)")
    two.expect_text("Reveal Red's stash")
    one.click("Automa stash (hidden)")
    one.click("Reveal Red's stash")
    one.expect_text("Hide Red's stash")

    one.click("Blue rolled 4")
    one.expect_text("Blue's die: 4")
    one.click("Roll for the starting order")
    assert mirror.starting_rolls({"blue": 4})
    started = time.monotonic()
    two.expect_text(f"Next: {mirror.view().banner}")
    print(f"\npage two redrawn {time.monotonic() - started:.2f} s after page one's answer came back")
    one.expect_text(f"Next: {mirror.view().banner}")
    # What each page revealed stays its own; the redrawn page kept its open section.
    two.expect_text("Reveal Red's stash")
    assert "Red automa:" not in two.text()
    assert "Red automa:" in one.text()
    two.shot("live-table-second-page")

    # A step from page two (red's turn: draw a card and place) reaches page one the same way.
    assert mirror.view().decision == "automa_turn" and mirror.proceed()
    two.click("Draw a card and place")
    one.expect_text(f"Next: {mirror.view().banner}")


TRIES = 16  # taps in two pages, 0 to 50 ms apart, as two people at one table (the issue saw 5 doubles in 22)
RACES = TRIES // 4  # pairs whose second tap left before the first's step reached its page: at least these
MAX_TRIES = 3 * TRIES  # a loaded machine can answer the first tap before the second leaves: more pairs, up to this
TWO_AUTOMA_SEED = 1140  # blue rolls 4: red automa places, then green: a stale second tap could draw for green


def steps_saved(data) -> int:
    with Store.open(data) as store:
        return store.load(store.in_progress()).steps


def test_two_pages_tapping_within_50_ms_make_one_step(tmp_path, servers, app_page):
    """Both pages show the red automa's turn and both tap 'Draw a card and place', the second 0-50 ms after the
    first, before anything of the first's step has reached its page. Whatever the server hears first (the tap,
    or the news of the other page's step, which reloads the game behind the page's screen), exactly one step is
    saved: the later tap was aimed at a screen that no longer is the game and is refused, not played on the game
    as it stands after the first (which drew a second card, or saved 'Start round 2' as an automa's placement)."""
    data = tmp_path / "table"
    with Store.open(data) as store:
        GameSession.new(NewGameForm().setup(seed=TWO_AUTOMA_SEED), store)
    server = servers.start(data)
    one = app_page(server, route="/round", init_script=HEARD)
    two = app_page(server, route="/round", init_script=HEARD)
    one.click("Blue rolled 4")
    one.click("Roll for the starting order")
    turn = "Next: Red automa places #1"
    made: list[int] = []
    both_tapped = 0
    i = 0
    while i < TRIES or (both_tapped < RACES and i < MAX_TRIES):
        first, second = (one, two) if i % 2 == 0 else (two, one)
        for page in (first, second):
            page.expect_text(turn)
            page.settle()
        first.page.wait_for_timeout(600)  # both screens have shown the turn for a while, as before a person's tap
        taps = [page.control("Draw a card and place") for page in (first, second)]
        before = steps_saved(data)
        mark = second.page.evaluate("() => window.__heard")
        taps[0].evaluate("e => e.click()")
        time.sleep((i % 4) * 0.015)
        tapped = taps[1].evaluate(TAP_IF_UNCHANGED, mark)
        for page in (first, second):
            page.settle(quiet_ms=400)
        made.append(steps_saved(data) - before)
        if tapped:
            both_tapped += 1
            second.expect_text("This game was changed in another window")
        for _ in range(made[-1]):  # back to the red automa's turn for the next pair
            first.click("Undo:")
            first.settle(quiet_ms=400)
        i += 1
    print(f"\nsteps saved by each pair of taps: {made}; second taps before the first's redraw: {both_tapped}")
    assert made == [1] * i, f"steps saved by each pair of taps: {made}"
    assert both_tapped >= RACES, f"only {both_tapped} of {i} second taps came before the first's redraw"
