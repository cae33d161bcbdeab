"""Fetch what the phone site bundles, into a cache folder, so a second build needs no network.

Two registries and nothing else: the Pyodide runtime is the npm registry's ``pyodide`` package (``npm pack``,
checked against the sha512 it is pinned to) and the Python packages are wheels from PyPI (``pip download
--require-hashes``, the pyemscripten builds for compiled packages). Both are pinned in ``pins.toml`` beside this
file; a file in the cache is used only when its checksum is the pinned one, so a damaged or partial download is
fetched again instead of shipped.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

PINS_FILE = Path(__file__).with_name("pins.toml")
CACHE_ENV = "TREASURE_COMPANION_CACHE"

#: The runtime files of the npm package the page loads (the worker imports ``pyodide.mjs``, which loads the
#: others); the rest (the classic ``pyodide.js``, source maps, type stubs, the console pages) is never asked for.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class FetchError(Exception):
    """What could not be fetched or checked, in one line."""


@dataclass(frozen=True)
class Pins:
    pyodide_version: str
    pyodide_integrity: str
    python_version: str
    platform: str
    #: wheel file name -> its sha256 (hex)
    wheels: dict[str, str]


def load_pins(path: Path = PINS_FILE) -> Pins:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    p = data["pyodide"]
    return Pins(p["version"], p["integrity"], p["python"], p["platform"], dict(data["wheels"]))


def default_cache_dir() -> Path:
    """``$TREASURE_COMPANION_CACHE``, else the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.path.expanduser(os.environ[CACHE_ENV]))
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "treasure-companion" / "phone"


def sri_sha512(path: Path) -> str:
    """The npm registry's ``integrity`` string of a file (``sha512-`` and the base64 digest)."""
    return "sha512-" + base64.b64encode(_digest(path, "sha512")).decode()


def sha256_hex(path: Path) -> str:
    return _digest(path, "sha256").hex()


def _digest(path: Path, name: str) -> bytes:
    h = hashlib.new(name)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.digest()


# ------------------------------------------------------------------------------------------- the runtime
def runtime_dir(cache: Path, pins: Pins) -> Path:
    return cache / f"pyodide-{pins.pyodide_version}"


def ensure_runtime(cache: Path, pins: Pins, log=print) -> Path:
    """The folder holding :data:`RUNTIME_FILES` of the pinned Pyodide, fetched with npm when not cached."""
    target = runtime_dir(cache, pins)
    if all((target / name).is_file() for name in RUNTIME_FILES) and (target / ".integrity").is_file():
        if (target / ".integrity").read_text().strip() == pins.pyodide_integrity:
            return target
    tarball = _npm_pack(cache, pins, log)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".runtime-") as tmp:
        staged = Path(tmp) / "runtime"
        _unpack_runtime(tarball, staged)
        (staged / ".integrity").write_text(pins.pyodide_integrity + "\n")
        if target.exists():
            shutil.rmtree(target)
        staged.rename(target)
    tarball.unlink()
    return target


def _npm_pack(cache: Path, pins: Pins, log) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError("npm is needed once to fetch the Pyodide runtime: install it (Debian: apt-get install npm)")
    cache.mkdir(parents=True, exist_ok=True)
    spec = f"pyodide@{pins.pyodide_version}"
    log(f"Fetching {spec} from the npm registry...")
    try:
        done = subprocess.run(
            [npm, "pack", spec, "--pack-destination", str(cache), "--silent"],
            cwd=cache, capture_output=True, text=True, timeout=900, check=False,
        )
    except subprocess.TimeoutExpired:
        raise FetchError(f"npm pack {spec} took over 15 minutes: is the npm registry reachable?") from None
    tarball = cache / f"pyodide-{pins.pyodide_version}.tgz"
    if done.returncode != 0 or not tarball.is_file():
        why = _last_line(done.stderr) or f"exit status {done.returncode}"
        raise FetchError(f"npm pack {spec} failed: {why}")
    got = sri_sha512(tarball)
    if got != pins.pyodide_integrity:
        tarball.unlink()
        raise FetchError(f"{tarball.name} from the npm registry is not the pinned one (sha512 differs)")
    return tarball


def _unpack_runtime(tarball: Path, dest: Path) -> None:
    dest.mkdir(parents=True)
    wanted = {f"package/{name}": name for name in RUNTIME_FILES}
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            name = wanted.pop(member.name, None)
            if name is None or not member.isfile():
                continue
            src = tar.extractfile(member)
            assert src is not None
            with src, (dest / name).open("wb") as out:
                shutil.copyfileobj(src, out)
    if wanted:
        raise FetchError(f"{tarball.name} lacks {', '.join(sorted(wanted.values()))}")


# ------------------------------------------------------------------------------------------- the wheels
def wheels_dir(cache: Path, pins: Pins) -> Path:
    return cache / "wheels"


def requirement_of(wheel: str) -> str:
    """``name==version`` of a wheel file name.

    >>> requirement_of("pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    'pydantic-core==2.50.5'
    """
    name, version = wheel.split("-")[:2]
    return f"{name.replace('_', '-')}=={version}"


def ensure_wheels(cache: Path, pins: Pins, log=print) -> list[Path]:
    """The pinned wheels, each checked against its sha256; the missing or damaged ones fetched with pip."""
    folder = wheels_dir(cache, pins)
    folder.mkdir(parents=True, exist_ok=True)
    missing = [w for w, h in pins.wheels.items() if not (folder / w).is_file() or sha256_hex(folder / w) != h]
    if missing:
        _pip_download(folder, pins, missing, log)
    for wheel in missing:
        path = folder / wheel
        if not path.is_file():
            raise FetchError(f"pip did not fetch {wheel} (is it still on PyPI?)")
        if sha256_hex(path) != pins.wheels[wheel]:
            path.unlink()
            raise FetchError(f"{wheel} from PyPI is not the pinned one (sha256 differs)")
    return [folder / w for w in sorted(pins.wheels)]


def _pip_download(folder: Path, pins: Pins, wheels: list[str], log) -> None:
    log(f"Fetching {len(wheels)} wheel(s) from PyPI...")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", dir=folder, delete=False) as req:
        for wheel in wheels:
            req.write(f"{requirement_of(wheel)} --hash=sha256:{pins.wheels[wheel]}\n")
    py = pins.python_version.replace(".", "")
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--require-hashes", "--only-binary=:all:",
        "--platform", pins.platform, "--python-version", pins.python_version,
        "--implementation", "cp", "--abi", f"cp{py}", "--dest", str(folder), "-r", req.name,
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    except subprocess.TimeoutExpired:
        raise FetchError("pip download took over 15 minutes: is PyPI reachable?") from None
    finally:
        os.unlink(req.name)
    if done.returncode != 0:
        raise FetchError(f"pip download failed: {_last_line(done.stderr) or done.returncode}")


def _last_line(text: str) -> str:
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else ""
