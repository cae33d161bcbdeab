"""The base game and the expansion: what only Caverns of Gandûm brings (rules version 2 refuses it in a base
game; version 1 let it through).

>>> str(expansion_only("Spells", plural=True))
'Spells come with Caverns of Gandûm: this game is the base game'
"""

from __future__ import annotations

from companion.rules.engine.inputs import IllegalInput

#: The special mine tile that comes with the expansion (its purple gem icon sets it apart).
EXPANSION_TILES = frozenset({"spell_chamber"})


def expansion_only(what: str, field: str = "", plural: bool = False) -> IllegalInput:
    """The one-line refusal of ``what`` in a base game (``field``: the input field it was in, if any)."""
    verb = "come" if plural else "comes"
    head = f"{field}: " if field else ""
    return IllegalInput(f"{head}{what} {verb} with Caverns of Gandûm: this game is the base game")
