"""Source lines in the phone site's tracebacks, without the sources in every phone's download.

The site runs the app's modules as bytecode alone (its first visit stays under 15 MB), so a traceback names each
file and line but quotes none. The build puts the app's own sources beside the site, in one file named after
their SHA-256 (:data:`NAME_FILE` in the archive says which): fetched from the host only when a traceback needs a
line, so never by a phone that meets no error, and never the sources of another build. Offline, or with the
file gone, a traceback is as before.
"""

from __future__ import annotations

import json
import linecache
import logging
from collections.abc import Callable
from pathlib import Path

from companion.phone import SOURCES_NAME_FILE as NAME_FILE

log = logging.getLogger(__name__)
#: Where the site's Python was compiled (``companion/publish/compile.mjs``): the start of every module's file name.
COMPILED_IN = "/app/"


class Sources:
    """The sources file of this build (``name``, at ``base_url``), read once when a line is first asked for."""

    def __init__(self, name: str, fetch: Callable[[str], str]):
        self.name = name
        self._fetch = fetch
        self._files: dict[str, str] | None = None

    def lines(self, filename: str) -> list[str]:
        """The lines of ``filename`` (as compiled: ``/app/companion/...``), or none."""
        if not filename.startswith(COMPILED_IN):
            return []
        if self._files is None:
            try:
                self._files = json.loads(self._fetch(self.name))
            except Exception as err:  # offline, or the file gone: tracebacks without lines
                log.info("no source lines for tracebacks: %s", err)
                self._files = {}
        text = self._files.get(filename.removeprefix(COMPILED_IN))
        return text.splitlines(keepends=True) if isinstance(text, str) else []


def install(sources: Sources) -> None:
    """Have :mod:`linecache` (which the traceback module reads) ask ``sources`` for a file it cannot find."""
    found = linecache.updatecache

    def updatecache(filename: str, module_globals: dict | None = None) -> list[str]:
        lines = found(filename, module_globals)
        if lines:
            return lines
        lines = sources.lines(filename)
        if lines:
            linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)
        return lines

    linecache.updatecache = updatecache


def install_in_browser(folder: Path = Path(".")) -> None:
    """In the page's Python worker: :func:`install` with this build's sources file, fetched from the site."""
    name_file = folder / NAME_FILE
    if not name_file.is_file():
        return
    from urllib.parse import urljoin  # noqa: PLC0415

    import js  # noqa: PLC0415 (Pyodide only)
    from pyodide.http import open_url  # noqa: PLC0415

    base = str(js.location.href)
    install(Sources(name_file.read_text(encoding="utf-8").strip(), lambda name: open_url(urljoin(base, name)).read()))
