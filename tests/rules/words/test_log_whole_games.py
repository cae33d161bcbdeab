"""Whole simulated games read as a player would read their log (issue 30): every line a plain sentence, people
said by their names, and every event type the engine can emit told in words of its own.

Games: the simulator's bots (``companion.sim``: solo and two players, base and expansion, the app or the table
keeping the automa's things) and the engine tests' random player (spells, the golem, special tiles, corrections,
Rahdo, the virtual axe bag, Time Warp on the die that set the dragon off), the people named Ann and Bob. Each
log is ``treasure-companion log``'s and the round screen's.
"""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import random_input
from plain_words import problems

from companion.cli.commands.log import lines as log_lines
from companion.record.strict import EVENT_TYPES
from companion.rules.engine.game import Game
from companion.rules.setup import Options, Player, Setup
from companion.rules.words import Names, tell
from companion.rules.words import events as event_words
from companion.sim.bots import Bot, play
from companion.sim.simulate import sim_setup

#: A named person's colour said alone, outside "Ann (Blue)": a seat not named as the table named it.
BARE = re.compile(r"(?<!\()\b(Blue|Yellow)\b(?!\))")
#: What a value's repr or an id leaves in a sentence, beyond plain_words' checks.
RAW = re.compile(r"\{|\}|\[|\]|\bNone\b|\bTrue\b|\bFalse\b|[a-z]+_[a-z_]+|: ?'|\"")


def named(players: list[Player]) -> list[Player]:
    names = {"blue": "Ann", "yellow": "Bob"}
    return [p.model_copy(update={"name": names[p.color]}) if p.color in names else p for p in players]


def bot_game(seed: int, humans: int, expansion: bool, stash: str) -> Game:
    setup = sim_setup(seed, humans, "hard", expansion, None, stash)
    game = Game(setup.model_copy(update={"players": named(setup.players)}))
    return play(game, Bot("random" if seed % 2 else "greedy", seed))


def table_input(game: Game, rnd: random.Random) -> dict:
    """The random player's input, with two things it never does: it leaves a virtual bag's axes to the app,
    and now and then casts Time Warp on the die that has just set the dragon off (to call the attack off)."""
    s = game.state
    if game.decision.kind == "attack_dice" and s.last_die is not None and game.setup.expansion and rnd.random() < 0.5:
        warp = {"type": "spell", "color": s.last_die["color"], "spell": "time_warp"}
        return {**warp, "value": 1} if s.last_die["by"] == "table" else warp
    inp = random_input(game, rnd)
    if inp["type"] == "attack_input" and game.setup.virtual_axes:
        inp.pop("automa_axes", None)
    return inp


def random_game(seed: int, humans: int, expansion: bool, variant: str) -> Game:
    players = [Player(color="blue", kind="human"), Player(color="yellow", kind="human")][:humans]
    players += [Player(color="red", kind="automa", deck="red", difficulty="hard")]
    if humans == 1:
        players.append(Player(color="green", kind="automa", deck="green", difficulty="easy"))
    setup = Setup.build(named(players), expansion=expansion, seed=seed, variant=variant, virtual_axes=seed % 2 == 0,
                        options=Options(extra_dwarf=seed % 3 == 0))
    game = Game(setup)
    rnd = random.Random(seed)
    while not game.finished:
        game.act(table_input(game, rnd))
    return game


def games() -> list[Game]:
    out = [bot_game(seed, humans, expansion, stash)
           for seed in (1, 2) for humans in (1, 2) for expansion in (True, False) for stash in ("app", "table")]
    out += [random_game(seed, humans, expansion, variant)
            for seed in (3, 4, 6) for humans in (1, 2) for expansion in (True, False)
            for variant in ("standard", "rahdo")]
    return out


@pytest.fixture(scope="module")
def played() -> list[Game]:
    return games()


def what_is_wrong(line: str) -> list[str]:
    found = problems(line)
    if RAW.search(line):
        found.append(f"raw text {RAW.search(line).group(0)!r}")  # type: ignore[union-attr]
    if ") (" in line:
        found.append("two brackets in a row")
    if BARE.search(line):
        found.append("a named person said by colour alone")
    if not (line[:1].isupper() or line[:1].isdigit()):
        found.append("not begun as a sentence")
    return found


def test_every_line_of_every_log_is_a_plain_sentence_with_the_tables_names(played):
    from companion.store.session import GameSession
    from companion.ui.round.presenter import RoundPresenter

    bad: dict[str, list[str]] = {}
    for game in played:
        said = [line.strip().split(". ", 1)[-1] if line[:1].isdigit() else line.strip() for line in log_lines(game)]
        said += [line.split(". ", 1)[1] for line in RoundPresenter(GameSession(game)).log_lines(last=10_000)]
        for line in said:
            if what_is_wrong(line):
                bad.setdefault(line, what_is_wrong(line))
    assert not bad, "; ".join(f"{line!r}: {', '.join(why)}" for line, why in list(bad.items())[:8])


def test_the_games_emit_every_event_type_and_each_is_told_in_its_own_words(played):
    """Every type a record may hold comes out of these games; none is said by the last resort (its type in
    words), and a line is told for each event."""
    seen: set[str] = set()
    for game in played:
        events = game.events()
        seen |= {e["type"] for e in events}
        told = tell(events, Names.of(game.setup))
        assert len(told) == len(events)
        for e, line in zip(events, told, strict=True):
            assert line and line != event_words.words_of(e["type"]).capitalize(), e
    assert seen == set(EVENT_TYPES), sorted(set(EVENT_TYPES) ^ seen)
    assert set(event_words._SENTENCES) == set(EVENT_TYPES)


def test_a_fight_is_told_with_every_loser_and_every_captured_dwarf(played):
    """Each attack's line names each loser and each captured dwarf, by the table's names (TM, Resolve Fight)."""
    fights = 0
    for game in played:
        names = Names.of(game.setup)
        for e, line in zip(game.events(), tell(game.events(), names), strict=True):
            if e["type"] != "attack":
                continue
            fights += 1
            for color in e["losers"]:
                assert f"{names.who(color)} lost " in line, line
            for c in e["captured"]:
                assert f"{names.dwarf(c)} was captured" in line, line
    assert fights > 10


def test_every_move_of_the_dragon_says_its_direction(played):
    for game in played:
        dragon = 0
        for e, line in zip(game.events(), tell(game.events(), Names.of(game.setup)), strict=True):
            if e["type"] == "correction" and e.get("target") == "dragon":
                dragon = e["value"]
            elif e["type"] == "dragon":
                if e["position"] > dragon:
                    assert line.startswith("The dragon moved up"), line
                elif e["position"] < dragon:
                    assert line.startswith(("The dragon moved down", "The dragon went back to zero")), line
                dragon = e["position"]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_games_of_older_rules_versions_are_told_in_plain_sentences_too(version):
    """A stored game of rules version 1-3 replays under its version, and its log still reads: its attack events
    hold no dice (the fight took the die with the axes and the tile)."""
    bad: dict[str, list[str]] = {}
    fights = 0
    for seed, humans, expansion in ((1, 1, True), (2, 2, False), (3, 1, False)):
        setup = sim_setup(seed, humans, "hard", expansion, None, "app")
        game = play(Game(setup.model_copy(update={"players": named(setup.players)}), version=version),
                    Bot("random", seed))
        events = game.events()
        attacks = [e for e in events if e["type"] == "attack"]
        assert not any("dice" in e for e in attacks)  # the story gives each defence as its total alone
        fights += len(attacks)
        told = tell(events, Names.of(game.setup))
        assert len(told) == len(events)
        for line in told:
            if what_is_wrong(line):
                bad.setdefault(line, what_is_wrong(line))
    assert fights > 0
    assert not bad, "; ".join(f"{line!r}: {', '.join(why)}" for line, why in list(bad.items())[:8])
