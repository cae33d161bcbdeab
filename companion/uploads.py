"""Where a file picked in the browser lands on its way to the app, and what lets it come that way.

A file picked with its contents (``with_data=True``) travels inside one WebSocket message, and uvicorn closes
the WebSocket on a message over 16 MB: the page then shows that the app stopped. So the app picks without the
contents, checks the size the picker reports, and only then has the browser upload the file with Flet's own
upload (an HTTP PUT to ``/upload`` beside the WebSocket, its address signed with a secret) into a private
folder of this run, from which the screen reads it and deletes it at once.

Flet reads its upload settings from the environment (``flet_web.fastapi.app`` takes no secret from
``ft.run``): :func:`enable` sets a random secret for this run and the upload limit, each unless already set.
"""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from pathlib import Path

#: Flet's settings read here (a person may set them; then theirs are used).
DIR_ENV = "FLET_UPLOAD_DIR"
SECRET_ENV = "FLET_SECRET_KEY"
MAX_ENV = "FLET_MAX_UPLOAD_SIZE"
#: Seconds a signed upload address stays good (a deck file of 1 MB takes well under a second).
URL_LIFETIME = 120

_made: Path | None = None


def upload_dir() -> Path:
    """The folder uploads land in: Flet's ``FLET_UPLOAD_DIR`` if set, else a private temporary folder of this
    run (removed when the app exits)."""
    global _made
    if os.environ.get(DIR_ENV):
        return Path(os.environ[DIR_ENV])
    if _made is None:
        _made = Path(tempfile.mkdtemp(prefix="treasure-companion-uploads-"))
        atexit.register(shutil.rmtree, _made, True)
    return _made


def enable(max_bytes: int) -> Path:
    """Let Flet's web app take uploads of at most ``max_bytes``; returns the folder they land in."""
    os.environ.setdefault(SECRET_ENV, secrets.token_urlsafe(32))
    os.environ.setdefault(MAX_ENV, str(max_bytes))
    return upload_dir()


def upload_name() -> str:
    """A fresh name for one upload (never the picked file's own name: that could be anything)."""
    return f"pick-{secrets.token_hex(8)}.upload"


def take(name: str, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of upload ``name``, and the upload deleted. Raises OSError."""
    path = upload_dir() / name
    try:
        with path.open("rb") as fh:
            return fh.read(limit + 1)
    finally:
        path.unlink(missing_ok=True)


def discard(name: str) -> None:
    """Delete upload ``name`` (a failed or partial one), if it is there."""
    (upload_dir() / name).unlink(missing_ok=True)
