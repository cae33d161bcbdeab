"""Whose phone is this: on a shared table each phone says once which human player holds it, or that its person is
just watching, so the round screen says "your move" on that player's phone only. No Flet here (the card that
asks is :mod:`companion.ui.round.whose_card`).

The pick is kept by the table for the joined device (every tab of that phone's browser shares it, and a phone
that joins again is not asked again), for the game in play: a new game asks again, since the same phone may
hold another colour then. The host computer's screen is the table's own: it is never asked, and it says "your
move" to every human, as without a shared table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.ui.round.presenter import seats
from companion.ui.round.view_model import SeatLabel
from companion.ui.shell.capabilities import SharedTable
from companion.ui.shell.context import AppContext

WATCHING = "watching"
QUESTION = "Whose phone is this?"
WHY = "Pick once: this phone then says \"your move\" only when it is that player's move."


@dataclass(frozen=True)
class Choice:
    label: str  # "Ann (Blue)", "Blue", "Just watching"
    value: str  # the player's colour, or WATCHING


def choices(players: Iterable[SeatLabel]) -> list[Choice]:
    """One choice per human player of the game (``RoundView.seats``), then "Just watching"."""
    return [Choice(s.label, s.color) for s in players if not s.automa] + [Choice("Just watching", WATCHING)]


def _device(ctx: AppContext) -> tuple[SharedTable, str] | None:
    """The shared table and this page's device, when the page is a joined phone (not the host's screen)."""
    seat = ctx.sharing
    if seat is None or seat.device is None or seat.this_computer:
        return None
    return seat.table, seat.device


def owner(ctx: AppContext, game_id: int | None) -> str | None:
    """Whose phone this page is on, in game ``game_id``: a colour, :data:`WATCHING`, or None (the page is
    everyone's: no shared table, the host computer, or its person has not said yet)."""
    device = _device(ctx)
    said = device[0].owner(device[1]) if device else None
    return said[1] if said is not None and said[0] == game_id else None


def needs_asking(ctx: AppContext, game_id: int | None) -> bool:
    """Whether this page should ask whose phone it is before showing game ``game_id``."""
    return game_id is not None and _device(ctx) is not None and owner(ctx, game_id) is None


def pick(ctx: AppContext, game_id: int, value: str | None) -> None:
    """This phone is ``value``'s (a colour or :data:`WATCHING`) in game ``game_id``; None: ask again."""
    device = _device(ctx)
    if device is not None:
        device[0].set_owner(device[1], None if value is None else (game_id, value))


def label(setup, value: str | None) -> str | None:
    """The pick in words ("Ann (Blue)", "Just watching"), None when nothing is picked.

    >>> from companion.rules.setup import Setup
    >>> label(Setup.solo(seed=1), "blue"), label(Setup.solo(seed=1), WATCHING)
    ('Blue', 'Just watching')
    """
    return next((c.label for c in choices(seats(setup)) if c.value == value), None)
