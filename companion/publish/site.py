"""Assemble the phone site: static files that run the app in the browser (Pyodide), offline once loaded.

What ``flet publish --no-cdn`` does, done here with flet-web's own web client (pinned with the app) so that
nothing is fetched from a host other than the two registries (see :mod:`companion.publish.fetch`): flet-cli's
publish reads a version manifest from GitHub and the runtime from a CDN. The client files the site changes
are whole copies of the site's own (``companion/phone/client/``, README.md there), copied over flet-web's. On
top of that the site gets what a phone needs: the requirements bundled in the app archive (micropip would fetch
them at every load; :mod:`companion.publish.archive`), a web manifest with the app's name and icons, and a
service worker of its own that keeps the files of one build and offers the next (Flet's is a kill switch;
:mod:`companion.publish.offline`). Nothing a browser never reads is fetched: one client build of the two, no
unused fonts, a standard library without the modules the app never imports (:mod:`companion.publish.stdlib`),
the app's Python as bytecode alone.

The layout of the site::

    index.html  manifest.json  sw.js  boot.js  python.js  python-worker.js  python-snapshot.js  app-archive.js
    main.dart.js  flutter*.js
    icons/  assets/  canvaskit/  pyodide/  app.tar.gz (main.py, companion/, automa_decks/, __pypackages__/)
    licenses/ (the bundled packages' licence texts, as assets/NOTICES is Flutter's: never fetched by the page)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import flet_web

from companion.phone import CLIENT, ENTRY, SOURCES_NAME_FILE, STATIC
from companion.publish import archive, fetch, icons, offline, stdlib

APP_NAME = "Treasure Mountain Companion"
SHORT_NAME = "Treasure"
DESCRIPTION = "Companion for Treasure Mountain: automa decks, dice, dragon, turn order and scoring."
#: The app's seed colour (``companion.ui.shell.context.SEED_COLOR``, amber 800): the phone's status bar and splash.
THEME_COLOR = "#FF8F00"
BACKGROUND_COLOR = "#FFF8F3"

#: The site's own copies of flet-web's client files it changes (``CLIENT``, README.md there), by their path in the
#: site.
CLIENT_COPIES = ("index.html", "python.js", "python-worker.js", "flutter_bootstrap.js", "assets/FontManifest.json")
ICONS = Path(__file__).resolve().parents[2] / "build" / "icons"
#: Written into every site; a folder holding it may be replaced by the next build, any other is left alone.
MARKER = ".treasure-companion-site"
APP_ARCHIVE = "app.tar.gz"
#: The script that keeps the Python runtime's snapshot (companion/phone/static/), and index.html's line for the
#: key of the one a build's page restores (:func:`snapshot_key`).
SNAPSHOT_SCRIPT = "python-snapshot.js"
SNAPSHOT_KEY_LINE = "flet.pythonSnapshotKey=null;"

#: Files of Flet's web client the page never asks for, by glob pattern on the path inside the site (found by
#: recording a load without the service worker): the renderers no browser gets (Flutter's loader gives skwasm
#: to Chromium only, and skwasm_heavy only to a browser without Chromium's codecs), symbol files, source maps,
#: the loader that flutter_bootstrap.js already holds, Flet's own runtime copy (replaced by the npm one), its
#: kill-switch service worker and its icons. The fonts of Cupertino's icons and of KaTeX's mathematics go too
#: (the app shows neither, and Flutter fetches every font of its manifest at start). Both builds of the client
#: stay, as the served app has them (companion/server/renderer.py): Chromium draws with the WebAssembly one
#: (main.dart.wasm, skwasm on the page's thread), whose round-screen taps take a fraction of the JavaScript
#: one's with CanvasKit (tests/bench/phone.py); Safari and Firefox get the JavaScript one (canvaskit/canvaskit.*;
#: canvaskit/chromium/ for a Chromium that cannot run skwasm). The service worker keeps only the build a browser
#: asks for (companion/publish/offline.py). assets/NOTICES stays on the host (the licences of the client's parts,
#: which the page never fetches).
PRUNED = (
    "flutter.js",
    "flutter.js.map",
    "flutter_service_worker.js",
    "canvaskit/skwasm_heavy*",
    "canvaskit/wimp*",
    "canvaskit/experimental_webparagraph",
    "canvaskit/*.symbols",
    "canvaskit/*/*.symbols",
    "pyodide",
    "icons",
    "favicon.png",
    # the assets of plugins the app never uses (video, recording, maps, keeping the screen on)
    "assets/packages/media_kit",
    "assets/packages/record_web",
    "assets/packages/flutter_map",
    "assets/packages/wakelock_plus",
    "assets/packages/cupertino_icons",
    "assets/packages/flutter_math_fork",
)

class BuildError(Exception):
    """Why the site could not be built, in one line."""


@dataclass(frozen=True)
class Built:
    folder: Path
    version: str
    files: int
    size: int


def build_site(
    dest: Path,
    cache: Path | None = None,
    *,
    log: Callable[[str], None] = print,
    source_root: Path | None = None,
) -> Built:
    """Build the site into ``dest`` (made, or replaced when it holds an earlier site).

    ``cache`` holds the runtime and the wheels between builds (default :func:`fetch.default_cache_dir`);
    ``source_root`` is the folder holding ``companion/`` and ``automa_decks/`` (default: this checkout's).
    """
    dest = Path(dest)
    _check_destination(dest)
    pins = fetch.load_pins()
    cache = Path(cache) if cache is not None else fetch.default_cache_dir()
    try:
        runtime = fetch.ensure_runtime(cache, pins, log)
        wheels = fetch.ensure_wheels(cache, pins, log)
    except OSError as err:
        raise BuildError(f"cannot use the cache folder {cache}: {err.strerror or err}") from None
    root = source_root or Path(__file__).resolve().parents[2]
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    try:
        _copy_web_client(staging)
        _cut_icons_font(staging, root / "companion")
        _copy_runtime(runtime, staging / "pyodide")
        _copy_icons(staging / "icons")
        _write_app_archive(staging, root, wheels)
        _copy_client_copies(staging)
        write_snapshot_key(staging)
        version = offline.write_service_worker(staging, site_files(staging), STATIC / "sw.js")
        (staging / MARKER).write_text(f"{version}\n")
        _replace(dest, staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    files = site_files(dest)
    built = Built(dest, version, len(files), sum((dest / f).stat().st_size for f in files))
    log(f"Built {dest}: {built.files} files, {built.size / 1e6:.1f} MB, version {version}")
    return built


def _check_destination(dest: Path) -> None:
    if dest.exists() and not dest.is_dir():
        raise BuildError(f"{dest} is a file, not a folder")
    if dest.is_dir() and any(dest.iterdir()) and not (dest / MARKER).is_file():
        raise BuildError(f"{dest} is not empty and holds no earlier site: name a new or empty folder")


def _replace(dest: Path, staging: Path) -> None:
    """Put the finished site where ``dest`` was, the earlier one removed only once the new one is whole."""
    if dest.exists():
        old = dest.with_name(f".{dest.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        dest.rename(old)
        staging.rename(dest)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(dest)
    dest.chmod(0o755)


# ------------------------------------------------------------------------------------------- the files
def pruned(relative: str) -> bool:
    """Whether a file of Flet's web client (its path in the site) is left out.

    >>> pruned("canvaskit/skwasm_heavy.wasm"), pruned("canvaskit/skwasm.wasm"), pruned("main.dart.js")
    (True, False, False)
    """
    parts = Path(relative)
    return any(parts.match(p) or any(q.match(p) for q in parts.parents if str(q) != ".") for p in PRUNED)


def _copy_web_client(site: Path) -> None:
    web = Path(flet_web.get_package_web_dir())
    for src in sorted(web.rglob("*")):
        rel = src.relative_to(web).as_posix()
        if not src.is_file() or pruned(rel):
            continue
        target = site / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)


def _cut_icons_font(site: Path, code: Path) -> None:
    """The Material icons font with the glyphs of the icons the app names and the client draws alone
    (:mod:`companion.publish.icons`)."""
    numbers = icons.flet_icon_numbers()
    try:
        used = icons.icons_named(code, set(numbers))
        order, drawn = icons.client_icons((site / "main.dart.js").read_text(encoding="utf-8"))
        points = icons.code_points(used, numbers, order)
        icons.cut_font(site / icons.FONT, set(points) | drawn, points)
    except icons.IconError as err:
        raise BuildError(str(err)) from None


def _copy_runtime(runtime: Path, target: Path) -> None:
    target.mkdir(parents=True)
    for name in fetch.RUNTIME_FILES:
        shutil.copyfile(runtime / name, target / name)


def _copy_icons(target: Path) -> None:
    """The app's icons (``build/icons``, drawn by its ``render.py``) in place of Flet's."""
    target.mkdir(parents=True)
    for icon in sorted(ICONS.glob("*.png")):
        shutil.copyfile(icon, target / icon.name)
    shutil.copyfile(ICONS / "favicon-32.png", target.parent / "favicon.png")


def _write_app_archive(site: Path, root: Path, wheels: Iterable[Path]) -> None:
    """``app.tar.gz`` (:mod:`companion.publish.archive`, compiled by the site's Pyodide), the app's sources and
    the packages' licence texts beside it, and the site's standard library pruned to what the archive's code
    imports."""
    entries, licences = archive.app_entries(ENTRY, root, wheels)
    sources_name, sources = archive.app_sources(entries)
    (site / sources_name).write_bytes(sources)
    entries[SOURCES_NAME_FILE] = f"{sources_name}\n".encode()
    runtime = site / "pyodide"
    zipped = runtime / "python_stdlib.zip"
    modules = {k: v for k, v in entries.items() if k.endswith(".py")}
    try:
        stdlib.check_zip_imports(zipped, modules)  # a refused build stops before the compile (seconds of Node)
        archive.write_app_archive(site / APP_ARCHIVE, entries, runtime)
        pruned_zip = zipped.with_name(".python_stdlib.zip")
        stdlib.prune_zip(zipped, pruned_zip, modules)
        pruned_zip.replace(zipped)
    except (archive.ArchiveError, stdlib.StdlibError) as err:
        raise BuildError(str(err)) from None
    archive.write_licences(site / archive.LICENCES, licences)


# ------------------------------------------------------------------------------------------- the pages
def _copy_client_copies(site: Path) -> None:
    """The site's own copies of the client files it changes (:data:`CLIENT_COPIES`), over flet-web's, its
    start-up script and its web manifest."""
    for name in CLIENT_COPIES:
        shutil.copyfile(CLIENT / name, site / name)
    fonts = json.loads((site / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    missing = [f["asset"] for family in fonts for f in family["fonts"] if not (site / "assets" / f["asset"]).is_file()]
    if missing:
        raise BuildError(f"the font manifest names {missing[0]}, which flet-web no longer has (see {CLIENT}/README.md)")
    for name in ("boot.js", "app-archive.js", SNAPSHOT_SCRIPT):
        shutil.copyfile(STATIC / name, site / name)
    (site / "manifest.json").write_text(json.dumps(web_manifest(), indent=2) + "\n", encoding="utf-8")


def snapshot_key(site: Path) -> str:
    """What the kept snapshot of the Python runtime (``python-snapshot.js``) is made of: the runtime's files and
    the script that starts the runtime it snapshots. A build that changes any of them makes a new one."""
    digest = hashlib.sha256()
    for name in sorted(p.relative_to(site).as_posix() for p in (site / "pyodide").iterdir()) + [SNAPSHOT_SCRIPT]:
        digest.update(f"{name}\0".encode() + hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_snapshot_key(site: Path) -> None:
    """Fill index.html's line for the key (:data:`SNAPSHOT_KEY_LINE`)."""
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if SNAPSHOT_KEY_LINE not in html:
        raise BuildError(f"{CLIENT}/index.html no longer has the line {SNAPSHOT_KEY_LINE!r} the builder fills in")
    page.write_text(html.replace(SNAPSHOT_KEY_LINE, f'flet.pythonSnapshotKey="{snapshot_key(site)}";'),
                    encoding="utf-8")


def web_manifest() -> dict:
    """What a phone reads to add the app to its home screen."""
    icons = [
        {"src": f"icons/{name}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
        for name, size, purpose in (
            ("icon-192", 192, "any"), ("icon-512", 512, "any"),
            ("icon-maskable-192", 192, "maskable"), ("icon-maskable-512", 512, "maskable"),
        )
    ]
    return {
        "name": APP_NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": icons,
    }


# ------------------------------------------------------------------------------------------- offline
def site_files(site: Path) -> list[str]:
    """Every file of the site (paths inside it, sorted), the marker left out."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != MARKER)
