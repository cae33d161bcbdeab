"""The engine's parts, made and wired together for one game state: the one place that says who uses whom.

A part is one object per concern of the game (placing a dwarf, the automa's turn, the dragon's track...), named
the same as its module and as its field here (``dragon_attack.py``, ``DragonAttack``, ``parts.dragon_attack``).
"Phase" is kept for ``GameState.phase`` alone (start, placing, round_over, scoring, over).

Calls go one way, down this list: the run loop (``round_flow``) calls the moves; the moves call the dragon and
the automa's decks; everything records through the one ``StepLog``. Nothing here holds a reference back up.

    round_flow ──> automa_turn, dragon_track, automa_decks, decisions
    side_inputs ──> rerolls, dragon_track        placing ──> rerolls
    rerolls ──> dragon_attack, dragon_track      automa_turn ──> automa_decks, table_stash
    dragon_track ──> automa_decks, dragon_attack
    dragon_attack ──> automa_decks, fight_result fight_result ──> table_stash
    decisions ──> dragon_track
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.automa_turn import AutomaTurn
from companion.rules.engine.decisions import Decisions
from companion.rules.engine.dragon_attack import DragonAttack
from companion.rules.engine.dragon_track import DragonTrack
from companion.rules.engine.fight_result import FightResult
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.placing import Placing
from companion.rules.engine.rerolls import Rerolls
from companion.rules.engine.round_flow import RoundFlow
from companion.rules.engine.side_inputs import SideInputs
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog
from companion.rules.engine.table_stash import TableStash


@dataclass(frozen=True, slots=True)
class Parts:
    """Every part of one game state (made again when the game is rebuilt from its log)."""

    step_log: StepLog
    automa_decks: AutomaDecks
    table_stash: TableStash
    fight_result: FightResult
    dragon_attack: DragonAttack
    dragon_track: DragonTrack
    rerolls: Rerolls
    placing: Placing
    automa_turn: AutomaTurn
    side_inputs: SideInputs
    decisions: Decisions
    round_flow: RoundFlow


def wire(fixed: Fixed, state: GameState) -> Parts:
    """The parts of a game whose fixed facts are ``fixed``, all reading and changing ``state``."""
    step_log = StepLog(state)
    automa_decks = AutomaDecks(step_log, state, fixed.card_ids, fixed.cards)
    table_stash = TableStash(step_log)
    fight_result = FightResult(fixed, step_log, state, table_stash)
    dragon_attack = DragonAttack(fixed, step_log, state, automa_decks, fight_result)
    dragon_track = DragonTrack(fixed, step_log, state, automa_decks, dragon_attack)
    rerolls = Rerolls(fixed, step_log, state, dragon_track, dragon_attack)
    automa_turn = AutomaTurn(fixed, step_log, state, automa_decks, table_stash)
    decisions = Decisions(fixed, state, dragon_track)
    return Parts(
        step_log=step_log,
        automa_decks=automa_decks,
        table_stash=table_stash,
        fight_result=fight_result,
        dragon_attack=dragon_attack,
        dragon_track=dragon_track,
        rerolls=rerolls,
        placing=Placing(fixed, step_log, state, rerolls),
        automa_turn=automa_turn,
        side_inputs=SideInputs(fixed, step_log, state, dragon_track, rerolls),
        decisions=decisions,
        round_flow=RoundFlow(fixed, step_log, state, automa_decks, automa_turn, dragon_track, decisions),
    )
