"""What is wrong with a deck file, in one line: each problem's code (``companion.rules.names.DeckProblemCode``)
and its fields, worded. ``decks check`` and the Decks screen say where first (the card, the field's keys);
the transcription screen, which shows the card, says it in its own words.

>>> deck_line("unknown_space", {"space": "pub"}, card="G07", path=("secondary",))
"card G07: secondary: unknown action space 'pub'"
>>> deck_line("at_most", {"high": 4, "got": 5}, number=2, path=("axes",))
'card #2: axes: Input should be less than or equal to 4, got 5'
>>> deck_line("too_deep", {"line": 1, "limit": 8})
'line 1: a key nested more than 8 levels deep (a deck needs 4)'
>>> card_said("bad_id", {"got": "G 7"}, ("id",))
"Its id 'G 7' is not one a deck file takes (1 to 16 letters, digits, - or _, a letter or digit first)"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.rules.names import DeckProblemCode


def short(text: str) -> str:
    """A key or value from the file as a line quotes it: its start only when long (a 100,000-character key made
    a 100 kB line on the Decks screen).

    >>> short("k" * 1000)
    'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk... (1,000 characters)'
    """
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text):,} characters)"


def card_label(card: str | None, number: int | None) -> str:
    """A card as a line names it: its id (``G07``) when the file gives a usable one, else its place (``#7``)."""
    return short(card) if card is not None else f"#{number}"


def keys(path: Sequence[str | int]) -> str:
    """A field's keys, dotted (``all_play.tunnel``); a key that is not a plain name (it may hold a line break) is
    quoted, so the line stays one line."""
    return ".".join(short(k if isinstance(k, str) and k.isidentifier() else repr(k)) for k in path)


def _choices(options: Sequence[str]) -> str:
    """ "'red' or 'green'", "'ruby', 'emerald', 'sapphire' or 'diamond'"."""
    quoted = [repr(o) for o in options]
    return ", ".join(quoted[:-1]) + f" or {quoted[-1]}" if len(quoted) > 1 else "".join(quoted)


Wording = Callable[[Mapping[str, Any]], str]

#: Each problem code -> what is wrong, after where it is.
WORDING: dict[DeckProblemCode, Wording] = {
    # the file
    "cannot_read": lambda f: f"cannot read: {f['why']}",
    "too_large": lambda f: f"larger than {f['limit'] / 1_000_000:g} MB, the limit for a deck file",
    "not_utf8": lambda f: "not UTF-8 text",
    "too_deep": lambda f: f"a key nested more than {f['limit']} levels deep (a deck needs 4)",
    "too_many_entries": lambda f: (
        f"more than {f['limit']:,} keys, tables and array items (a deck of 60 cards has about 660)"),
    "key_too_long": lambda f: f"a key longer than {f['limit']} characters",
    "not_toml": lambda f: f"not valid TOML: {f['detail']}",
    # a field's shape
    "missing": lambda f: "missing (required)",
    "unknown_field": lambda f: f"not a field of the format (allowed: {', '.join(f['allowed'])})",
    "not_cards": lambda f: "should be an array of tables, written as [[cards]] sections",
    "not_a_table": lambda f: "should be a table",
    "not_one_of": lambda f: f"Input should be {_choices(f['choices'])}",
    "at_least": lambda f: f"Input should be greater than or equal to {f['low']}",
    "at_most": lambda f: f"Input should be less than or equal to {f['high']}",
    "whole_number": lambda f: "Input should be a valid integer",
    "text": lambda f: "Input should be a valid string",
    "bad_id": lambda f: f"String should match pattern '{f['pattern']}'",
    "invalid": lambda f: str(f["detail"]),
    # the deck's rules
    "unknown_space": lambda f: f"unknown action space {short(repr(f['space']))}",
    "same_space": lambda f: f"same space as {f['earlier']} ({short(repr(f['space']))})",
    "no_cards": lambda f: "a deck needs at least one card",
    "duplicate_id": lambda f: f"duplicate card id (card #{f['first']} has it too)",
}


def what(code: DeckProblemCode, fields: Mapping[str, Any]) -> str:
    """What is wrong, with the value the file gave where it is short enough to quote (``, got 5``)."""
    text = WORDING[code](fields)
    return text + f", got {short(repr(fields['got']))}" if "got" in fields else text


def deck_line(code: DeckProblemCode, fields: Mapping[str, Any], card: str | None = None, number: int | None = None,
              path: Sequence[str | int] = ()) -> str:
    """The problem as ``decks check`` says it after the file's name: the line of the text, or the card and the
    field's keys, then what is wrong."""
    where = [f"line {fields['line']}"] if "line" in fields else []
    if card is not None or number is not None:
        where.append(f"card {card_label(card, number)}")
    if path:
        where.append(keys(path))
    return ": ".join([*where, what(code, fields)])


def card_said(code: DeckProblemCode, fields: Mapping[str, Any], path: Sequence[str | int] = (),
              label: str = "") -> str:
    """A problem of one card as the transcription screen says it, beside the card (so without it): ``label``
    the field as the screen names it ("Axe draw")."""
    if path == ("id",) and code in ("bad_id", "text"):
        return (f"Its id {short(repr(fields.get('got')))} is not one a deck file takes (1 to 16 letters, digits, "
                "- or _, a letter or digit first)")
    if code == "duplicate_id":
        return f"card {fields['first']} has the same id"
    said = what(code, fields)
    return f"{label}: {said}" if label else said
