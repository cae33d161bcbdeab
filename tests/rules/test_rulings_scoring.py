"""The rules audit's rulings (d) and (g), from the rulebooks' text: the end-game score.

(d) the set chart's 0-tile value is not printed, so it is not marked as printed;
(g) a solo tie with an automa is a loss and every ranking puts the automa ahead.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

from engine_helpers import find_seed

from companion.rules.engine.game import Game
from companion.rules.scoring import load_scoring, rank_order, score
from companion.rules.setup import Setup

# ---------------------------------------------------------------------------------------------- (d) set chart


def test_the_zero_tile_set_value_is_not_marked_as_printed():
    """The rulebook prints 1 -> 0, 3 -> 5 and 5 -> 10 only; 0 tiles is the app's reading."""
    zero = load_scoring().set_chart.entries[0]
    assert (zero.tiles, zero.points) == (0, 0)
    assert zero.source == "estimate"
    printed = [e.tiles for e in load_scoring().set_chart.entries if e.source == "rulebook"]
    assert printed == [1, 3, 5]


# ---------------------------------------------------------------------------------------------- (g) solo ties


def solo_sheet(human_track: int, red_track: int, green_track: int, order=("blue", "red", "green")) -> dict:
    zero_automa = {"mine_tiles": 0, "gem_mine_tiles": 0, "gold": 0, "mined_gems": 0}
    return {
        "expansion": True,
        "final_turn_order": list(order),
        "players": [
            {"color": "blue", "kind": "human", "track": human_track, "mine_tiles": {}, "gold": 0,
             "mined_gems": 0, "gems_in_mine": 0},
            {"color": "red", "kind": "automa", "difficulty": "hard", "track": red_track, **zero_automa},
            {"color": "green", "kind": "automa", "difficulty": "hard", "track": green_track, **zero_automa},
        ],
    }


def test_a_solo_tie_ranks_the_automa_ahead_whatever_the_turn_order():
    from companion.rules.scoring import ScoreSheet

    result = score(ScoreSheet.model_validate(solo_sheet(98, 100, 90)))  # blue: 98 + 2 for its starting tile
    assert {p.color: p.total for p in result.players} == {"blue": 100, "red": 100, "green": 90}
    assert [p.color for p in result.players] == ["red", "blue", "green"]
    assert result.solo.verdict == "loss"


def test_rank_order_in_solo_puts_a_tied_automa_first():
    assert rank_order({"blue": 80, "red": 80}, ["blue", "red"], ahead_on_tie=["red"]) == ["red", "blue"]
    # two automa tied with each other: the turn order still decides between them
    assert rank_order({"blue": 70, "red": 80, "green": 80}, ["blue", "green", "red"],
                      ahead_on_tie=["red", "green"]) == ["green", "red", "blue"]


def test_the_session_summary_and_the_history_put_the_automa_ahead_on_a_solo_tie(tmp_path):
    from datetime import UTC

    from companion.sim.bots import Bot
    from companion.store import Store
    from companion.store.session import GameSession, finished_summary
    from companion.ui.history.presenter import HistoryPresenter

    def played(seed: int) -> Game:
        game = Game(Setup.solo(seed=seed))
        bot = Bot("greedy", seed)
        while game.decision.kind != "final_scores":
            game.act(bot.input_for(game))
        return game

    # a game that ends with blue first in turn order: the rulebook's tie rule alone would make blue the winner
    game = played(find_seed(played, lambda g: g.state.turn_order[0] == "blue", tries=40))
    scores = {c: 90 for c in game.state.turn_order}
    game.act({"type": "game_end", "scores": scores})
    summary = finished_summary(game)
    assert summary.verdict == "loss"
    assert summary.winner != "blue"
    store = Store.open(tmp_path)
    try:
        session = GameSession.resume(store, store.create_game(game.header(), events=game.events()[:-1]))
        session.act({"type": "game_end", "scores": scores})
        row = next(r for r in HistoryPresenter(store, band=lambda d: None, tz=UTC).view().games
                   if r.id == session.game_id)
        assert row.scores.split(", ")[-1].startswith("Blue")
        assert row.winner.endswith("automa wins")
    finally:
        store.close()
