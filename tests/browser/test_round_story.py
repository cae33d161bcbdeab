"""The round screen tells an automa's placement whole (rules audit D6, D9): "On the board" says what the table does
with its gain in the game's mode (the app keeps it: nothing to move), and the event log says why each card drawn
before the placing one placed nothing, and why the placing card passed over its first lines.

The test puts a base solo game in the store (a bot plays it here up to such a step) and keeps a mirror of it,
whose sentences the screen must show.
"""

from __future__ import annotations

import pytest

from companion.rules.setup import Setup
from companion.rules.words.passed_over import unplaced_draws
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.round.presenter import RoundPresenter

pytestmark = pytest.mark.browser


def up_to_a_card_placing_nothing() -> GameSession:
    """Seed 5, base game: Green's card G12 places #3 on the Gem Market after cards that placed nothing."""
    session = GameSession.new(Setup.solo(seed=5, expansion=False))
    bot = Bot("greedy", 5)
    while not (unplaced_draws(session.game.steps[-1])
               and any(e["type"] == "gain" and e.get("reason") == "Gem Market" for e in session.game.steps[-1])):
        session.act(bot.input_for(session.game))
    return session


def test_on_the_board_and_the_log_say_the_whole_placement(app):
    with Store.open(app.server.data_dir) as store:
        stored = up_to_a_card_placing_nothing().game
        store.create_game(stored.header(), events=stored.events())
    mirror = RoundPresenter(up_to_a_card_placing_nothing())
    said = mirror.view().instructions
    assert "Green automa gains 2 gold into its hidden stash: nothing to move, the app counts them" in said
    log = [line.split(". ", 1)[1] for line in mirror.log_lines()]
    nothing = [line for line in log if "; the card placed nothing (" in line]
    assert nothing and any(" — primary " in line for line in log)
    app.open("/round", size="desktop")
    for line in said:
        app.expect_text(line)
    app.shot("story-on-the-board")
    app.click("Event log")
    for line in nothing:
        app.expect_text(line)
    app.expect_text(next(line for line in log if " — primary " in line))
    app.scroll(600)
    app.shot("story-log")
