"""Nothing needed below the fold: the decision bar pinned at the bottom of the round screen.

Seed 1, blue taking the Temple and then a dragon space, brings the Temple's "keep or re-roll" in round 1. At
phone and desktop size (one page, resized at each check): the banner stays in view with the board scrolled to
its end, and "Keep it" is in view.
The other decisions are checked where scenario A plays them (tests/browser/test_round_flow.py).
"""

from __future__ import annotations

import pytest

from tests.browser.test_round_flow import Table

pytestmark = pytest.mark.browser

SEED = 1


def test_the_banner_and_keep_or_reroll_stay_in_view(servers, app_page):
    app = app_page(servers.start(seed=SEED), "phone")
    table = Table(app, "bar", seed=SEED)
    table.start()
    temple_taken = False
    for _ in range(30):
        v = table.view
        if v.decision == "keep_roll":
            break
        if v.decision == "place":
            free = [c for c in v.cells if c.status == "free"]
            cell = next((c for c in free if c.space == "temple"), None) if not temple_taken else None
            cell = cell or next((c for c in free if c.dragon), free[0])
            temple_taken = temple_taken or cell.space == "temple"
            # The whole board reachable without losing the banner: scrolled to the board's end, both in view.
            last = v.cells[-1]
            status = {"free": "free", "dislodge": "dislodge", "blocked": last.reason or "blocked"}.get(last.status)
            label = f"{last.name}: {last.occupant or 'empty'}" + (f", {status}" if status else "")
            for size in ("desktop", "phone"):
                app.resize(size)
                app.scroll(3000)
                app.assert_in_view(label, exact=True)
                app.assert_in_view(f"Next: {v.banner}", role="text", exact=True)
            table.place(cell)
            table.expect_banner()
        else:
            table.step()
    assert table.view.decision == "keep_roll", f"no keep-or-re-roll came: {table.seen}"
    table.expect_banner()
    for size in ("desktop", "phone"):
        app.resize(size)
        app.assert_in_view("Keep it")
        app.assert_in_view("Re-roll (Temple)")
        table.shot("keep-roll", always=True)
    app.click("Keep it")
    assert table.mirror.proceed()
    table.expect_banner()
