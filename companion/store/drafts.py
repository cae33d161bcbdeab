"""Transcription drafts: the cards of a deck being transcribed, ``decks/draft-<colour>.json`` in the data folder.

The Decks screen's transcription (:mod:`companion.ui.decks.transcribe_presenter`) saves after every tap, so a
transcription resumes where it stopped. A draft is written whole, then renamed over the last one; one that cannot
be read is set aside under a free name (never written over); its identity (inode, size, modification time) tells
a window that another one saved it since.

>>> import tempfile
>>> draft = DraftFile(tempfile.mkdtemp(), "red")
>>> _ = draft.write([{"id": "R01", "primary": "mine"}])
>>> draft.read()[0]
[{'id': 'R01', 'primary': 'mine'}]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.files.atomic import write_text
from companion.files.paths import decks_folder, read_regular

#: A draft of 40 cards is about 10 kB; a larger file is cut here, does not parse and is kept aside.
MAX_DRAFT_BYTES = 1_000_000

#: The draft file as a window last read or wrote it: (inode, size, modification time in ns).
Identity = tuple[int, int, int]


def draft_path(data_dir: str | os.PathLike[str], deck: str) -> Path:
    return decks_folder(data_dir) / f"draft-{deck}.json"


class DraftFile:
    """The saved draft of one deck colour."""

    def __init__(self, data_dir: str | os.PathLike[str], deck: str) -> None:
        self.deck = deck
        self.path = draft_path(data_dir, deck)

    def identity(self) -> Identity | None:
        """The draft as it is now on disk, None when there is none: another window's save changes it."""
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self) -> tuple[list[dict], Identity | None] | None:
        """The saved cards (each a dict with a text ``id``) and the draft's identity taken before reading (a save
        in between is seen at the next comparison); None when there is no draft of this deck, or it cannot be
        read (not JSON, another deck's, no card, nested deeper than the parser goes, a named pipe)."""
        seen = self.identity()
        try:
            raw = json.loads(read_regular(self.path, MAX_DRAFT_BYTES))  # a named pipe is refused, never waited on
            cards = [dict(c) for c in raw["cards"] if isinstance(c, dict) and isinstance(c.get("id"), str)]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nested too deep
            return None
        if raw.get("deck") != self.deck or not cards:
            return None
        return cards, seen

    def there(self) -> bool:
        """Whether anything is at the draft's path, readable or not (a link to nowhere too)."""
        return self.path.exists() or self.path.is_symlink()

    def set_aside(self) -> Path:
        """Move the (unreadable) draft to a free ``draft-<deck>.unreadable[-n].json`` beside it; ``OSError``
        when the folder will not let it move."""
        aside = self.path.with_name(f"draft-{self.deck}.unreadable.json")
        n = 1
        while aside.exists() or aside.is_symlink():  # one kept earlier stays too
            n += 1
            aside = self.path.with_name(f"draft-{self.deck}.unreadable-{n}.json")
        os.replace(self.path, aside)
        return aside

    def write(self, cards: list[dict]) -> Identity | None:
        """Save ``cards`` whole, renamed over the last draft; the new identity. ``OSError`` when the disk will not
        take it, leaving the last draft and no partial file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text(self.path, json.dumps({"deck": self.deck, "cards": cards}, indent=1))
        return self.identity()

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)
