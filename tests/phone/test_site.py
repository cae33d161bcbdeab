"""The phone site's builder: what it puts in the folder, and what it refuses (``treasure-companion publish``).

The site is built once per test run from the cache folder (the first run on a machine fetches the runtime from
the npm registry and the wheels from PyPI into it: see tests/browser/phone_page.py).
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import tarfile
import zipfile

import pytest

from companion.cli.main import main as cli
from companion.publish import fetch, offline
from companion.publish.site import (
    APP_ARCHIVE,
    MARKER,
    BuildError,
    build_site,
    pruned,
    site_files,
    snapshot_key,
    write_snapshot_key,
)
from tests.browser.phone_page import built_site


@pytest.fixture(scope="module")
def site():
    return built_site()


def archive_names(site) -> list[str]:
    with tarfile.open(site / APP_ARCHIVE) as tar:
        return tar.getnames()


def test_the_page_loads_the_runtime_from_the_site_as_a_module(site):
    html = (site / "index.html").read_text()
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in html  # "pyodide/..." is no module address
    assert 'flet.routeUrlStrategy="hash";' in html  # a static host has no page at /round to reload
    assert 'flet.noCdn=true;' in html and 'flet.pyodide = true;' in html
    assert '<base href="./">' in html  # the site works from any folder of a host
    assert '<script src="boot.js"></script>' in html
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site / "pyodide" / name).is_file()


def test_no_file_of_the_page_names_another_host(site):
    """The page's own files ask nothing of another host (the content policy refuses the client's Rive CDN)."""
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', (site / "index.html").read_text())
    assert policy and "default-src 'self'" in policy[1] and "connect-src 'self'" in policy[1]
    for name in ("index.html", "boot.js", "sw.js", "python.js", "python-worker.js", "manifest.json"):
        assert not re.search(r"https?://", (site / name).read_text()), name


def test_flutter_registers_no_service_worker_of_its_own(site):
    """Flutter's loader would put its kill-switch worker in place of the site's (it unregisters itself)."""
    script = (site / "flutter_bootstrap.js").read_text()
    assert "serviceWorkerSettings: {" not in script and "_flutter.loader.load(" in script
    assert not (site / "flutter_service_worker.js").exists()


def test_what_the_page_never_loads_is_left_out(site):
    files = set(site_files(site))
    for gone in ("canvaskit/skwasm_heavy.wasm", "canvaskit/wimp.wasm", "pyodide/python.exe",
                 "flutter.js.map", "canvaskit/canvaskit.js.symbols", "assets/packages/media_kit"):
        assert not any(f == gone or f.startswith(gone + "/") for f in files), gone
    # Chromium draws with the WebAssembly build and skwasm, as the served app does; Safari and Firefox with the
    # JavaScript build and canvaskit/ (canvaskit/chromium/ for a Chromium that cannot run skwasm): all stay on the
    # host (the service worker keeps the one a browser asks for: tests/phone/test_download.py).
    assert {"canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm", "main.dart.js", "main.dart.wasm",
            "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js"} <= files
    assert 'flet.webRenderer="auto";' in (site / "index.html").read_text()
    assert pruned("canvaskit/experimental_webparagraph/canvaskit.wasm") and not pruned("canvaskit/canvaskit.js")


def test_the_requirements_are_bundled_not_fetched_at_load(site):
    """micropip would fetch requirements.txt from the package index at every load: the app archive holds them
    under __pypackages__ (on sys.path in the worker) and has no requirements for micropip."""
    names = archive_names(site)
    assert "main.py" in names and "companion/phone/mirror.js" in names and "automa_decks/red.toml" in names
    assert "requirements.txt" not in names and "pyproject.toml" not in names
    packages = {n.split("/")[1] for n in names if n.startswith("__pypackages__/")}
    assert {"flet", "flet_charts", "pydantic", "pydantic_core", "msgpack", "repath.pyc", "six.pyc"} <= packages
    assert any(re.fullmatch(r"__pypackages__/pydantic_core/_pydantic_core\..*wasm32.*\.so", n) for n in names)


def test_every_module_is_the_bytecode_of_the_sites_own_python_alone(site):
    """Pyodide reads the bytecode instead of compiling each module at each start, and the source would only
    serve tracebacks: each module is one ``NAME.pyc`` where ``NAME.py`` was (Python imports it as it would the
    source), an unchecked hash-based .pyc made by the site's Python (3.14's magic number), none taken from the
    checkout's own __pycache__ (made by another Python). The entry module stays source: the worker runs it."""
    with tarfile.open(site / APP_ARCHIVE) as tar:
        names = tar.getnames()
        pycs = {n: tar.extractfile(n).read(16) for n in names if n.endswith(".pyc")}
    assert [n for n in names if n.endswith(".py")] == ["main.py"]
    assert not [n for n in names if "__pycache__" in n]
    assert len(pycs) > 400
    assert {"companion/__init__.pyc", "companion/phone/browser.pyc", "__pypackages__/flet/__init__.pyc"} <= set(pycs)
    magics = {h[:4] for h in pycs.values()}
    flags = {int.from_bytes(h[4:8], "little") for h in pycs.values()}
    assert magics == {(3627).to_bytes(2, "little") + b"\r\n"}  # Python 3.14's
    assert flags == {0b01}  # hash-based, source never checked


def test_the_python_runtime_loads_while_flutter_starts(site):
    """The page makes Python's worker as it loads and has it load the runtime at once, then unpack the app and
    import the module main.py runs; the app's connection takes that worker, which waits for all that."""
    page = (site / "python.js").read_text()
    assert "let _earlyWorker = _newPythonWorker();" in page
    assert "app.worker = _takeEarlyWorker() || _newPythonWorker();" in page
    assert ('snapshotKey: _pythonSnapshotKey, appPackageUrl: flet.appPackageUrl, '
            'prepareModule: "companion.phone.browser",') in page
    worker = (site / "python-worker.js").read_text()
    assert "self.runtimeLoading = self.loadRuntime(event.data.pyodideUrl, event.data.snapshotKey);" in worker
    assert "self.pyodide = await (self.runtimeLoading || self.loadRuntime(self.pyodideUrl));" in worker
    assert "self.appPreparing = self.prepareApp(" in worker
    assert 'self.pyodide.globals.set("app_prepared", self.appPreparing ? await self.appPreparing : false);' in worker


def test_the_page_names_the_snapshot_of_this_builds_runtime(site, tmp_path):
    """index.html holds the key of the Python runtime's snapshot (python-snapshot.js): the same for a build with
    the same runtime, another when the runtime's files or the script that snapshots it change, never the key of
    an app change (the snapshot holds no part of the app)."""
    key = snapshot_key(site)
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    assert f'flet.pythonSnapshotKey="{key}";' in (site / "index.html").read_text()
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / APP_ARCHIVE).write_bytes(b"another app")
    (copy / "main.dart.js").write_text("another client")
    assert snapshot_key(copy) == key
    for changed in ("pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm", "python-snapshot.js"):
        shutil.copyfile(site / changed, copy / changed)
        (copy / changed).write_bytes((copy / changed).read_bytes() + b"\0")
        assert snapshot_key(copy) != key, changed
        shutil.copyfile(site / changed, copy / changed)
    assert snapshot_key(copy) == key


def test_a_page_without_the_key_line_is_not_built(tmp_path):
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "python-snapshot.js").write_text("")
    (tmp_path / "index.html").write_text("<script>flet.pyodide = true;</script>")
    with pytest.raises(BuildError, match="pythonSnapshotKey=null"):
        write_snapshot_key(tmp_path)


def test_without_node_the_build_says_what_to_install(tmp_path, monkeypatch):
    from companion.publish import bytecode

    monkeypatch.setattr(bytecode.shutil, "which", lambda _name: None)
    with pytest.raises(BuildError, match=r"^Node\.js is needed .*apt-get install nodejs\)$"):
        build_site(tmp_path / "site")


def test_every_bundled_package_has_its_requirements_for_the_browser():
    """Each wheel's own requirements (as they read in Pyodide: Python 3.14, Emscripten) are among the wheels,
    at a version they accept, so nothing is missing at import time in the page."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = fetch.load_pins()
    wheels = fetch.ensure_wheels(fetch.default_cache_dir(), pins, log=lambda _l: None)
    have = {canonicalize_name(w.name.split("-")[0]): w.name.split("-")[1] for w in wheels}
    browser = {"python_version": "3.14", "python_full_version": "3.14.2", "platform_system": "Emscripten",
               "sys_platform": "emscripten", "extra": ""}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as whl:
            meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
            lines = whl.read(meta).decode().splitlines()
        for line in lines:
            if not line.startswith("Requires-Dist: "):
                continue
            req = Requirement(line.removeprefix("Requires-Dist: "))
            if req.marker is not None and not req.marker.evaluate(browser):
                continue
            name = canonicalize_name(req.name)
            assert name in have, f"{wheel.name} needs {req}, which the site does not bundle"
            assert req.specifier.contains(have[name], prereleases=True), f"{wheel.name} needs {req}, not {have[name]}"


def test_the_bundled_flet_is_the_one_the_web_client_speaks_to():
    """The page's client (flet-web, pinned with the app) and the Python flet in the page must be one release."""
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    pins = fetch.load_pins()
    bundled = {w.split("-")[0]: w.split("-")[1] for w in pins.wheels}
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    deps = pyproject["project"]["dependencies"]
    assert f"flet=={bundled['flet']}" in deps and f"flet-charts=={bundled['flet_charts']}" in deps
    assert version("flet-web") == bundled["flet"]


def test_the_manifest_makes_the_site_installable(site):
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == "Treasure Mountain Companion" and manifest["short_name"] == "Treasure"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert re.fullmatch(r"#[0-9A-F]{6}", manifest["theme_color"])
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in (site / "index.html").read_text()
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]


def test_the_service_worker_lists_every_file_of_this_build_with_its_digest(site):
    """Every file of the site is in one of the worker's lists (or on the host only: licence texts), each with
    its SHA-256, so the worker keeps only this build's bytes; the version is the marker's."""
    version, shared, on_demand = offline.read_lists((site / "sw.js").read_text())
    files = set(site_files(site)) - {"sw.js"}
    host_only = {f for f in files if f == "assets/NOTICES" or f.startswith(("licenses/", "app-sources-"))}
    assert set(shared) | set(on_demand) | host_only | {"index.html"} == files | {"./"}
    assert not set(shared) & set(on_demand)
    for name, digest in [*shared.items(), *on_demand.items()]:
        data = (site / ("index.html" if name == "./" else name)).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, name
    assert (site / MARKER).read_text().strip() == version


def test_a_second_build_is_the_same_site_and_replaces_the_first(site, tmp_path, capsys):
    """Same sources, same cache: the same files byte for byte (the archive has no time stamps), so the same
    version, and a phone that kept the first build keeps it. The second build is ``publish`` over a copy of the
    first (one build, not two): whatever the earlier site held is replaced or gone."""
    again = tmp_path / "again"
    shutil.copytree(site, again)
    (again / "leftover.txt").write_text("from the first build")
    (again / APP_ARCHIVE).write_bytes(b"an archive of the first build")
    (again / MARKER).write_text("first\n")
    assert cli(["publish", str(again), "--cache", str(fetch.default_cache_dir())]) == 0
    version = (site / MARKER).read_text().strip()
    assert (again / MARKER).read_text().strip() == version
    assert (again / APP_ARCHIVE).read_bytes() == (site / APP_ARCHIVE).read_bytes()
    assert site_files(again) == site_files(site)
    assert not (again / "leftover.txt").exists()
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and f"version {version})" in out


def test_a_folder_of_other_files_is_never_replaced(tmp_path, capsys):
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "holiday.jpg").write_bytes(b"jpeg")
    with pytest.raises(BuildError, match="not empty and holds no earlier site"):
        build_site(mine, tmp_path / "cache")
    assert cli(["publish", str(mine), "--cache", str(tmp_path / "cache")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "photos is not empty" in err
    assert (mine / "holiday.jpg").read_bytes() == b"jpeg"
    assert cli(["publish", ""]) == 2
    assert "DIR is empty" in capsys.readouterr().err
    (tmp_path / "a-file").write_text("x")
    assert cli(["publish", str(tmp_path / "a-file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_a_runtime_that_is_not_the_pinned_one_is_refused(tmp_path, monkeypatch):
    """A tarball whose sha512 is not the pinned one (a changed or damaged package) is not shipped."""
    pins = fetch.load_pins()
    fake = io.BytesIO()
    with tarfile.open(fileobj=fake, mode="w:gz") as tar:
        info = tarfile.TarInfo("package/pyodide.mjs")
        tar.addfile(info, io.BytesIO(b""))

    def npm_pack(command, cwd, **_kw):
        (tmp_path / f"pyodide-{pins.pyodide_version}.tgz").write_bytes(fake.getvalue())
        return type("Done", (), {"returncode": 0, "stderr": ""})()

    monkeypatch.setattr(fetch.shutil, "which", lambda _name: "/usr/bin/npm")
    monkeypatch.setattr(fetch.subprocess, "run", npm_pack)
    with pytest.raises(fetch.FetchError, match="is not the pinned one"):
        fetch.ensure_runtime(tmp_path, pins, log=lambda _l: None)
    assert not (tmp_path / f"pyodide-{pins.pyodide_version}.tgz").exists()
    assert not fetch.runtime_dir(tmp_path, pins).exists()


def test_without_npm_the_build_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(fetch.shutil, "which", lambda _name: None)
    with pytest.raises(fetch.FetchError, match="apt-get install npm"):
        fetch.ensure_runtime(tmp_path, fetch.load_pins(), log=lambda _l: None)
