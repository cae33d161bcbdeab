"""The dragon's track: the aggression a die shows, the dragon's moves, and the start of an attack at its head.

The numbers (the threshold, Dragon Song) are ``companion.rules.board.dragon``'s; this part moves the dragon and, when
it reaches the head, rolls the automa's fight dice and draws their axe cards, queueing the attack for the table.
What follows (the table's inputs, defences, losses) is ``dragon_attack``'s.
"""

from __future__ import annotations

from companion.rules.board.dragon import aggression_threshold
from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import StepLog

#: The lowest face that can move the dragon (the threshold without Dragon Song; Dragon Song only raises it).
LOWEST_THRESHOLD = min(aggression_threshold(False), aggression_threshold(True))


class DragonTrack:
    """Moves the dragon; queues the attack it starts at the head of the track."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, automa_decks: AutomaDecks) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.automa_decks = automa_decks

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
        """The dragon reached the head: roll the automa's dice and draw their axe cards, then ask the table."""
        s, fixed = self.state, self.fixed
        task: dict = {"kind": "attack", "trigger": trigger, "dice": {}, "axes": {}}
        automa = [c for c in s.turn_order if c in fixed.automa]
        if fixed.setup.variant == "rahdo":
            if trigger in fixed.automa:
                task["black_die"] = self.step_log.roll(trigger, "attack", None, black=True)
        else:
            for color in automa:
                task["dice"][color] = self.step_log.roll(color, "attack", None)
        for color in automa:
            task["axes"][color] = self.automa_decks.draw(color, "axes").axes
        s.tasks.insert(0, task)
