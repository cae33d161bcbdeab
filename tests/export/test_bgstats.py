"""The BG Stats mapping (companion.export.bgstats): the file's shape checked against a schema written from real
BG Stats exports (companion/export/README.md lists the sources), the ranking and tie rules, names, uuids and dates."""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime, timedelta, timezone
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, field_validator

from companion.export.bgstats import FinishedPlay, ScoredSeat, export, ranking

# --- the schema: field names and JSON types as BG Stats writes them ----------------------------------------

DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")


def _upper_uuid(v: str) -> str:
    assert v == str(uuid.UUID(v)).upper(), v
    return v


def _date(v: str) -> str:
    assert DATE.match(v), v
    return v


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GameRow(Strict):
    uuid: StrictStr
    id: StrictInt
    name: StrictStr
    modificationDate: StrictStr
    cooperative: StrictBool
    highestWins: StrictBool
    noPoints: StrictBool
    usesTeams: StrictBool
    bggId: StrictInt
    bggName: StrictStr
    bggYear: StrictInt
    isBaseGame: Literal[0, 1]
    isExpansion: Literal[0, 1]

    _u = field_validator("uuid")(_upper_uuid)
    _d = field_validator("modificationDate")(_date)


class PlayerRow(Strict):
    uuid: StrictStr
    id: StrictInt
    name: StrictStr
    isAnonymous: StrictBool
    modificationDate: StrictStr
    bggUsername: StrictStr
    metaData: StrictStr | None = None

    _u = field_validator("uuid")(_upper_uuid)
    _d = field_validator("modificationDate")(_date)


class LocationRow(Strict):
    uuid: StrictStr
    id: StrictInt
    name: StrictStr
    modificationDate: StrictStr

    _u = field_validator("uuid")(_upper_uuid)


class PlayerScore(Strict):
    playerRefId: StrictInt
    score: StrictStr  # BG Stats keeps scores as text ("118")
    winner: StrictBool
    newPlayer: StrictBool
    startPlayer: StrictBool
    rank: StrictInt
    seatOrder: StrictInt
    role: StrictStr


class ExpansionPlay(Strict):
    bggId: StrictInt
    gameRefId: StrictInt


class PlayRow(Strict):
    uuid: StrictStr
    gameRefId: StrictInt
    playDate: StrictStr
    entryDate: StrictStr
    modificationDate: StrictStr
    durationMin: StrictInt
    ignored: StrictBool
    manualWinner: StrictBool
    usesTeams: StrictBool
    rounds: StrictInt
    scoringSetting: StrictInt
    bggId: StrictInt
    playImages: StrictStr
    comments: StrictStr
    expansionPlays: list[ExpansionPlay]
    playerScores: list[PlayerScore]
    locationRefId: StrictInt | None = None

    _u = field_validator("uuid")(_upper_uuid)
    _d = field_validator("playDate", "entryDate", "modificationDate")(_date)


class BGStatsFile(Strict):
    about: StrictStr
    games: list[GameRow]
    players: list[PlayerRow]
    locations: list[LocationRow]
    plays: list[PlayRow]


def check_shape(out: dict) -> BGStatsFile:
    """The schema, and every reference pointing at an entry of the file."""
    text = json.dumps(out)  # plain JSON, nothing Python-only
    parsed = BGStatsFile.model_validate(json.loads(text))
    game_ids = {g.id for g in parsed.games}
    player_ids = {p.id for p in parsed.players}
    location_ids = {loc.id for loc in parsed.locations}
    assert len(game_ids) == len(parsed.games) and len(player_ids) == len(parsed.players)
    for play in parsed.plays:
        assert play.gameRefId in game_ids
        assert all(e.gameRefId in game_ids for e in play.expansionPlays)
        assert play.locationRefId is None or play.locationRefId in location_ids
        refs = [s.playerRefId for s in play.playerScores]
        assert len(set(refs)) == len(refs) and set(refs) <= player_ids
        assert sorted(s.rank for s in play.playerScores) == list(range(1, len(refs) + 1))
        assert [s.rank for s in play.playerScores if s.winner] == [1]
        assert sum(s.startPlayer for s in play.playerScores) == 1
    return parsed


# --- building plays ----------------------------------------------------------------------------------------

T0 = datetime(2026, 3, 12, 19, 30, tzinfo=UTC)


def solo(blue: int, red: int, green: int, difficulty: str = "hard", order=("blue", "red", "green"), **kw):
    seats = (
        ScoredSeat("blue", "human", kw.pop("name", None), None, blue),
        ScoredSeat("red", "automa", None, difficulty, red),
        ScoredSeat("green", "automa", None, difficulty, green),
    )
    return FinishedPlay(kw.pop("key", "solo"), kw.pop("started", T0), kw.pop("ended", T0 + timedelta(minutes=72)),
                        kw.pop("expansion", True), 5, seats, kw.pop("start_order", order), order, **kw)


def by_color(out: dict, play: int = 0) -> dict[str, dict]:
    names = {p["id"]: p["name"] for p in out["players"]}
    return {names[s["playerRefId"]]: s for s in out["plays"][play]["playerScores"]}


# --- tests -------------------------------------------------------------------------------------------------


def test_a_solo_game_has_the_shape_of_a_bg_stats_export():
    out = export([solo(118, 104, 97, game_id=3)], tz=UTC)
    parsed = check_shape(out)
    assert [g.name for g in parsed.games] == ["Treasure Mountain", "Treasure Mountain: Caverns of Gandûm"]
    assert [(g.isBaseGame, g.isExpansion) for g in parsed.games] == [(1, 0), (0, 1)]
    assert parsed.plays[0].expansionPlays == [ExpansionPlay(bggId=0, gameRefId=2)]
    assert [p.name for p in parsed.players] == ["Blue", "Red automa", "Green automa"]
    assert parsed.locations == []
    play = out["plays"][0]
    assert (play["playDate"], play["durationMin"], play["rounds"]) == ("2026-03-12 19:30:00", 72, 5)
    assert play["comments"] == "Treasure Companion game 3, 5 rounds, Caverns of Gandûm, solo win."
    scores = by_color(out)
    assert {n: (s["score"], s["rank"], s["winner"], s["role"]) for n, s in scores.items()} == {
        "Blue": ("118", 1, True, ""),
        "Red automa": ("104", 2, False, "Hard"),
        "Green automa": ("97", 3, False, "Hard"),
    }


def test_the_automa_difficulty_is_its_role_and_it_is_marked_as_not_a_person():
    out = export([solo(80, 90, 70, difficulty="punishing")], tz=UTC)
    assert {n: s["role"] for n, s in by_color(out).items()} == {
        "Blue": "", "Red automa": "Punishing", "Green automa": "Punishing"}
    assert [p.get("metaData") for p in out["players"]] == [None, '{"isNpc":1}', '{"isNpc":1}']


def test_solo_tie_with_an_automa_is_a_loss_and_the_automa_ranks_ahead():
    # Blue is first in the final turn order, which would win a tie in a game of people only.
    out = export([solo(100, 100, 90, order=("blue", "red", "green"))], tz=UTC)
    scores = by_color(out)
    assert (scores["Red automa"]["rank"], scores["Red automa"]["winner"]) == (1, True)
    assert (scores["Blue"]["rank"], scores["Blue"]["winner"]) == (2, False)
    assert out["plays"][0]["comments"].endswith("solo loss.")


def test_a_tie_between_two_automa_goes_by_turn_order():
    out = export([solo(80, 100, 100, order=("green", "blue", "red"))], tz=UTC)
    assert [by_color(out)[n]["rank"] for n in ("Green automa", "Red automa", "Blue")] == [1, 2, 3]


def test_with_people_only_a_tie_goes_to_the_earlier_player_in_the_final_turn_order():
    seats = (ScoredSeat("red", "human", "Ann", None, 90), ScoredSeat("blue", "human", "Bo", None, 90),
             ScoredSeat("yellow", "human", None, None, 95))
    play = FinishedPlay("m", T0, T0 + timedelta(hours=2), False, 6, seats, ("red", "blue", "yellow"),
                        ("yellow", "blue", "red"))
    out = export([play], tz=UTC)
    check_shape(out)
    scores = by_color(out)
    assert [scores[n]["rank"] for n in ("Yellow", "Bo", "Ann")] == [1, 2, 3]
    assert [n for n, s in scores.items() if s["startPlayer"]] == ["Ann"]
    assert len(out["games"]) == 1 and out["plays"][0]["expansionPlays"] == []


def test_the_start_player_is_first_after_the_starting_rolls():
    out = export([solo(90, 80, 70, order=("blue", "red", "green"), start_order=("green", "blue", "red"))], tz=UTC)
    assert [n for n, s in by_color(out).items() if s["startPlayer"]] == ["Green automa"]


def test_names_where_given_else_the_colour_and_one_player_per_person_across_plays():
    first = solo(90, 80, 70, name="  Ann ", key="a")
    second = solo(91, 81, 71, name="ann", key="b", started=T0 + timedelta(days=1), ended=T0 + timedelta(days=1))
    third = solo(92, 82, 72, key="c", started=T0 + timedelta(days=2), ended=T0 + timedelta(days=2))
    out = export([third, second, first], tz=UTC)
    check_shape(out)
    assert [p["name"] for p in out["players"]] == ["Ann", "Red automa", "Green automa", "Blue"]
    assert [p["playDate"][:10] for p in out["plays"]] == ["2026-03-12", "2026-03-13", "2026-03-14"]
    assert len({p["uuid"] for p in out["plays"]}) == 3


def test_the_same_game_exported_twice_is_the_same_play():
    a, b = export([solo(90, 80, 70, key="k")], tz=UTC), export([solo(90, 80, 70, key="k")], tz=UTC)
    assert a == b
    assert a["plays"][0]["uuid"] != export([solo(90, 80, 70, key="other")], tz=UTC)["plays"][0]["uuid"]


def test_dates_are_local_time_of_the_given_zone():
    out = export([solo(90, 80, 70)], tz=timezone(timedelta(hours=2)))
    assert out["plays"][0]["playDate"] == "2026-03-12 21:30:00"
    assert out["plays"][0]["entryDate"] == "2026-03-12 22:42:00"


def test_a_location_is_written_only_when_given():
    out = export([solo(90, 80, 70)], tz=UTC, location=" Kitchen table ")
    parsed = check_shape(out)
    assert [loc.name for loc in parsed.locations] == ["Kitchen table"]
    assert parsed.plays[0].locationRefId == 1


def test_no_end_time_gives_duration_zero():
    out = export([solo(90, 80, 70, ended=None)], tz=UTC)
    assert out["plays"][0]["durationMin"] == 0


scores = st.integers(min_value=0, max_value=250)


@given(scores, scores, scores, st.permutations(["blue", "red", "green"]), st.sampled_from(["easy", "hard"]))
def test_any_solo_game_has_the_shape_and_a_human_wins_only_with_more_than_both_automa(b, r, g, order, level):
    play = solo(b, r, g, difficulty=level, order=tuple(order))
    out = export([play], tz=UTC)
    check_shape(out)
    human_won = by_color(out)["Blue"]["winner"]
    assert human_won == (b > max(r, g))
    ranked = ranking(play)
    totals = {"blue": b, "red": r, "green": g}
    assert [totals[c] for c in ranked] == sorted(totals.values(), reverse=True)


def test_an_empty_export_is_still_well_formed():
    parsed = check_shape(export([], tz=UTC))
    assert parsed.plays == [] and parsed.players == [] and len(parsed.games) == 1


@pytest.mark.parametrize("bad", [{"score": 118}, {"winner": "true"}, {"rank": "1"}])
def test_the_schema_check_can_fail(bad):
    out = export([solo(118, 104, 97)], tz=UTC)
    out["plays"][0]["playerScores"][0].update(bad)
    with pytest.raises(ValueError):
        check_shape(out)


def test_the_solo_tie_rule_is_in_the_rules_help():
    from companion.ui.rules_help.text import APP_DECISIONS

    said = [d for d in APP_DECISIONS if d.startswith("Export for BG Stats")]
    assert len(said) == 1 and "tie with an automa is a loss" in said[0] and "ranked ahead" in said[0]
