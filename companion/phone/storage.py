"""Nothing lost in the browser: the data folder is kept in IndexedDB, and a step is stored before it is shown.

In the browser the app's files (the games' SQLite database, settings, decks, drafts) live in Pyodide's
in-memory file system, gone with the tab. ``mirror.js`` copies the folder in from IndexedDB at start and
stores the files written since, only the blocks of them that changed (see there). :class:`StoredBeforeShown`
holds every message to the page while a write is not yet stored: the screen shows a step only once the browser
has it, so a phone that kills the tab right after a tap loses nothing it showed. A browser that refuses to store
(private mode, no quota, the app open in another tab) gets one line on screen; the game goes on in that tab.

Runs only in Pyodide, apart from :class:`StoredBeforeShown`, which needs only a mirror with ``dirty()`` and
``flush()`` (tested with a stand-in).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.store import Store, StoreError

log = logging.getLogger(__name__)

#: Where the app's data folder is in Pyodide's file system.
DATA_DIR = Path("/home/pyodide/treasure-companion")
#: Where a damaged stored folder is copied as it is (``mirror.js``'s DAMAGED_COPY): its game may still be read from
#: there and saved as a file; nothing there is ever stored.
DAMAGED_COPY = DATA_DIR.with_name(DATA_DIR.name + ".damaged")
#: How long the app waits for a tab being closed or reloaded to let go of the folder.
LOCK_WAIT_MS = 4000
#: The version of the data folder as this build stores it, written with the blocks (``mirror.js``): raise it
#: when an earlier build could misread what this one stores (a new store schema, a new layout of the blocks,
#: a settings file it would reset). A build finding a higher version refuses to start and writes nothing. Data
#: stored before versions were written counts as version 1.
DATA_VERSION = 1
#: The store's schema this data version holds (``companion.store.SCHEMA_VERSION``): a test asks for a decision
#: on DATA_VERSION whenever a migration is added.
SCHEMA_OF_DATA_VERSION = 2


class Mirror(Protocol):
    def dirty(self) -> bool: ...

    def flush(self) -> Awaitable[Any]: ...

    def cleared(self) -> bool: ...


@dataclass(frozen=True)
class Opened:
    """What :func:`open_data_folder` found: the mirror (None: nothing is stored in this browser), the line to
    show (None: all is well), whether the app may start at all, and where the damaged stored data was copied
    (None: it was not damaged)."""

    mirror: Mirror | None
    line: str | None = None
    start: bool = True
    damaged_copy: Path | None = None


# Not frozen: what :func:`companion.ui.widgets.file_save.save_button` takes has plain attributes.
@dataclass
class RecordFile:
    """A game record for the browser to download (said once handed over: ``message``)."""

    file_name: str
    data: bytes
    message: str


@dataclass
class NoRecord:
    """Why there is no record to download, in one line."""

    message: str


def refusal_line(err: BaseException) -> str:
    """The line shown when the browser will not keep the app's data, naming why.

    >>> refusal_line(RuntimeError("QuotaExceededError: no room"))
    'This browser keeps nothing for this app (QuotaExceededError: no room): games last only while this tab is open.'
    """
    return f"This browser keeps nothing for this app ({_why(err)}): games last only while this tab is open."


def unsaved_line(err: BaseException) -> str:
    """The line shown when a step could not be stored after the start (the browser's storage is full)."""
    return f"Not stored in this browser ({_why(err)}): this tab keeps the game; free some space or save it as a file."


def cleared_line() -> str:
    """The line shown when the browser deleted the app's data while it was open."""
    return ("This browser deleted the app's stored data: this tab keeps the game but stores nothing more; save it "
            "as a file.")


def cleared_since_line() -> str:
    """The line shown when the browser deleted the stored data since the last visit (a marker says so)."""
    return "This browser deleted the games it kept for this app since the last visit: they cannot be brought back."


def damaged_line(where: str) -> str:
    """The line shown when a stored block is not what its file says (the folder is not opened).

    >>> damaged_line("games.sqlite3-wal, part 3 of 64 changed")[:91]
    'The data this browser kept for the app is damaged (games.sqlite3-wal, part 3 of 64 changed)'
    """
    return (f"The data this browser kept for the app is damaged ({' '.join(where.split())[:120]}): it is left as it "
            "was, unopened, and this tab stores nothing.")


def newer_line(stored: int) -> str:
    """The line shown instead of the app when the stored data is of a newer version than this build's."""
    return (f"This browser holds the app's data from a newer version (data version {stored}, this one reads up to "
            f"{DATA_VERSION}): open the newer version of the site. Nothing was changed.")


def _why(err: BaseException) -> str:
    text = " ".join(str(getattr(err, "message", None) or err).split())
    text = text.removeprefix("Error: ")
    return text[:120] or type(err).__name__


class StoredBeforeShown:
    """Wraps a connection's ``send_message``: while the mirror has writes not yet stored, messages to the page
    wait (in order) until they are; a failed store is reported once per reason and the messages go on, and the
    first store that works after a report calls ``recovered``."""

    def __init__(self, send: Callable[[Any], None], mirror: Mirror, report: Callable[[BaseException], None],
                 recovered: Callable[[], None] = lambda: None):
        self._send = send
        self._mirror = mirror
        self._report = report
        self._recovered = recovered
        self._held: list[Any] | None = None
        self._reported: str | None = None
        self.task: asyncio.Task | None = None

    def __call__(self, message: Any) -> None:
        if self._held is not None:
            self._held.append(message)
        elif not self._mirror.dirty():
            self._send(message)
        else:
            self._held = [message]
            self.task = asyncio.ensure_future(self._store_then_send())

    async def _store_then_send(self) -> None:
        try:
            while self._mirror.dirty():
                try:
                    await self._mirror.flush()
                    if self._reported is not None:
                        self._reported = None
                        self._recovered()
                except Exception as err:  # the browser refused: say so once, keep the step in this tab
                    log.warning("could not store the data folder: %s", err)
                    if _why(err) != self._reported:
                        self._reported = _why(err)
                        self._report(err)
                    break
        finally:
            held, self._held = self._held or [], None
            for message in held:
                self._send(message)


def opened(mirror: Mirror, found: dict[str, Any], damaged_copy: Path = DAMAGED_COPY) -> Opened:
    """What the mirror's ``open`` found (its JSON, parsed), as :class:`Opened`.

    >>> opened(None, {"files": 0, "problem": "newer", "stored": 7}).start
    False
    >>> opened("m", {"files": 3, "problem": "", "stored": 1})
    Opened(mirror='m', line=None, start=True, damaged_copy=None)
    """
    problem = found.get("problem")
    if problem == "newer":
        return Opened(None, newer_line(int(found["stored"])), start=False)
    if problem == "damaged":
        return Opened(None, damaged_line(str(found["stored"])), damaged_copy=damaged_copy)
    return Opened(mirror, cleared_since_line() if problem == "cleared" else None)


async def open_data_folder(folder: Path = DATA_DIR) -> Opened:
    """Make ``folder`` and fill it from the browser's storage (see :class:`Opened` and :func:`opened`); a
    browser that refuses gives no mirror and the line saying why it keeps nothing."""
    import pyodide_js  # noqa: PLC0415 (Pyodide only)
    from pyodide.code import run_js  # noqa: PLC0415

    folder.mkdir(parents=True, exist_ok=True)
    make_mirror = run_js(Path(__file__).with_name("mirror.js").read_text(encoding="utf-8"))
    mirror = make_mirror(pyodide_js.FS, str(folder), DATA_VERSION)
    try:
        found = json.loads(await mirror.open(LOCK_WAIT_MS))
    except Exception as err:
        log.warning("the browser keeps nothing: %s", err)
        return Opened(None, refusal_line(err))
    log.info("restored the browser's storage: %s", found)
    return opened(mirror, found)


def record_download(store: Store) -> RecordFile | NoRecord:
    """The way out when the browser keeps nothing: the game in progress (else the latest game) as a game record,
    the same bytes as ``treasure-companion export`` writes, for ``import`` to bring back."""
    try:
        game_id = store.in_progress()
        if game_id is None:
            games = store.list_games()
            if not games:
                return NoRecord("No game yet: nothing to save.")
            game_id = games[0].id
        saved = store.load(game_id)
        # Imported here: the record format pulls in the whole engine, which the phone's first screen waits for.
        from companion.record import format as record  # noqa: PLC0415

        data = record.dumps(saved.header, saved.events).encode("utf-8")
    except StoreError as err:
        return NoRecord(f"Not saved: {err}")
    except UnicodeEncodeError:  # only a store edited by hand holds one, as export says
        return NoRecord("Not saved: the game holds a text that is not Unicode (a lone surrogate).")
    name = f"treasure-mountain-game-{game_id}.jsonl"
    return RecordFile(name, data, f"Game {game_id} so far is in {name}: treasure-companion import brings it back.")


def stored_record_download(copy: Path) -> RecordFile | NoRecord:
    """The game the damaged stored data holds (its copy, never the tab's game) as a game record, when what is
    left of it can be read; else one line."""
    try:
        with Store.open(copy) as store:
            got = record_download(store)
    except StoreError as err:
        return NoRecord(f"The stored game cannot be read: {err}")
    if isinstance(got, NoRecord):
        return NoRecord(f"The stored data holds no game that can be read ({got.message.rstrip('.')}).")
    return got
