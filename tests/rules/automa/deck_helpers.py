"""Shared by the automa deck test modules (tests/rules/automa/test_deck_*.py): a tiny TOML writer, a valid card
to change, and the one-line message a bad deck file gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.automa.deck import DeckError, load_deck

# --- a tiny TOML writer (the project does not depend on one) ------------------------------------------------


def toml_char(c: str) -> str:
    """One character inside a TOML basic string: quote, backslash and control characters escaped."""
    if c in '"\\':
        return "\\" + c
    if ord(c) < 0x20 or ord(c) == 0x7F:
        return f"\\u{ord(c):04X}"
    return c


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(toml_char(c) for c in value) + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def deck_toml(deck: object, cards: list[dict]) -> str:
    lines = [] if deck is None else [f"deck = {toml_value(deck)}"]
    if not cards:
        lines.append("cards = []")
    for card in cards:
        lines += ["", "[[cards]]", *(f"{toml_key(k)} = {toml_value(v)}" for k, v in card.items())]
    return "\n".join(lines) + "\n"


def card_dict(card_id: str = "G07", **changes: object) -> dict:
    card = {
        "id": card_id,
        "primary": "mine",
        "secondary": "tunnel",
        "tertiary": "tavern_4",
        "axes": 1,
        "all_play": {"dwarf_king": 2, "gem_market": "emerald", "tunnel": 3, "wizards_cave": 4},
    }
    card.update(changes)
    return card


def write(tmp_path: Path, text: str, name: str = "green.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message
    return message
