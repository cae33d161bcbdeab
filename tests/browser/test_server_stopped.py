"""When the server stops, the open page says so (a newcomer saw only Flet's blank "Working...")."""

from __future__ import annotations

import pytest

from companion.server.stopped_notice import MESSAGE
from tests.browser.conftest import start_server, stop_server

pytestmark = pytest.mark.browser


def test_the_page_says_the_app_stopped(servers, app_page):
    server = servers.start()
    app = app_page(server, "phone")
    app.expect_text("New game")
    assert app.page.locator("#companion-stopped").count() == 0  # the script is there, the notice is not
    stop_server(server)
    notice = app.page.locator("#companion-stopped")
    notice.wait_for(state="visible", timeout=15_000)
    assert notice.inner_text() == MESSAGE
    assert notice.get_attribute("role") == "alert"
    app.shot("server-stopped")
    # Started again where it was (the same address and data folder): the page reconnects on its own, the notice
    # goes, and the app answers taps again.
    again = start_server(server.data_dir, server.log.with_name("again.log"), port=server.port)
    try:
        notice.wait_for(state="detached", timeout=60_000)
        app.expect_text("New game")
        app.click("Rules help")
        app.expect_text("Where the app decided")
    finally:
        stop_server(again)
