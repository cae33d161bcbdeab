"""A game's setup: who plays, which edition, how many rounds and dwarves, and the seed.

The round and dwarf counts come from the two rulebooks' tables, read by the number of *human* players (the
automa fill seats; they do not change the table row). A base-game solo uses the expansion's solo line. App's
choice: two people may play the expansion without the automa its rulebook adds (the New game screen's "No
automa"); the row is the same two-player line.

With the app's sit-out ruling (a dwarf left with no space it may take sits out the round: ``round_flow``,
``automa_turn``) this has a consequence: three people and an automa in the expansion read the three-player row
(dwarves 1 to 5) for four seats, so 20 dwarves come to the 18 spaces and in many rounds the dwarves left with no
space sit out (fewer when the dragon has captured some; New game says so). The Caverns rulebook's suggestion for
automa games, an extra dwarf and one round fewer ("only a suggestion"), is ``Options``; its extra dwarf makes
more of them sit out.

>>> s = Setup.solo(seed=1)
>>> s.rounds, s.dwarves, [p.color for p in s.players]
(5, 5, ['blue', 'red', 'green'])
>>> standard_rounds(expansion=False, humans=3), standard_dwarves(expansion=True, humans=3)
(6, 5)
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.rules.automa.deck import Deck
from companion.rules.names import Color, DeckName, Difficulty, PlayerKind
from companion.rules.reference import load_reference

Variant = Literal["standard", "rahdo"]
#: Who keeps what the automa take: "app" (the app counts every gold, gem and tile and asks the table what it
#: cannot see) or "table" (the things lie beside each automa's deck; the app only says what to take and asks
#: for the counts once, on the end-of-game sheet).
Stash = Literal["app", "table"]
STASH_KEEPERS: tuple[Stash, ...] = get_args(Stash)

# humans -> rounds, per the "Game Length" tables (base rulebook step 8; expansion table).
_BASE_ROUNDS = {4: 5, 3: 6, 2: 7}
_EXPANSION_ROUNDS = {4: 4, 3: 5, 2: 6, 1: 5}
# humans -> highest beard number, per the "Dwarf Meeples per Player" tables.
_BASE_DWARVES = {4: 3, 3: 4, 2: 5}
_EXPANSION_DWARVES = {4: 4, 3: 5, 2: 5, 1: 5}


def standard_rounds(expansion: bool, humans: int) -> int:
    """Rounds from the rulebooks' tables; a base-game solo uses the expansion's solo line (5)."""
    table = _EXPANSION_ROUNDS if expansion or humans == 1 else _BASE_ROUNDS
    return table[humans]


def standard_dwarves(expansion: bool, humans: int) -> int:
    """Dwarves per player from the rulebooks' tables; a base-game solo uses the expansion's solo line (5)."""
    table = _EXPANSION_DWARVES if expansion or humans == 1 else _BASE_DWARVES
    return table[humans]


#: What a dwarf on a tavern space collects: (reward, amount), reward one of "none", "gold", "beer", "gems".
TavernPay = tuple[Literal["none", "gold", "beer", "gems"], Annotated[int, Field(ge=0, le=5)]]
TavernSpace = Literal["tavern_1", "tavern_2", "tavern_3", "tavern_4"]


def shipped_tavern_rewards() -> dict[TavernSpace, TavernPay]:
    """The tavern rewards of the shipped reference data (estimates but for the bottom space's gems)."""
    return {t.space: (t.reward, t.amount) for t in load_reference().tavern}


#: Longest player name a setup (New game, a record) holds: a name is shown on one line beside its colour.
MAX_NAME = 40


class Player(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    color: Color
    kind: PlayerKind
    name: str | None = Field(default=None, max_length=MAX_NAME)
    deck: DeckName | None = None
    difficulty: Difficulty | None = None

    @model_validator(mode="after")
    def _automa_fields(self) -> Player:
        if self.kind == "automa" and (self.deck is None or self.difficulty is None):
            raise ValueError(f"{self.color}: an automa needs a deck and a difficulty")
        if self.kind == "human" and (self.deck is not None or self.difficulty is not None):
            raise ValueError(f"{self.color}: a human has no deck or difficulty")
        return self

    @property
    def is_automa(self) -> bool:
        return self.kind == "automa"


class Options(BaseModel):
    """The rulebook's suggested custom automa setups (three players or fewer)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    extra_dwarf: bool = False
    one_round_fewer: bool = False


class Setup(BaseModel):
    """Everything fixed at the start of a game. Carried in line 1 of the game record."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: list[Player] = Field(min_length=1, max_length=4)
    expansion: bool = True
    variant: Variant = "standard"
    rounds: int = Field(ge=1, le=10)
    dwarves: int = Field(ge=1, le=7)
    options: Options = Options()
    seed: int = Field(ge=0, lt=2**63)
    dragon_track: int = Field(default_factory=lambda: load_reference().dragon_track.length, ge=1, le=12)
    starting_gold: list[Annotated[int, Field(ge=0)]] = Field(
        default_factory=lambda: list(load_reference().starting_gold.by_position), min_length=4, max_length=4
    )
    virtual_axes: bool = False
    #: Transcribed decks the table plays with instead of the built-in ones (by deck name); kept in the setup
    #: so the game record replays with the very cards it was played with.
    custom_decks: dict[DeckName, Deck] = Field(default_factory=dict)
    #: Who keeps the automa's belongings (see ``Stash``). A record without the field was played with "app".
    stash: Stash = "app"
    #: What each tavern space gives (an automa claiming it takes it): the reference values the game was played
    #: with, an owner's corrections from Settings included. A record without the field used the shipped ones.
    tavern_rewards: dict[TavernSpace, TavernPay] = Field(default_factory=shipped_tavern_rewards)

    @property
    def table_stash(self) -> bool:
        """The table keeps the automa's things: the app asks nothing about them during play."""
        return self.stash == "table"

    @model_validator(mode="after")
    def _check(self) -> Setup:
        colors = [p.color for p in self.players]
        if len(set(colors)) != len(colors):
            raise ValueError("players: a colour appears twice")
        humans = sum(1 for p in self.players if not p.is_automa)
        automa = [p for p in self.players if p.is_automa]
        if humans < 1:
            raise ValueError("players: at least one human")
        if len(automa) > 2:
            raise ValueError("players: at most two automa")
        if len({p.deck for p in automa}) != len(automa):
            raise ValueError("players: each automa needs a deck of its own (red and green never mix)")
        for name, deck in self.custom_decks.items():
            if deck.deck != name:
                raise ValueError(f"custom_decks: the {name} entry holds the {deck.deck} deck")
        if len(self.tavern_rewards) != 4:
            raise ValueError("tavern_rewards: one reward for each of tavern_1 to tavern_4")
        if len(self.players) < 2:
            raise ValueError("players: a game needs at least two players (add an automa for solo)")
        if (self.options.extra_dwarf or self.options.one_round_fewer) and (not automa or humans > 3):
            raise ValueError("options: the custom automa setups are for games with an automa and 3 humans or fewer")
        return self

    @property
    def humans(self) -> list[Player]:
        return [p for p in self.players if not p.is_automa]

    @property
    def automa(self) -> list[Player]:
        return [p for p in self.players if p.is_automa]

    def player(self, color: str) -> Player:
        return next(p for p in self.players if p.color == color)

    @classmethod
    def build(
        cls,
        players: list[Player],
        *,
        expansion: bool = True,
        variant: Variant = "standard",
        options: Options | None = None,
        seed: int = 0,
        **extra,
    ) -> Setup:
        """A setup whose rounds and dwarves follow the rulebook tables and the chosen options."""
        options = options or Options()
        humans = sum(1 for p in players if p.kind == "human")
        if humans not in _EXPANSION_ROUNDS:
            raise ValueError("players: at least one human and at most four players")
        rounds = standard_rounds(expansion, humans) - (1 if options.one_round_fewer else 0)
        dwarves = standard_dwarves(expansion, humans) + (1 if options.extra_dwarf else 0)
        return cls(
            players=players, expansion=expansion, variant=variant, rounds=rounds, dwarves=dwarves,
            options=options, seed=seed, **extra,
        )

    @classmethod
    def solo(cls, seed: int = 0, difficulty: Difficulty = "hard", human: Color = "blue", **kw) -> Setup:
        """One human and two automa: red plays the red deck, green the green deck."""
        return cls.build(
            [
                Player(color=human, kind="human"),
                Player(color="red", kind="automa", deck="red", difficulty=difficulty),
                Player(color="green", kind="automa", deck="green", difficulty=difficulty),
            ],
            seed=seed,
            **kw,
        )
