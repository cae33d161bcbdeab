"""A human's placement: a dwarf (with a dislodging spell or not) or the stone golem, and what a claim queues.

The rules of where a dwarf may go are in ``companion.rules.board.placement``; this part applies them to the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board.occupants import Occupant, dwarf_on_space
from companion.rules.board.placement import SPELLS_FOR_PLACEMENT, blocked_reason
from companion.rules.board.spaces import DRAGON_SPACES, SPACES, WALK_SPACES
from companion.rules.engine.decisions import Decision
from companion.rules.engine.editions import expansion_only
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import IllegalInput
from companion.rules.engine.rerolls import Rerolls
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog


class Placing:
    """Places a human's dwarf or the golem, dislodging, and queues what the claim asks for."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, rerolls: Rerolls) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.rerolls = rerolls

    def human(self, color: str, dwarf: int, inp: Mapping) -> None:
        """``color #dwarf`` takes the input's space (with its spell); ``"roll": "app"`` rolls its dragon die too."""
        space = inp.get("space")
        spell = inp.get("spell")
        fixed = self.fixed
        if space not in fixed.open_spaces:  # the game's spaces as dict keys: one look-up (check_shape: a text)
            raise IllegalInput(f"space: '{space}' is not an action space of this game")
        if spell is not None and spell not in SPELLS_FOR_PLACEMENT:
            raise IllegalInput(f"spell: '{spell}' does not change a placement")
        if spell is not None and fixed.version >= 2 and not fixed.expansion:
            raise expansion_only("Grow Beard" if spell == "grow_beard" else "Blood Sacrifice", "spell")
        occupant = self.state.board.get(space)
        why = blocked_reason(occupant, space, color, dwarf, spell)
        if why is not None:
            raise IllegalInput(f"{SPACES[space].name}: {why}")
        if spell is not None and occupant is None:
            raise IllegalInput(f"spell: {spell} is for a dislodge, and {SPACES[space].name} is empty")
        fact = {"seq": None, "step": None, "type": "place", "color": color, "dwarf": dwarf, "space": space,
                "dislodged": occupant.as_fact() if occupant else None}
        if spell:
            fact["spell"] = spell
        app_roll = inp.get("roll") == "app"
        if app_roll:
            fact["roll"] = "app"
        fact["input"] = True
        self.step_log.log(fact)
        if spell:
            self.step_log.emit("spell", color=color, spell=spell)
        self.state.beds[color].discard(dwarf)
        self.state.put(dwarf_on_space(color, dwarf), space, occupant, sacrifice=spell == "blood_sacrifice")
        self.after_claim(color, space)
        if app_roll and space in DRAGON_SPACES:
            # "roll": "app" on a placement: the table plays with the app's dice, so the dragon roll the space
            # asks for is made at once (one tap for the placement and its roll; undo takes back both).
            self.rerolls.human_roll(color, None)

    def golem(self, inp: Mapping, decision: Decision) -> None:
        """The stone golem (the expansion) takes an empty space, between two dwarf actions."""
        color, space = inp.get("color"), inp.get("space")
        s, fixed = self.state, self.fixed
        if fixed.version >= 2 and not fixed.expansion:
            raise expansion_only("The golem")
        if s.phase != "placing" or s.tasks or decision.kind not in ("place", "automa_turn"):
            raise IllegalInput("the golem can be placed only between dwarf actions")
        if color not in {p.color for p in fixed.setup.humans}:
            raise IllegalInput(f"golem: {color} is not a human player")
        if space not in fixed.space_ids:
            raise IllegalInput(f"space: '{space}' is not an action space of this game")
        old = s.golem_space()
        cast = s.golem_owner != color or old is not None
        occupant = s.board.get(space)
        if occupant is not None:
            raise IllegalInput(f"{SPACES[space].name}: the golem (beard 1) can only take an empty space")
        self.step_log.emit("place", color=color, dwarf=1, space=space, dislodged=None, golem=True, input=True)
        if cast:
            self.step_log.emit("spell", color=color, spell="stone_golem")
        if old is not None:
            del s.board[old]
        s.golem_owner = color
        s.board[space] = Occupant(color, 1, golem=True)
        self.after_claim(color, space)

    def after_claim(self, color: str, space: str) -> None:
        """Queue what follows a human's (or the golem's) claim: a dragon roll, or the all-play walk."""
        if space in DRAGON_SPACES:
            self.state.tasks.append({"kind": "roll", "color": color})
        if space in WALK_SPACES:
            others = [c for c in self.state.turn_order if c != color]
            self.state.tasks.append({"kind": "walk", "space": space, "queue": others})
