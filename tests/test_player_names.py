"""A human's name, when the table gave one, is shown wherever that human's colour is (issue 11): the round
screen's chips and banner, the end-of-game sheet, History and ``games --json``."""

import json

from companion.cli import main as cli_main
from companion.rules.setup import Player, Setup
from companion.session import GameSession
from companion.store import Store
from companion.ui.final.presenter import FinalPresenter
from companion.ui.history.presenter import HistoryPresenter
from companion.ui.round.presenter import RoundPresenter
from tests.test_history_presenter import at_final_scores


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
