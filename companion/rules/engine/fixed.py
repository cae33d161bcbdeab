"""What stays the same for a whole game: its setup, its rules version, and what is worked out from them once.

Every part reads these instead of asking the setup again at each step: a simulated game makes about 160 steps,
and a calibration plays thousands of games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from companion.rules.automa import choices as automa_rules
from companion.rules.automa.choices import Claim
from companion.rules.automa.deck import Card, Deck
from companion.rules.board.placement import Blocked
from companion.rules.board.spaces import SPACES, spaces_for
from companion.rules.setup import Setup


@dataclass(frozen=True, slots=True)
class Fixed:
    """A game's fixed facts. ``automa``: the automa's colours; ``card_ids`` / ``cards``: each automa's card ids in
    deck order and its cards by id; ``claims``: what an automa gets for each space; ``space_ids``: the game's
    spaces in board order; ``open_spaces``: each of them -> None, what a placement's options start from (copied)."""

    setup: Setup
    version: int
    decks: Mapping[str, Deck]
    card_ids: Mapping[str, tuple[str, ...]]
    cards: Mapping[str, Mapping[str, Card]]
    automa: frozenset[str]
    expansion: bool
    table_stash: bool
    claims: Mapping[str, Claim]
    space_ids: tuple[str, ...]
    open_spaces: dict[str, Blocked | None]

    @classmethod
    def make(cls, setup: Setup, version: int, decks: Mapping[str, Deck],
             tables: Mapping[str, tuple[tuple[str, ...], Mapping[str, Card]]]) -> Fixed:
        space_ids, open_spaces = edition_spaces(setup.expansion)
        return cls(
            setup=setup,
            version=version,
            decks=decks,
            card_ids={color: ids for color, (ids, _) in tables.items()},
            cards={color: cards for color, (_, cards) in tables.items()},
            automa=frozenset(decks),
            expansion=setup.expansion,
            table_stash=setup.table_stash,
            claims=claims_by_space(tuple(sorted(setup.tavern_rewards.items()))),
            space_ids=space_ids,
            open_spaces=open_spaces,
        )

    def is_automa(self, color: str) -> bool:
        return color in self.automa


@cache
def edition_spaces(expansion: bool) -> tuple[tuple[str, ...], dict[str, Blocked | None]]:
    """The space ids of a base or an expansion game in board order, and every one of them -> None (open): made
    once per edition and shared by every game (nothing writes to them; a copy of a dict costs a fraction of
    building it again key by key)."""
    ids = tuple(s.id for s in spaces_for(expansion))
    return ids, dict.fromkeys(ids, None)


@cache
def claims_by_space(tavern: tuple[tuple[str, tuple[str, int]], ...]) -> dict[str, Claim]:
    """Every space -> what an automa gets for claiming it (``automa.claim``, a tavern space with its reward from
    ``tavern``, the setup's (space, (reward, amount)) pairs): one look-up a claim, shared by the games with the
    same rewards (read only)."""
    rewards = dict(tavern)
    return {sid: automa_rules.claim(sid, rewards.get(sid)) for sid in SPACES}
