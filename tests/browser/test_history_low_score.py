"""History's chart with a solo score under 10: its dot is drawn above the dates, not on them (the floor was 0).

The chart's bounds are checked in tests/ui/history/test_presenter.py; here the screen is drawn for a person to look
at (``history-low-score-phone.png``) and its summary names the low game.
"""

import re

import pytest

from companion.rules.setup import Setup
from companion.store import Store
from tests.browser.test_history_screen import finished

pytestmark = pytest.mark.browser


def seed_store(data_dir):
    with Store.open(data_dir) as store:
        finished(store, Setup.solo(seed=1), {"blue": 4, "red": 104, "green": 97})
        finished(store, Setup.solo(seed=2), {"blue": 118, "red": 90, "green": 80})


@pytest.fixture(scope="module")
def app_server(seeded_app_server):
    return seeded_app_server


def test_a_low_score_is_drawn_above_the_dates(app):
    app.open("/history")
    app.expect_text("Shaded: what the automa usually score at Hard")
    summary = app.page.get_by_text(re.compile("^Your solo scores at Hard")).first.inner_text()
    assert ": 4, loss" in summary and ": 118, win" in summary
    assert "-" not in summary.rsplit(".", 1)[-1]  # the axis labels read after it: none below 0
    app.shot("history-low-score", wait_ms=1500)
