"""Why an automa's card passed over its spaces, in words: "primary Scout: held by its own #1".

A ``place`` event records why the placing card's earlier options were passed over (its ``skipped``); a card drawn
before it that placed nothing has only its ``automa_draw`` event. Its reasons are worked out here from the events:
:class:`Board` follows where every dwarf stands, event by event, and reads the card again with the rules the engine
used (:func:`~companion.rules.automa.choices.choose_space`), so the records stay as they are.

>>> from companion.rules.automa.deck import AllPlay, Card, Deck
>>> all_play = AllPlay(dwarf_king=1, gem_market="ruby", tunnel=1, wizards_cave=1)
>>> card = Card(id="R20", primary="temple", secondary="tavern_1", tertiary="mana_cave", axes=1, all_play=all_play)
>>> board = Board({"red": Deck(deck="red", cards=(card,))}, expansion=False)
>>> for e in [{"type": "round_start", "round": 1}, {"type": "place", "color": "red", "dwarf": 1, "space": "temple"},
...           {"type": "place", "color": "blue", "dwarf": 2, "space": "tavern_1"}]:
...     board.follow(e)
>>> print(said(board.passed_over({"color": "red", "card": "R20"}, dwarf=2)).replace("; ", chr(10)))
primary Temple: held by its own #1
secondary Tavern 1 (top): held by Blue #2 in the tavern (locked)
tertiary Mana Cave: not in a base game
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from companion.rules.automa.choices import choose_space
from companion.rules.board.occupants import Occupant, dwarf_on_space
from companion.rules.words.names import NO_NAMES, Names, capitalise_colours, space, words_of

if TYPE_CHECKING:  # a type only: the deck module words its problems with this package
    from companion.rules.automa.deck import Deck


def said(skipped: Iterable[Mapping], names: Names = NO_NAMES) -> str:
    """Each option passed over and why, one short clause each: "primary Scout: held by its own #1; ..."."""
    return "; ".join(
        f"{words_of(s.get('choice', ''))} {space(s.get('space', ''))}: "
        f"{capitalise_colours(str(s.get('why', '')), names)}"
        for s in skipped
    )


def unplaced_draws(events: Sequence[Mapping]) -> dict[int, int]:
    """The index of every card drawn to place that placed nothing -> the beard of the dwarf it was drawn for (the
    one the next ``place`` or ``sit_out`` of that automa names): the engine draws again, or the dwarf sits out."""
    drawn: dict[str, list[int]] = {}
    out: dict[int, int] = {}
    for i, e in enumerate(events):
        t = e["type"]
        if t == "automa_draw" and e.get("purpose") == "place":
            drawn.setdefault(e["color"], []).append(i)
        elif t in ("place", "sit_out") and e.get("color") in drawn:
            draws = drawn.pop(e["color"])
            placing = draws[-1] if t == "place" and e.get("card") == events[draws[-1]].get("card") else None
            out.update((j, e["dwarf"]) for j in draws if j != placing)
    return out


class Board:
    """Who stands where, as the events tell it: a placement takes its space (the dislodged dwarf leaves it; the
    golem leaves the space it held), the dragon's captives leave the board, a new round clears it. ``decks``: each
    automa's deck by colour (None: not known, so no card is read again); ``expansion``: the game's edition."""

    def __init__(self, decks: Mapping[str, Deck] | None, expansion: bool) -> None:
        self.cards = {color: {c.id: c for c in deck.cards} for color, deck in (decks or {}).items()}
        self.expansion = expansion
        self.spaces: dict[str, Occupant] = {}

    def follow(self, e: Mapping) -> None:
        """Move the pieces as the event ``e`` did."""
        t = e["type"]
        if t == "round_start":
            self.spaces.clear()
        elif t == "place" and e.get("golem"):
            self._leave(lambda occ: occ.golem)
            self.spaces[e["space"]] = Occupant(e["color"], 1, golem=True)
        elif t == "place":
            self.spaces[e["space"]] = dwarf_on_space(e["color"], e["dwarf"])
        elif t == "attack":
            for c in e.get("captured") or []:
                self._leave(lambda occ, c=c: not occ.golem and (occ.color, occ.dwarf) == (c["color"], c["dwarf"]))

    def _leave(self, whose) -> None:
        for where in [s for s, occ in self.spaces.items() if whose(occ)]:
            del self.spaces[where]

    def passed_over(self, draw: Mapping, dwarf: int) -> list[dict] | None:
        """Why the card of ``draw`` (an ``automa_draw``) passed over each of its spaces for ``dwarf``, as a
        ``place`` event's ``skipped`` says it; None when the card is not known."""
        card = self.cards.get(draw["color"], {}).get(draw["card"])
        if card is None:
            return None
        return choose_space(card, self.spaces, draw["color"], dwarf, self.expansion).skipped
