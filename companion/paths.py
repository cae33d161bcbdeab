"""Where the app keeps its files (settings, games): one answer for every part of the app."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "treasure-companion"
DATA_ENV = "TREASURE_COMPANION_DATA"


def default_data_dir() -> Path:
    """Where the store lives unless told otherwise (the platformdirs conventions, stdlib only).

    TREASURE_COMPANION_DATA wins; then FLET_APP_STORAGE_DATA, which a packaged Flet app (phone, desktop build)
    sets to its private data folder; then the platform's per-user data folder.
    """
    for var in (DATA_ENV, "FLET_APP_STORAGE_DATA"):
        if os.environ.get(var):
            return expanded(os.environ[var])
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / APP_DIR_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR_NAME
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative XDG_DATA_HOME.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / APP_DIR_NAME


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``explicit`` if given, else :func:`default_data_dir`."""
    return expanded(explicit) if explicit else default_data_dir()


def expanded(path: str | os.PathLike[str]) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded; left as it is when there is no such user, as the
    shell does (``Path.expanduser`` would raise a RuntimeError instead: a traceback for a typo).

    >>> str(expanded("~no-such-user-here/games"))
    '~no-such-user-here/games'
    """
    return Path(os.path.expanduser(os.fspath(path)))
