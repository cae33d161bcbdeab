"""The dragon's track: the aggression a die shows, the dragon's moves, and the start of an attack at its head.

The numbers (the threshold, Dragon Song) are ``companion.rules.board.dragon``'s; this part moves the dragon and, when
it reaches the head, rolls the automa's fight dice and queues the attack. What follows (the people's dice, the
table's inputs) is ``dragon_attack``'s, the defences and losses ``fight_result``'s. Before rules version 4 the
automa's axe cards were drawn here too, as the dragon reached the head; version 4 draws them once every die is
settled (``DragonAttack._dice_settled``).
"""

from __future__ import annotations

from companion.rules.board.dragon import aggression_threshold
from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.dragon_attack import DragonAttack
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog

#: The lowest face that can move the dragon (the threshold without Dragon Song; Dragon Song only raises it).
LOWEST_THRESHOLD = min(aggression_threshold(False), aggression_threshold(True))


class DragonTrack:
    """Moves the dragon; queues the attack it starts at the head of the track."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, automa_decks: AutomaDecks,
                 dragon_attack: DragonAttack) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.automa_decks = automa_decks
        self.dragon_attack = dragon_attack

    def threshold(self) -> int:
        """The lowest die that moves the dragon now (Dragon Song's owner on the Treasure Hoard raises it)."""
        occ = self.state.board.get("treasure_hoard")
        song = occ is not None and "dragon_song" in self.state.special_tiles[occ.color]
        return aggression_threshold(song)

    def aggression(self, color: str, value: int) -> None:
        """``color`` rolled ``value`` for the dragon: it climbs one step when the die reaches the threshold."""
        # A die under the lower threshold never moves the dragon: no need to look for Dragon Song (a third of
        # the ~40 dragon rolls of a game).
        if value < LOWEST_THRESHOLD or value < self.threshold():
            return
        self.move(self.state.dragon + 1, color)

    def move(self, position: int, color: str) -> None:
        """Put the dragon on ``position`` (``color`` moved it); at the head of the track it attacks."""
        self.state.dragon = position
        self.step_log.emit("dragon", position=position)
        if position >= self.fixed.setup.dragon_track:
            self.start_attack(color)

    def start_attack(self, trigger: str) -> None:
        """The dragon reached the head: roll the automa's dice (under Rahdo the black die, when an automa set the
        dragon off), then wait for the people's dice (version 4) or draw the automa's axe cards and ask the
        table for the fight (versions 1 to 3)."""
        s, fixed = self.state, self.fixed
        task: dict = {"kind": "attack", "trigger": trigger, "dice": {}, "axes": {}}
        automa = [c for c in s.turn_order if c in fixed.automa]
        if fixed.setup.variant == "rahdo":
            if trigger in fixed.automa:
                task["black_die"] = self.step_log.roll(trigger, "attack", None, black=True)
        else:
            for color in automa:
                task["dice"][color] = self.step_log.roll(color, "attack", None)
        s.tasks.insert(0, task)
        if fixed.version >= 4:
            self.dragon_attack.await_dice(task)
        else:
            task["axes"] = self.automa_decks.axe_cards(automa)
