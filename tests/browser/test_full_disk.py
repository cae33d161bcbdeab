"""A full disk at the table: a tap the store could not save is never shown as made.

The server runs with the store's test switch (``TREASURE_COMPANION_TEST_FAIL_WRITES``, companion/store/errors.py):
while the flag file exists every write fails as on a full disk. Before the fix the first tap showed "Error
running app ... disk is full", the second showed the step as made (the store had the step before), the third
said the game was changed in another window.
"""

from __future__ import annotations

import pytest

from companion.store import Store
from tests.browser.test_round_flow import SEED, Table

pytestmark = pytest.mark.browser

FULL = "Not saved: the disk is full. Free some space and tap again."


def stored(server) -> tuple[int, list[dict]]:
    with Store.open(server.data_dir) as store:
        saved = store.load(store.in_progress())
    return saved.steps, saved.events


def test_a_full_disk_never_shows_a_step_that_was_not_saved(servers, app_page, tmp_path):
    flag = tmp_path / "disk-is-full"
    server = servers.start(seed=SEED, test_fail_writes=str(flag))
    app = app_page(server)
    table = Table(app, "full-disk")
    table.start()
    before = table.view
    assert before.decision == "automa_turn"
    saved = stored(server)
    flag.touch()  # the disk is full
    for _ in range(3):
        app.click("Draw a card and place")
        app.expect_text(FULL)
        app.expect_text(f"Next: {before.banner}")
        app.expect_text(f"Undo: {before.undo_label}")
        text = app.text()
        assert "Error running app" not in text and "another window" not in text, text
        assert stored(server) == saved
    app.shot("full-disk-not-saved", wait_ms=3000)
    # Undo on a full disk is refused the same way and leaves the step where it was.
    app.click(f"Undo: {before.undo_label}", exact=True)
    app.expect_text(FULL)
    app.expect_text(f"Next: {before.banner}")
    assert stored(server) == saved
    flag.unlink()  # room again: the same tap plays the step, and it is saved
    table.automa_turn()
    table.expect_banner()
    for line in table.view.instructions:
        app.expect_text(line)
    app.expect_no_text(FULL)
    assert stored(server)[1] == table.mirror.game.events()
