"""The score screen's presenter: plain Python, scored by the real engine."""

import pytest

from companion.ui.score.presenter import ScorePresenter


def fill(p, color, **counts):
    for key, value in counts.items():
        assert p.set_count(color, key, str(value)) is None


def test_scenario_b_solo_win_with_beard_rank():
    p = ScorePresenter.solo("hard")
    fill(p, "blue", track=57, ruby=5, sapphire=1, gold=11, mined_gems=20, gems_in_mine=8)
    fill(p, "red", track=30, mine_tiles=8, gem_mine_tiles=7, gold=11, mined_gems=10)
    fill(p, "green", track=40, mine_tiles=5, gem_mine_tiles=5, gold=9, mined_gems=10)
    view = p.result()
    assert view.error is None
    assert [(r.rank, r.color, r.total) for r in view.rows] == [(1, "blue", 118), (2, "red", 104), (3, "green", 97)]
    assert view.solo.win and view.solo.beard_rank == "Balbo"
    assert view.solo.headline == "You win with 118 (the best automa has 104). Beard rank: Balbo."
    blue = {line.label: line for line in view.rows[0].lines}
    assert blue["Mine tiles"].points == 15 and blue["Mine tiles"].detail == "5 ruby tiles and 3 sapphire tiles"
    assert blue["Sapphire set"].detail == "3 tiles, the starting tile counting as 2"
    assert blue["Gold"].detail == "11 gold x 2" and blue["Gold"].points == 22
    assert blue["Gems in the mine"].points == 4
    red = {line.label: line for line in view.rows[1].lines}
    assert red["Gold"].detail == "11 gold x 3" and red["Gem tiles in stack"].points == 7
    # An automa's lines carry the names its counts were asked by ("Tiles in stack"), not a second name.
    assert red["Tiles in stack"].points == 24 and "Mine tiles" not in red and "Gem mine tiles" not in red
    # Every line of every total adds up to the total.
    for row in view.rows:
        top = [line for line in row.lines if not line.label.endswith(" set")]
        assert sum(line.points for line in top) == row.total


def test_solo_tie_is_a_loss():
    p = ScorePresenter.solo("easy")
    fill(p, "blue", track=10)  # + the starting set of 2 = 12
    fill(p, "red", track=12)
    view = p.result()
    assert not view.solo.win and view.solo.beard_rank is None
    assert "needed more than 12" in view.solo.headline and "a tie is not a win" in view.solo.headline


def test_scenario_c_tie_broken_by_final_turn_order_with_the_reason():
    p = ScorePresenter.group(4, expansion=False)
    assert p.turn_order == ["blue", "red", "green", "yellow"]
    fill(p, "blue", track=94)
    fill(p, "red", track=94)
    fill(p, "green", track=50)
    view = p.result()
    first, second = view.rows[:2]
    assert (first.color, second.color) == ("blue", "red")
    assert first.tie_note == "ties Red on 96 and ranks higher: earlier in the final turn order"
    assert second.tie_note == "ties Blue on 96 and ranks lower: later in the final turn order"
    assert view.rows[2].tie_note == ""
    p.move("red", -1)
    assert p.turn_order[:2] == ["red", "blue"]
    assert [r.color for r in p.result().rows[:2]] == ["red", "blue"]


def test_estimates_are_flagged_per_line():
    p = ScorePresenter.group(1)
    view = p.result()  # the starting tile alone: a set of 2, an estimate
    lines = {line.label: line for line in view.rows[0].lines}
    assert lines["Mine tiles"].estimate and lines["Sapphire set"].estimate and view.estimates_used
    fill(p, "blue", sapphire=1)  # a set of 3 is printed
    assert not p.result().estimates_used


def test_owner_corrections_of_the_set_chart_are_used_and_marked():
    from companion.store.settings import Settings, correct, effective_set_chart

    chart = effective_set_chart(correct(Settings(), "set_chart", {2: 3}))
    view = ScorePresenter.group(1).result(chart)
    lines = {line.label: line for line in view.rows[0].lines}
    assert lines["Sapphire set"].points == 3 and lines["Sapphire set"].mark == "your copy"
    assert lines["Mine tiles"].mark == "your copy" and not view.estimates_used


def test_base_game_has_no_mana_and_refuses_none():
    p = ScorePresenter.group(2, expansion=False)
    assert "mana" not in dict(p.seat("blue").fields(p.expansion))
    p.set_expansion(True)
    assert "mana" in dict(p.seat("blue").fields(p.expansion))


def test_impossible_automa_stack_is_one_line():
    p = ScorePresenter.solo()
    fill(p, "red", mine_tiles=2, gem_mine_tiles=3)
    view = p.result()
    assert view.rows == ()
    assert view.error == "Red automa (Hard): it cannot have more gem tiles than tiles in its stack"


@pytest.mark.parametrize(("text", "error"), [("x", "enter a whole number"), ("-1", "0 to 999"), ("1000", "0 to 999")])
def test_bad_counts_are_refused_and_keep_the_old_value(text, error):
    p = ScorePresenter.group(1)
    fill(p, "blue", gold=4)
    message = p.set_count("blue", "gold", text)
    assert message is not None and message.startswith("Blue gold: ") and error in message
    assert p.seat("blue").count("gold") == 4


def test_empty_field_counts_as_zero_and_steppers_stop_at_zero():
    p = ScorePresenter.group(1)
    fill(p, "blue", gold=1)
    assert p.set_count("blue", "gold", "") is None and p.seat("blue").count("gold") == 0
    assert p.step("blue", "gold", -1) == 0
    assert p.step("blue", "gold", +1) == 1


def test_players_add_remove_kind_colour_and_difficulty():
    p = ScorePresenter.group(1)
    assert p.can_remove is False
    p.add_player("automa")
    assert [s.color for s in p.seats] == ["blue", "red"] and p.turn_order == ["blue", "red"]
    p.set_difficulty("red", "punishing")
    assert p.seat("red").label == "Red automa (Punishing)"
    fill(p, "red", track=5, mine_tiles=3)
    p.set_kind("red", "human")
    assert p.seat("red").counts == {"track": 5}  # counts that mean the same thing survive
    p.set_colour("red", "blue")  # a swap
    assert [s.color for s in p.seats] == ["red", "blue"] and p.turn_order == ["red", "blue"]
    p.add_player()
    p.add_player()
    assert len(p.seats) == 4 and not p.can_add
    with pytest.raises(ValueError):
        p.add_player()
    p.remove_player("yellow")
    assert "yellow" not in p.turn_order and len(p.seats) == 3
    with pytest.raises(ValueError):
        p.set_difficulty("red", "brutal")
    with pytest.raises(ValueError):
        p.set_kind("red", "robot")
