"""The phone site's app archive (``app.tar.gz``): the app's code and decks and its requirements, compiled and
pruned to what the page runs.

The page unpacks it into Python's working folder at every start, so every byte is fetched once and unpacked at
each load. What goes in: the entry module, ``companion/`` and ``automa_decks/``, and each wheel unpacked under
``__pypackages__`` (the worker puts it on ``sys.path``). Each Python module goes in as its bytecode alone,
``NAME.pyc`` where ``NAME.py`` was (Python imports a lone ``.pyc`` as it would the source; made by the site's
own Python, :mod:`companion.publish.bytecode`): the source would only serve tracebacks' quoted lines. Left out:
the parts of the packages the app never imports (pydantic's v1 copy and experiments, Flet's test helpers,
msgpack's pure-Python fallback beside its compiled module), the app's command line, type stubs, the wheels'
install records and READMEs, and their licence texts, which go beside the site instead (:data:`LICENCES`, on
the host, never fetched by the page).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from companion.publish import bytecode

#: The folder of the site that holds the bundled packages' licence texts (never precached).
LICENCES = "licenses"
#: The files and folders (glob patterns on the path inside a wheel or the checkout) the page never reads.
PRUNED_IN_PACKAGES = (
    "__pycache__", "*.pyc", "*.pyi", "py.typed", "RECORD", "INSTALLER", "WHEEL", "entry_points.txt",
    "pydantic/v1", "pydantic/experimental", "pydantic/mypy.py", "flet/testing", "msgpack/fallback.py",
    "*.dist-info/sboms",
    # the command line (``treasure-companion ...``) and the site's builder: the page starts the app with
    # companion.phone.browser
    "companion/cli", "companion/__main__.py", "companion/publish",
)
#: Each wheel's licence files, by pattern on its path: moved out of the archive into :data:`LICENCES`.
LICENCE_FILES = ("*.dist-info/licenses", "*.dist-info/LICENSE*")
#: Kept as source: the worker runs the entry module as a script, by its file name.
KEPT_AS_SOURCE = ("main.py",)


class ArchiveError(Exception):
    """Why the archive could not be made, in one line."""


def matches(relative: str, patterns: Iterable[str]) -> bool:
    """Whether ``relative`` (a path) or one of the folders it is in matches one of ``patterns``.

    >>> matches("pydantic/v1/main.py", ["pydantic/v1"]), matches("pydantic/main.py", ["pydantic/v1"])
    (True, False)
    """
    path = PurePosixPath(relative)
    return any(path.match(p) or any(q.match(p) for q in path.parents if str(q) != ".") for p in patterns)


def app_entries(entry: Path, root: Path, wheels: Iterable[Path]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The archive's files (path -> bytes, sources not yet compiled) and the licence files that go beside it."""
    entries: dict[str, bytes] = {"main.py": entry.read_bytes()}
    licences: dict[str, bytes] = {}
    for folder in ("companion", "automa_decks"):
        for src in sorted((root / folder).rglob("*")):
            rel = src.relative_to(root).as_posix()
            if src.is_file() and not matches(rel, PRUNED_IN_PACKAGES):
                entries[rel] = src.read_bytes()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as whl:
            for info in whl.infolist():
                if info.is_dir() or matches(info.filename, PRUNED_IN_PACKAGES):
                    continue
                if matches(info.filename, LICENCE_FILES):
                    licences[info.filename] = whl.read(info)
                elif info.filename.endswith(".dist-info/METADATA"):
                    entries[f"__pypackages__/{info.filename}"] = metadata_headers(whl.read(info))
                else:
                    entries[f"__pypackages__/{info.filename}"] = whl.read(info)
    return entries, licences


def metadata_headers(metadata: bytes) -> bytes:
    """A wheel's METADATA without its long description (the body after the headers): ``importlib.metadata``
    reads the name, version and requirements from the headers; the body is the package's README.

    >>> metadata_headers(b"Name: six\\nVersion: 1.17.0\\n\\n# six\\nA long read\\n")
    b'Name: six\\nVersion: 1.17.0\\n'
    """
    head, _, _ = metadata.partition(b"\n\n")
    return head + b"\n"


def sourceless(entries: dict[str, bytes]) -> dict[str, bytes]:
    """``entries`` with each module's source and ``__pycache__/NAME.cpython-XY.pyc`` replaced by ``NAME.pyc``
    in the source's place (:data:`KEPT_AS_SOURCE` stays source). A module without bytecode stops the build."""
    compiled: dict[str, str] = {}  # "folder/NAME.py" -> its "folder/__pycache__/NAME.cpython-XY.pyc"
    for name in entries:
        folder, cache, file = name.rpartition("__pycache__/")
        if cache and file.endswith(".pyc"):
            compiled[f"{folder}{file.split('.')[0]}.py"] = name
    out: dict[str, bytes] = {}
    for name, data in entries.items():
        if "__pycache__/" in name:
            continue
        if not name.endswith(".py") or name in KEPT_AS_SOURCE:
            out[name] = data
        elif name in compiled:
            out[name[:-3] + ".pyc"] = entries[compiled[name]]
        else:
            raise ArchiveError(f"{name} has no bytecode of the site's Python")
    return out


def write_app_archive(path: Path, entries: dict[str, bytes], runtime: Path) -> None:
    """Compile ``entries``' Python with ``runtime`` (the site's Pyodide), keep the bytecode alone and write the
    archive. Reproducible: entries sorted, fixed times and owners, no gzip time stamp."""
    try:
        compiled = sourceless(bytecode.with_bytecode(entries, runtime))
    except bytecode.CompileError as err:
        raise ArchiveError(str(err)) from None
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name in sorted(compiled):
            member = tarfile.TarInfo(name)
            member.size, member.mode, member.mtime = len(compiled[name]), 0o644, 0
            tar.addfile(member, io.BytesIO(compiled[name]))
    with path.open("wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write(buffer.getvalue())


def app_sources(entries: dict[str, bytes]) -> tuple[str, bytes]:
    """The app's own sources (``companion/``), for tracebacks' lines (``companion.phone.sources``): the name of
    their file beside the site, after their SHA-256, and its bytes (a JSON object, path -> text).

    >>> name, data = app_sources({"companion/a.py": b"x = 1", "__pypackages__/six.py": b"", "main.py": b""})
    >>> name, json.loads(data)
    ('app-sources-bfe4c295f4af8b62.json', {'companion/a.py': 'x = 1'})
    """
    texts = {name: data.decode("utf-8") for name, data in sorted(entries.items())
             if name.startswith("companion/") and name.endswith(".py")}
    data = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"app-sources-{hashlib.sha256(data).hexdigest()[:16]}.json", data


def write_licences(folder: Path, licences: dict[str, bytes]) -> None:
    """The bundled packages' licence texts, each under its package's ``.dist-info`` folder name."""
    for name, data in sorted(licences.items()):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
