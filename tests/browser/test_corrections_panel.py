"""The round screen's corrections at a phone's width: each automa's two "Set" buttons side by side, one line each.

"Set Green points" and "Set Green gold" did not fit one row at 390 px and wrapped onto two; the buttons now show
"Set points" / "Set gold" under the automa's steppers, and a screen reader still hears the automa's colour.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SIZES
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser


def test_the_set_buttons_fit_one_row_at_phone_width(servers, app_page):
    app = app_page(servers.start(seed=SEED), "phone")
    Table(app, "corrections").start()
    app.click("Spells, special tiles and corrections")
    for colour in ("Red", "Green"):
        app.control(f"Set {colour} gold", exact=True).scroll_into_view_if_needed()
        app.settle()
        points = app.control(f"Set {colour} points", exact=True).bounding_box()
        gold = app.control(f"Set {colour} gold", exact=True).bounding_box()
        assert abs(points["y"] - gold["y"]) < 1, (colour, points, gold)  # one row
        assert points["x"] + points["width"] <= gold["x"] and gold["x"] + gold["width"] <= SIZES["phone"][0]
        assert points["height"] < 60 and gold["height"] < 60  # one line of text each
    app.shot("corrections-green", wait_ms=800)
