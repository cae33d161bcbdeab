"""The round screen's view model: what the presenter tells the forms about the game, so that none of them reads the
engine (``tests/test_layers.py`` holds them to it)."""

from __future__ import annotations

from engine_helpers import automa, human, table_rolls

from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.store.session import GameSession
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.view_model import AutomaTally, SeatLabel
from tests.ui.round.test_presenter import started, until


def step(p: RoundPresenter) -> None:
    """One step of the game, as the presenter's tests play it."""
    v = p.view()
    if v.decision == "place":
        assert p.tap_space(next(c.space for c in v.cells if c.status == "free"))
    elif v.decision == "question":
        q = v.question
        value = {"number": 2, "gems": ["ruby"] * q.count, "tile": {"kind": "gem", "gem": "ruby", "gems": 2},
                 "spell": "charm"}[q.kind]
        assert p.answer(value)
    elif v.decision == "attack":
        assert p.attack({"strength": 5, "treasure": "gold", "points": 6}, {c: {"axes": 0} for c in v.attack.humans},
                        dict(v.attack.automa_axes))
    else:
        assert p.proceed(), p.error


def test_the_step_counts_every_step_and_an_undo_takes_one_back():
    """A form's half-filled values belong to one step: the step number says when the game moved on."""
    p = RoundPresenter(GameSession.new(Setup.solo(seed=11)))
    first = p.view()
    assert (first.step, first.round) == (len(p.game.steps), 0)
    assert p.starting_rolls({"blue": 4})
    v = p.view()
    assert (v.step, v.round) == (first.step + 1, 1)
    step(p)
    assert p.view().step == v.step + 1
    assert p.undo() and p.view().step == v.step
    assert p.redo() and p.view().step == v.step + 1


def test_placed_says_whether_a_dwarf_went_on_the_board_yet():
    """Until the first placement "On the board" lists the table's setup."""
    p = started()
    while not any(e["type"] == "place" for e in p.game.events()):
        assert not p.view().placed
        step(p)
    assert p.view().placed


def test_after_attack_holds_for_the_step_that_resolved_the_attack_only():
    """The screen scrolls to the attack's result at the top of "On the board" once, right after the attack."""
    p = started()
    until(p, "attack")
    seen = []
    for _ in range(12):
        v = p.view()
        resolved = any(e["type"] == "attack" for e in p.game.steps[-1])
        seen.append(resolved)
        assert v.after_attack is resolved
        if seen.count(True) and not resolved:
            break
        step(p)
    assert seen.count(True) == 1 and seen[-1] is False


def test_time_warp_rerolls_only_with_the_expansion_from_rules_version_2():
    players = [human("blue"), automa("red", "red")]
    for expansion, version, offered in ((True, 2, True), (False, 2, False), (True, 1, False)):
        game = Game(Setup.build(players, expansion=expansion, seed=3), version=version)
        assert RoundPresenter(GameSession(game)).view().time_warp is offered, (expansion, version)


def test_the_seats_are_every_player_in_the_setups_order_as_the_screen_names_them():
    setup = Setup.build([Player(color="blue", kind="human", name="Ann"), human("yellow"), automa("red", "red")],
                        seed=3)
    v = RoundPresenter(GameSession.new(setup)).view()
    assert v.seats == (SeatLabel("blue", "Ann (Blue)", False), SeatLabel("yellow", "Yellow", False),
                       SeatLabel("red", "Red automa", True))
    assert [s.color for s in v.humans] == ["blue", "yellow"]


def test_the_tallies_are_the_automa_s_points_and_gold_the_app_keeps_and_none_when_the_table_keeps_them():
    p = RoundPresenter(GameSession.new(Setup.build([human("blue"), automa("red", "red")], seed=3)), app_dice=False)
    assert p.starting_rolls(table_rolls(["blue"]))
    state = p.game.state
    assert p.view().tallies == (AutomaTally("red", state.points["red"], state.stash["red"].gold),)
    assert p.correct("gold", 7, "red") and p.correct("points", 12, "red")
    assert p.view().tallies == (AutomaTally("red", 12, 7),)
    table = RoundPresenter(GameSession.new(Setup.build([human("blue"), automa("red", "red")], seed=3,
                                                       stash="table")))
    assert table.view().tallies == ()


def test_the_tile_owner_is_asked_only_in_a_version_1_game_whose_table_keeps_the_automa_s_things():
    players = [human("blue"), automa("red", "red")]
    for stash, version, asked in (("table", 1, True), ("table", 2, False), ("app", 1, False)):
        game = Game(Setup.build(players, seed=3, stash=stash), version=version)
        assert RoundPresenter(GameSession(game)).view().ask_tile_owner is asked, (stash, version)
