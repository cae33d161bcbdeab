"""What only Caverns of Gandûm brings, found in any value a base game is given: the one check every entry point
shares (the engine's inputs, a score sheet, a record's events, the command line through them).

The expansion adds mana gems (and their purple mine tiles), the spells, its board's spaces (Mana Cave, Wizard's
Cave), the Spell Chamber tile and the golem. :func:`expansion_parts` walks a value as JSON (an input, an event,
a score sheet) and finds each of those it holds, with where it is; :func:`refusal` makes the one line that
says it (``companion.rules.words.refusals`` words it).

>>> [(p.field, p.what) for p in expansion_parts({"type": "correction", "target": "gems", "gem": "mana"})]
[('gem', 'mana')]
>>> expansion_parts({"place": {"golem": True}, "spell": "frost_bolt"})
[Part(field='place.golem', what='golem'), Part(field='spell', what='frost_bolt')]
>>> refusal(expansion_parts({"players": {"blue": {"spells": ["frost_bolt"]}}}))
'players.blue.spells: Frost Bolt comes with Caverns of Gandûm: this game is the base game'
>>> expansion_parts({"gems": {"ruby": 2, "mana": 0}, "space": "mine"})
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from companion.rules.automa.choices import EXPANSION_SPACES, SPELLS
from companion.rules.words.refusals import expansion_only

#: The gem only the expansion has.
MANA = "mana"
#: The special mine tile that comes with the expansion (its purple gem icon sets it apart).
EXPANSION_TILES = frozenset({"spell_chamber"})
_SPELLS = frozenset(SPELLS)


class Part(NamedTuple):
    """One expansion-only thing in a value: ``field`` where it is (``players.blue.spells``), ``what`` it is: the
    id of a spell, an expansion space or tile (``frost_bolt``), or ``mana``, ``golem``, ``expansion_sheet``."""

    field: str
    what: str


def _text_part(text: str) -> str | None:
    if text == MANA or text in _SPELLS or text in EXPANSION_SPACES or text in EXPANSION_TILES:
        return text
    return None


def _key_part(key: str, value: Any) -> str | None:
    """A key that is itself the expansion's: a count of mana that is not 0, the golem, a sheet for the
    expansion."""
    if key == MANA and type(value) is int and value:
        return "mana"
    if key == "golem" and value is True:
        return "golem"
    if key == "expansion" and value is True:
        return "expansion_sheet"
    return None


def expansion_parts(value: Any, field: str = "") -> list[Part]:
    """Every expansion-only thing ``value`` holds, each once, in the order met (an empty list: none).

    A text counts when it is the expansion's id (``mana``, a spell, an expansion space, the Spell Chamber)
    wherever it stands; a key when it counts mana (not 0), sets the golem or says a sheet is the expansion's.
    Free text (a reason, a player's name) is never an id, so it never counts."""
    found: list[Part] = []
    seen: set[str] = set()
    stack: list[tuple[str, Any]] = [(field, value)]
    while stack:
        at, item = stack.pop()
        what: str | None = None
        if type(item) is str:
            what = _text_part(item)
        elif isinstance(item, Mapping):
            for key, sub in reversed(list(item.items())):
                where = f"{at}.{key}" if at else str(key)
                kind = _key_part(str(key), sub)
                if kind is not None and kind not in seen:
                    seen.add(kind)
                    found.append(Part(where, kind))
                stack.append((where, sub))
        elif isinstance(item, list):
            stack.extend((at, sub) for sub in reversed(item))
        if what is not None and what not in seen:
            seen.add(what)
            found.append(Part(at, what))
    return found


def refusal(parts: list[Part]) -> str:
    """The one line that refuses ``parts`` (not empty) in a base game, at the first one's field."""
    return expansion_only([p.what for p in parts], parts[0].field)
