"""Larger text on the end-of-game sheet: at 390x844 each next step (reveal, then save) is in the bar
pinned in view, and after the last reveal the verdict is in view; the screenshots show whether a label is cut."""

from __future__ import annotations

import pytest

from companion.store import Store
from companion.store.settings import Settings, save_settings
from tests.browser.test_final_screen import played_to_the_end

pytestmark = pytest.mark.browser


def test_larger_text_keeps_the_sheet_s_next_step_and_the_verdict_in_view(servers, app_page, tmp_path):
    data = tmp_path / "larger"
    save_settings(Settings(larger_text=True), data)
    with Store.open(data) as store:
        played_to_the_end(store, 5)
    app = app_page(servers.start(data), "phone", "/final")
    app.expect_text("Reveal red's and green's counts to see the ranking and save the result.")
    app.shot("larger-final-sheet", wait_ms=800)
    for color in ("red", "green"):
        app.assert_in_view(f"Reveal {color}'s counts")
        app.click(f"Reveal {color}'s counts")
        app.expect_text(f"Hide {color}'s counts")
    app.expect_text("The automa win")  # blue counted nothing
    # The result at the top, its heading right under the title card (Flutter trims a half-hidden text's box to
    # what shows, so the heading's place, not the verdict's box, says the screen went there).
    app.assert_in_view("The automa win", role="text")
    heading = app.top_of("Result")
    assert heading is not None and heading < 844 / 2, heading
    app.assert_in_view("Save the result")
    app.shot("larger-final-verdict", wait_ms=800)
