"""The record's limits and strict types, in process (the command line's side is tests/cli/test_bad_input.py)."""

from __future__ import annotations

import json

import pytest

from companion.record import format as record
from companion.record.strict import MAX_EVENTS, MAX_SCORE, RecordError
from companion.rules.engine.game import Game
from companion.rules.scoring import MAX_COUNT, ScoreSheet, score
from companion.rules.setup import Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.final.presenter import FinalPresenter


def to_final_scores(setup: Setup, store: Store) -> GameSession:
    """A stored game played by a bot until only the final scores are missing."""
    game = Game(setup)
    bot = Bot("greedy", 1)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    return GameSession.resume(store, store.create_game(game.header(), events=game.events()))


def test_the_score_bound_holds_every_sheet_the_scoring_assistant_can_make():
    """Every count at its maximum, every automa at its most generous difficulty: still within MAX_SCORE."""
    tiles = dict.fromkeys(("ruby", "emerald", "sapphire", "diamond", "special", "mana"), MAX_COUNT)
    human = {"kind": "human", "color": "blue", "track": MAX_COUNT, "mine_tiles": tiles, "gold": MAX_COUNT,
             "mined_gems": MAX_COUNT, "gems_in_mine": MAX_COUNT}
    best = 0
    for difficulty in ("easy", "hard", "punishing"):
        automa = {"kind": "automa", "color": "red", "difficulty": difficulty, **dict.fromkeys(
            ("track", "mine_tiles", "gem_mine_tiles", "gold", "mined_gems"), MAX_COUNT)}
        sheet = ScoreSheet.model_validate({"expansion": True, "final_turn_order": ["blue", "red"],
                                           "players": [human, automa]})
        best = max(best, *(p.total for p in score(sheet).players))
    assert 0 < best <= MAX_SCORE


def test_a_game_ended_with_the_apps_own_sheet_replays(tmp_path):
    """The strict check of a game_end's sheet accepts the sheet the end-of-game screen saves."""
    with Store.open(tmp_path) as store:
        session = to_final_scores(Setup.solo(seed=5), store)
        p = FinalPresenter(session)
        p.set_count("blue", "track", "40")
        p.reveal("red")
        p.reveal("green")
        assert p.save()
        text = record.game_record(session.game)
    assert "sheet" in json.loads(text.splitlines()[-1])
    assert record.loads(text).finished


def test_a_bad_colour_in_a_records_sheet_is_named_as_the_score_command_names_it(tmp_path):
    """The sheet a game_end carries is checked in the score sheet's own words: the value and the choices."""
    with Store.open(tmp_path) as store:
        session = to_final_scores(Setup.solo(seed=5), store)
        p = FinalPresenter(session)
        p.reveal("red")
        p.reveal("green")
        assert p.save()
        lines = record.game_record(session.game).splitlines()
    end = json.loads(lines[-1])
    end["sheet"]["players"][0]["color"] = "orange"
    with pytest.raises(RecordError) as info:
        record.parse("\n".join([*lines[:-1], json.dumps(end)]))
    assert info.value.code == 2
    assert f"line {len(lines)}: sheet.players[0].color: colour 'orange' is not one of red, yellow, green, blue" in str(
        info.value
    )


def test_a_record_at_the_event_limit_is_not_refused_for_its_length():
    """200,000 events pass the length check (here they then fail on their content, at line 2)."""
    header = record.game_record(Game(Setup.solo(seed=1))).split("\n")[0]
    at_limit = header + "\n" + "{}\n" * MAX_EVENTS
    with pytest.raises(RecordError, match="line 2 has no 'seq'"):
        record.parse(at_limit)
    with pytest.raises(RecordError, match="more than 200,000 events"):
        record.parse(at_limit + "{}\n")
