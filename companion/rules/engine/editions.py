"""The base game and the expansion: what only Caverns of Gandûm brings (rules version 2 refuses it in a base
game; version 1 let it through). Version 3 refuses every input holding one (``Game``, with the check that every
entry point shares: ``companion.rules.editions``).

>>> str(expansion_only("Spells", plural=True))
'Spells come with Caverns of Gandûm: this game is the base game'
"""

from __future__ import annotations

from companion.rules.editions import EXPANSION_TILES
from companion.rules.engine.inputs import IllegalInput

__all__ = ["EXPANSION_TILES", "expansion_only"]


def expansion_only(what: str, field: str = "", plural: bool = False) -> IllegalInput:
    """The one-line refusal of ``what`` in a base game (``field``: the input field it was in, if any)."""
    verb = "come" if plural else "comes"
    head = f"{field}: " if field else ""
    return IllegalInput(f"{head}{what} {verb} with Caverns of Gandûm: this game is the base game")
