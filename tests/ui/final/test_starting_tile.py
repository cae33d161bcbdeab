"""The end-of-game sheet asks a person's starting tile, and a stored sheet keeps its score (rules audit B3).

A stored game's sheet is kept whole; one saved before the type was asked names no starting tile, and must show the
same total, line by line, as it was saved with (the shipped type, marked as the estimate it was).
"""

import pytest
from engine_helpers import automa, human

from companion.rules.engine.inputs import GameEnd
from companion.rules.scoring import ranked_totals
from companion.rules.scoring.sheet import ScoreSheet
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.final.presenter import SAVED, SHEET, FinalPresenter


@pytest.fixture
def yellow(store: Store) -> GameSession:
    """Yellow (a person) against the red automa, played by a bot until the last round is over."""
    game = GameSession.new(Setup.build([human("yellow"), automa("red", "red")], seed=7, expansion=True)).game
    bot = Bot("greedy", 7)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


def counted(p: FinalPresenter) -> None:
    for key, value in (("track", 40), ("diamond", 2), ("gold", 5)):
        assert p.set_count("yellow", key, str(value)) is None
    p.reveal("red")


def test_the_sheet_marks_the_guess_and_saves_the_type_picked(yellow):
    p = FinalPresenter(yellow)
    counted(p)
    v = p.view()
    assert v.mode == SHEET and v.result.estimated_starts == (("Yellow", "diamond"),)
    before = v.human_totals["yellow"]
    p.set_starting_tile("yellow", "ruby")  # the tile shows rubies: 2 ruby tiles and 2 diamonds, not 4 diamonds
    v = p.view()
    assert v.result.estimated_starts == () and v.human_totals["yellow"] == before - 7 + 2 + 2
    assert p.save()
    (line,) = [x for x in yellow.game.events()[-1]["sheet"]["players"] if x["color"] == "yellow"]
    assert line["starting_tile"] == "ruby"
    with pytest.raises(ValueError, match="only while the game waits for its final scores"):
        p.set_starting_tile("yellow", "diamond")
    again = FinalPresenter(GameSession.resume(yellow.store, yellow.game_id))  # another visit: lines from the sheet
    row = next(r for r in again.view().result.rows if r.color == "yellow")
    assert row.total == yellow.game.state.final_scores["yellow"]
    assert "Ruby set" in {x.label for x in row.lines}


def test_a_sheet_saved_without_a_type_keeps_its_total_line_by_line(yellow):
    """As the app saved it before the type was asked: the line has no starting_tile (the rules read the shipped
    one). Its total comes out the same, every line shown, the guess marked."""
    p = FinalPresenter(yellow)
    counted(p)
    sheet = p.sheet.sheet().model_dump(mode="json")
    for x in sheet["players"]:
        x.pop("starting_tile", None)
    totals = ranked_totals(ScoreSheet.model_validate(sheet))
    yellow.act(GameEnd(totals, sheet))
    v = FinalPresenter(GameSession.resume(yellow.store, yellow.game_id)).view()
    assert v.mode == SAVED and v.note == ""
    row = next(r for r in v.result.rows if r.color == "yellow")
    assert row.total == totals["yellow"]
    assert {x.label: x.detail for x in row.lines}["Diamond set"] == (
        "4 tiles, the starting tile (its type estimated) counting as 2")
