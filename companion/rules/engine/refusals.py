"""An input the rules refuse: ``IllegalInput``, a code and the fields that say what and where.

The engine never writes the sentence: ``companion.rules.words.refusals`` words each code (``str()`` of the
refusal gives that sentence, players said by colour; a screen words it with the game's names). The codes are
``companion.rules.names.RefusalCode``.

>>> str(IllegalInput("not_a_die", field="value"))
'value: a die shows 1 to 6'
>>> IllegalInput("not_now", input="reroll", waiting="place").fields
{'input': 'reroll', 'waiting': 'place'}
"""

from __future__ import annotations

from typing import Any

from companion.rules.names import RefusalCode
from companion.rules.words.refusals import refusal


class IllegalInput(ValueError):
    """An input the rules do not allow at this point (the game is left as it was). ``code`` says why,
    ``fields`` what and where (a field of the input, a colour, a space...)."""

    def __init__(self, code: RefusalCode, **fields: Any) -> None:
        super().__init__(code, fields)
        self.code: RefusalCode = code
        self.fields: dict[str, Any] = fields

    def __str__(self) -> str:
        return refusal(self.code, self.fields)


def expansion_only(*things: str, field: str = "") -> IllegalInput:
    """The refusal of ``things`` (ids: ``spells``, ``golem``, a spell, a tile...) in a base game; ``field``: the
    input field they were in, if any."""
    return IllegalInput("expansion_only", field=field, things=list(things))
