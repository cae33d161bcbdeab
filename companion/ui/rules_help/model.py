"""The rules help's sections and entries as plain data, and how an entry marks a value the rulebooks do not print."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    text: str
    #: "estimate" or "your copy" when the text uses such a value, else "".
    mark: str = ""


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    icon: str  # a Material icon name (``ft.Icons`` member)
    entries: tuple[Entry, ...]
    intro: str = ""

    def entry(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)


def mark(ref_source: str, corrected: bool) -> str:
    """An entry's mark for the value it uses: corrected in Settings (source "owner"), the app's guess, or printed
    ("")."""
    if corrected or ref_source == "owner":
        return "your copy"
    return "estimate" if ref_source == "estimate" else ""
