"""Larger text on the round screen: the decision bar's buttons and every question's chips stay in
the window at 390x844, and the banner stays in view with the board scrolled to its end."""

from __future__ import annotations

import pytest

from companion.store.settings import Settings, save_settings
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser


def test_larger_text_keeps_every_decision_in_view(servers, app_page, tmp_path):
    data = tmp_path / "larger"
    save_settings(Settings(larger_text=True), data)
    app = app_page(servers.start(data, seed=SEED), "phone")
    table = Table(app, "larger-text")
    table.start()
    shown = set()
    while table.view.decision != "next_round":
        v = table.view
        kind = v.decision if v.decision != "question" else f"question-{v.question.kind}"
        if kind not in shown:
            shown.add(kind)
            table.shot(kind, always=True)
        table.step()  # asserts the main button, the chip tapped or the banner in view, as at normal size
    assert {"question-number", "question-gems", "question-tile", "question-spell"} <= shown
    app.assert_in_view("Start round 2")
