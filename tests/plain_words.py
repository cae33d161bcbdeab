"""What no sentence the app shows may contain: an id, a Python or JSON value, a wrong plural, a wrong article.

``problems(text)`` lists what is wrong with one sentence (empty: it reads as plain words). The tests of the
log, the undo labels, the board instructions and every presenter's strings use it.
"""

from __future__ import annotations

import re

#: The nouns the app counts, singular -> plural, for the "1 axes" / "2 axe" checks.
NOUNS = {
    "axe": "axes", "tile": "tiles", "game": "games", "point": "points", "gem": "gems", "coin": "coins",
    "round": "rounds", "player": "players", "ruby": "rubies", "emerald": "emeralds", "sapphire": "sapphires",
    "diamond": "diamonds", "dwarf": "dwarves", "card": "cards", "space": "spaces", "step": "steps",
    "question": "questions", "spell": "spells", "win": "wins", "loss": "losses", "achievement": "achievements",
    "contract": "contracts", "mine tile": "mine tiles", "gem tile": "gem tiles", "barrel": "barrels",
}

BAD = [
    ("a snake_case id", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("a brace or bracket", re.compile(r"[{}\[\]]")),
    ("a Python value", re.compile(r"\b(None|True|False|nan)\b")),
    ("a quoted id", re.compile(r"'[a-z_]+'")),
    ("one with a plural", re.compile(r"(?<![\d.#,])\b1 (" + "|".join(map(re.escape, NOUNS.values())) + r")\b")),
    ("a number above one with a singular",
     re.compile(r"(?<![\d.#,])\b(0|[2-9]|\d{2,}) (" + "|".join(map(re.escape, NOUNS)) + r")\b(?! (mine )?tiles?\b)")),
    ("'a' before a vowel", re.compile(r"\b[Aa] [aeiou]\w")),
    ("'an' before a consonant", re.compile(r"\b[Aa]n [b-df-hj-np-tv-z]\w")),
    ("a dwarf named in lower case", re.compile(r"\b(red|blue|green|yellow) #\d")),
    ("a doubled word", re.compile(r"\b(\w+) \1\b")),
]


def problems(text: str) -> list[str]:
    """What is wrong with ``text`` (an empty list when nothing is)."""
    found = []
    for name, pattern in BAD:
        m = pattern.search(text)
        if m:
            found.append(f"{name}: {m.group(0)!r}")
    return found


def assert_plain(texts, where: str = "") -> None:
    """Every text reads as plain words; the failure lists each bad sentence with what is wrong."""
    bad = {t: problems(t) for t in texts if t and problems(t)}
    assert not bad, f"{where}: " + "; ".join(f"{t!r}: {', '.join(p)}" for t, p in list(bad.items())[:10])
