"""Plain words for what the table does with an automa's things when the table keeps them (``table_keeps``).

One instruction per event, in board words; the all-play bonus and a lost fight's captured dwarf are said in
the same sentence as the take they go with (:func:`merges` finds them).

>>> print(take({"color": "red", "what": "achievement", "position": 3}, bonus=2))
Red discards the 3rd achievement from the left and moves its score marker by the card's points, plus 2 for the all-play
>>> print(take({"color": "green", "what": "tile", "position": 2}))
Take the tile that costs 1 beer and 1 gold and put it face down beside Green's deck with the gems it shows
>>> take({"color": "red", "what": "loss", "treasure": "gold", "share": "half"}, captured=5)
'Red returns half of the gold beside its deck, rounded up, and its longest beard (#5) goes to the capture box'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.rules.automa.choices import SPELL_POINTS, TUNNEL_PRICES
from companion.rules.words.names import colour, gem
from companion.rules.words.plural import count, join_and, ordinal

#: Told with a tile in a rules version 1 game only: the two special tiles whose power changed what the app does
#: for an automa. Version 2 gives the automa's face-down tiles no power and refuses them (``side_inputs``).
TELL_THE_APP = "if it is Dragon Song or Stone Beards, record it under Spells, special tiles and corrections"


#: What Charm and Mind Control score ("3 or 9"): the table, not the app, sees which spell it was.
_SCORING_SPELLS = f"{SPELL_POINTS['charm']} or {SPELL_POINTS['mind_control']}"


def _tile(position) -> str:
    """The Tunnel tile an automa card names, by its price (``automa.TUNNEL_PRICES``)."""
    price = TUNNEL_PRICES.get(position)
    return f"the tile that costs {price}" if price else f"the tile in slot {position}"


def _after(e: Mapping) -> str:
    before = [colour(c) for c in e.get("after") or []]
    return f"After {join_and(before)}: " if before else ""


def take(e: Mapping, bonus: int = 0, captured: int | None = None, tile_powers: bool = False) -> str:
    """The instruction for one ``table_keeps`` event. ``bonus``: the claimer's all-play points said with it;
    ``captured``: the beard number of the automa's dwarf a lost fight sends to the capture box; ``tile_powers``:
    the game's rules give an automa's special tile its power (rules version 1), so a tile asks to be recorded."""
    who, what = colour(e.get("color")), e.get("what")
    if what == "gems":
        n = int(e.get("count") or 0)
        return f"{who} takes {count(n, 'gem')} of your choice from the supply: put {'it' if n == 1 else 'them'} " \
               "beside its deck"
    if what == "achievement":
        plus = f", plus {bonus} for the all-play" if bonus else ""
        return (f"{_after(e)}{who} discards the {ordinal(int(e.get('position') or 0))} achievement from the left "
                f"and moves its score marker by the card's points{plus}")
    if what == "contract":
        return (f"{_after(e)}{who} discards the {gem(str(e.get('gem')))} contract above the gold icon: the coins "
                "on it go beside its deck")
    if what == "tile":
        line = f"take {_tile(e.get('position'))} and put it face down beside {who}'s deck with the gems it shows"
        if tile_powers:
            line += f" ({TELL_THE_APP})"
        return _after(e) + line if e.get("after") else line[0].upper() + line[1:]
    if what == "spell":
        return (f"{_after(e)}{who} discards the {ordinal(int(e.get('position') or 0))} spell from the left; "
                f"Charm or Mind Control: its score marker moves {_SCORING_SPELLS}")
    if what == "loss":
        share = "a quarter" if e.get("share") == "quarter" else "half"
        treasure = "the gold" if e.get("treasure") == "gold" else "the gems"
        line = f"{who} returns {share} of {treasure} beside its deck, rounded up"
        if e.get("share") == "quarter":
            return line + " (Stone Beards: no dwarf is captured)"
        if captured is not None:
            line += f", and its longest beard (#{captured}) goes to the capture box"
        return line
    return f"{who}: {what}"


def told(e: Mapping) -> str:
    """The log's sentence for a ``table_keeps`` event (what happened, kept at the table)."""
    who, what = f"{colour(e.get('color'))} automa", e.get("what")
    if what == "gems":
        return f"{who} took {count(int(e.get('count') or 0), 'gem')} of your choice (kept at the table)"
    if what == "achievement":
        return f"{who} discarded the {ordinal(int(e.get('position') or 0))} achievement and scored it on the board"
    if what == "contract":
        return f"{who} discarded the {gem(str(e.get('gem')))} contract and kept its coins (at the table)"
    if what == "tile":
        return f"{who} took {_tile(e.get('position'))} (kept at the table)"
    if what == "spell":
        return (f"{who} discarded the {ordinal(int(e.get('position') or 0))} spell from the left and, for Charm or "
                f"Mind Control, scored {_SCORING_SPELLS} points on the board")
    if what == "loss":
        share = "a quarter" if e.get("share") == "quarter" else "half"
        return f"{who} returned {share} of its {'gold' if e.get('treasure') == 'gold' else 'gems'} to the dragon"
    return f"{who}: {what}"


def merges(step: Sequence[Mapping]) -> tuple[dict[int, int], set[int], dict[int, int | None], set[str]]:
    """What :func:`board_lines` says together: (table_keeps index -> bonus points said with it, score indexes
    said there instead, loss index -> captured beard, colours whose loss and capture the loss line says)."""
    bonus: dict[int, int] = {}
    folded: set[int] = set()
    captured: dict[int, int | None] = {}
    loss_colours: set[str] = set()
    attack = next((e for e in step if e.get("type") == "attack"), None)
    for i, e in enumerate(step):
        if e.get("type") != "table_keeps":
            continue
        if e.get("what") == "achievement":
            j = next((k for k in range(i - 1, -1, -1) if step[k].get("type") == "score"
                      and step[k].get("color") == e.get("color")
                      and step[k].get("reason") == "Dwarf King all-play bonus" and k not in folded), None)
            if j is not None:
                bonus[i] = int(step[j]["points"])
                folded.add(j)
        elif e.get("what") == "loss":
            caught = [c["dwarf"] for c in (attack or {}).get("captured", []) if c.get("color") == e.get("color")]
            captured[i] = caught[0] if caught else None
            loss_colours.add(str(e.get("color")))
    return bonus, folded, captured, loss_colours
