"""The calibration of your transcribed decks: ``decks/calibration.json`` in the data folder.

A calibration of the decks in use (:func:`companion.store.decks.decks_in_use`) is kept with the fingerprint of the
cards it played (:func:`companion.rules.automa.calibration.decks_label`); it counts only while those very cards are
in use, so an edited deck never shows another deck's bands. New game, History and the Decks screen ask
:func:`bands_in_use`, which falls back to the shipped bands. The run that makes one lives with the Decks screen
(:mod:`companion.ui.decks.calibration`); it keeps its result with :func:`save_calibration`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from pydantic import ValidationError

from companion.files.atomic import write_text
from companion.files.paths import CALIBRATION_FILE, decks_folder, read_regular
from companion.rules.automa.calibration import Calibration, band, decks_label, load_calibration
from companion.rules.automa.deck import DECK_NAMES, Deck
from companion.rules.names import DeckName
from companion.store.decks import decks_in_use

#: The kept calibration is about 5 kB; a larger file is cut here and then does not parse (ignored).
MAX_CALIBRATION_BYTES = 1_000_000


def calibration_path(data_dir: str | os.PathLike[str]) -> Path:
    return decks_folder(data_dir) / CALIBRATION_FILE


def save_calibration(data_dir: str | os.PathLike[str], cal: Calibration) -> None:
    """Keep ``cal``, whole or not at all: on a full disk the last one stays and no partial file takes what room
    there is (``OSError``)."""
    path = calibration_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(cal.model_dump(mode="json"), indent=1))


def saved_calibration(data_dir: str | os.PathLike[str], decks: dict[str, Deck] | None = None) -> Calibration | None:
    """The kept calibration if it played exactly ``decks`` (default: the decks in use), else None (none kept, one
    of other cards, or a file that does not read)."""
    decks = decks_in_use(data_dir) if decks is None else decks
    if not decks:
        return None
    try:
        # read_regular: a named pipe put in its place must not hang New game, History or Decks
        cal = Calibration.model_validate(json.loads(read_regular(calibration_path(data_dir), MAX_CALIBRATION_BYTES)))
    except (OSError, ValueError, ValidationError, RecursionError):  # RecursionError: JSON nested too deep
        return None
    return cal if cal.decks == decks_label(decks) else None


def decks_words(decks: Mapping[str, str] | Mapping[DeckName, str]) -> str:
    """Which decks a calibration played (its ``decks``: "app" or a transcription's digest, by name), in words:
    "your red deck and the app's green deck", "the app's decks".

    A simulated solo game has both automa, so a calibration of one transcribed deck played the app's other one.

    >>> decks_words({"red": "9f2c", "green": "app"}), decks_words({"red": "app", "green": "app"})
    ("your red deck and the app's green deck", "the app's decks")
    """
    yours = [n for n in DECK_NAMES if decks.get(n, "app") != "app"]
    apps = [n for n in DECK_NAMES if n not in yours]
    if not yours:
        return "the app's decks"
    mine = f"your {' and '.join(yours)} deck{'s' if len(yours) > 1 else ''}"
    return f"{mine} and the app's {apps[0]} deck" if apps else mine


def bands_in_use(data_dir: str | os.PathLike[str], transcribed: bool = True) -> tuple[Calibration | None, str]:
    """The bands to show and which decks they came from (:func:`decks_words`): the transcribed decks' (when
    calibrated) or the shipped ones."""
    if transcribed:
        mine = saved_calibration(data_dir)
        if mine is not None:
            return mine, decks_words(mine.decks)
    return load_calibration(), "the app's decks"


def deck_bands(data_dir: str | os.PathLike[str]) -> Callable[[str], tuple[int, int, int] | None]:
    """A band source for the History chart: the bands of the decks in use, looked up at each drawing."""
    return lambda difficulty: band(difficulty, bands_in_use(data_dir)[0])
