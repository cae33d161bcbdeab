"""The temporary files of the app's atomic writes: one naming, and leftovers swept away.

Settings, an imported deck, a transcription draft, the calibration and an exported record are each written
whole beside their target, then renamed over it, so a crash never leaves half a file. A kill in the middle
(SIGKILL, power cut) leaves the temporary file instead, and nothing removed it: they piled up in the data
folder. So every such file is named ``.<target name>.<8 random characters>.companion-partial``, a name no
person gives a file, and the app deletes those names (and only those) that are older than
:data:`STALE_SECONDS`: the ones beside a target each time it is written again, and the ones in the data folder
each time it opens its store. A file that young may be another window's or command's write in progress, so it
is left; the next write or opening after that removes it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from companion.files.paths import DECKS_FOLDER

SUFFIX = ".companion-partial"
#: A temporary file younger than this may be a write in progress (each takes well under a second).
STALE_SECONDS = 300
#: mkstemp's random part: 8 characters of ``tempfile._RandomNameSequence``.
_LEFTOVER = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}" + re.escape(SUFFIX))


def leftover_target(name: str) -> str | None:
    """The target a temporary file of the app's is named after, or None when ``name`` is not one.

    >>> leftover_target(".settings.json.k3_9zq0a.companion-partial")
    'settings.json'
    >>> leftover_target(".settings-backup.json") is None, leftover_target("notes.companion-partial") is None
    (True, True)
    """
    m = _LEFTOVER.fullmatch(name)
    return m["target"] if m else None


def open_temp(path: Path) -> tuple[int, str]:
    """``(fd, name)`` of a new temporary file beside ``path`` to be renamed over it; stale leftovers of earlier
    writes of ``path`` are deleted first. Raises OSError as ``tempfile.mkstemp`` does."""
    sweep(path.parent, target=path.name)
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=SUFFIX, dir=path.parent)


def write_text(path: Path, text: str, *, sync: bool = False) -> None:
    """Write ``text`` (UTF-8) to a temporary file beside ``path``, then rename it over ``path``: a crash leaves the
    old file or the new one, never half of one. ``sync``: on the disk before the rename (the settings). On any
    failure (a full disk) the temporary file is removed, so no partial copy takes what room there is, and the
    error is raised. The parent folder must exist."""
    fd, tmp = open_temp(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_new(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) whole to a temporary file beside ``path``, then give it that name only if no file
    has it: a name that is taken raises ``FileExistsError`` and nothing is overwritten. A failed write (a full
    disk) leaves no file at ``path`` and no temporary file, so the same write can be made again; its OSError
    names ``path``. For a simulated run's records (``simulate --records``), which never overwrite one."""
    fd, tmp = open_temp(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a record is like any file the person makes
        _rename_if_free(tmp, path)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise OSError(e.errno, e.strerror, str(path)) from None  # the record's name, not the temporary one
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _rename_if_free(tmp: str, path: Path) -> None:
    """Rename ``tmp`` to ``path`` unless ``path`` exists (``FileExistsError``), in one step where the system has
    one: a hard link fails on a taken name (a rename would replace it). Where links are not made (FAT, some
    network disks) the name is checked first, then renamed (Windows' rename refuses a taken name itself)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.rename(tmp, path)
    else:
        os.unlink(tmp)


def sweep(folder: Path, target: str | None = None, older_than: float = STALE_SECONDS) -> list[Path]:
    """Delete the app's temporary files in ``folder`` (only those of ``target`` when given) older than
    ``older_than`` seconds; returns them. Never fails: a folder that cannot be listed is left as it is."""
    gone: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    now = time.time()
    for name in names:
        of = leftover_target(name)
        if of is None or (target is not None and of != target):
            continue
        path = Path(folder) / name
        try:
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            path.unlink()
        except OSError:
            continue
        gone.append(path)
    return gone


#: Where the app writes in its data folder: the folder itself (settings) and ``decks`` (imported decks,
#: transcription drafts, the calibration: :data:`companion.files.paths.DECKS_FOLDER`).
DATA_SUBFOLDERS = ("", DECKS_FOLDER)


def sweep_data_folder(data_dir: str | os.PathLike[str]) -> list[Path]:
    """The app's stale temporary files in its data folder, deleted (see :func:`sweep`)."""
    return [gone for sub in DATA_SUBFOLDERS for gone in sweep(Path(data_dir) / sub)]
