"""Bot players that answer the engine's decisions: legal, not clever.

A bot stands in for the people at the table: it places the human dwarves, answers what the app asks about the
physical board (an achievement's points, the coins on a contract, a tile, a spell, gem colours) and fills in a
dragon attack. Its choices come from its own generator, never from the game's, and every answer it gives is
an input in the game record, so a record replays without the bot.

- ``random``: any legal space, uniformly.
- ``greedy``: the first legal space in a fixed order of what usually pays best.

The table's answers (achievement points, coins, tiles) are drawn from simple ranges that stand for a typical
board; the human's end-game counts are drawn from a simple model too, since the app does not track a human's
resources. Both are documented estimates for simulations only.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import not_

from companion.rules.automa import choices as automa_rules
from companion.rules.engine.decisions import (
    AttackDecision,
    AttackDiceDecision,
    AutomaTurnDecision,
    FinalScoresDecision,
    KeepRollDecision,
    NextRoundDecision,
    PlaceDecision,
    QuestionDecision,
    RollDecision,
    StartingRollsDecision,
)
from companion.rules.engine.game import Game
from companion.rules.engine.inputs import (
    PROCEED,
    Answer,
    AttackInput,
    DragonTile,
    Fighter,
    GameEnd,
    Input,
    Json,
    Place,
    Reroll,
)

GREEDY_ORDER = (
    "dwarf_king",
    "mine",
    "tunnel",
    "gem_market",
    "treasure_hoard",
    "temple",
    "excavate",
    "wizards_cave",
    "mana_cave",
    "trading_post",
    "tavern_1",
    "forge",
    "supply_wagon",
    "scout",
    "tavern_2",
    "tavern_4",
    "tribute",
    "tavern_3",
)
BOTS = ("random", "greedy")


class _BotRandom(random.Random):
    """``random.Random`` with ``choice`` and ``randint`` written as the one draw CPython makes for each (3.11 to
    3.13: ``seq[_randbelow(len(seq))]`` and ``a + _randbelow(b - a + 1)``): the same numbers, so the same games
    (tests/record/test_pinned_hashes.py holds them), without ``randrange``'s argument checks, a few percent of a game.

    ``_randbelow`` itself is written out too (``_randbelow_with_getrandbits``: ``getrandbits(n.bit_length())``
    until below n), one call less for each of the ~110 draws of a game."""

    def choice(self, seq):
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return seq[r]

    def randint(self, a: int, b: int) -> int:
        n = b - a + 1
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return a + r


#: The one ``Reroll`` (it has no field).
REROLL = Reroll()


class Bot:
    """Answers every decision of a game with legal inputs.

    Every input holds plain JSON values only (exactly a str, an int, a bool, None, a list or a dict), which
    ``simulate`` tells ``record.game_record`` (``plain_inputs``): keep it so (tests/record/test_encoder.py)."""

    def __init__(self, kind: str, seed: int) -> None:
        if kind not in BOTS:
            raise ValueError(f"bot: one of {', '.join(BOTS)}")
        self.kind = kind
        self.rng = _BotRandom(seed)

    def input_for(self, game: Game) -> Input:
        d = game.decision
        # The most frequent first (a game asks about 160 times: 60 automa turns, 50 questions, 30 placements).
        match d:
            case AutomaTurnDecision():
                return PROCEED
            case QuestionDecision():
                return Answer(self._table_answer(game, d.question, d.gem_count))
            case PlaceDecision():
                return Place(self._space(d))
            case RollDecision() | NextRoundDecision() | StartingRollsDecision() | AttackDiceDecision():
                return PROCEED  # the app rolls the dice
            case KeepRollDecision(purpose="attack"):  # a low fight die: re-roll it with the Temple if there
                return REROLL if d.temple and d.value <= 3 else PROCEED
            case KeepRollDecision():  # re-roll a die that would anger the dragon
                return REROLL if d.threshold is not None and d.value >= d.threshold else PROCEED
            case AttackDecision():
                return self._attack(game, d)
            case FinalScoresDecision() if not game.setup.table_stash:
                return GameEnd(self.final_scores(game))
            case FinalScoresDecision():
                # When the table kept the automa's things, the sheet holds the only record of their counts.
                scores, sheet = self.final_sheet(game)
                return GameEnd(scores, sheet)
        raise ValueError(f"nothing to do for {d.kind}")

    def _space(self, d: PlaceDecision) -> str:
        # The spaces whose reason is None, in board order (a reason is never false); compress and map run the
        # loop in C (a game asks ~30 times).
        spaces = d.spaces
        legal = list(compress(spaces, map(not_, spaces.values())))
        if self.kind == "greedy":
            return next(s for s in GREEDY_ORDER if s in legal)
        return self.rng.choice(legal)

    def _table_answer(self, game: Game, question: str, count: int = 0) -> Json:
        """What the table says to a question about an automa's take (asked, or counted at the end)."""
        r = self.rng
        gems = automa_rules.STASH_GEMS if game.setup.expansion else automa_rules.GEM_COLORS
        if question == "gems":
            return [r.choice(gems) for _ in range(count)]
        if question == "dwarf_king":
            return r.randint(2, 6)
        if question == "gem_market":
            return r.randint(0, 3)
        if question == "tunnel":
            if r.random() < 0.15:
                # a base game has no Spell Chamber (rules version 1 took it: its games stay as they were)
                tiles = automa_rules.special_tiles(game.setup.expansion or game.version < 2)
                return {"kind": "special", "tile": r.choice(tiles)}
            return {"kind": "gem", "gem": r.choice(gems), "gems": r.randint(2, 5)}
        if question == "wizards_cave":
            return r.choice(automa_rules.SPELLS)
        raise ValueError(f"unknown question {question}")

    def _attack(self, game: Game, d: AttackDecision) -> AttackInput:
        r = self.rng
        # No spells: the bots' fighters never named them, and their records stay as they were. From rules version
        # 4 the dice come before the fight's input, which names none.
        keys = ("die", "axes") if game.version < 4 else ("axes",)
        humans: dict[str, Fighter] = {p.color: Fighter(axes=r.randint(0, 3), keys=keys) for p in game.setup.humans}
        axes = {c: sum(2 if r.random() < 0.25 else 1 for _ in range(n)) for c, n in d.axes.items()}
        tile = DragonTile(r.randint(3, 8), r.choice(("gold", "gems")), r.randint(4, 10))
        return AttackInput(tile, humans, axes)

    def human_line(self, game: Game, color: str) -> dict:
        """A plausible end-game sheet line for a bot human (a simulation estimate, see the module doc)."""
        r = self.rng
        return {
            "color": color,
            "kind": "human",
            "track": game.state.points[color] + r.randint(20, 60),
            "mine_tiles": {g: r.randint(0, 3) for g in ("ruby", "emerald", "sapphire", "diamond", "special")},
            "gold": r.randint(2, 15),
            "mined_gems": r.randint(3, 20),
            "gems_in_mine": r.randint(0, 15),
        }

    def final_scores(self, game: Game) -> dict[str, int]:
        return self._totals(self._sheet(game))

    def final_sheet(self, game: Game) -> tuple[dict[str, int], dict]:
        """The totals and the score sheet (as JSON) behind them."""
        sheet = self._sheet(game)
        return self._totals(sheet), sheet.model_dump(mode="json")

    def _sheet(self, game: Game):
        from companion.rules.scoring import ScoreSheet

        automa = self.automa_lines(game)
        lines = [self.human_line(game, p.color) if not p.is_automa else automa[p.color] for p in game.setup.players]
        return ScoreSheet.model_validate(
            {"expansion": game.setup.expansion, "final_turn_order": list(game.state.turn_order), "players": lines}
        )

    @staticmethod
    def _totals(sheet) -> dict[str, int]:
        from companion.rules.scoring import ranked_totals

        return ranked_totals(sheet)

    def automa_lines(self, game: Game) -> dict[str, dict]:
        """Each automa's sheet line: the app's stash, or what the table kept beside its deck (counted by the bot
        as a table would, :mod:`companion.sim.table_stash`)."""
        if not game.setup.table_stash:
            return {p.color: game.automa_line(p.color) for p in game.setup.automa}
        from companion.sim.table_stash import tally

        levels: dict[str, str | None] = {p.color: p.difficulty for p in game.setup.automa}
        return tally(game.events(), levels, lambda question, count: self._table_answer(game, question, count))


def play(game: Game, bot: Bot, on_step=None) -> Game:
    """Drive ``game`` to its end with ``bot``; ``on_step(events)`` sees every step as it is made."""
    act, input_for = game.act, bot.input_for
    while not game.finished:
        step = act(input_for(game))
        if on_step is not None:
            on_step(step)
    return game
