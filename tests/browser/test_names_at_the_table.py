"""Two people who gave their names at New game are called by them at the table: the starting rolls ("Ann's
die"), the setup list, "On the board" ("Dragon attack (strength 4): Ann (Blue) won the tile", "Defence: Ann
(Blue) 11 (die 2 + axes 9), ...") and the event log, the colour beside a name where it finds the pieces. The
automa stays "Red".

Each test puts a game in the store (played by a bot in this process) and keeps a mirror of it here, fed the
same inputs, whose sentences the screen must show.
"""

from __future__ import annotations

import re

import pytest

from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round.presenter import RoundPresenter

pytestmark = pytest.mark.browser

#: Ann's axes in the fight: with any die she beats the dragon and the others.
AXES = 9
#: A colour said alone where it stands for one of the named people.
BARE = re.compile(r"(?<!\()\b(Blue|Yellow)\b(?!\))")


def ann_and_bob() -> Setup:
    return Setup.build(
        [
            Player(color="blue", kind="human", name="Ann"),
            Player(color="yellow", kind="human", name="Bob"),
            Player(color="red", kind="automa", deck="red", difficulty="hard"),
        ],
        seed=3,
    )


def played_to(kind: str) -> Game:
    """The same game every call: a bot plays Ann's and Bob's part up to the first ``kind`` decision."""
    game = GameSession.new(ann_and_bob()).game
    bot = Bot("greedy", 3)
    while game.decision.kind != kind:
        game.act(bot.input_for(game))
    return game


def store_and_mirror(data_dir, kind: str) -> RoundPresenter:
    """The game at ``kind`` stored as the newest in progress, and a mirror of it in this process."""
    with Store.open(data_dir) as store:
        stored = played_to(kind)
        store.create_game(stored.header(), events=stored.events())
    mirror = GameSession.new(ann_and_bob())
    bot = Bot("greedy", 3)
    while mirror.game.decision.kind != kind:
        mirror.act(bot.input_for(mirror.game))
    return RoundPresenter(mirror)


def test_the_starting_rolls_the_setup_list_and_the_log_say_ann_and_bob(app):
    mirror = store_and_mirror(app.server.data_dir, "starting_rolls")
    app.open("/round", size="phone")
    app.expect_text("Ann's die (or the app rolls)")
    app.expect_text("Bob's die (or the app rolls)")
    app.shot("names-starting-rolls")
    app.click("Ann rolled 5", exact=True)
    app.expect_text("Ann's die: 5")
    app.click("Roll for the starting order")
    assert mirror.starting_rolls({"blue": 5})
    v = mirror.view()
    app.expect_text(f"Undo: {v.undo_label}")
    assert "Ann (Blue)" in v.undo_label and "Bob (Yellow)" in v.undo_label
    lines = [line for line, _ in setup_checklist(mirror.game.setup, list(mirror.game.state.turn_order))]
    people = [line for line in lines if "Ann (Blue)" in line or "Bob (Yellow)" in line]
    assert len(people) == 3, lines  # their starting gold and the spell draft
    for line in people:
        app.expect_text(line)
    assert not [line for line in lines if BARE.search(line)], lines
    app.shot("names-setup-list")
    app.resize("desktop")
    app.click("Event log")
    log = mirror.log_lines()
    assert any("Ann (Blue)" in line for line in log), log
    for line in log:
        app.expect_text(line)
    app.shot("names-log")


def test_the_attack_result_names_who_won_and_how_each_defended(app):
    mirror = store_and_mirror(app.server.data_dir, "attack")
    attack = mirror.view().attack
    assert attack.humans == ["blue", "yellow"]
    app.open("/round", size="desktop")
    app.expect_text("Next: The dragon attacks: axes in turn order, then the tile")  # the dice came first
    app.expect_text("Ann (Blue)")
    app.expect_text("Bob casts Frost Bolt (+1)")
    app.click("Gold", exact=True)
    for n in range(1, AXES + 1):  # enough for Ann to win the tile
        app.click("Ann's axes total plus one")
        app.expect_text(f"Ann's axes total: {n}")
    app.click("Resolve the attack")
    tile = {"strength": 4, "treasure": "gold", "points": 6}
    players = {c: {"axes": AXES if c == "blue" else 0, "spells": []} for c in attack.humans}
    assert mirror.attack(tile, players, dict(attack.automa_axes))
    result = mirror.view().instructions
    assert result[0] == "Dragon attack (strength 4): Ann (Blue) won the tile", result
    assert result[1].startswith("Defence: ") and "Ann (Blue) " in result[1] and "Bob (Yellow) " in result[1]
    assert f"(die {attack.dice['blue']} + axes {AXES})" in result[1], result
    assert not [line for line in result if BARE.search(line)], result
    for line in result:
        app.expect_text(line)
    app.shot("names-attack-result")
    app.resize("phone")
    app.assert_in_view(result[0], role="text")
    app.shot("names-attack-result")
