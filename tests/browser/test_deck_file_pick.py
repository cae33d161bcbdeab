"""Picking a deck file in the browser: a file over the limit is refused in one line, the page stays connected.

A file picked with its contents travels to the app over its WebSocket, whose messages uvicorn caps at 16 MB:
a bigger one closed the connection and the page showed "the app stopped". The size the picker reports is now
checked first; only a file within the deck limit is sent (as an upload beside the WebSocket).
"""

from __future__ import annotations

import pytest

from companion.rules.automa.deck import MAX_DECK_BYTES
from tests.browser.test_decks_screen import GREEN

pytestmark = pytest.mark.browser

TOO_BIG_LINE = "big.toml: larger than 1 MB, the limit for a deck file"


def _pick(app, path) -> None:
    with app.page.expect_file_chooser() as chooser:
        app.click("Choose a deck file", pointer=True)
    chooser.value.set_files(str(path))
    app.settle()


def test_a_file_over_the_websocket_limit_is_refused_in_one_line_and_the_page_stays(app, tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * (17 * 1024 * 1024) + b"\n")  # past uvicorn's 16 MB WebSocket message cap
    app.open("/decks", size="desktop")
    app.fill("Deck file text (TOML)", GREEN)  # typed before the pick: still there after it
    _pick(app, big)
    app.expect_text(TOO_BIG_LINE)
    assert app.page.locator("#companion-stopped").count() == 0
    app.resize("phone")
    for _ in range(10):  # down to the line, under the import's form
        top = app.top_of(TOO_BIG_LINE)
        if top is not None and top < 700:
            break
        app.scroll(300)
    app.shot("decks-file-too-big")
    assert app.value("Deck file text (TOML)") == GREEN
    # The page still answers: the pasted deck imports, and so does a file within the limit.
    app.click("Import pasted deck")
    app.expect_text("Imported your green deck: 1 card, kept as your transcription.")
    app.click("Use the app's green deck again")
    app.expect_text("Green deck (the app's design)")
    good = tmp_path / "mine.toml"
    good.write_text(GREEN, encoding="utf-8")
    _pick(app, good)
    app.expect_text("Imported your green deck: 1 card, kept as your transcription.")
    assert (app.server.data_dir / "decks" / "green.toml").read_text() == GREEN
    app.click("Use the app's green deck again")
    app.expect_text("Green deck (the app's design)")


def test_a_file_just_over_the_deck_limit_is_refused_before_it_is_sent(app, tmp_path):
    over = tmp_path / "big.toml"
    over.write_bytes(b"#" * (MAX_DECK_BYTES + 1))
    app.open("/decks", size="desktop")
    sent_before = sum(len(f[2]) for f in app.frames if f[1] == "sent")
    _pick(app, over)
    app.expect_text(TOO_BIG_LINE)
    sent = sum(len(f[2]) for f in app.frames if f[1] == "sent") - sent_before
    assert sent < 100_000, f"{sent} bytes went over the WebSocket for a refused file"
