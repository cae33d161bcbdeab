"""A human's name, when the table gave one, is shown wherever that human's colour is: the round
screen's chips and banner, the end-of-game sheet, History and ``games --json``."""

import json
import re

from companion.cli.main import main as cli_main
from companion.record.format import game_record
from companion.rules.setup import Player, Setup
from companion.rules.words import Names, board_instructions, describe, step_label
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession
from companion.ui.final.presenter import FinalPresenter
from companion.ui.history.presenter import HistoryPresenter
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round.presenter import RoundPresenter
from tests.cli.commands.test_log import run_log
from tests.ui.history.test_presenter import at_final_scores


def named_solo(seed=7) -> Setup:
    return Setup.build(
        [
            Player(color="blue", kind="human", name="Ann"),
            Player(color="red", kind="automa", deck="red", difficulty="hard"),
            Player(color="green", kind="automa", deck="green", difficulty="hard"),
        ],
        seed=seed,
    )


def test_the_round_screen_names_the_human():
    p = RoundPresenter(GameSession.new(named_solo()))
    assert p.starting_rolls({"blue": 4})
    v = p.view()
    chip = next(c for c in v.turn_order if c.color == "blue")
    assert chip.name == "Ann" and chip.label == "Ann (Blue)"
    assert all(c.name is None for c in v.turn_order if c.automa)
    for _ in range(30):
        v = p.view()
        if v.decision == "place":
            assert v.banner.startswith("Ann (Blue) #")
            return
        if v.decision == "question":
            q = v.question
            assert p.answer({"number": 1, "gems": ["ruby"] * q.count, "spell": q.choices[0] if q.choices else None,
                             "tile": {"kind": "gem", "gem": "ruby", "gems": 2}}[q.kind])
        else:
            assert p.proceed()
    raise AssertionError("Ann never placed")


def test_the_sheet_history_and_games_json_name_the_human(tmp_path, capsys):
    with Store.open(tmp_path) as store:
        session = at_final_scores(store, named_solo())
        final = FinalPresenter(session)
        assert ("blue", "Ann (Blue)") in final.view().turn_order
        session.act({"type": "game_end", "scores": {"blue": 100, "red": 90, "green": 80}})
        row = HistoryPresenter(store, band=lambda d: None).view().games[0]
        assert "Ann (Blue)" in row.players
    assert cli_main(["games", "--json", "--data-dir", str(tmp_path)]) == 0
    players = json.loads(capsys.readouterr().out)[0]["players"]
    assert {"color": "blue", "kind": "human", "name": "Ann"} in players
    assert all("name" not in p for p in players if p["kind"] == "automa")


# ------------------------------------------------------------------------------------------ names, not colours

#: A colour said alone, not inside "Ann (Blue)": where a name was given, the colour stands for a person.
BARE = re.compile(r"(?<!\()\b(Blue|Yellow)\b(?!\))")


def named_pair(seed=3) -> Setup:
    """Ann (blue) and Bob (yellow) against the red automa, the Rahdo variant (a black die to roll)."""
    return Setup.build(
        [
            Player(color="blue", kind="human", name="Ann"),
            Player(color="yellow", kind="human", name="Bob"),
            Player(color="red", kind="automa", deck="red", difficulty="hard"),
        ],
        seed=seed,
    )


def every_sentence(p: RoundPresenter) -> list[str]:
    """What the round screen says now: its banner, 'On the board', the Undo label, the cells' reasons."""
    v = p.view()
    return [v.banner, *v.instructions, v.undo_label or "", *(c.reason or "" for c in v.cells)]


def test_a_person_is_named_wherever_their_colour_stood_for_them():
    """A whole two-player game played by a bot: the banner ("Ann (Blue) rolls for the dragon"), "On the board"
    ("Put Ann (Blue) #1 on Tunnel", "Dragon attack (strength 5): Bob (Yellow) won the tile"), the Undo labels,
    the setup list and the log never say a named person's colour alone; the automa stays "Red"."""
    p = RoundPresenter(GameSession.new(named_pair()))
    setup = p.game.setup
    assert p.names == Names({"blue": "Ann", "yellow": "Bob"})
    said: list[str] = []
    bot = Bot("random", 3)
    attacks = 0
    while p.game.decision.kind != "final_scores":
        if p.game.state.round == 1:
            said += [line for line, _ in setup_checklist(setup, list(p.game.state.turn_order))]
        said += every_sentence(p)
        step = p.session.act(bot.input_for(p.game))
        attacks += any(e["type"] == "attack" for e in step)
    said += every_sentence(p) + p.log_lines(last=10_000)
    assert attacks, "the game brought no dragon attack"
    bare = sorted({line for line in said if BARE.search(line)})
    assert not bare, bare[:10]
    text = "\n".join(said)
    for expected in ("Ann (Blue) #1 took ", "Put Bob (Yellow) #", "rolls for the dragon", "Defence: ",
                     "Turn order: ", ", #1 in turn order: ", "Spell draft in reverse turn order: "):
        assert expected in text, expected
    assert re.search(r"(Ann \(Blue\)|Bob \(Yellow\)|Red) (rolled|rolls)", text)
    assert "Red #" in text and "Red automa" in text  # the automa stays its colour


def test_the_sentences_without_names_say_colours_as_before():
    e = {"type": "attack", "strength": 5, "winner": "blue", "defence": {"blue": 7, "red": 3}, "captured": [],
         "losers": ["red"], "treasure": "gold"}
    assert board_instructions([e], 5)[:2] == ["Dragon attack (strength 5): Blue won the tile", "Defence: Blue 7, Red 3"]
    ann = Names({"blue": "Ann"})
    assert board_instructions([e], 5, names=ann)[:2] == [
        "Dragon attack (strength 5): Ann (Blue) won the tile", "Defence: Ann (Blue) 7, Red 3"]
    lost = {**e, "winner": "red", "losers": ["blue"]}
    assert board_instructions([lost], 5, names=ann)[2] == "Ann (Blue) loses half their gold (rounded up)"
    assert board_instructions([lost], 5)[2] == "Blue loses half its gold (rounded up)"
    score = {"type": "score", "color": "blue", "points": 3, "reason": "spell charm"}
    assert board_instructions([score], 5, names=ann) == ["Move Ann's blue score marker forward 3 points (Charm)"]
    assert board_instructions([score], 5) == ["Move Blue's score marker forward 3 points (Charm)"]
    order = [{"type": "starting_rolls", "rolls": {"blue": 4}}, {"type": "turn_order", "order": ["blue", "red"]}]
    assert step_label(order, ann) == "Starting order: Ann (Blue), Red"
    assert describe(order[0], ann) == "Starting rolls: Ann (Blue) 4"
    assert describe({"type": "place", "color": "blue", "dwarf": 1, "golem": True, "space": "mine"}, ann) == \
        "Ann's golem took Mine"


def test_the_log_command_names_the_people_of_the_records_setup(tmp_path):
    game = GameSession.new(named_pair()).game
    bot = Bot("greedy", 5)
    for _ in range(40):
        game.act(bot.input_for(game))
    path = tmp_path / "game.jsonl"
    path.write_text(game_record(game), "utf-8")
    done = run_log(str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 players and an automa (Hard): Ann (Blue), Bob (Yellow) and Red automa")
    assert any("Ann (Blue) #1 took " in line for line in lines)
    bare = [line for line in lines if BARE.search(line)]
    assert not bare, bare[:10]
