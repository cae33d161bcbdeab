"""Python's standard library as the phone site ships it: Pyodide's ``python_stdlib.zip`` without the modules
the app never imports.

The page fetches the whole zip at every first load, so what no code of the app runs is left out: the tools of a
programmer at a terminal (the debugger, the profilers, the REPL, unittest and doctest, pydoc), mail and server
protocols the app does not speak, the text codecs of other alphabets and code pages (the app reads and writes
UTF-8; its files are TOML and JSON) and the packages' ``__main__`` modules. The build refuses a list that would
break an import: a pruned module that the app, its packages or a kept module imports at the top of a file
stops it (:func:`check_imports`). Imports inside functions are not checked: none of the pruned modules is
imported so by the code the app runs (the phone-site browser tests play it).
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

#: Top-level modules and packages left out.
PRUNED = frozenset({
    "unittest", "doctest", "pdb", "bdb", "pydoc", "pydoc_data", "_pyrepl", "code", "cmd", "trace", "pstats",
    "profile", "cProfile", "timeit", "tabnanny", "pyclbr", "symtable", "modulefinder", "compileall", "zipapp",
    "pickletools", "_pyio", "optparse", "xmlrpc", "wsgiref", "imaplib", "smtplib", "poplib", "ftplib",
    "mailbox", "wave", "idlelib", "tkinter", "turtle", "turtledemo", "lib2to3", "ensurepip", "venv",
    "this", "antigravity", "__hello__", "__phello__", "site-packages",
})
#: The codecs kept (``encodings/NAME.py``): Unicode's, ASCII and Latin-1, the escapes, and the few that
#: Python itself or the packages name; the other 100 are tables of legacy code pages.
KEPT_CODECS = frozenset({
    "__init__", "aliases", "ascii", "latin_1", "charmap", "cp437", "cp1252", "utf_8", "utf_8_sig", "utf_7",
    "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "idna", "punycode",
    "unicode_escape", "raw_unicode_escape", "base64_codec", "hex_codec", "zlib_codec", "undefined",
})

_TOP_IMPORT = re.compile(
    r"^(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import\b|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*))",
    re.M)


class StdlibError(Exception):
    """Why the standard library could not be pruned, in one line."""


def top_level(name: str) -> str:
    """The top-level module a path of the zip belongs to.

    >>> top_level("asyncio/tasks.py"), top_level("pdb.py"), top_level("encodings/cp1250.py")
    ('asyncio', 'pdb', 'encodings')
    """
    first = name.split("/", 1)[0]
    return first.removesuffix(".py")


def pruned(name: str) -> bool:
    """Whether a path of the zip is left out.

    >>> pruned("unittest/mock.py"), pruned("encodings/cp1250.py"), pruned("encodings/utf_8.py")
    (True, True, False)
    >>> pruned("re/_parser.py"), pruned("asyncio/__main__.py")
    (False, True)
    """
    if top_level(name) in PRUNED or name.endswith("/__main__.py"):  # nothing runs ``python -m`` in the page
        return True
    folder, _, file = name.partition("/")
    return folder == "encodings" and file.endswith(".py") and "/" not in file and file[:-3] not in KEPT_CODECS


def imported_at_top(source: str) -> set[str]:
    """The top-level modules a file imports at its top level (unindented ``import``/``from ... import``).

    >>> sorted(imported_at_top("import os, sys as s\\nfrom email.message import M\\n    import pdb\\n"))
    ['email', 'os', 'sys']
    """
    found = set()
    for module, names in _TOP_IMPORT.findall(source):
        for name in [module] if module else [n.strip().split()[0] for n in names.split(",")]:
            if not name.startswith("."):
                found.add(name.split(".")[0])
    return found


def check_imports(sources: Iterable[tuple[str, str]], gone: set[str]) -> None:
    """Stop the build when one of ``sources`` (path, text) imports a module of ``gone`` at its top level."""
    for path, source in sources:
        missing = imported_at_top(source) & gone
        if missing:
            raise StdlibError(f"{path} imports {', '.join(sorted(missing))}, which the site leaves out")


def check_zip_imports(src: Path, app_sources: Mapping[str, bytes]) -> None:
    """What :func:`prune_zip` checks, alone: ``app_sources`` and the kept modules of ``src`` import no pruned
    module at their top. The build runs it before its slow steps, so a refused build stops at once."""
    with zipfile.ZipFile(src) as zin:
        _check_kept_imports(zin, app_sources)


def _check_kept_imports(zin: zipfile.ZipFile, app_sources: Mapping[str, bytes]) -> None:
    infos = zin.infolist()
    gone_modules = {top_level(i.filename) for i in infos if pruned(i.filename) and top_level(i.filename) in PRUNED}
    texts = [(i.filename, zin.read(i).decode("utf-8", "replace")) for i in infos
             if not pruned(i.filename) and i.filename.endswith(".py")]
    texts += [(p, s.decode("utf-8", "replace")) for p, s in app_sources.items() if p.endswith(".py")]
    check_imports(texts, gone_modules)


def prune_zip(src: Path, dest: Path, app_sources: Mapping[str, bytes]) -> list[str]:
    """Write ``src`` (the runtime's zip) to ``dest`` without the pruned modules; returns the paths left out.
    ``app_sources`` (path -> Python source) are the app's and its packages' modules, checked with the kept
    standard library's (:func:`check_imports`)."""
    with zipfile.ZipFile(src) as zin:
        _check_kept_imports(zin, app_sources)
        infos = zin.infolist()
        gone = [i.filename for i in infos if pruned(i.filename)]
        with zipfile.ZipFile(dest, "w") as zout:
            for info in (i for i in infos if not pruned(i.filename)):
                zout.writestr(info, zin.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return gone
