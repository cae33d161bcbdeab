"""The table keeps the automa's things (``Setup.stash == "table"``, scenario D).

In play the app asks nothing about an automa's take: each question of the app-kept stash becomes a
``table_keeps`` instruction in board words; the counts come once, on the end-of-game sheet.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import PROCEED, automa, card, deck, events, fight_dice, find_seed, human, place, without_dice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.record.format import dumps, loads
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Setup
from companion.rules.words import board_instructions, describe
from companion.sim.bots import Bot, play
from companion.sim.table_stash import tally


def one_automa(space: str, *, stash: str = "table", first: str = "red", **all_play) -> Game:
    """One human (blue) and the red automa whose only card names ``space`` first; ``first`` starts."""
    cards = [card("C1", space, *[s for s in ("forge", "temple", "excavate") if s != space][:2], **all_play)]

    def make(seed: int) -> Game:
        setup = Setup.build([human("blue"), automa("red", "red")], expansion=True, seed=seed, stash=stash)
        game = Game(setup, decks={"red": deck("red", *cards)})
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        return game

    return make(find_seed(make, lambda g: g.state.turn_order[0] == first))


def kept(step, what: str) -> list[dict]:
    return [e for e in events(step, "table_keeps") if e["what"] == what]


# ---------------------------------------------------------------------------------------------- the setup


def test_the_app_keeps_the_stash_unless_the_table_is_chosen_and_only_a_table_game_names_it_in_its_record():
    assert Setup.solo(seed=1).stash == "app"
    assert "stash" not in Game(Setup.solo(seed=1)).header()["setup"]  # older records stay as they were
    header = Game(Setup.solo(seed=1, stash="table")).header()
    assert header["setup"]["stash"] == "table"
    assert Setup.model_validate(header["setup"]).table_stash
    with pytest.raises(ValueError):
        Setup.solo(seed=1, stash="box")


def test_a_record_without_the_field_is_an_app_kept_game():
    game = play(Game(Setup.solo(seed=4)), Bot("random", 4))
    text = dumps(game.header(), game.events())
    assert '"stash"' not in text.splitlines()[0]
    assert loads(text).setup.stash == "app"


# ---------------------------------------------------------------------------------------------- no questions


@pytest.mark.parametrize("space, what", [("mine", "gems"), ("tavern_4", "gems")])
def test_gems_of_the_humans_choice_are_an_instruction_not_a_question(space, what):
    game = one_automa(space)
    step = game.act(PROCEED)
    assert game.decision.kind != "question"
    (e,) = kept(step, what)
    assert e["count"] == 2 and e["space"] == space
    assert "Red takes 2 gems of your choice from the supply: put them beside its deck" in board_instructions(step, 5)


def test_dwarf_king_scenario_d_one_sentence_with_the_all_play_bonus():
    """Scenario D: "Red discards the 3rd achievement from the left and moves its score marker by the card's points,
    plus 2 for the all-play"."""
    game = one_automa("dwarf_king", dwarf_king=3)
    step = game.act(PROCEED)
    assert game.decision.kind != "question"
    (e,) = kept(step, "achievement")
    assert (e["position"], e["card"]) == (3, "C1")
    lines = board_instructions(step, 5)
    assert ("Red discards the 3rd achievement from the left and moves its score marker by the card's points, "
            "plus 2 for the all-play") in lines
    assert not any(line.startswith("Move Red's score marker") for line in lines)  # said once, in that sentence


def test_tunnel_scenario_d_take_the_tile_in_its_slot():
    game = one_automa("tunnel", tunnel=2)
    step = game.act(PROCEED)
    assert game.decision.kind != "question"
    lines = board_instructions(step, 5)
    assert ("Take the tile that costs 1 beer and 1 gold and put it face down beside Red's deck with the gems it "
            "shows") in lines
    assert game.state.stash["red"].tiles == []  # the app keeps nothing


def test_a_face_down_tile_is_not_to_be_recorded_under_rules_version_2():
    """Rules version 2 refuses a special tile for an automa (its tiles lie face down, no power): the instruction
    must not tell the table to record Dragon Song or Stone Beards. A version 1 game still accepts it and says so."""
    game = one_automa("tunnel", tunnel=1)
    step = game.act(PROCEED)
    (line,) = [x for x in board_instructions(step, 5) if "face down" in x]
    assert "record it" not in line and "Stone Beards" not in line
    with pytest.raises(IllegalInput, match="face down"):
        game.act({"type": "special_tile", "color": "red", "tile": "stone_beards"})
    (line,) = [x for x in board_instructions(step, 5, tile_powers=True) if "face down" in x]
    assert line.endswith("(if it is Dragon Song or Stone Beards, record it under Spells, special tiles and "
                         "corrections)")


def test_a_human_claim_leads_to_the_automa_discard_in_the_same_tap():
    game = one_automa("forge", first="blue", gem_market="emerald")
    step = place(game, "gem_market")
    assert game.decision.kind != "question"
    (e,) = kept(step, "contract")
    assert e["gem"] == "emerald" and e["after"] == []  # the claimer acted with the claim
    assert ("Red discards the emerald contract above the gold icon: the coins on it go beside its deck"
            in board_instructions(step, 5))


def test_humans_before_the_automa_in_the_walk_are_named_first():
    e = {"type": "table_keeps", "color": "green", "what": "tile", "position": 3, "after": ["blue", "yellow"]}
    assert board_instructions([e], 5)[0].startswith(
        "After Blue and Yellow: take the tile that costs 1 beer and 2 gold and put it face down beside Green's deck")


def test_wizards_cave_no_spell_is_asked():
    game = one_automa("wizards_cave", wizards_cave=4)
    step = game.act(PROCEED)
    assert game.decision.kind != "question"
    assert kept(step, "spell")[0]["position"] == 4
    assert ("Red automa discarded the 4th spell from the left and, for Charm or Mind Control, scored 3 or 9 points "
            "on the board") in [describe(e) for e in step]


def test_corrections_of_what_the_table_keeps_are_refused_but_the_dragon_can_be_set():
    game = one_automa("forge")
    with pytest.raises(IllegalInput, match="end-of-game sheet"):
        game.act({"type": "correction", "target": "gold", "color": "red", "value": 3})
    game.act({"type": "correction", "target": "dragon", "value": 2})
    assert game.state.dragon == 2


# ---------------------------------------------------------------------------------------------- the dragon


def attack_game(stash: str = "table", version: int | None = None) -> Game:
    """A solo game at a dragon attack (the dragon set just below the head, blue takes the Treasure Hoard)."""
    for seed in range(200):
        setup = Setup.solo(seed=seed, stash=stash)
        game = Game(setup) if version is None else Game(setup, version=version)
        game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        while game.decision.kind == "automa_turn":
            game.act(PROCEED)
        if game.decision.kind == "place" and "treasure_hoard" not in game.state.board:
            game.act({"type": "correction", "target": "dragon", "value": game.setup.dragon_track - 1})
            place(game, "treasure_hoard")
            game.act({"type": "roll", "value": 6})
            assert game.decision.kind == ("attack" if game.version < 4 else "attack_dice")
            return game
    raise AssertionError("no seed")


def lose_all(game: Game, treasure: str) -> list[dict]:
    """Blue's 6 (rules version 4: rolled first), no axes, a tile of strength 20: everyone loses."""
    players = {"blue": {"die": 6}}
    made = fight_dice(game, players)
    if made:
        players = without_dice(players)
    return made + game.act({"type": "attack_input", "tile": {"strength": 20, "treasure": treasure, "points": 5},
                            "players": players, "automa_axes": dict(game.decision.axes)})


def test_a_lost_fight_scenario_d_returns_half_of_the_gold_beside_its_deck_and_the_longest_beard():
    game = attack_game()
    step = lose_all(game, "gold")
    assert {e["color"]: e["share"] for e in kept(step, "loss")} == {"red": "half", "green": "half"}
    assert not events(step, "loss")  # no amount: the app does not know it
    lines = board_instructions(step, 5)
    assert ("Red returns half of the gold beside its deck, rounded up, and its longest beard (#5) goes to the "
            "capture box") in lines
    assert "Red #5 goes to the capture box" not in lines  # said once, in that sentence
    assert "Blue #5 goes to the capture box" in lines  # a human's loss as before


def test_an_automas_face_down_tile_has_no_power_even_when_the_table_keeps_it():
    """Ruling e (rules version 2): the automa's Tunnel tiles lie face down and give it no power, so the
    table cannot give it Stone Beards; its loss stays half and its longest beard is captured."""
    game = attack_game()
    with pytest.raises(IllegalInput, match="face down"):
        game.act({"type": "special_tile", "color": "green", "tile": "stone_beards"})
    step = lose_all(game, "gems")
    assert {e["color"]: e["share"] for e in kept(step, "loss")} == {"red": "half", "green": "half"}


def test_version_1_stone_beards_told_to_the_app_make_it_a_quarter_and_keep_the_dwarf():
    game = attack_game(version=1)
    game.act({"type": "special_tile", "color": "green", "tile": "stone_beards"})
    step = lose_all(game, "gems")
    assert {e["color"]: e["share"] for e in kept(step, "loss")} == {"red": "half", "green": "quarter"}
    assert "Green returns a quarter of the gems beside its deck, rounded up (Stone Beards: no dwarf is captured)" in (
        board_instructions(step, 5))


# ---------------------------------------------------------------------------------------------- whole games


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), bot_seed=st.integers(0, 2**20), humans=st.sampled_from([1, 2]),
       expansion=st.booleans())
def test_in_a_table_kept_game_no_decision_during_play_is_a_question_and_the_record_replays(
        seed, bot_seed, humans, expansion):
    players = [human(c) for c in ("blue", "yellow")[:humans]] + [automa(c, c) for c in ("red", "green")[:3 - humans]]
    game = Game(Setup.build(players, expansion=expansion, seed=seed, stash="table"))
    bot = Bot("random", bot_seed)
    kinds = set()
    while game.decision.kind != "final_scores":
        kinds.add(game.decision.kind)
        game.act(bot.input_for(game))
    assert "question" not in kinds
    assert all(not t for t in [s.tiles for s in game.state.stash.values()])
    game.act(bot.input_for(game))
    assert game.finished
    text = dumps(game.header(), game.events())
    assert json.loads(text.splitlines()[0])["setup"]["stash"] == "table"
    assert loads(text).events() == game.events()
    sheet_lines = [p for p in game.events()[-1]["sheet"]["players"] if p["kind"] == "automa"]
    assert {p["color"] for p in sheet_lines} == {p.color for p in game.setup.automa}


def test_the_same_seed_asks_questions_when_the_app_keeps_the_stash():
    """The control: the app-kept game of the same kind does ask (so the test above can fail)."""
    asked = 0
    for seed in range(3):
        game = Game(Setup.solo(seed=seed))
        bot = Bot("random", seed)
        while game.decision.kind != "final_scores":
            asked += game.decision.kind == "question"
            game.act(bot.input_for(game))
    assert asked > 0


def test_the_bot_counts_what_lies_beside_the_deck_as_a_table_would():
    events_ = [
        {"type": "gain", "color": "red", "gold": 3, "reason": "starting gold"},
        {"type": "score", "color": "red", "points": 2, "reason": "Dwarf King all-play bonus"},
        {"type": "table_keeps", "color": "red", "what": "achievement", "position": 1},
        {"type": "table_keeps", "color": "red", "what": "tile", "position": 2},
        {"type": "table_keeps", "color": "red", "what": "contract", "gem": "ruby"},
        {"type": "table_keeps", "color": "red", "what": "loss", "treasure": "gold", "share": "half"},
    ]
    answers = {"dwarf_king": 4, "tunnel": {"kind": "gem", "gem": "ruby", "gems": 3}, "gem_market": 2}
    line = tally(events_, {"red": "hard"}, lambda q, _d: answers[q])["red"]
    assert line == {"color": "red", "kind": "automa", "difficulty": "hard", "track": 6, "mine_tiles": 1,
                    "gem_mine_tiles": 1, "gold": 2, "mined_gems": 3}  # 3 + 2 gold, half of 5 rounded up is 3


def test_simulated_table_games_score_like_app_kept_ones():
    """Both ways of keeping the stash play the same game: their automa totals are alike over many games."""
    from companion.sim.simulate import run

    app = run(60, 5, stash="app").as_dict()["automa"]
    table = run(60, 5, stash="table").as_dict()["automa"]
    for name in app:
        assert abs(app[name]["mean"] - table[name]["mean"]) < 20, (name, app[name], table[name])


def test_a_random_placement_order_never_makes_a_question():
    rnd = random.Random(3)
    for seed in range(5):
        game = Game(Setup.solo(seed=seed, stash="table", expansion=rnd.random() < 0.5))
        bot = Bot("greedy", seed)
        while not game.finished:
            assert game.decision.kind != "question"
            game.act(bot.input_for(game))


def test_simulate_stash_table_writes_records_that_replay(tmp_path, capsys):
    from companion.cli.main import main

    assert main(["simulate", "--games", "2", "--seed", "3", "--stash", "table", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    for path in sorted(tmp_path.glob("*.jsonl")):
        text = path.read_text(encoding="utf-8")
        assert json.loads(text.splitlines()[0])["setup"]["stash"] == "table"
        game = loads(text)
        assert game.finished and not any(e["type"] == "answer" for e in game.events())


def test_the_round_screen_shows_no_app_count_of_an_automa_s_points_and_never_a_question():
    from companion.store.session import GameSession
    from companion.ui.round.presenter import RoundPresenter

    p = RoundPresenter(GameSession.new(Setup.solo(seed=9, stash="table")), app_dice=True)
    bot = Bot("random", 9)
    said = []
    while p.game.decision.kind != "final_scores":
        v = p.view()
        assert v.question is None and all(chip.points is None for chip in v.turn_order)
        said += v.instructions
        assert p.game.act(bot.input_for(p.game)) is not None
    assert any("beside its deck" in line for line in said)
    app_kept = RoundPresenter(GameSession.new(Setup.solo(seed=9)), app_dice=True).view()
    assert any(chip.points is not None for chip in app_kept.turn_order)


def test_settings_remember_the_choice_for_new_games_and_replay_shows_no_partial_count():
    from companion.rules.engine.summary import game_summary
    from companion.store.settings import Settings
    from companion.ui.settings.presenter import SettingsPresenter

    p = SettingsPresenter(Settings())
    assert p.set_table_stash(True).stash == "table"
    assert p.set_table_stash(False).stash == "app"
    table_game = Game(Setup.solo(seed=2, stash="table"))
    table_game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    assert game_summary(table_game)["automa"]["red"]["gold"] is None  # kept at the table, not counted
    app_game = Game(Setup.solo(seed=2))
    app_game.act({"type": "starting_rolls", "rolls": {"blue": 4}})
    assert game_summary(app_game)["automa"]["red"]["gold"] > 0  # the starting gold the app keeps
