"""The served app (``python -m companion app``) in WebKit, Safari's engine (Debian's WebKitGTK, driven by
Selenium: tests/browser/webkit_browser.py): a phone's Safari on the table's computer."""

from __future__ import annotations

import pytest

from tests.browser.test_phone_site import start_solo_game
from tests.browser.test_round_flow import SEED, Table
from tests.browser.webkit_browser import colours

pytestmark = pytest.mark.browser


@pytest.mark.timeout(600)
def test_the_served_app_starts_a_solo_game_in_webkit(webkit, servers):
    """The home screen draws (no blank page); New game, Solo, Start; the starting roll and the first steps of
    the round are answered; nothing is asked of any other host."""
    server = servers.start(seed=SEED)
    app = webkit.open(server.url + "/", within_s=120)
    app.expect_text("New game")
    home = app.shot("app-home")
    assert colours(home.read_bytes()) > 20, f"the home screen has hardly any colours ({home})"
    table = Table(app, "webkit-app")
    start_solo_game(app, table)
    for _ in range(3):
        table.step()
    app.shot("app-round")
    assert app.refused == [], f"the app asked other hosts for {app.refused}"
