"""One game on two phones: a step taken on one page redraws the other (Flet's PubSub), the automa's hidden
stash stays hidden on the page that did not reveal it, and a tap on a page that missed a step is refused as
before. Two browser pages on one server (loopback)."""

from __future__ import annotations

import time

import pytest

from companion.session import GameSession
from companion.store import Store
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
