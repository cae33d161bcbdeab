"""The new-game screen's presenter: the setups it makes and the table's checklist."""

import pytest

from companion.rules.reference import load_reference
from companion.ui.new_game.presenter import NewGameForm, axe_bag_hint, setup_checklist, stash_hint


def test_two_players_and_one_automa_follow_the_expansion_table():
    form = NewGameForm()
    form.choose_mode("two")
    setup = form.setup(seed=1)
    assert [p.kind for p in setup.players].count("automa") == 1
    assert (setup.rounds, setup.dwarves) == (6, 5)


def test_base_game_two_humans_uses_the_base_table():
    form = NewGameForm(expansion=False)
    form.choose_mode("none")
    setup = form.setup(seed=1)
    assert (setup.rounds, setup.dwarves) == (7, 5)


def test_custom_options_add_a_dwarf_and_take_a_round():
    form = NewGameForm()
    form.choose_mode("custom")
    form.extra_dwarf = form.one_round_fewer = True
    setup = form.setup(seed=1)
    assert (setup.rounds, setup.dwarves) == (6 - 1, 5 + 1)


def test_colours_stay_unique_when_one_is_taken():
    form = NewGameForm()
    form.set_color(0, "red")
    assert [s.color for s in form.seats] == ["red", "blue", "green"]
    assert form.setup(seed=1)


def test_decks_stay_apart():
    form = NewGameForm()
    form.set_deck(1, "green")
    assert [s.deck for s in form.seats if s.kind == "automa"] == ["green", "red"]


def test_options_need_an_automa_and_say_so_in_one_line():
    form = NewGameForm()
    form.choose_mode("none")
    form.extra_dwarf = True
    with pytest.raises(ValueError, match="custom automa setups") as err:
        form.setup(seed=1)
    assert "\n" not in str(err.value)


def test_checklist_marks_starting_gold_as_an_estimate_and_gives_automa_no_beer():
    form = NewGameForm()
    setup = form.setup(seed=1)
    lines = setup_checklist(setup, ["red", "blue", "green"])
    gold = [(line, est) for line, est in lines if "gold" in line]
    ref = load_reference()
    assert len(gold) == 3 and all(est == (ref.starting_gold.source == "estimate") for _, est in gold)
    assert gold[0][0].startswith("Red automa, #1 in turn order: 2 gold, no beer")
    assert "Blue, #2 in turn order: 3 gold, 1 beer" in gold[1][0]
    draft = next(line for line, _ in lines if "Spell draft" in line)
    assert draft.endswith("Blue (the automa skip it)")


def test_the_transcribed_deck_in_use_is_played_unless_turned_off_and_only_for_the_automa_in_play():
    """The Decks screen says "your red deck is in use": New game plays it unless its switch is turned off."""
    from companion.rules.automa.deck import load_builtin

    red = load_builtin("red")
    mine = red.model_copy(update={"cards": red.cards[:4]})
    form = NewGameForm()
    assert form.plays_transcribed({"red": mine}) and not form.plays_transcribed({})
    assert form.setup(seed=1, imported={"red": mine}).custom_decks == {"red": mine}
    form.transcribed_decks = False
    assert form.setup(seed=1, imported={"red": mine}).custom_decks == {}
    form.transcribed_decks = True
    assert form.setup(seed=1, imported={"red": mine}).custom_decks == {"red": mine}
    form.choose_mode("two")  # one automa, playing the red deck
    form.transcribed_decks = True
    green = load_builtin("green").model_copy(update={"cards": load_builtin("green").cards[:2]})
    assert set(form.setup(seed=1, imported={"red": mine, "green": green}).custom_decks) == {"red"}


def test_the_table_keeps_the_automa_s_things_when_chosen_and_the_checklist_says_so():
    form = NewGameForm()
    assert form.setup(seed=1).stash == "app"
    form.stash = "table"
    setup = form.setup(seed=1)
    assert setup.stash == "table"
    lines = [line for line, _ in setup_checklist(setup, ["blue", "red", "green"])]
    assert any("beside its deck" in line for line in lines)
    form.choose_mode("none")  # no automa: nothing to keep
    assert form.setup(seed=1).stash == "app"


def test_the_choice_is_remembered_in_settings(tmp_path):
    """The form says what to save when the switch changes the owner's setting, and nothing when it does not."""
    from companion.store.settings import Settings, load_settings, save_settings

    form = NewGameForm.from_settings(Settings())
    assert not form.table_stash
    to_save = form.set_table_stash(True, Settings())
    assert form.table_stash and to_save is not None and to_save.table_stash
    save_settings(to_save, tmp_path)
    assert load_settings(tmp_path).stash == "table"
    assert form.set_table_stash(True, to_save) is None  # already remembered: nothing to save
    assert form.set_table_stash(False, to_save) == Settings()
    form.follow_settings(to_save)  # changed in Settings meanwhile
    assert form.table_stash


def test_a_name_over_40_characters_is_refused_in_one_line_naming_the_field():
    """Before: a name was cut to 24 characters without a word. Now up to 40 are kept, a longer one is refused."""
    form = NewGameForm()
    form.set_name(0, "  " + "A" * 40 + "  ")
    assert form.setup(seed=1).players[0].name == "A" * 40
    form.set_name(0, "B" * 41)
    with pytest.raises(ValueError) as err:
        form.setup(seed=1)
    assert str(err.value) == "Seat 1 name: at most 40 characters (this one has 41)"


def test_the_axe_bag_hint_says_what_the_switch_does_in_its_position():
    """Off, the hint said "The app draws the automa's axes", as if it did: each position says what happens, and
    the bag's mix is the one the base rulebook prints (75% worth one, 25% two), so it is not called an estimate."""
    off, on = axe_bag_hint(False), axe_bag_hint(True)
    assert off.startswith("Off:") and "you draw the automa's axes from the bag" in off
    assert on.startswith("On:") and "the app draws" in on and "the rulebook's mix" in on and "estimate" not in on


def test_both_switch_hints_begin_with_the_position_they_describe():
    """The axe bag's and the table's hints read the same way: "On:" or "Off:", then what happens."""
    for hint in (axe_bag_hint, stash_hint):
        assert hint(True).startswith("On: ") and hint(False).startswith("Off: ")
    assert "beside each automa's deck" in stash_hint(True) and "the app keeps" in stash_hint(False)


def test_checklist_puts_the_dragon_on_zero_and_marks_the_track_length_an_estimate():
    """The app starts an attack when the dragon has climbed the track's length, a value the rulebooks do not
    print: the first screen of play says so, marked, so a player whose board differs can correct it."""
    setup = NewGameForm().setup(seed=1)
    ref = load_reference()
    dragon = [(line, est) for line, est in setup_checklist(setup, ["red", "blue", "green"]) if "ragon" in line]
    assert dragon == [(f"Dragon on the zero space: it attacks at the head, {setup.dragon_track} steps up", True)]
    corrected = ref.model_copy(update={"dragon_track": ref.dragon_track.model_copy(update={"source": "owner"})})
    assert [est for line, est in setup_checklist(setup, ["red", "blue", "green"], corrected) if "ragon" in line] == [
        False
    ]


def test_start_s_summary_names_the_decks_played_with():
    form = NewGameForm()
    assert form.summary({}) == "Solo · Caverns of Gandûm · Hard automa · the app's red and green decks"
    assert form.summary({"red"}) == "Solo · Caverns of Gandûm · Hard automa · your red deck and the app's green deck"
    assert form.summary({"red", "green"}).endswith(" · your red and green decks")
    form.transcribed_decks = False
    assert form.summary({"red"}).endswith(" · the app's red and green decks")
    form.transcribed_decks = None
    form.choose_mode("two")  # one automa, the red deck: the green one is not played
    assert form.summary({"green"}) == "Two players, one automa · Caverns of Gandûm · Hard automa · the app's red deck"
    assert form.summary({"red", "green"}).endswith(" · your red deck")
    form.choose_mode("none")
    assert form.summary({"red"}) == "No automa · Caverns of Gandûm"


def test_the_bands_are_those_of_the_automa_the_setup_plays():
    """Two players and one automa (the red deck): that automa's band only, with its median; solo: both."""
    from companion.rules.automa.calibration import describe_band

    form = NewGameForm()
    assert form.band_lines(None) == [describe_band(d) for d in ("easy", "hard", "punishing")]
    assert all(" the automa usually score " in line and ", medians red " in line for line in form.band_lines(None))
    form.choose_mode("two")
    lines = form.band_lines(None)
    assert lines == [describe_band(d, decks=["red"]) for d in ("easy", "hard", "punishing")]
    assert all(" the red automa usually scores " in line and ", median " in line for line in lines)
    form.set_deck(2, "green")
    assert form.band_lines(None)[1].startswith("Hard: the green automa usually scores ")


def test_the_bands_say_which_decks_simulated_games_they_come_from(tmp_path):
    """Your transcribed deck, not calibrated yet: the app's bands, and the way to its own; once calibrated, its."""
    from companion.rules.automa.calibration import decks_label, load_calibration
    from companion.rules.automa.deck import DECKS_DIR
    from companion.store.calibration_file import save_calibration
    from companion.store.decks import keep
    from companion.ui.new_game.presenter import imported_decks

    form = NewGameForm()
    assert imported_decks(tmp_path) == {}
    assert form.bands(tmp_path, {})[1] == "From simulated solo games with the app's decks."
    keep(tmp_path, "green", (DECKS_DIR / "green.toml").read_text("utf-8"))
    imported = imported_decks(tmp_path)
    assert list(imported) == ["green"]
    lines, note = form.bands(tmp_path, imported)
    assert lines == form.band_lines(load_calibration())
    assert note == ("From simulated solo games with the app's decks. Calibrate your transcribed deck on the Decks "
                    "screen to see its own.")
    save_calibration(tmp_path, load_calibration().model_copy(update={"decks": decks_label(imported)}))
    assert form.bands(tmp_path, imported)[1] == (
        "From simulated solo games with your green deck and the app's red deck.")
    form.transcribed_decks = False  # the switch off: the app's decks are played, and their bands shown
    assert form.bands(tmp_path, imported)[1] == "From simulated solo games with the app's decks."


def three_people_and_an_automa() -> NewGameForm:
    form = NewGameForm()
    form.choose_mode("custom")  # blue and yellow, the red automa
    form.add_seat("human")
    return form


def test_three_people_and_an_automa_in_the_expansion_are_told_dwarves_will_sit_out():
    """Audit E12: rows by people (three: dwarves 1 to 5) and four seats give 20 dwarves for 18 spaces."""
    form = three_people_and_an_automa()
    assert form.crowding() == (
        "4 players with dwarves 1 to 5: 20 dwarves for 18 spaces, so a dwarf left with no space sits out the round.")
    form.extra_dwarf = True  # the Caverns rulebook's suggestion for automa games makes more of them
    assert form.crowding().startswith("4 players with dwarves 1 to 6: 24 dwarves for 18 spaces")
    form.extra_dwarf, form.expansion = False, False  # base game: dwarves 1 to 4, 16 for 16 spaces
    assert form.crowding() is None
    for mode in ("solo", "two", "none"):
        form.choose_mode(mode)
        assert form.crowding() is None, mode


def test_such_a_game_plays_to_its_end_with_dwarves_sitting_out():
    """Audit E12: the game New game starts from that setup runs every round to the score sheet, and dwarves with
    no space sit out on the way (people's and the automa's)."""
    from companion.rules.engine.game import Game
    from companion.sim.bots import Bot

    setup = three_people_and_an_automa().setup(seed=4)
    assert (len(setup.players), setup.dwarves, setup.rounds) == (4, 5, 5)
    game, bot = Game(setup), Bot("greedy", 4)
    while game.decision.kind != "final_scores":
        game.act(bot.input_for(game))
    sat_out = [e for e in game.events() if e["type"] == "sit_out"]
    assert {e["color"] for e in sat_out} >= {"red", "blue"}  # an automa's dwarf and a person's
    assert sum(e["type"] == "round_end" for e in game.events()) == setup.rounds
