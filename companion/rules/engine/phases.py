"""The engine's phases, made and wired together for one game state: the one place that says who uses whom.

Calls go one way, down this list: the run loop (``flow``) calls the moves; the moves call the dragon and the
automa's decks; everything records through the one ``StepLog``. Nothing here holds a reference back up.

    flow ──> automa_turn, track, decks, decisions
    side ──> rerolls, track          placing ──> rerolls
    rerolls ──> fight, track         automa_turn ──> decks, table_stash
    fight ──> table_stash            track ──> decks          decisions ──> track
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.automa_turn import AutomaTurn
from companion.rules.engine.decision import Decisions
from companion.rules.engine.dragon_attack import DragonAttack
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.placing import Placing
from companion.rules.engine.rerolls import Rerolls
from companion.rules.engine.round_flow import RoundFlow
from companion.rules.engine.side_inputs import SideInputs
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog
from companion.rules.engine.table_stash import TableStash


@dataclass(frozen=True, slots=True)
class Phases:
    """Every phase of one game state (made again when the game is rebuilt from its log)."""

    log: StepLog
    decks: AutomaDecks
    track: DragonTrack
    fight: DragonAttack
    rerolls: Rerolls
    placing: Placing
    automa_turn: AutomaTurn
    side: SideInputs
    decisions: Decisions
    flow: RoundFlow


def wire(fixed: Fixed, state: GameState) -> Phases:
    """The phases of a game whose fixed facts are ``fixed``, all reading and changing ``state``."""
    log = StepLog(state)
    decks = AutomaDecks(log, state, fixed.card_ids, fixed.cards)
    table_stash = TableStash(log)
    track = DragonTrack(fixed, log, state, decks)
    fight = DragonAttack(fixed, log, state, table_stash)
    rerolls = Rerolls(fixed, log, state, track, fight)
    automa_turn = AutomaTurn(fixed, log, state, decks, table_stash)
    decisions = Decisions(fixed, state, track)
    return Phases(
        log=log,
        decks=decks,
        track=track,
        fight=fight,
        rerolls=rerolls,
        placing=Placing(fixed, log, state, rerolls),
        automa_turn=automa_turn,
        side=SideInputs(fixed, log, state, track, rerolls),
        decisions=decisions,
        flow=RoundFlow(fixed, log, state, decks, automa_turn, track, decisions),
    )
