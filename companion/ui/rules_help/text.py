"""Rules help: short summaries in the app's own words (no Flet here): the sections, assembled and searched.

Nothing here is rulebook text: it is the app's brief reminder of what each space and each automa effect does,
for a player who knows the game and wants a quick check at the table. The rulebooks remain the authority.
Values the rulebooks do not print come from the reference data and are marked "estimate" (or "your copy"
once corrected in Settings).

Each section's words live in a module of its own (spaces.py, automa.py, dragon.py, order.py, decisions.py), so
each can be read, and its text checked, on its own; the entries and sections are model.py's.

>>> secs = rules_sections(load_reference())
>>> [s.key for s in secs][:3]
['spaces', 'automa', 'dragon']
>>> "Take 2 gold" in secs[0].entry("treasure_hoard").text
True
>>> APP_DECISIONS[0].startswith("Estimates")
True
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.rules.reference import Reference, load_reference
from companion.store.settings import CORRECTABLE, Settings
from companion.ui.rules_help.automa import AUTOMA_ENTRIES, automa_table, beard_ranks
from companion.ui.rules_help.decisions import APP_DECISIONS, decision_entries
from companion.ui.rules_help.dragon import dragon_entries
from companion.ui.rules_help.model import Entry, Section
from companion.ui.rules_help.order import order_entries
from companion.ui.rules_help.spaces import SPACE_SUMMARIES, space_entries

__all__ = [
    "APP_DECISIONS",
    "Entry",
    "Section",
    "SPACE_SUMMARIES",
    "automa_table",
    "beard_ranks",
    "corrected_values",
    "filter_sections",
    "load_reference",
    "rules_sections",
]


def corrected_values(settings: Settings) -> list[str]:
    """The reference values the owner corrected to their printed copy: marked "your copy", not "estimate"."""
    return [n for n in CORRECTABLE if settings.is_corrected(n)]


def rules_sections(reference: Reference, corrected: Iterable[str] = ()) -> list[Section]:
    """All sections, with the values of ``reference`` (the effective one: corrections applied).

    ``corrected`` names the reference values the user corrected (:func:`corrected_values`).
    """
    corrected = set(corrected)
    return [
        Section(
            "spaces",
            "Action spaces",
            "GRID_VIEW",
            space_entries(reference, corrected),
            intro="One dwarf per space. All-play spaces give their claimant a bonus, then let everyone act.",
        ),
        Section("automa", "The automa", "SMART_TOY", AUTOMA_ENTRIES),
        Section("dragon", "The dragon", "LOCAL_FIRE_DEPARTMENT", dragon_entries(reference, corrected)),
        Section("order", "Turn order", "FORMAT_LIST_NUMBERED", order_entries(reference, corrected)),
        Section(
            "decisions",
            "Where the app decided",
            "RULE",
            decision_entries(),
            intro="Where the rulebooks are silent, this is what the app does.",
        ),
    ]


def filter_sections(sections: Iterable[Section], query: str) -> list[Section]:
    """Only the entries whose title or text contains every word of ``query`` (case-insensitive).

    An empty query keeps everything; sections left without entries are dropped.
    """
    words = query.lower().split()
    if not words:
        return list(sections)
    out = []
    for s in sections:
        hits = tuple(e for e in s.entries if all(w in f"{s.title} {e.title} {e.text}".lower() for w in words))
        if hits:
            out.append(Section(s.key, s.title, s.icon, hits, s.intro))
    return out
