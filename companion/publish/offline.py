"""What the phone site's service worker keeps, and how a build names itself (``sw.js``).

Three kinds of files:

- **shared** (precached): every file any browser loads, fetched and checked when the worker installs;
- **on demand** (:data:`ON_DEMAND`): the client's two builds and their renderers. A browser loads one
  (Chromium the WebAssembly build, ``main.dart.wasm`` with skwasm; the others ``main.dart.js`` with
  ``canvaskit/``): the worker keeps what the page asks for, when the
  page asks for it or, for the first visit, when the page tells it what it loaded (``boot.js``);
- **host only** (:data:`HOST_ONLY`): licence texts, on the host for whoever wants to read them, never fetched.

Each file is listed with its SHA-256: the worker keeps a file only when its bytes are this build's, so a file
of another build (a host that was given a new site while a phone was fetching) is never kept under this
build's name, and never served beside this build's files.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

from companion.publish.archive import LICENCES, matches

#: The files kept only once the page asks for them (glob patterns on the path inside the site).
ON_DEMAND = ("canvaskit", "main.dart.js", "main.dart.wasm", "main.dart.mjs")
#: What each browser loads of the files on demand: Flutter's loader gives Chromium the WebAssembly build with
#: skwasm, the others the JavaScript build with CanvasKit (canvaskit/chromium/ only for a Chromium that cannot
#: run skwasm).
BUILDS = {
    "Chromium": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.*"),
    "Safari, Firefox": ("main.dart.js", "canvaskit/canvaskit.*"),
}
#: The files never fetched by the page as it loads: licence texts, and the app's sources, fetched only when a
#: traceback quotes a line (companion/phone/sources.py).
HOST_ONLY = ("assets/NOTICES", LICENCES, "app-sources-*.json")
#: The service worker's own file: a browser checks it for a new build, so it is in no list.
WORKER = "sw.js"

def kind(relative: str) -> str:
    """``"shared"``, ``"on demand"`` or ``"host only"``.

    >>> kind("python.js"), kind("main.dart.wasm"), kind("licenses/six/LICENSE")
    ('shared', 'on demand', 'host only')
    """
    if matches(relative, HOST_ONLY):
        return "host only"
    return "on demand" if matches(relative, ON_DEMAND) else "shared"


def loaded_by(browser: str, on_demand: Iterable[str]) -> set[str]:
    """The files on demand that ``browser`` (a key of :data:`BUILDS`) loads.

    >>> sorted(loaded_by("Chromium", ["main.dart.js", "main.dart.wasm", "canvaskit/skwasm.wasm"]))
    ['canvaskit/skwasm.wasm', 'main.dart.wasm']
    """
    return {f for f in on_demand if matches(f, BUILDS[browser])}


def digests(site: Path, files: list[str]) -> dict[str, str]:
    return {name: hashlib.sha256((site / name).read_bytes()).hexdigest() for name in files}


def _fill(script: str, placeholder: str, value: str) -> str:
    """``script`` (the template) with its one ``placeholder`` filled in."""
    if script.count(placeholder) != 1:
        raise ValueError(f"the service worker's template has no single {placeholder}")
    return script.replace(placeholder, value)


def write_service_worker(site: Path, files: list[str], template: Path) -> str:
    """Write ``sw.js`` from ``template`` for the site's ``files`` (the worker's own left out); returns the
    build's version, which changes with any file's name or content."""
    files = [f for f in files if f != WORKER]
    sums = digests(site, files)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + bytes.fromhex(sums[name]))
    version = digest.hexdigest()[:16]
    # The page is "./" (index.html by another name, which no page asks for).
    shared = {"./": sums["index.html"], **{f: sums[f] for f in files if kind(f) == "shared" and f != "index.html"}}
    on_demand = {f: sums[f] for f in files if kind(f) == "on demand"}
    script = template.read_text(encoding="utf-8")
    script = _fill(script, '"%VERSION%"', json.dumps(version))
    script = _fill(script, "{/*%SHARED%*/}", json.dumps(shared, indent=0))
    script = _fill(script, "{/*%ON_DEMAND%*/}", json.dumps(on_demand, indent=0))
    (site / WORKER).write_text(script, encoding="utf-8")
    return version


def read_lists(script: str) -> tuple[str, dict[str, str], dict[str, str]]:
    """The version, shared files and files on demand of a built ``sw.js`` (path -> SHA-256)."""
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', script)
    shared = re.search(r"const SHARED = (\{.*?\});", script, re.S)
    on_demand = re.search(r"const ON_DEMAND = (\{.*?\});", script, re.S)
    if not (version and shared and on_demand):
        raise ValueError("not a service worker of the phone site")
    return version[1], json.loads(shared[1]), json.loads(on_demand[1])
