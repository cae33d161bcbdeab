"""Your transcribed decks in use: ``decks/<colour>.toml`` in the data folder, beside the shipped decks.

A deck is kept only once it checks (the Decks screen parses it first) and is read back with the checks of
``decks check`` (:func:`companion.rules.automa.deck.deck_from_bytes`), so a file edited by hand since is named,
never used half-read. Reads are bounded and never wait: a folder, a named pipe or a device put where a deck goes
is refused at once (:func:`companion.files.paths.read_regular`); a write goes whole or not at all
(:func:`companion.files.atomic.write_text`).
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.files.atomic import write_text
from companion.files.paths import decks_folder, read_regular
from companion.rules.automa.deck import DECK_NAMES, MAX_DECK_BYTES, Deck, DeckError, deck_from_bytes


def imported_path(data_dir: str | os.PathLike[str], name: str) -> Path:
    return decks_folder(data_dir) / f"{name}.toml"


def keep(data_dir: str | os.PathLike[str], name: str, text: str) -> Path:
    """Keep ``text`` (a deck that checks) as your ``name`` deck, replacing the last one whole; ``OSError`` when
    the disk will not take it (the kept deck stays, and no partial copy takes what room there is)."""
    path = imported_path(data_dir, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text)
    return path


def read_deck_file(path: str | os.PathLike[str]) -> bytes:
    """A deck file's bytes, one past the deck limit at most (so a longer file is refused by its size, unread);
    a folder or a named pipe at ``path`` is refused at once, never waited on."""
    return read_regular(path, MAX_DECK_BYTES + 1)


def _kept_deck(path: Path, source: str) -> Deck:
    return deck_from_bytes(read_deck_file(path), source)


def imported_deck(data_dir: str | os.PathLike[str], name: str) -> Deck | None:
    """Your transcription of deck ``name`` if one was imported (and still reads), else ``None``."""
    path = imported_path(data_dir, name)
    try:
        deck = _kept_deck(path, str(path))
    except (DeckError, OSError):  # FileNotFoundError: none kept
        return None
    return deck if deck.deck == name else None


def imported_problem(data_dir: str | os.PathLike[str], name: str) -> str | None:
    """Why the kept transcription of ``name`` cannot be used (edited by hand since), in one line, else ``None``."""
    path = imported_path(data_dir, name)
    try:
        deck = _kept_deck(path, path.name)
    except FileNotFoundError:
        return None
    except DeckError as err:
        return " ".join(str(err).split())
    except OSError as err:
        return f"{path.name}: cannot read: {err.strerror or err}"
    if deck.deck != name:
        return f"{path.name}: says deck = {deck.deck!r}"
    return None


def remove_imported(data_dir: str | os.PathLike[str], name: str) -> bool:
    """Go back to the app's deck ``name``: whether there was a transcription to remove. ``OSError`` when the
    folder will not let it go (read-only, a folder in its place)."""
    try:
        imported_path(data_dir, name).unlink()
    except FileNotFoundError:
        return False
    return True


def decks_in_use(data_dir: str | os.PathLike[str]) -> dict[str, Deck]:
    """Your transcribed decks that still read, by colour (none: the app's decks are played)."""
    decks = {name: imported_deck(data_dir, name) for name in DECK_NAMES}
    return {name: deck for name, deck in decks.items() if deck is not None}
