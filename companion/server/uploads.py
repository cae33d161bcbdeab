"""Where a file picked in the browser lands on its way to the app, and what lets it come that way.

A file picked with its contents (``with_data=True``) travels inside one WebSocket message, and uvicorn closes
the WebSocket on a message over 16 MB: the page then shows that the app stopped. So the app picks without the
contents, checks the size the picker reports, and only then has the browser upload the file with Flet's own
upload (an HTTP PUT to ``/upload`` beside the WebSocket, its address signed with a secret) into a private
folder of this run, from which the screen reads it and deletes it at once (and the folder once empty).

Flet reads its upload settings from the environment (``flet_web.fastapi.app`` takes no secret from
``ft.run``): :func:`enable` sets a random secret for this run and the upload limit, each unless already set.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from companion.files.paths import read_regular

#: Flet's settings read here (a person may set them; then theirs are used).
DIR_ENV = "FLET_UPLOAD_DIR"
SECRET_ENV = "FLET_SECRET_KEY"
MAX_ENV = "FLET_MAX_UPLOAD_SIZE"
#: Seconds a signed upload address stays good (a deck file of 1 MB takes well under a second).
URL_LIFETIME = 120

#: This run's upload folder is named with this, so no other run or user can guess it. It is made (0700) only
#: when a file comes and removed as soon as it is empty again, not made at start and removed at exit: uvicorn
#: ends the process by raising again the SIGTERM it caught, so no exit handler runs, and every start left a
#: folder behind. It is named on first use: ``tempfile.gettempdir()`` fails when no temporary folder can be
#: written, which the app command reports in one line before it gets here.
_TOKEN = secrets.token_hex(8)


def _ours() -> Path:
    return Path(tempfile.gettempdir()) / f"treasure-companion-uploads-{_TOKEN}"


def upload_dir() -> Path:
    """The folder uploads land in: Flet's ``FLET_UPLOAD_DIR`` if set, else this run's own (see :func:`_ours`)."""
    return Path(os.environ[DIR_ENV]) if os.environ.get(DIR_ENV) else _ours()


def enable(max_bytes: int) -> Path:
    """Let Flet's web app take uploads of at most ``max_bytes``; returns the folder they will land in."""
    os.environ.setdefault(SECRET_ENV, secrets.token_urlsafe(32))
    os.environ.setdefault(MAX_ENV, str(max_bytes))
    return upload_dir()


def prepare() -> None:
    """Make the upload folder (readable by this user only) before a file is sent to it. Raises OSError."""
    upload_dir().mkdir(mode=0o700, parents=True, exist_ok=True)


def upload_name() -> str:
    """A fresh name for one upload (never the picked file's own name: that could be anything)."""
    return f"pick-{secrets.token_hex(8)}.upload"


def take(name: str, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of upload ``name``; the upload is deleted, and this run's folder with it
    when nothing else is in it. Raises OSError."""
    try:
        return read_regular(upload_dir() / name, limit + 1)
    finally:
        discard(name)


def discard(name: str) -> None:
    """Delete upload ``name`` (a failed or partial one), if it is there, and this run's folder when empty."""
    with contextlib.suppress(OSError):
        (upload_dir() / name).unlink(missing_ok=True)
    if upload_dir() == _ours():
        with contextlib.suppress(OSError):  # not empty (another window's upload), or gone already
            _ours().rmdir()
