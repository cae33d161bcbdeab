"""What to do on the physical board after a step ("On the board"), in the order it happened.

>>> board_instructions([{"type": "score", "color": "red", "points": 9, "reason": "spell mind_control"}], 5)
["Move Red's score marker forward 9 points (Mind Control)"]
>>> board_instructions([{"type": "gain", "color": "green", "gold": 2, "reason": "Gem Market"}], 5)
['Green automa gains 2 gold into its hidden stash: nothing to move, the app counts them']
>>> board_instructions([{"type": "gain", "color": "green", "gold": 2, "reason": "Gem Market"}], 5, table_stash=True)
['Green automa takes 2 gold from the supply: put them beside its deck']
>>> board_instructions([{"type": "place", "color": "blue", "dwarf": 1, "space": "tunnel", "dislodged": None}], 5,
...                    names=Names({"blue": "Ann"}))
['Put Ann (Blue) #1 on Tunnel']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from companion.rules.words import passed_over
from companion.rules.words import table_stash as table_stash_words
from companion.rules.words.events import describe, gain_parts, reason
from companion.rules.words.fight import attack_headline, defences
from companion.rules.words.names import NO_NAMES, Names, colour, gems, space, tile, words_of
from companion.rules.words.plural import count, join_and

_RESHUFFLE = {"reset": "for the new round", "empty": "(its draw pile ran out)"}


def _place(e: Mapping, names: Names) -> list[str]:
    who = f"the golem ({names.who(e['color'])})" if e.get("golem") else names.dwarf(e)
    line = f"Put {who} on {space(e['space'])}"
    if e.get("card"):
        reasons = passed_over.said(e.get("skipped") or [], names)
        line += f" (card {e['card']}, {words_of(e.get('choice') or '')}" + (f" — {reasons}" if reasons else "") + ")"
    out = [line]
    d = e.get("dislodged")
    if d:
        if d.get("golem"):
            out.append(f"Take the golem off; {names.who(d['color'])} may place it again")
        elif e.get("spell") == "blood_sacrifice":
            out.append(f"Move {names.dwarf(d)} to the dragon's capture box")
        else:
            out.append(f"Return {names.dwarf(d)} to its bed: it places again soon")
    return out


def _gain(e: Mapping, table_stash: bool) -> list[str]:
    """What the table does with an automa's gain: nothing when the app keeps its things (its hidden stash; a tile
    leaves the Tunnel and a contract's coins its card all the same), or put it beside its deck when the table
    keeps them (:mod:`.table_stash` says the takes the app does not count)."""
    if e.get("reason") == "starting gold":
        return []
    parts = gain_parts(e)
    if not parts:
        return []
    who = f"{colour(e['color'])} automa"
    them = "it" if int(e.get("gold") or 0) + sum((e.get("gems") or {}).values()) == 1 else "them"
    if table_stash:
        return [f"{who} takes {join_and(parts)} from the supply: put {them} beside its deck"]
    why = str(e.get("reason") or "")
    if e.get("tile"):
        todo = "set the tile aside face down" + (", no gems to take; the app counts them" if e.get("gems")
                                                 else "; the app counts it")
    elif why.startswith("coins on the "):
        parts[-1] += f", the {why},"
        todo = f"return the coins to the supply; the app counts {them}"
    else:
        todo = f"nothing to move, the app counts {them}"
    return [f"{who} gains {join_and(parts)} into its hidden stash: {todo}"]


def _attack(e: Mapping, said_later: Collection[str] = frozenset(), stone_beards: Collection[str] = (),
            names: Names = NO_NAMES) -> list[str]:
    """The fight's result; the losses of ``said_later`` colours (the table keeps their things) come in their
    own line with the captured dwarf (:func:`.table_stash.take`). A loser holding Stone Beards (``stone_beards``)
    loses a quarter, not half."""
    out = [attack_headline(e, names), "Defence: " + defences(e, names)]
    for c in e["captured"]:
        if c["color"] not in said_later:
            out.append(f"{names.dwarf(c)} goes to the capture box")
    for color in e["losers"]:
        if color not in said_later:
            share = "a quarter of" if color in stone_beards else "half"
            why = ", Stone Beards" if color in stone_beards else ""
            out.append(f"{names.who(color)} loses {share} {names.its(color)} {words_of(e['treasure'])} "
                       f"(rounded up{why})")
    return out


def _dragon_move(e: Mapping, step: Sequence[Mapping], dragon_length: int) -> str:
    """Where the dragon goes: back to zero, up one, down one (Draco Speak), or to a step (Time Warp)."""
    spell = next((x for x in step if x["type"] == "spell" and x.get("input")), {})
    if e["position"] == 0:
        return "Put the dragon back on zero"
    if spell.get("spell") == "time_warp":  # the new die may take a step back or make one
        return f"Put the dragon on step {e['position']} of {dragon_length}"
    if spell.get("direction") == -1:  # Draco Speak down
        return f"Move the dragon down one: {e['position']} of {dragon_length}"
    return f"Move the dragon up one: {e['position']} of {dragon_length}"


def _returned(e: Mapping) -> str:
    """An app-kept automa's loss to the dragon (a ``loss`` event; the table-kept one is a ``table_keeps``): it
    leaves the hidden stash the app keeps, so nothing moves on the table."""
    lost = f"{e['gold']} gold" if "gold" in e else gems(e.get("gems") or {})
    return f"{colour(e['color'])} automa loses {lost} from its hidden stash: nothing to move, the app counts the loss"


def board_instructions(step: Sequence[Mapping], dragon_length: int, stone_beards: Collection[str] = (),
                       tile_powers: bool = False, names: Names = NO_NAMES, table_stash: bool = False) -> list[str]:
    """What to do on the physical board after a step, in the order it happened. ``stone_beards``: the colours
    holding Stone Beards (a dragon takes a quarter of theirs, not half); ``tile_powers``: an automa's special
    tile has its power in this game (rules version 1 only), so a table-kept tile asks to be recorded;
    ``names``: the game's people, said by name (the colour beside it finds their pieces); ``table_stash``: the
    table keeps the automa's things beside their decks (else the app keeps them, and nothing moves)."""
    out: list[str] = []
    bonus, folded, captured, said_later = table_stash_words.merges(step)
    for i, e in enumerate(step):
        t = e["type"]
        if i in folded:
            continue
        if t == "table_keeps":
            out.append(table_stash_words.take(e, bonus.get(i, 0), captured.get(i), tile_powers))
        elif t == "place":
            out += _place(e, names)
        elif t == "gain":
            out += _gain(e, table_stash)
        elif t == "score":
            out.append(f"Move {names.piece(e['color'], 'score marker')} forward {count(e['points'], 'point')} "
                       f"({reason(e['reason'])})")
        elif t == "roll" and e["purpose"] == "aggression":
            again = " again" if e.get("reroll") else ""
            out.append(f"{names.who(e['color'])} rolled{again} {e['value']} for the dragon")
        elif t == "dragon":
            out.append(_dragon_move(e, step, dragon_length))
        elif t == "attack":
            out += _attack(e, said_later, stone_beards, names)
        elif t == "loss":
            out.append(_returned(e))
        elif t == "automa_shuffle" and e["reason"] != "setup":
            out.append(f"{colour(e['color'])} automa's deck reshuffled {_RESHUFFLE.get(e['reason'], '')}".strip())
        elif t == "turn_order":
            out.append("Turn order: " + ", ".join(names.who(c) for c in e["order"]))
        elif t == "special_tile":
            out.append(f"{names.who(e['color'])} holds {tile({'kind': 'special', 'tile': e['tile']})}")
        elif t == "sit_out":
            out.append(describe(e, names))
    return out
