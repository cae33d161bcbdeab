"""A human's placement: a dwarf (with a dislodging spell or not) or the stone golem, and what a claim queues.

The rules of where a dwarf may go are in ``companion.rules.board.placement``; this part applies them to the game.
"""

from __future__ import annotations

from companion.rules.board.occupants import Occupant, dwarf_on_space
from companion.rules.board.placement import SPELLS_FOR_PLACEMENT, blocked_reason
from companion.rules.board.spaces import DRAGON_SPACES, WALK_SPACES
from companion.rules.engine.decisions import AutomaTurnDecision, Decision, PlaceDecision
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import Place
from companion.rules.engine.refusals import IllegalInput, expansion_only
from companion.rules.engine.rerolls import Rerolls
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog


class Placing:
    """Places a human's dwarf or the golem, dislodging, and queues what the claim asks for."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, rerolls: Rerolls) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.rerolls = rerolls

    def human(self, color: str, dwarf: int, inp: Place) -> Recorded:
        """``color #dwarf`` takes the input's space (with its spell); ``roll="app"`` rolls its dragon die too."""
        space, spell = inp.space, inp.spell
        fixed = self.fixed
        if space not in fixed.open_spaces:  # the game's spaces as dict keys: one look-up
            raise IllegalInput("not_a_space", field="space", space=space)
        if spell is not None and spell not in SPELLS_FOR_PLACEMENT:
            raise IllegalInput("spell_not_for_placement", spell=spell)
        if spell is not None and fixed.version >= 2 and not fixed.expansion:
            raise expansion_only(spell, field="spell")
        occupant = self.state.board.get(space)
        why = blocked_reason(occupant, space, color, dwarf, spell)
        if why is not None:
            raise IllegalInput("blocked", space=space, reason=why)
        if spell is not None and occupant is None:
            raise IllegalInput("spell_needs_dislodge", spell=spell, space=space)
        recorded: Recorded = {"color": color, "dwarf": dwarf, "space": space,
                              "dislodged": occupant.as_fact() if occupant else None}
        if spell:
            recorded["spell"] = spell
            self.step_log.emit("spell", color=color, spell=spell)
        app_roll = inp.roll == "app"
        if app_roll:
            recorded["roll"] = "app"
        self.state.beds[color].discard(dwarf)
        self.state.put(dwarf_on_space(color, dwarf), space, occupant, sacrifice=spell == "blood_sacrifice")
        self.after_claim(color, space)
        if app_roll and space in DRAGON_SPACES:
            # "roll": "app" on a placement: the table plays with the app's dice, so the dragon roll the space
            # asks for is made at once (one tap for the placement and its roll; undo takes back both).
            self.rerolls.human_roll(color, None)
        return recorded

    def golem(self, inp: Place, decision: Decision) -> Recorded:
        """The stone golem (the expansion) takes an empty space, between two dwarf actions.

        App's rulings (rules help, "Where the app decided"): any person may place or move it between two dwarf
        actions, not only on their own turn (the spell may be cast at any time in the round); moving your own
        golem while it stands on the board is a new Stone Golem cast, placing it again after another player
        dislodged it is not. Grow Beard on the golem is read only as a dwarf with Grow Beard dislodging it
        (``board.placement``): the golem's beard stays 1. Tests: tests/rules/test_rulings_golem.py.
        """
        color, space = inp.color, inp.space
        s, fixed = self.state, self.fixed
        if fixed.version >= 2 and not fixed.expansion:
            raise expansion_only("golem")
        if s.phase != "placing" or s.tasks or not isinstance(decision, PlaceDecision | AutomaTurnDecision):
            raise IllegalInput("golem_not_now")
        if color not in {p.color for p in fixed.setup.humans}:
            raise IllegalInput("not_human", field="golem", color=color)
        if space not in fixed.space_ids:
            raise IllegalInput("not_a_space", field="space", space=space)
        old = s.golem_space()
        cast = s.golem_owner != color or old is not None
        if s.board.get(space) is not None:
            raise IllegalInput("golem_needs_empty", space=space)
        if cast:
            self.step_log.emit("spell", color=color, spell="stone_golem")
        if old is not None:
            del s.board[old]
        s.golem_owner = color
        s.board[space] = Occupant(color, 1, golem=True)
        self.after_claim(color, space)
        return {"color": color, "dwarf": 1, "space": space, "dislodged": None, "golem": True}

    def after_claim(self, color: str, space: str) -> None:
        """Queue what follows a human's (or the golem's) claim: a dragon roll, or the all-play walk."""
        if space in DRAGON_SPACES:
            self.state.tasks.append({"kind": "roll", "color": color})
        if space in WALK_SPACES:
            others = [c for c in self.state.turn_order if c != color]
            self.state.tasks.append({"kind": "walk", "space": space, "queue": others})
