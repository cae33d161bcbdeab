"""What the page can do where the app runs, handed in by the entry point that serves it: the served app's command
(``companion/cli/commands/app.py``) or the phone site's start (``companion/phone/browser.py``).

A screen asks its context (``ctx.platform``, ``ctx.sharing``, ``ctx.uploads``), never the server or the phone
site: the UI imports neither (``tests/test_layers.py``). The server's table and upload folder fit the shapes
below as they are; a test or another host hands in its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Platform:
    #: The app runs inside the browser (the phone site, on Pyodide): one thread, no processes, no server behind
    #: the page (no sharing, no uploads), files in and out through the browser.
    in_browser: bool = False


class SharedTable(Protocol):
    """A table shared beyond this computer, as the screens use it (``companion.server.sharing.Table``)."""

    @property
    def code(self) -> str | None: ...

    @property
    def join_url(self) -> str | None: ...

    @property
    def base_url(self) -> str: ...

    def joined(self) -> int: ...

    def admits(self, token: str | None) -> bool: ...

    def owner(self, token: str | None) -> tuple[int, str] | None: ...

    def set_owner(self, token: str | None, owner: tuple[int, str] | None) -> None: ...

    def stop(self, keep: str | None = None) -> int: ...

    def share_again(self) -> str: ...


@dataclass(frozen=True)
class Sharing:
    """This page at a shared table: the table, the page's device on it and whether that is the host's screen."""

    table: SharedTable
    #: The joined device's token (None: a page the table let in without one). The whole session is on one device:
    #: "your move", Stop sharing and "changed on another phone" depend on it.
    device: str | None = None
    #: The page is on the host computer (not a joined phone): only it stops or renews sharing.
    this_computer: bool = True


class Uploads(Protocol):
    """Where a file picked in the browser is uploaded on its way to the app (``companion.server.uploads``)."""

    #: Seconds a signed upload address stays good.
    URL_LIFETIME: int

    def upload_name(self) -> str: ...

    def prepare(self) -> None: ...

    def take(self, name: str, limit: int) -> bytes: ...

    def discard(self, name: str) -> None: ...


@dataclass(frozen=True)
class Capabilities:
    """Everything above, for one page; the defaults are a page on this computer alone (a desktop window, a test)."""

    platform: Platform = field(default_factory=Platform)
    #: None: the app is not shared beyond this computer.
    sharing: Sharing | None = None
    #: None: no upload folder (the phone site, the desktop window: the picker hands over the file itself).
    uploads: Uploads | None = None
