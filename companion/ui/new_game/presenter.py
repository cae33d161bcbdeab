"""The new-game screen as plain data: the choices, the setup they make, and the table's setup checklist.

>>> form = NewGameForm()                      # solo by default: blue against red and green automa
>>> setup = form.setup(seed=7)
>>> [(p.color, p.kind, p.deck) for p in setup.players]
[('blue', 'human', None), ('red', 'automa', 'red'), ('green', 'automa', 'green')]
>>> setup.rounds, setup.dwarves
(5, 5)
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import get_args

from pydantic import ValidationError

from companion.rules import words
from companion.rules.automa.calibration import Calibration, describe_band
from companion.rules.automa.deck import Deck
from companion.rules.board.spaces import spaces_for
from companion.rules.names import COLORS, DECK_NAMES, DIFFICULTIES, Color, DeckName, Difficulty, PlayerKind
from companion.rules.reference import Reference, load_reference
from companion.rules.setup import MAX_NAME, Options, Player, Setup, Stash, Variant
from companion.store.calibration_file import bands_in_use
from companion.store.decks import decks_in_use
from companion.store.settings import Settings

MODES = {
    "solo": "Solo: you against two automa",
    "two": "Two players and one automa",
    "custom": "Custom automa setup",
    "none": "No automa",
}


VARIANTS: tuple[Variant, ...] = get_args(Variant)


@dataclass(frozen=True)
class SeatChoice:
    """A seat as New game sets it up: its colour, a person or an automa, the person's name, the automa's deck."""

    color: Color
    kind: PlayerKind
    name: str = ""
    deck: DeckName | None = None


def default_seats(mode: str) -> list[SeatChoice]:
    match mode:
        case "solo":
            return [SeatChoice("blue", "human"), SeatChoice("red", "automa", deck="red"),
                    SeatChoice("green", "automa", deck="green")]
        case "two":
            return [SeatChoice("blue", "human"), SeatChoice("yellow", "human"), SeatChoice("red", "automa", deck="red")]
        case "custom":
            return [SeatChoice("blue", "human"), SeatChoice("yellow", "human"), SeatChoice("red", "automa", deck="red")]
    return [SeatChoice("blue", "human"), SeatChoice("yellow", "human")]


@dataclass
class NewGameForm:
    """Everything the new-game screen asks. ``setup()`` turns it into a validated Setup."""

    mode: str = "solo"
    seats: list[SeatChoice] = field(default_factory=lambda: default_seats("solo"))
    expansion: bool = True
    variant: Variant = "standard"
    difficulty: Difficulty = "hard"
    extra_dwarf: bool = False
    one_round_fewer: bool = False
    virtual_axes: bool = False
    #: Play with the decks transcribed on the Decks screen instead of the built-in ones; None (untouched): the
    #: transcribed deck in use is played, as the Decks screen says it is ("Your red deck is in use").
    transcribed_decks: bool | None = None
    #: Who keeps the automa's things: "app" (it asks what it cannot see) or "table" (nothing asked in play).
    stash: Stash = "app"

    @classmethod
    def from_settings(cls, settings: Settings) -> NewGameForm:
        """A fresh form, its switches as the owner last left them (Settings)."""
        return cls(virtual_axes=settings.virtual_axe_bag, stash=settings.stash)

    @property
    def table_stash(self) -> bool:
        """The table keeps the automa's things (``stash`` "table")."""
        return self.stash == "table"

    def follow_settings(self, settings: Settings) -> None:
        """Who keeps the automa's things as Settings says now (it may have changed there since this form was
        made)."""
        self.stash = settings.stash

    def set_table_stash(self, on: bool, settings: Settings) -> Settings | None:
        """Choose who keeps the automa's things; the choice is remembered for the next game: returns the settings
        to save when it changes them (the screen saves them as Settings does), else None."""
        self.stash = "table" if on else "app"
        return None if settings.stash == self.stash else settings.replace(stash=self.stash)

    def choose_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"mode: one of {', '.join(MODES)}")
        self.mode = mode
        self.seats = default_seats(mode)
        if mode != "custom":
            self.extra_dwarf = self.one_round_fewer = False

    def set_color(self, index: int, color: str | None) -> None:
        """Give seat ``index`` a colour; a seat that had it takes the old colour (colours stay unique)."""
        if color not in COLORS:
            raise ValueError(f"colour: one of {', '.join(COLORS)}")
        old = self.seats[index].color
        for i, seat in enumerate(self.seats):
            if seat.color == color and i != index:
                self.seats[i] = replace(seat, color=old)
        self.seats[index] = replace(self.seats[index], color=color)

    def set_name(self, index: int, name: str) -> None:
        """The name as typed (trimmed); one over :data:`MAX_NAME` characters is refused by :meth:`setup`, never
        cut short without a word."""
        self.seats[index] = replace(self.seats[index], name=name.strip())

    def set_deck(self, index: int, deck: str | None) -> None:
        """An automa's deck; the other automa takes the other deck (red and green never mix)."""
        if deck not in DECK_NAMES:
            raise ValueError(f"deck: one of {', '.join(DECK_NAMES)}")
        for i, seat in enumerate(self.seats):
            if seat.kind == "automa" and i != index:
                self.seats[i] = replace(seat, deck="green" if deck == "red" else "red")
        self.seats[index] = replace(self.seats[index], deck=deck)

    def set_variant(self, variant: str | None) -> None:
        """How dragon fights are rolled: the standard rules or the Rahdo variant."""
        if variant not in VARIANTS:
            raise ValueError(f"dragon fights: one of {', '.join(VARIANTS)}")
        self.variant = variant

    def set_difficulty(self, difficulty: str | None) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty: one of {', '.join(DIFFICULTIES)}")
        self.difficulty = difficulty

    def add_seat(self, kind: PlayerKind) -> None:
        """Custom and no-automa games: add a human or (custom) an automa in a free colour."""
        free = [c for c in COLORS if c not in {s.color for s in self.seats}]
        if not free or len(self.seats) >= 4:
            raise ValueError("at most four players")
        if kind == "automa":
            decks = {s.deck for s in self.seats if s.kind == "automa"}
            if len(decks) >= 2:
                raise ValueError("at most two automa")
            self.seats.append(SeatChoice(free[0], "automa", deck="green" if "red" in decks else "red"))
        else:
            self.seats.append(SeatChoice(free[0], "human"))

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= 2:
            raise ValueError("a game needs at least two players")
        del self.seats[index]

    def plays_transcribed(self, imported: Collection[str]) -> bool:
        """Whether the game plays the transcribed decks ``imported`` (their names): yes when there is one, unless
        the switch was turned off."""
        return bool(imported) if self.transcribed_decks is None else self.transcribed_decks and bool(imported)

    def automa_decks(self) -> list[DeckName]:
        """The decks the automa of this setup play, in seat order."""
        return [s.deck for s in self.seats if s.kind == "automa" and s.deck]

    def _decks_in_play(self, imported: Mapping[str, Deck]) -> dict[str, Deck]:
        if not self.plays_transcribed(imported):
            return {}
        wanted = set(self.automa_decks())
        return {name: deck for name, deck in imported.items() if name in wanted}

    def decks_line(self, imported: Collection[str]) -> str:
        """The decks played with, in words: "your red deck and the app's green deck", "the app's red deck"."""
        mine = set(imported) if self.plays_transcribed(imported) else set()
        decks = self.automa_decks()
        yours = [d for d in decks if d in mine]
        apps = [d for d in decks if d not in mine]
        parts = []
        if yours:
            parts.append(f"your {words.join_and(yours)} deck{'s' if len(yours) > 1 else ''}")
        if apps:
            parts.append(f"the app's {words.join_and(apps)} deck{'s' if len(apps) > 1 else ''}")
        return words.join_and(parts)

    def band_lines(self, calibration: Calibration | None) -> list[str]:
        """What each difficulty means in points for the automa this setup plays (two players and the red automa:
        the red automa's band only, with its median)."""
        return [describe_band(d, calibration, decks=self.automa_decks()) for d in DIFFICULTIES]

    def bands(self, data_dir: str | os.PathLike[str], imported: Collection[str]) -> tuple[list[str], str]:
        """What each difficulty means in points (:meth:`band_lines`) with the decks this game will use, and the
        note saying which decks' simulated games the bands come from."""
        transcribed = self.plays_transcribed(imported) and bool(set(imported) & set(self.automa_decks()))
        cal, whose = bands_in_use(data_dir, transcribed=transcribed)
        note = f"From simulated solo games with {whose}."
        if transcribed and whose == "the app's decks":
            note += " Calibrate your transcribed deck on the Decks screen to see its own."
        return self.band_lines(cal), note

    def summary(self, imported: Collection[str]) -> str:
        """What Start will start, in one line under it: who plays, the edition, the automa and their decks.
        ``imported``: the names of the transcribed decks in use."""
        parts = [
            {"solo": "Solo", "two": "Two players, one automa", "custom": "Custom", "none": "No automa"}[self.mode],
            "Caverns of Gandûm" if self.expansion else "base game",
        ]
        if self.mode != "none":
            parts.append(f"{self.difficulty.capitalize()} automa")
        if self.variant == "rahdo":
            parts.append("Rahdo variant")
        if self.mode != "none" and self.table_stash:
            parts.append("the table keeps the automa's things")
        if self.automa_decks():
            parts.append(self.decks_line(imported))
        return " · ".join(parts)

    def crowding(self) -> str | None:
        """One line when the seats bring more dwarves than the board has spaces, else None. Three people and an
        automa in the expansion: the people's row gives everyone dwarves 1 to 5, 20 dwarves for 18 spaces, so a
        dwarf left with no space sits out the round (the rules help's "Where the app decided")."""
        try:
            setup = self.setup(seed=0)
        except ValueError:
            return None
        dwarves, spaces = setup.dwarves * len(setup.players), len(spaces_for(setup.expansion))
        if dwarves <= spaces:
            return None
        return (f"{len(setup.players)} players with dwarves 1 to {setup.dwarves}: {dwarves} dwarves for {spaces} "
                "spaces, so a dwarf left with no space sits out the round.")

    def setup(self, seed: int, reference: Reference | None = None, imported: Mapping[str, Deck] | None = None) -> Setup:
        """The Setup, or ValueError with one line saying what is wrong. ``imported``: transcribed decks by name,
        played by the automa unless ``transcribed_decks`` is off."""
        ref = reference or load_reference()
        for number, s in enumerate(self.seats, start=1):
            if s.kind == "human" and len(s.name) > MAX_NAME:
                raise ValueError(f"Seat {number} name: at most {MAX_NAME} characters (this one has {len(s.name)})")
        players = [
            Player(
                color=s.color,
                kind=s.kind,
                name=s.name or None,
                deck=s.deck if s.kind == "automa" else None,
                difficulty=self.difficulty if s.kind == "automa" else None,
            )
            for s in self.seats
        ]
        try:
            return Setup.build(
                players,
                expansion=self.expansion,
                variant=self.variant,
                seed=seed,
                options=Options(extra_dwarf=self.extra_dwarf, one_round_fewer=self.one_round_fewer),
                dragon_track=ref.dragon_track.length,
                starting_gold=list(ref.starting_gold.by_position),
                tavern_rewards={t.space: (t.reward, t.amount) for t in ref.tavern},
                virtual_axes=self.virtual_axes,
                custom_decks=self._decks_in_play(imported or {}),
                stash=self.stash if any(s.kind == "automa" for s in self.seats) else "app",
            )
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"].removeprefix("Value error, ")
            raise ValueError(msg) from None


def imported_decks(data_dir: str | os.PathLike[str]) -> dict[str, Deck]:
    """The decks transcribed on the Decks screen that still read, by name: those a game can play."""
    return decks_in_use(data_dir)


def axe_bag_hint(on: bool) -> str:
    """What the Virtual axe bag switch does, said for its position: a hint under a switch that is off read as if
    the app drew the axes already. The bag's mix is the base rulebook's (its strategy tip: 75% of the axes are
    worth one, 25% two), said as the rulebook's."""
    if on:
        return "On: the app draws the automa's axes itself (the rulebook's mix: 3 in 4 are +1, 1 in 4 are +2)."
    return "Off: when the dragon attacks, you draw the automa's axes from the bag and enter their total."


def stash_hint(table_stash: bool) -> str:
    """What "The table keeps the automa's things" does, said for its position and begun like the axe bag's hint
    ("On:", "Off:"), so the two switches read the same way."""
    if table_stash:
        return ("On: gold, gems and tiles lie beside each automa's deck and its score marker moves on the track: the "
                "app says what to take and asks nothing while you play, then asks their counts on the end-of-game "
                "sheet.")
    return ("Off: the app keeps each automa's gold, gems and tiles, and asks what it cannot see (an achievement's "
            "points, a tile, gem colours).")


def setup_checklist(setup: Setup, turn_order: list[str], reference: Reference | None = None) -> list[tuple[str, bool]]:
    """What to lay out on the table, as (line, is_estimate) pairs, in the order of the rulebook's setup."""
    ref = reference or load_reference()
    names = words.Names.of(setup)
    gold_estimate = ref.starting_gold.source == "estimate"
    lines: list[tuple[str, bool]] = []
    lines.append((f"{words.count(setup.rounds, 'round')}: put the round marker on the first space", False))
    lines.append((f"Dwarves 1 to {setup.dwarves} for every player, in the beds of their turn-order row", False))
    # The track's length decides when the app starts an attack, and the rulebooks do not print it: marked.
    lines.append((f"Dragon on the zero space: it attacks at the head, {setup.dragon_track} steps up",
                  ref.dragon_track.source == "estimate"))
    for position, color in enumerate(turn_order):
        player = setup.player(color)
        gold = setup.starting_gold[position]
        beer = "no beer" if player.is_automa else "1 beer"
        who = names.player(color, player.is_automa)
        lines.append((f"{who}, #{position + 1} in turn order: {gold} gold, {beer}", gold_estimate))
    if setup.expansion:
        humans = [c for c in reversed(turn_order) if not setup.player(c).is_automa]
        order = ", ".join(names.who(c) for c in humans)
        lines.append((f"Spell draft in reverse turn order: {order} (the automa skip it)", False))
    if setup.automa:
        lines.append(("The automa decks are shuffled by the app: no cards on the table", False))
    if setup.table_stash:
        lines.append(("Each automa's gold, gems and tiles stay beside its deck, its score marker on the track: the "
                      "app says what to take and asks the counts at the end", False))
    return lines
