"""The end of a game: the score sheet of the game in progress, and its saved result (no Flet here).

When the last round is over (the game's decision is ``final_scores``) the sheet has a seat per player. Humans
enter their counts (the same seats and fields as the stand-alone score sheet, :class:`ScorePresenter`); an
automa's counts come from the stash the app kept for it (:meth:`Game.automa_line`) and stay hidden until they
are revealed, as the stash stays face down at the table. When the table kept the automa's things
(``setup.table_stash``) there is no stash to reveal: the sheet asks each automa's counts (tiles in its
stack, gem tiles, gold, mined gems, its score marker) and scores them through its difficulty table. The final
turn order is the game's, not editable. Once every automa is revealed the ranking, the ties and the solo
verdict are shown, and :meth:`save` sends the totals to the game (``game_end``), which puts them in the
history.

A game that is already over shows its saved result, read-only. The game keeps only the totals: the human's
counts are shown line by line only in the session that entered them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from companion.rules import words
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.inputs import GameEnd
from companion.rules.names import Color
from companion.rules.scoring import SetChart, rank_order, solo_automa, solo_verdict
from companion.rules.setup import Player
from companion.rules.words.decisions import prompt
from companion.rules.words.game import players as players_in_words
from companion.store import StoreError, not_saved_line
from companion.store.session import GameSession
from companion.ui.score.presenter import (
    AUTOMA_FIELDS,
    Line,
    ResultView,
    Row,
    ScorePresenter,
    SheetSeat,
    colour_name,
    solo_view,
    tie_notes,
)

#: The modes of the screen: the sheet to fill in, the saved result, or a game that has not ended yet.
SHEET, SAVED, WAITING = "sheet", "saved", "waiting"


@dataclass(frozen=True)
class AutomaCard:
    """An automa's seat on the sheet: its counts (empty while hidden) and the name of its reveal button."""

    color: str
    label: str
    revealed: bool
    counts: tuple[tuple[str, int], ...]  # (field label, value), in AUTOMA_FIELDS order; () while hidden
    reveal_label: str  # "Reveal red's counts"
    hide_label: str  # "Hide red's counts"


@dataclass(frozen=True)
class FinalView:
    mode: str  # SHEET, SAVED or WAITING
    title: str  # "Solo game against two automa (Hard)"
    detail: str  # "5 rounds, Caverns of Gandûm"
    humans: tuple[Color, ...]  # the colours whose counts are entered on the sheet
    human_totals: Mapping[str, int]
    automa: tuple[AutomaCard, ...]
    turn_order: tuple[tuple[str, str], ...]  # (colour, label), first to last
    #: The ranking with every line of every total; None on the sheet until every automa is revealed.
    result: ResultView | None
    #: What is missing before the result shows ("Reveal red's and green's counts to see the ranking").
    waiting_for: str = ""
    can_save: bool = False
    error: str | None = None
    #: Read-only result: said when the human's counts were not kept (only the totals are saved).
    note: str = ""
    game_id: int | None = None
    #: The table kept the automa's things: their counts are entered here like the humans' (``automa`` is empty).
    table_stash: bool = False
    #: The automa whose counts are entered on the sheet (table mode), with their totals so far.
    automa_totals: Mapping[str, int] = field(default_factory=dict)


class _ViewCommon(TypedDict):
    """What every :class:`FinalView` has, whatever its mode."""

    title: str
    detail: str
    humans: tuple[Color, ...]
    turn_order: tuple[tuple[str, str], ...]
    game_id: int | None
    table_stash: bool


#: A game's players in a few words ("Solo game against two automa (Hard)"): said by the words package.
describe_players = players_in_words
_and = words.join_and


def _seat(p: Player) -> SheetSeat:
    """A player's seat on the sheet: an automa at its difficulty, a human by name."""
    if not p.is_automa:
        return SheetSeat(p.color, name=p.name)
    assert p.difficulty is not None  # an automa always has one (the Player model checks it)
    return SheetSeat(p.color, "automa", p.difficulty)


class FinalPresenter:
    """The end-of-game sheet of one game, kept across visits of the screen (the counts typed so far)."""

    def __init__(self, session: GameSession, chart: SetChart | None = None) -> None:
        self.session = session
        self.chart = chart
        setup = session.game.setup
        seats = [_seat(p) for p in setup.players]
        self.sheet = ScorePresenter(seats, expansion=setup.expansion)
        self.revealed: set[str] = set()
        self.error: str | None = None
        self._sync()
        self._restore_saved_counts()

    def _restore_saved_counts(self) -> None:
        """A finished game that kept its score sheet shows every line of a human's total again (and of an
        automa's, when the table kept its things: the sheet is the only place its counts were kept)."""
        sheet = self.game.state.final_sheet
        if not sheet:
            return
        for line in sheet.get("players", []):
            if line.get("kind") == "automa" and self.table_stash and line.get("color") in self.automa:
                self.sheet.seat(line["color"]).counts.update({k: line[k] for k, _ in AUTOMA_FIELDS if k in line})
            if line.get("kind") != "human":
                continue
            counts = {k: line[k] for k in ("track", "gold", "mined_gems", "gems_in_mine") if k in line}
            counts.update(line.get("mine_tiles") or {})
            seat = self.sheet.seat(line["color"])
            seat.counts.update(counts)
            # the type it was scored with; a sheet saved before the type was asked has none: the shipped estimate,
            # which the seat takes too (and marks), as the rules read the line
            seat.starting_tile = line.get("starting_tile")

    # ------------------------------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def humans(self) -> list[Color]:
        return [p.color for p in self.game.setup.humans]

    @property
    def automa(self) -> list[Color]:
        return [p.color for p in self.game.setup.automa]

    @property
    def table_stash(self) -> bool:
        """The table kept the automa's things: their counts are entered on this sheet."""
        return self.game.setup.table_stash

    @property
    def counted(self) -> list[Color]:
        """The seats whose counts are entered here: the humans, and the automa when the table kept their things."""
        return self.humans + (self.automa if self.table_stash else [])

    @property
    def mode(self) -> str:
        kind = self.game.decision.kind
        return SHEET if kind == "final_scores" else SAVED if self.game.finished else WAITING

    def _sync(self) -> None:
        """Take the automa's counts and the final turn order from the game (a correction may have changed them).
        When the table kept the automa's things, their counts are the ones entered here."""
        for color in self.automa if not self.table_stash else ():
            line = self.game.automa_line(color)
            self.sheet.seat(color).counts = {key: line[key] for key, _ in AUTOMA_FIELDS}
        self.sheet.turn_order = list(self.game.state.turn_order)

    # ------------------------------------------------------------------------------------------ taps
    def _human(self, color: str) -> None:
        if color not in self.counted:
            raise ValueError(
                f"{colour_name(color)}: only the humans' counts are entered; an automa's come from its stash"
            )
        if self.mode != SHEET:
            raise ValueError("the sheet can be changed only while the game waits for its final scores")

    def step(self, color: str, key: str, delta: int) -> int:
        """Add ``delta`` to a count entered here (never below 0); returns the new value."""
        self._human(color)
        self.error = None
        return self.sheet.step(color, key, delta)

    def set_count(self, color: str, key: str, text: str | int) -> str | None:
        """Set a count entered here from what was typed; returns an error line if it is not a count."""
        self._human(color)
        self.error = None
        return self.sheet.set_count(color, key, text)

    def set_starting_tile(self, color: str, gem: str) -> None:
        """The type of a person's starting tile, picked on the sheet (:meth:`ScorePresenter.set_starting_tile`)."""
        if color not in self.humans:
            raise ValueError(f"{colour_name(color)}: only a person has a starting tile")
        self._human(color)
        self.error = None
        self.sheet.set_starting_tile(color, gem)

    def reveal(self, color: str) -> None:
        if color not in self.automa:
            raise ValueError(f"{colour_name(color)} is not an automa of this game")
        self.revealed.add(color)

    def hide(self, color: str) -> None:
        self.revealed.discard(color)

    @property
    def all_revealed(self) -> bool:
        """Every automa's counts are in view (always, when the table kept them: they are entered here)."""
        return self.table_stash or set(self.automa) <= self.revealed

    def save(self) -> bool:
        """Send the totals to the game (``game_end``): the game is over and joins the history."""
        view = self.view()
        if view.mode != SHEET:
            self.error = "This game is not waiting for its final scores."
            return False
        if not self.all_revealed:
            self.error = view.waiting_for
            return False
        if view.result is None or view.result.error:
            self.error = "The sheet has an error: " + ((view.result.error if view.result else None) or "no result")
            return False
        scores = {row.color: row.total for row in view.result.rows}
        sheet = self.sheet.sheet().model_dump(mode="json")
        try:
            self.session.act(GameEnd(scores, sheet))
        except IllegalInput as err:
            self.error = str(err)
            return False
        except StoreError as err:  # another window changed the game (reloaded), or the disk is full (taken back)
            self.error = not_saved_line(err)
            self._sync()
            return False
        self.error = None
        return True

    # ------------------------------------------------------------------------------------------ the view
    def view(self) -> FinalView:
        game = self.game
        setup = game.setup
        mode = self.mode
        if mode == SHEET:
            self._sync()
        order = tuple((c, self.sheet.seat(c).label) for c in game.state.turn_order)
        detail = f"{words.count(setup.rounds, 'round')}, " + ("Caverns of Gandûm" if setup.expansion else "base game")
        common: _ViewCommon = {
            "title": describe_players(setup),
            "detail": detail,
            "humans": tuple(self.humans),
            "turn_order": order,
            "game_id": self.session.game_id,
            "table_stash": self.table_stash,
        }
        full = self.sheet.result(self.chart)
        human_totals: dict[str, int] = {r.color: r.total for r in full.rows if r.color in self.humans}
        if mode == WAITING:
            d = game.decision
            where = f"round {game.state.round} of {setup.rounds}" if game.state.round else "the starting rolls"
            return FinalView(
                WAITING,
                human_totals={},
                automa=(),
                result=None,
                waiting_for=f"The game is at {where} ({prompt(d)}). The score sheet opens "
                "when the last round is over.",
                **common,
            )
        if mode == SAVED:
            result, note = self._saved_result(full)
            cards = () if self.table_stash else tuple(self._card(c, revealed=True) for c in self.automa)
            return FinalView(SAVED, human_totals={}, automa=cards, result=result, note=note, **common)
        if self.table_stash:  # entered on the sheet like the humans' counts: nothing to reveal
            cards, hidden = (), []
        else:
            cards = tuple(self._card(c, revealed=c in self.revealed) for c in self.automa)
            hidden = [c for c in self.automa if c not in self.revealed]
        waiting = ""
        if hidden:
            names = _and([f"{colour_name(c).lower()}'s" for c in hidden])
            waiting = f"Reveal {names} counts to see the ranking and save the result."
        error = self.error or (full.error if not hidden else None)
        return FinalView(
            SHEET,
            human_totals=human_totals,
            automa=cards,
            result=None if hidden else full,
            waiting_for=waiting,
            can_save=not hidden and full.error is None,
            error=error,
            automa_totals={r.color: r.total for r in full.rows if r.color in self.automa} if self.table_stash else {},
            **common,
        )

    def _card(self, color: str, revealed: bool) -> AutomaCard:
        seat = self.sheet.seat(color)
        counts = tuple((label, seat.count(key)) for key, label in AUTOMA_FIELDS) if revealed else ()
        name = colour_name(color).lower()
        return AutomaCard(color, seat.label, revealed, counts, f"Reveal {name}'s counts", f"Hide {name}'s counts")

    def _saved_result(self, full: ResultView) -> tuple[ResultView, str]:
        """The saved totals, with every line when this session still has the counts behind them."""
        game = self.game
        saved = dict(game.state.final_scores or {})
        if full.error is None and {r.color: r.total for r in full.rows} == saved:
            return full, ""
        # Only the totals are kept: the automa's lines come from its stash, a human's total stands alone.
        order = list(game.state.turn_order)
        automa_lines: dict[str, tuple[Line, ...]] = {}
        if self.automa:
            only = ScorePresenter([self.sheet.seat(c) for c in self.automa], expansion=game.setup.expansion)
            only.turn_order = [c for c in order if c in self.automa]
            view = only.result(self.chart)
            automa_lines = {r.color: r.lines for r in view.rows if r.total == saved.get(r.color)}
        ahead = solo_automa([(p.color, p.kind) for p in game.setup.players])  # a solo tie goes to the automa
        ranked = rank_order(saved, order, ahead)
        notes = tie_notes([(c, saved[c]) for c in ranked], order, lambda c: self.sheet.seat(c).label, ahead)
        stash_totals = {} if self.table_stash else {r.color: r.total for r in full.rows if r.color in self.automa}
        rows = []
        for rank, color in enumerate(ranked, start=1):
            if color in automa_lines:
                lines = automa_lines[color]
            elif color in stash_totals:
                why = f"as saved at the end of the game (its stash, as the app kept it, gives {stash_totals[color]})"
                lines = (Line("Total", why, saved[color]),)
            else:
                why = "as saved at the end of the game; the counts behind it were not kept"
                lines = (Line("Total", why, saved[color]),)
            rows.append(Row(rank, color, self.sheet.seat(color).label, saved[color], tuple(lines), notes[color]))
        solo = None
        if len(self.humans) == 1 and len(self.automa) == 2:
            human = saved[self.humans[0]]
            solo = solo_view(human, solo_verdict(human, [saved[c] for c in self.automa]))
        note = ""
        if any(c in saved for c in self.humans):
            note = "The game keeps each player's total; the counts behind a human's total are not kept."
        return ResultView(tuple(rows), solo, None, False), note
