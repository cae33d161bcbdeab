"""Counts in words with the right plural: "1 axe", "3 axes", "1 ruby", "2 rubies", "2 gold".

>>> count(1, "axe"), count(3, "axe"), count(1, "tile"), count(2, "ruby"), count(5, "gold")
('1 axe', '3 axes', '1 tile', '2 rubies', '5 gold')
>>> count(0, "gem", zero="no gems"), plural("automa"), join_and(["Red", "Green", "Blue"])
('no gems', 'automa', 'Red, Green and Blue')
>>> a("emerald"), a("sapphire tile"), a("ruby")
('an emerald', 'a sapphire tile', 'a ruby')
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
"""

from __future__ import annotations

from collections.abc import Iterable

#: Nouns that do not take an "s": resources counted as a heap, and words whose plural is irregular.
_SAME = frozenset({"gold", "mana", "beer", "automa"})
_IRREGULAR = {"dwarf": "dwarves"}
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def plural(noun: str) -> str:
    """The plural of one noun (the last word of ``noun`` changes: "mine tile" -> "mine tiles")."""
    head, _, last = noun.rpartition(" ")
    if last in _SAME:
        word = last
    elif last in _IRREGULAR:
        word = _IRREGULAR[last]
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "o", "u", ""):
        word = last[:-1] + "ies"
    elif last.endswith(("s", "x", "ch", "sh")):
        word = last + "es"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def noun_for(n: int, noun: str) -> str:
    """``noun`` as it goes with the number ``n`` (singular only for exactly one)."""
    return noun if n == 1 else plural(noun)


def count(n: int, noun: str, zero: str | None = None) -> str:
    """``n`` and its noun; ``zero`` replaces the whole phrase when ``n`` is 0 ("no gems")."""
    if n == 0 and zero is not None:
        return zero
    return f"{n} {noun_for(n, noun)}"


def join_and(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c" ("" for nothing)."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def a(noun: str) -> str:
    """``noun`` with its indefinite article ("an emerald", "a ruby")."""
    return f"{'an' if noun[:1].lower() in 'aeiou' and noun[:1] else 'a'} {noun}"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{_SUFFIX.get(n % 10, 'th')}"
