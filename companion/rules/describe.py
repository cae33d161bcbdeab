"""Short, readable sentences for events and undo steps ("Red automa drew card R07").

>>> describe({"type": "place", "color": "red", "dwarf": 1, "space": "treasure_hoard", "dislodged": None,
...           "card": "R03", "choice": "primary"})
'Red #1 took Treasure Hoard (card R03, primary)'
>>> describe({"type": "roll", "color": "blue", "value": 5, "purpose": "aggression", "by": "app"})
'Blue rolled 5 for the dragon'
>>> step_label([{"type": "roll", "color": "blue", "value": 5, "purpose": "turn_order", "by": "app"},
...             {"type": "turn_order", "order": ["blue", "red"]}])
'Starting order: Blue, Red'
"""

from __future__ import annotations

from collections.abc import Mapping

from .spaces import SPACES

_PURPOSE = {"aggression": "for the dragon", "attack": "against the dragon", "turn_order": "for turn order"}


def _c(color: str | None) -> str:
    return (color or "").capitalize()


def gain_parts(e: Mapping, tile: str = "a mine tile") -> list[str]:
    """What a ``gain`` event gives, item by item ("2 gold", "1 ruby", the tile)."""
    parts = [f"{e['gold']} gold"] if e.get("gold") else []
    parts += [f"{n} {gem}" for gem, n in (e.get("gems") or {}).items()]
    if e.get("tile"):
        parts.append(tile)
    return parts


def describe(e: Mapping) -> str:
    t = e["type"]
    if t == "place":
        who = f"golem of {_c(e['color'])}" if e.get("golem") else f"{_c(e['color'])} #{e['dwarf']}"
        text = f"{who} took {SPACES[e['space']].name}"
        extra = []
        if e.get("card"):
            extra.append(f"card {e['card']}, {e['choice']}")
        if e.get("spell"):
            extra.append(e["spell"].replace("_", " "))
        if extra:
            text += f" ({'; '.join(extra)})"
        if e.get("dislodged"):
            d = e["dislodged"]
            who = "the golem" if d.get("golem") else f"{_c(d['color'])} #{d['dwarf']}"
            text += f", dislodging {who}"
        return text
    if t == "roll":
        again = " again" if e.get("reroll") else ""
        return f"{_c(e['color'])} rolled{again} {e['value']} {_PURPOSE.get(e['purpose'], '')}".strip()
    if t == "reroll":
        return f"{_c(e['color'])} re-rolled (Temple)"
    if t == "roll_kept":
        return f"{_c(e['color'])} kept {e['value']}"
    if t == "automa_draw":
        return f"{_c(e['color'])} automa drew card {e['card']} ({e['purpose'].replace('_', '-')})"
    if t == "automa_shuffle":
        return f"{_c(e['color'])} automa deck shuffled ({e['reason']})"
    if t == "dragon":
        return f"Dragon moved to {e['position']}"
    if t == "attack":
        won = _c(e["winner"]) + " won the tile" if e["winner"] else "Nobody beat the dragon"
        return f"Dragon attack (strength {e['strength']}): {won}"
    if t == "attack_input":
        return f"Dragon tile revealed: strength {e['tile']['strength']}"
    if t == "score":
        return f"{_c(e['color'])} scored {e['points']} ({e['reason']})"
    if t == "gain":
        return f"{_c(e['color'])} gained {', '.join(gain_parts(e)) or 'nothing'}"
    if t == "loss":
        lost = f"{e['gold']} gold" if "gold" in e else f"{sum(e['gems'].values())} gems"
        return f"{_c(e['color'])} lost {lost} to the dragon"
    if t == "answer":
        return f"Answered for {_c(e['color'])} automa: {e['value']}"
    if t == "turn_order":
        return "Turn order: " + ", ".join(_c(c) for c in e["order"])
    if t == "round_start":
        return f"Round {e['round']} began"
    if t == "round_end":
        return f"Round {e['round']} ended"
    if t == "starting_rolls":
        return "Starting rolls entered"
    if t == "spell":
        return f"{_c(e['color'])} cast {e['spell'].replace('_', ' ')}"
    if t == "special_tile":
        return f"{_c(e['color'])} gained the special tile {e['tile'].replace('_', ' ')}"
    if t == "correction":
        who = f"{_c(e['color'])} " if e.get("color") else ""
        return f"Corrected {who}{e['target']} to {e['value']}"
    if t == "sit_out":
        return f"{_c(e['color'])} #{e['dwarf']} found no open space and sits out"
    if t == "axes":
        return f"{_c(e['color'])} drew axes {e['values']}"
    if t == "game_end":
        return "Game over: final scores recorded"
    return t.replace("_", " ")


def step_label(step: list[Mapping]) -> str:
    """The label of an undo step: its input, or else its most telling event."""
    if not step:
        return ""
    first = step[0]
    if first["type"] == "starting_rolls" or (first["type"] == "roll" and first["purpose"] == "turn_order"):
        order = next((e for e in step if e["type"] == "turn_order"), None)
        if order is not None:
            return "Starting order: " + ", ".join(_c(c) for c in order["order"])
    if first["type"] == "automa_draw" and first["purpose"] == "place":
        place = next((e for e in step if e["type"] == "place"), None)
        if place is not None:
            return describe(place)
    if first["type"] == "automa_shuffle":
        start = next((e for e in step if e["type"] == "round_start"), None)
        if start is not None:
            return describe(start)
    return describe(first)
