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
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

#: Where the app's data folder is in Pyodide's file system.
DATA_DIR = Path("/home/pyodide/treasure-companion")
#: How long the app waits for a tab being closed or reloaded to let go of the folder.
LOCK_WAIT_MS = 4000


class Mirror(Protocol):
    def dirty(self) -> bool: ...

    def flush(self) -> Awaitable[Any]: ...


def refusal_line(err: BaseException) -> str:
    """The line shown when the browser will not keep the app's data, naming why.

    >>> refusal_line(RuntimeError("QuotaExceededError: no room"))
    'This browser keeps nothing for this app (QuotaExceededError: no room): games last only while this tab is open.'
    """
    return f"This browser keeps nothing for this app ({_why(err)}): games last only while this tab is open."


def unsaved_line(err: BaseException) -> str:
    """The line shown when a step could not be stored after the start (the browser's storage is full)."""
    return f"Not stored in this browser ({_why(err)}): this tab keeps the game; free some space or export it."


def _why(err: BaseException) -> str:
    text = " ".join(str(getattr(err, "message", None) or err).split())
    text = text.removeprefix("Error: ")
    return text[:120] or type(err).__name__


class StoredBeforeShown:
    """Wraps a connection's ``send_message``: while the mirror has writes not yet stored, messages to the page
    wait (in order) until they are; a failed store is reported once per reason and the messages go on."""

    def __init__(self, send: Callable[[Any], None], mirror: Mirror, report: Callable[[BaseException], None]):
        self._send = send
        self._mirror = mirror
        self._report = report
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
                    self._reported = None
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


async def open_data_folder(folder: Path = DATA_DIR) -> tuple[Mirror | None, str | None]:
    """Make ``folder`` and fill it from the browser's storage: (the mirror, None), or (None, the line saying
    why the browser keeps nothing) when it refuses."""
    import pyodide_js  # noqa: PLC0415 (Pyodide only)
    from pyodide.code import run_js  # noqa: PLC0415

    folder.mkdir(parents=True, exist_ok=True)
    make_mirror = run_js(Path(__file__).with_name("mirror.js").read_text(encoding="utf-8"))
    mirror = make_mirror(pyodide_js.FS, str(folder))
    try:
        count = await mirror.open(LOCK_WAIT_MS)
    except Exception as err:
        log.warning("the browser keeps nothing: %s", err)
        return None, refusal_line(err)
    log.info("restored %s file(s) from the browser's storage", count)
    return mirror, None
