"""Each automa's deck in play: its draw and discard piles, every draw and shuffle logged.

The cards themselves (what a card says) are ``companion.rules.automa.deck``'s; this part only moves card ids between
the piles kept in ``GameState.decks`` and reads a drawn card from its table.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.automa.deck import Card
from companion.rules.engine.state import DeckPiles, GameState
from companion.rules.engine.step_log import StepLog


class AutomaDecks:
    """Draws and shuffles for every automa of a game. ``card_ids``: each automa's card ids in deck order (what a
    shuffle starts from); ``cards``: its cards by id (what a draw reads)."""

    def __init__(self, step_log: StepLog, state: GameState, card_ids: Mapping[str, tuple[str, ...]],
                 cards: Mapping[str, Mapping[str, Card]]) -> None:
        self.step_log = step_log
        self.state = state
        self.card_ids = card_ids
        self.cards = cards

    def size(self, color: str) -> int:
        """How many cards ``color``'s deck holds."""
        return len(self.card_ids[color])

    def shuffle_for_setup(self) -> None:
        """Every automa's whole deck shuffled at the start of the game."""
        for color, ids in self.card_ids.items():
            self.state.decks[color] = DeckPiles(draw=[])
            self.shuffle(color, list(ids), "setup")

    def draw(self, color: str, purpose: str) -> Card:
        """The top card of ``color``'s draw pile (its discard shuffled first when the pile is empty)."""
        piles = self.state.decks[color]
        if not piles.draw:
            self.shuffle(color, piles.discard, "empty")
            piles = self.state.decks[color]
        card_id = piles.draw.pop(0)
        piles.discard.append(card_id)
        self.step_log.draw(color, card_id, purpose)
        return self.cards[color][card_id]

    def axe_cards(self, colors: list[str]) -> dict[str, int]:
        """Each automa of ``colors`` draws a card for a dragon fight, in that order: how many axes its axe box
        says, by colour."""
        return {color: self.draw(color, "axes").axes for color in colors}

    def shuffle(self, color: str, cards: list[str], reason: str) -> None:
        """``cards`` become ``color``'s draw pile in the order the game's generator gives them."""
        order = self.state.rng.shuffled(sorted(cards))  # a new list: the draw pile, and a copy for the event
        self.state.decks[color] = DeckPiles(draw=order)
        self.step_log.emit("automa_shuffle", color=color, reason=reason, order=list(order))
