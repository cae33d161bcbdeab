"""A dragon fight told in sentences: its result with every defence and what it is made of, the table's part (the
axes spent, the tile), and the dice rolled at the table (rules version 4).

>>> attack({"strength": 4, "winner": "blue", "defence": {"blue": 7, "red": 7}, "dice": {"blue": 4, "red": 5},
...         "axes": {"blue": 3, "red": 2}, "losers": [], "captured": []}, NO_NAMES, "Blue")
'Dragon attack (strength 4): Blue won the tile (tied with Red at 7: Blue is earlier in turn order); defences Blue 7 \
(die 4 + axes 3), Red 7 (die 5 + axes 2); nobody lost'
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.words.names import NO_NAMES, Names, words_of
from companion.rules.words.plural import count, join_and


def attack_headline(e: Mapping, names: Names = NO_NAMES) -> str:
    """A fight's result in short, its winner only ("Dragon attack (strength 7): Red won the tile"), and why when
    they won a tie: the board instructions say each loss and capture on a line of its own.

    >>> attack_headline({"strength": 5, "winner": "blue", "defence": {"green": 4, "blue": 9, "red": 9}})
    'Dragon attack (strength 5): Blue won the tile (tied with Red at 9: Blue is earlier in turn order)'
    """
    winner = e.get("winner")
    won = f"{names.who(winner)} won the tile{_tie(e, names)}" if winner else "Nobody beat the dragon"
    return f"Dragon attack (strength {e['strength']}): {won}"


def _tie(e: Mapping, names: Names) -> str:
    """Why the winner took the tile from those with the same defence: the earlier in turn order wins a tie."""
    defence, winner = e.get("defence") or {}, e["winner"]
    tied = [c for c, d in defence.items() if c != winner and d == defence.get(winner)]
    if not tied:
        return ""
    who = names.who(winner)
    return f" (tied with {join_and(names.who(c) for c in tied)} at {defence[winner]}: {who} is earlier in turn order)"


def defences(e: Mapping, names: Names = NO_NAMES) -> str:
    """Every fighter's defence in turn order and, from rules version 4 (the attack's event holds them), what it is
    made of: the die, the axes' worth, and a defence spell's part.

    >>> defences({"defence": {"blue": 9, "red": 4}, "dice": {"blue": 4, "red": 2}, "axes": {"blue": 3, "red": 2}})
    'Blue 9 (die 4 + axes 3 + spells 2), Red 4 (die 2 + axes 2)'
    >>> defences({"defence": {"blue": 9, "red": 4}})
    'Blue 9, Red 4'
    """
    dice, axes = e.get("dice") or {}, e.get("axes") or {}
    out = []
    for color, total in (e.get("defence") or {}).items():
        text = f"{names.who(color)} {total}"
        if color in dice:
            spells = total - dice[color] - axes.get(color, 0)
            text += f" (die {dice[color]} + axes {axes.get(color, 0)}" + (f" + spells {spells})" if spells else ")")
        out.append(text)
    return ", ".join(out)


def attack(e: Mapping, names: Names, c: str, stone_beards: frozenset[str] | set[str] = frozenset()) -> str:
    """The fight told whole: the winner (and why, when they won a tie), every fighter's defence, then every loser
    with what they lose and the dwarf captured (a Stone Beards holder, ``stone_beards``, loses a quarter and keeps
    its dwarf)."""
    treasure = "gold" if e.get("treasure") == "gold" else "mined gems"
    caught = {c_["color"]: c_["dwarf"] for c_ in e.get("captured") or []}
    parts = []
    for color in e.get("losers") or []:
        who, its = names.who(color), names.its(color)
        if color in stone_beards:
            parts.append(f"{who} lost a quarter of {its} {treasure} (rounded up; Stone Beards: no dwarf captured)")
            continue
        text = f"{who} lost half {its} {treasure} (rounded up)"
        if color in caught:
            text += f" and {names.dwarf({'color': color, 'dwarf': caught[color]})} was captured"
        else:
            text += " with no dwarf left to capture"
        parts.append(text)
    told = [attack_headline(e, names)]
    if e.get("defence"):
        told.append("defences " + defences(e, names))
    return "; ".join([*told, *(parts or ["nobody lost"])])


def attack_input(e: Mapping, names: Names, c: str) -> str:
    """The table's part of a fight in the rulebook's order: the axes each person spent, then the tile turned."""
    t_ = e["tile"]
    tile_said = (f"strength {t_.get('strength')}, takes {words_of(t_.get('treasure') or 'treasure')}, "
                 f"worth {count(int(t_.get('points') or 0), 'point')}")
    players = e.get("players") or {}
    spent = [f"{names.who(x)} {f.get('axes', 0)}" for x, f in players.items() if isinstance(f, Mapping)]
    return f"Axes spent: {', '.join(spent)}; dragon tile: {tile_said}" if spent else f"Dragon tile: {tile_said}"


def attack_dice(e: Mapping, names: Names, c: str) -> str:
    """Rules version 4: the people's fight dice rolled at the table (the app's are told as its rolls)."""
    rolled = ", ".join(f"{names.who(x)} {v}" for x, v in (e.get("rolls") or {}).items() if v is not None)
    return f"Fight dice rolled at the table: {rolled}" if rolled else "Fight dice left to the app"
