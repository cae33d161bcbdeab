"""Bands for the transcribed decks: calibrated in the background, kept in the data folder (no Flet).

A calibration of the decks in use (``decks/<colour>.toml``) is kept as ``decks/calibration.json`` with the
fingerprint of the cards it played (:func:`companion.sim.calibrate.decks_label`); it counts only while those
very cards are in use, so an edited deck never shows another deck's bands. New game and the History chart
ask :func:`bands_in_use` and fall back to the shipped bands.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from companion.atomic import write_text
from companion.paths import read_regular
from companion.phone import IN_BROWSER
from companion.rules.calibration import Calibration, band, load_calibration
from companion.rules.deck import DECK_NAMES, Deck
from companion.sim.calibrate import calibrate, calibrate_in_turns, decks_label
from companion.ui.decks.presenter import decks_dir, imported_deck

log = logging.getLogger(__name__)

#: Games per difficulty and bot human: 6,000 games in all, well under a minute on two cores.
#: ``TREASURE_COMPANION_CALIBRATION_GAMES`` sets fewer (the browser tests do; so can a slow machine).
APP_GAMES = 1000


#: In a phone's browser (the phone site) the games take turns with the taps on one core, about four times
#: slower: a quarter of them (1,500 games, a minute or two), the bands a little coarser.
BROWSER_GAMES = 250


def app_games() -> int:
    default = BROWSER_GAMES if IN_BROWSER else APP_GAMES
    try:
        return max(1, int(os.environ.get("TREASURE_COMPANION_CALIBRATION_GAMES", default)))
    except ValueError:
        return default
APP_SEED = 2026
#: The kept calibration is about 5 kB; a larger file is cut here and then does not parse (ignored).
_MAX_CALIBRATION_BYTES = 1_000_000


def calibration_path(data_dir: str | os.PathLike[str]) -> Path:
    return decks_dir(data_dir) / "calibration.json"


def decks_in_use(data_dir: str | os.PathLike[str]) -> dict[str, Deck]:
    """The transcribed decks kept in the data folder, by colour."""
    decks = {name: imported_deck(data_dir, name) for name in DECK_NAMES}
    return {name: deck for name, deck in decks.items() if deck is not None}


def saved_calibration(data_dir: str | os.PathLike[str], decks: dict[str, Deck] | None = None) -> Calibration | None:
    """The kept calibration if it played exactly ``decks`` (default: the decks in use), else None."""
    decks = decks_in_use(data_dir) if decks is None else decks
    if not decks:
        return None
    try:
        # read_regular: a named pipe put in its place must not hang New game, History or Decks
        cal = Calibration.model_validate(json.loads(read_regular(calibration_path(data_dir), _MAX_CALIBRATION_BYTES)))
    except (OSError, ValueError, ValidationError, RecursionError):  # RecursionError: JSON nested too deep
        return None
    return cal if cal.decks == decks_label(decks) else None


def bands_in_use(data_dir: str | os.PathLike[str], transcribed: bool = True) -> tuple[Calibration | None, str]:
    """The bands to show and whose they are: the transcribed decks' (when calibrated) or the shipped ones."""
    if transcribed:
        mine = saved_calibration(data_dir)
        if mine is not None:
            names = " and ".join(n for n, d in mine.decks.items() if d != "app")
            return mine, f"your transcribed {names} deck"
    return load_calibration(), "the app's decks"


def deck_bands(data_dir: str | os.PathLike[str]) -> Callable[[str], tuple[int, int, int] | None]:
    """A band source for the History chart: the bands of the decks in use, looked up at each drawing."""
    return lambda difficulty: band(difficulty, bands_in_use(data_dir)[0])


class CalibrationRun:
    """One calibration of the decks in use, played in a background thread (processes do the games)."""

    def __init__(self, data_dir: str | os.PathLike[str], games: int | None = None, jobs: int | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.games = games or app_games()
        self.jobs = jobs or os.cpu_count() or 1
        self.decks = decks_in_use(data_dir)
        self.done = 0
        self.total = self.games * 6
        self.state = "idle"  # running, done, failed
        self.error: str | None = None
        self._thread: threading.Thread | None = None
        self._task: asyncio.Future | None = None
        #: Called after every chunk of games (and at the end); the screen showing the run sets it.
        self.on_progress: Callable[[CalibrationRun], None] | None = None

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def label(self) -> str:
        if self.state == "running":
            return f"Calibrating: {self.done:,} of {self.total:,} games"
        if self.state == "failed":
            return f"The calibration stopped: {self.error}"
        if self.state == "done":
            return f"Calibrated with {self.total:,} simulated games."
        return ""

    def _tell(self) -> None:
        if self.on_progress is not None:
            try:
                self.on_progress(self)
            except Exception:  # a screen that went away must not stop the games
                log.exception("progress display failed")

    def run(self) -> Calibration | None:
        """Play the games and keep the bands, telling ``on_progress`` as it goes. Never raises."""
        if not self._begin():
            return None
        try:
            cal = calibrate(self.games, APP_SEED, custom_decks=self.decks, jobs=self.jobs, progress=self._progress,
                            command=self._command, start_method="forkserver" if self.jobs > 1 else None)
        except Exception as err:  # a background job reports its failure on screen instead of dying unseen
            return self._failed(err)
        return self._keep(cal)

    async def run_in_turns(self) -> Calibration | None:
        """:meth:`run` in the page's event loop, the games taking turns with the taps (a browser has no threads
        nor processes for them). Never raises."""
        if not self._begin():
            return None
        try:
            cal = await calibrate_in_turns(self.games, APP_SEED, custom_decks=self.decks, progress=self._progress,
                                           command=self._command)
        except Exception as err:
            return self._failed(err)
        return self._keep(cal)

    @property
    def _command(self) -> str:
        return f"Decks screen: {self.games} games per difficulty and bot, seed {APP_SEED}"

    def _begin(self) -> bool:
        if not self.decks:
            self.state, self.error = "failed", "no transcribed deck is in use"
            return False
        self.state = "running"
        return True

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self._tell()

    def _keep(self, cal: Calibration) -> Calibration | None:
        try:
            _write(calibration_path(self.data_dir), json.dumps(cal.model_dump(mode="json"), indent=1))
        except Exception as err:
            return self._failed(err)
        self.state = "done"
        self._tell()
        return cal

    def _failed(self, err: Exception) -> None:
        log.exception("calibration failed")
        self.state, self.error = "failed", str(err).splitlines()[0] if str(err) else type(err).__name__
        self._tell()
        return None

    def start(self) -> None:
        self.state = "running"
        if IN_BROWSER:
            self._task = asyncio.ensure_future(self.run_in_turns())
            return
        self._thread = threading.Thread(target=self.run, name="calibration", daemon=True)
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


#: The running (or last) calibration per data folder, so leaving the Decks screen and coming back shows it.
RUNS: dict[str, CalibrationRun] = {}


def current_run(data_dir: str | os.PathLike[str]) -> CalibrationRun | None:
    return RUNS.get(str(Path(data_dir)))


def start_run(data_dir: str | os.PathLike[str], on_progress=None, games: int | None = None) -> CalibrationRun:
    """Start calibrating the decks in use, unless a calibration of this data folder is running already."""
    run = current_run(data_dir)
    if run is not None and run.state == "running":
        return run
    run = CalibrationRun(data_dir, games=games)
    run.on_progress = on_progress
    RUNS[str(Path(data_dir))] = run
    run.start()
    return run


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text)  # a full disk: no partial file left to take what room there is
