"""Every string the presenters hand to the screens reads as plain words, checked by driving
them through whole games: the round screen (banner, instructions, undo and redo labels, questions, cells, the
log, the stash, refused taps), the end-of-game sheet and its saved result, the history, the score sheet.

Strings are collected from the views' dataclasses; fields that carry data for the view (an id, a colour key,
a status) rather than text to show are listed in DATA and left out.
"""

from __future__ import annotations

import dataclasses
import random

from engine_helpers import side_input
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from plain_words import assert_plain

from companion.rules.automa.deck import Deck, load_builtin
from companion.rules.engine.inputs import Answer, AttackInput, Place, Proceed, Reroll
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store.session import GameSession
from companion.store.settings import Settings
from companion.ui.decks.presenter import ImportOutcome, deck_view
from companion.ui.final.presenter import FinalPresenter
from companion.ui.history.presenter import HistoryPresenter
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round.presenter import RoundPresenter
from companion.ui.score.presenter import ScorePresenter
from companion.ui.settings.presenter import SettingsPresenter

#: View fields that hold data for the screen (ids, colour keys, states), not text shown as it is.
DATA = frozenset({
    "space", "question", "choices", "decision", "phase", "kind", "status", "color", "colors", "occupant_color",
    "banner_color", "difficulty", "mode", "humans", "trigger", "automa_dice", "automa_axes", "source", "key",
    "editor", "id", "name",
})


def texts(obj, name: str = "") -> list[str]:
    """Every string of a view, walking dataclasses, sequences and mapping values."""
    if name in DATA:
        return []
    if isinstance(obj, str):
        return [obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [t for f in dataclasses.fields(obj) for t in texts(getattr(obj, f.name), f.name)]
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in texts(v)]
    if isinstance(obj, list | tuple):
        if name == "turn_order" and obj and isinstance(obj[0], tuple):  # (colour key, label) pairs
            return [label for _, label in obj]
        return [t for v in obj for t in texts(v)]
    return []


class Table:
    """Plays a game through the round presenter as the screen would, answering as the bot does, and collects
    every string the presenter shows on the way."""

    def __init__(self, setup: Setup, seed: int) -> None:
        self.p = RoundPresenter(GameSession.new(setup), app_dice=seed % 2 == 0)
        self.bot = Bot("random", seed)
        self.rnd = random.Random(seed)
        self.seen: list[str] = []
        self.looks = 0

    def look(self) -> None:
        p = self.p
        v = p.view()
        self.looks += 1
        if self.looks % 25 == 1:  # the end-of-game screen opened before the end: it says where the game is
            self.seen += texts(FinalPresenter(p.session).view())
        self.seen += texts(v)
        self.seen += p.log_lines(10)
        for chip in v.turn_order:
            if chip.automa:
                self.seen += p.stash_lines(chip.color)

    def tap(self) -> None:
        p, game = self.p, self.p.game
        d = game.decision
        if d.kind == "place" and self.rnd.random() < 0.2:  # a tap on a space it may not take: one line
            blocked = [c for c in p.view().cells if c.status == "blocked"]
            if blocked:
                assert not p.tap_space(self.rnd.choice(blocked).space)
                self.look()
        if self.rnd.random() < 0.1:
            side = side_input(game, self.rnd)
            if side is not None:
                self.side_tap(side)
                self.look()
        if self.rnd.random() < 0.1 and game.can_undo:
            assert p.undo()
            self.look()
            p.redo()
            self.look()
        assert self.bot_tap(), p.error
        self.look()

    def side_tap(self, side: dict) -> None:
        """The tap on the round screen that gives ``side`` (a spell, a tile, a correction, the golem)."""
        p, kind = self.p, side["type"]
        if kind == "spell" and side["spell"] == "time_warp":
            p.time_warp(side["color"], side.get("value"))
        elif kind == "spell":
            p.spell(side["color"], side["spell"], side.get("direction"))
        elif kind == "special_tile":
            p.special_tile(side["color"], side["tile"])
        elif kind == "correction":
            p.correct(side["target"], side["value"], side.get("color"), side.get("gem"))
        elif kind == "place":
            p.golem(side["color"], side["space"])

    def bot_tap(self) -> bool:
        """The tap on the round screen that gives the bot's input."""
        p = self.p
        match self.bot.input_for(p.game):
            case Proceed():
                return p.proceed()
            case Reroll():
                return p.reroll()
            case Place() as place:
                return p.tap_space(place.space)
            case Answer() as answer:
                return p.answer(answer.value)
            case AttackInput() as attack:
                players = {c: f.to_json() for c, f in attack.players.items()}
                return p.attack(attack.tile.to_json(), players, attack.automa_axes)
        raise AssertionError("an input the bot never gives")

    def play_to_final_scores(self) -> None:
        self.look()
        while self.p.game.decision.kind != "final_scores":
            self.tap()
        self.seen += self.p.reset_checklist()
        self.seen += self.p.log_lines(100_000)


def final_sheet(session: GameSession, seen: list[str], rnd: random.Random) -> None:
    """Fill in the end-of-game sheet: the humans' counts, the automa revealed one by one, then save."""
    f = FinalPresenter(session)
    seen += texts(f.view())
    for color in f.humans:
        for key in ("track", "gold", "mined_gems", "gems_in_mine", "ruby", "special"):
            f.set_count(color, key, str(rnd.choice([0, 1, 2, 7, 40])))
        seen += [e for e in [f.set_count(color, "gold", "lots")] if e]
        seen += texts(f.view())
    for color in f.automa:
        if f.table_stash:  # the table kept its things: its counts are entered on the sheet
            for key in ("track", "mine_tiles", "gem_mine_tiles", "gold", "mined_gems"):
                f.set_count(color, key, str(rnd.choice([0, 1, 2, 7])))
            f.set_count(color, "mine_tiles", "9")
        else:
            f.reveal(color)
        seen += texts(f.view())
    assert f.save(), f.error
    seen += texts(f.view())


SETUPS = {
    "solo": lambda seed, d: Setup.solo(seed=seed, difficulty=d),
    "solo base": lambda seed, d: Setup.solo(seed=seed, difficulty=d, expansion=False),
    "solo, the table keeps the automa's things": lambda seed, d: Setup.solo(seed=seed, difficulty=d, stash="table"),
    "two and an automa": lambda seed, d: Setup.build(
        [Player(color="blue", kind="human"), Player(color="yellow", kind="human"),
         Player(color="red", kind="automa", deck="red", difficulty=d)], seed=seed),
}


# Whole games are long: no shrinking (the failure message lists every bad sentence and the seed).
@settings(max_examples=8, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), table=st.sampled_from(sorted(SETUPS)),
       difficulty=st.sampled_from(["easy", "hard", "punishing"]))
def test_round_and_final_screens_speak_plain_words(seed, table, difficulty):
    t = Table(SETUPS[table](seed, difficulty), seed)
    t.play_to_final_scores()
    final_sheet(t.p.session, t.seen, t.rnd)
    t.look()
    assert_plain(t.seen, f"{table}, {difficulty}, seed {seed}")


def test_history_speaks_plain_words(store):
    """One game of each kind, a single game at a difficulty ("1 game"), one in progress."""
    rnd = random.Random(3)
    for seed, setup in enumerate([Setup.solo(seed=1), Setup.solo(seed=2, difficulty="easy"),
                                  SETUPS["two and an automa"](3, "punishing")]):
        t = Table(setup, seed)
        t.play_to_final_scores()
        game = t.p.game
        final_sheet(GameSession.resume(store, store.create_game(game.header(), events=game.events())), [], rnd)
    GameSession.new(Setup.solo(seed=9), store).act({"type": "starting_rolls", "rolls": {"blue": 4}})
    seen: list[str] = []
    for band in (lambda d: None, lambda d: (90, 110, 130)):
        p = HistoryPresenter(store, band=band)
        v = p.view()
        seen += texts(v)
        for difficulty, _ in v.chart.choices:
            p.show_chart(difficulty)
            seen += texts(p.view())
        for row in v.games:
            seen += texts(p.confirm_delete(row.id))
    assert_plain(seen, "history")


def test_the_score_sheet_speaks_plain_words():
    seen: list[str] = []
    for p in (ScorePresenter.solo("punishing"), ScorePresenter.group(3, expansion=True), ScorePresenter.group(4)):
        seen += texts(p.result())
        for seat in p.seats:
            for key, _ in seat.fields(p.expansion):
                for value in ("1", "0", "2", "x", "-3"):
                    error = p.set_count(seat.color, key, value)
                    seen += [error] if error else []
                    seen += texts(p.result())
    assert_plain(seen, "score sheet")


def test_decks_settings_and_the_setup_checklist_speak_plain_words():
    seen: list[str] = []
    for deck in (load_builtin("red"), load_builtin("green")):
        seen += texts(deck_view(deck))
    one_card = Deck(deck="red", cards=load_builtin("red").cards[:1])
    seen.append(ImportOutcome(deck=one_card).message)
    seen += texts(deck_view(one_card, source="yours"))
    settings = SettingsPresenter(Settings())
    for row in settings.reference_rows():
        seen += texts(row)
    for setup in (Setup.solo(seed=1), Setup.solo(seed=1, expansion=False),
                  Setup.solo(seed=1).model_copy(update={"rounds": 1})):
        seen += [line for line, _ in setup_checklist(setup, [p.color for p in setup.players])]
    assert_plain(seen, "decks, settings, setup checklist")


def test_the_automa_s_things_have_one_name_each_on_every_screen():
    """Found by the phone walkthrough: New game and the setup list spoke of the automa's 'score disc' where play
    and the end-of-game sheet say 'score marker', and a dragon's loss was returned from the automa's 'pile' where
    every take goes 'beside its deck'. One thing, one word."""
    from companion.rules.words import board_instructions
    from companion.ui.new_game.presenter import stash_hint

    table = Setup.solo(seed=1, stash="table")
    seen = [stash_hint(True), stash_hint(False)]
    seen += [line for line, _ in setup_checklist(table, [p.color for p in table.players])]
    seen += board_instructions([{"type": "loss", "color": "red", "gold": 2},
                                {"type": "loss", "color": "green", "gems": {"ruby": 1}}], 5)
    said = " ".join(seen)
    assert "score marker" in said and "score disc" not in said
    assert "pile" not in said
    assert "Red automa loses 2 gold from its hidden stash: nothing to move, the app counts the loss" in seen
