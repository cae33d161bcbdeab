"""Transcribed deck files for simulated games: ``--deck FILE`` on ``simulate`` and ``calibrate``.

A file's ``deck`` key says which built-in deck it replaces; the decks travel in the setup's ``custom_decks``,
so every record of such a game carries the cards it was played with.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from companion.files.oneline import one_line, shown
from companion.files.reading import open_input
from companion.rules.automa.deck import MAX_DECK_BYTES, Deck, DeckError, deck_from_bytes, file_problem


def load_deck_file(path: str | os.PathLike[str]) -> Deck:
    """The deck in the file a person named (``--deck``, ``decks check``); :class:`DeckError` naming it as given.

    Opened as every command-line input is (:func:`companion.files.reading.open_input`): a named pipe that nothing
    writes to is refused at once instead of waiting forever; ``/dev/zero`` is stopped by the size limit.
    """
    name = os.fspath(path) or '""'  # an empty name (refused by open_input) is shown as one
    try:
        fh, first = open_input(path)
        with fh:
            data = first + fh.read(max(0, MAX_DECK_BYTES + 1 - len(first)))
    except OSError as e:
        raise file_problem(name, "cannot_read", why=e.strerror or str(e)) from None
    return deck_from_bytes(data, name)


def decks_from_files(paths: Iterable[str | os.PathLike[str]] | None) -> dict[str, Deck]:
    """The decks in ``paths`` by name. ``ValueError`` (one line) for a bad file or two files for one deck.

    >>> decks_from_files([])
    {}
    """
    decks: dict[str, Deck] = {}
    files: dict[str, str] = {}
    for path in paths or ():
        try:
            deck = load_deck_file(path)
        except DeckError as err:
            # The file name escaped (a newline shows as \n), the problem on the same line.
            raise ValueError(shown(err.file) + one_line(str(err)[len(err.file):])) from None
        if deck.deck in decks:
            raise ValueError(f"{shown(path)}: a second {deck.deck} deck ({shown(files[deck.deck])} is one already)")
        decks[deck.deck] = deck
        files[deck.deck] = os.fspath(path)
    return decks


def check_in_play(decks: dict[str, Deck], in_play: Iterable[str]) -> None:
    """``ValueError`` when a transcribed deck would not be used: no automa plays that deck."""
    wanted = set(in_play)
    for name in decks:
        if name not in wanted:
            raise ValueError(f"--deck: no automa plays the {name} deck in these games (automa decks: "
                             f"{', '.join(sorted(wanted)) or 'none'})")
