"""Bands for the transcribed decks, calibrated in the background (no Flet).

A run plays simulated games of the decks in use in other processes, tells its progress to the screen showing it
and keeps the bands with :func:`companion.store.calibration_file.save_calibration`, tied to the cards it played:
New game, History and the Decks screen read them back from there (``bands_in_use``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.rules.automa.calibration import Calibration, decks_label
from companion.rules.automa.deck import Deck
from companion.sim.calibrate import calibrate, calibrate_in_turns
from companion.store.calibration_file import decks_words, save_calibration, saved_calibration
from companion.store.decks import decks_in_use

log = logging.getLogger(__name__)

#: Games per difficulty and bot human: 6,000 games in all (``python -m tests.bench.bench --calibrate`` times such
#: a run; the screen says how long is left from the speed it measures as the games come in).
#: ``TREASURE_COMPANION_CALIBRATION_GAMES`` sets fewer (the browser tests do; so can a slow machine).
APP_GAMES = 1000


#: In a phone's browser (the phone site) the games take turns with the taps on one core, and a phone is slower
#: than a computer: a quarter of them (1,500 games), the bands a little coarser.
BROWSER_GAMES = 250


def app_games(in_browser: bool = False) -> int:
    """Games per difficulty and bot human for a run on this platform (``in_browser``: the phone site)."""
    default = BROWSER_GAMES if in_browser else APP_GAMES
    try:
        return max(1, int(os.environ.get("TREASURE_COMPANION_CALIBRATION_GAMES", default)))
    except ValueError:
        return default


APP_SEED = 2026


@dataclass(frozen=True)
class InUse:
    """What the calibration card shows besides a run: the transcribed decks in use and their kept calibration."""

    decks: dict[str, Deck]
    #: The kept calibration of exactly these decks; None when there is none (or it played other cards).
    calibration: Calibration | None

    @property
    def played(self) -> str:
        """Which decks the kept calibration played, in words ("your red deck and the app's green deck")."""
        return decks_words(self.calibration.decks) if self.calibration else ""


def in_use(data_dir: str | os.PathLike[str]) -> InUse:
    decks = decks_in_use(data_dir)
    return InUse(decks, saved_calibration(data_dir, decks))


def duration(seconds: float) -> str:
    """A time taken: "45 s", "2 min 3 s".

    >>> duration(44.6), duration(123), duration(120)
    ('45 s', '2 min 3 s', '2 min')
    """
    whole = round(seconds)
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def about(seconds: float) -> str:
    """A time still to come, as rounded as an estimate deserves: "about 40 s", "about 3 min".

    >>> about(3), about(41), about(100), about(200)
    ('a few seconds', 'about 40 s', 'about 2 min', 'about 3 min')
    """
    if seconds < 10:
        return "a few seconds"
    if seconds < 60:
        return f"about {round(seconds / 10) * 10} s"
    return f"about {max(1, round(seconds / 60))} min"


def planned(data_dir: str | os.PathLike[str], in_browser: bool = False) -> str:
    """What a calibration of the decks in use will play, said before it starts: "6,000 simulated solo games
    with your red deck and the app's green deck"."""
    return f"{app_games(in_browser) * 6:,} simulated solo games with {decks_words(decks_label(decks_in_use(data_dir)))}"


class CalibrationRun:
    """One calibration of the decks in use, played in a background thread (processes do the games); in the
    browser (``in_browser``: the phone site) in the page's event loop, taking turns with the taps."""

    def __init__(self, data_dir: str | os.PathLike[str], games: int | None = None, jobs: int | None = None,
                 clock: Callable[[], float] = time.monotonic, in_browser: bool = False) -> None:
        self.data_dir = Path(data_dir)
        self.in_browser = in_browser
        self.games = games or app_games(in_browser)
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
        self._clock = clock
        self._began: float | None = None  # when the games began (the clock's time)
        self._ended: float | None = None
        self._last: float | None = None  # when the last progress came

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def seconds_left(self) -> float | None:
        """What the games played so far say about the rest: the games still to play at the speed measured in
        this run (games a second since it began); None before the first games are in."""
        if self._began is None or self._last is None or not self.done:
            return None
        speed = self.done / max(self._last - self._began, 1e-6)
        return (self.total - self.done) / speed

    @property
    def label(self) -> str:
        if self.state == "running":
            left = self.seconds_left
            return f"Calibrating: {self.done:,} of {self.total:,} games" + (f", {about(left)} left" if left else "")
        if self.state == "failed":
            return f"The calibration stopped: {self.error}"
        if self.state == "done":
            took = f" in {duration(self._ended - self._began)}" if self._began is not None and self._ended else ""
            return f"Calibrated with {self.total:,} simulated games{took}."
        return ""

    def progress(self, done: int, total: int) -> None:
        """``done`` of ``total`` games played (the games' callback): noted with the time, and told."""
        self.done, self.total, self._last = done, total, self._clock()
        self._tell()

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
            cal = calibrate(self.games, APP_SEED, custom_decks=self.decks, jobs=self.jobs, progress=self.progress,
                            command=self._command, start_method="forkserver" if self.jobs > 1 else None)
        except Exception as err:  # a background job reports its failure on screen instead of dying unseen
            self._failed(err)
            return None
        return self._keep(cal)

    async def run_in_turns(self) -> Calibration | None:
        """:meth:`run` in the page's event loop, the games taking turns with the taps (a browser has no threads
        nor processes for them). Never raises."""
        if not self._begin():
            return None
        try:
            cal = await calibrate_in_turns(self.games, APP_SEED, custom_decks=self.decks, progress=self.progress,
                                           command=self._command)
        except Exception as err:
            self._failed(err)
            return None
        return self._keep(cal)

    @property
    def _command(self) -> str:
        return f"Decks screen: {self.games} games per difficulty and bot, seed {APP_SEED}"

    def _begin(self) -> bool:
        if not self.decks:
            self.state, self.error = "failed", "no transcribed deck is in use"
            return False
        self.state = "running"
        self._began = self._clock()
        return True

    def _keep(self, cal: Calibration) -> Calibration | None:
        try:
            save_calibration(self.data_dir, cal)
        except Exception as err:
            self._failed(err)
            return None
        self._ended = self._clock()
        self.state = "done"
        self._tell()
        return cal

    def _failed(self, err: Exception) -> None:
        log.exception("calibration failed")
        self.state, self.error = "failed", str(err).splitlines()[0] if str(err) else type(err).__name__
        self._tell()

    def start(self) -> None:
        self.state = "running"
        if self.in_browser:
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


def start_run(data_dir: str | os.PathLike[str], on_progress=None, games: int | None = None,
              in_browser: bool = False) -> CalibrationRun:
    """Start calibrating the decks in use, unless a calibration of this data folder is running already."""
    run = current_run(data_dir)
    if run is not None and run.state == "running":
        return run
    run = CalibrationRun(data_dir, games=games, in_browser=in_browser)
    run.on_progress = on_progress
    RUNS[str(Path(data_dir))] = run
    run.start()
    return run

