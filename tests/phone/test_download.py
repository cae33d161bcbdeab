"""What a browser fetches of the phone site: only what it uses (the structure; the bytes are measured by
``python -m tests.bench.phone_download``).

One CanvasKit build of the two is fetched, kept on demand; licence texts stay on the host; the fonts of what the
app never shows, the standard library's modules it never imports and the packages' parts it never runs are not
in the site at all; the app's Python is bytecode alone.
"""

from __future__ import annotations

import json
import tarfile
import zipfile

import pytest

from companion.publish import offline, stdlib
from companion.publish.site import APP_ARCHIVE, BuildError, build_site, site_files
from tests.browser.phone_page import built_site


@pytest.fixture(scope="module")
def site():
    return built_site()


@pytest.fixture(scope="module")
def lists(site):
    _version, shared, on_demand = offline.read_lists((site / "sw.js").read_text())
    return shared, on_demand


def test_no_client_build_is_precached_and_each_browsers_is_kept_on_demand(site, lists):
    """A browser draws with one build of the client (Chromium the WebAssembly one with skwasm, the others the
    JavaScript one with CanvasKit): the worker keeps the one the page asks for, so none is fetched when it
    installs, and the two browsers' files do not overlap."""
    shared, on_demand = lists
    client = ("canvaskit/", "main.dart.")
    assert not [f for f in shared if f.startswith(client)]
    assert {f for f in site_files(site) if f.startswith(client)} == set(on_demand)
    chromium, others = offline.loaded_by("Chromium", on_demand), offline.loaded_by("Safari, Firefox", on_demand)
    assert {"main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js"} == chromium
    assert {"main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/canvaskit.js"} == others


def test_the_page_and_its_runtime_are_precached(lists):
    shared, _ = lists
    assert {"./", "flutter_bootstrap.js", "boot.js", "python.js", "python-worker.js", APP_ARCHIVE,
            "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "assets/fonts/MaterialIcons-Regular.otf",
            "assets/fonts/roboto.woff2", "assets/FontManifest.json", "manifest.json"} <= set(shared)


def test_licence_texts_stay_on_the_host_and_out_of_what_is_fetched(site, lists):
    """Flutter's NOTICES and each bundled package's licence are on the host for whoever reads them; the page
    never fetches them and the app archive holds none."""
    shared, on_demand = lists
    files = site_files(site)
    licences = [f for f in files if f.startswith("licenses/")]
    assert "assets/NOTICES" in files and "assets/NOTICES" not in {*shared, *on_demand}
    assert "licenses/pydantic-2.14.4.dist-info/licenses/LICENSE" in licences
    assert not [f for f in licences if f in shared or f in on_demand]
    with tarfile.open(site / APP_ARCHIVE) as tar:
        names = tar.getnames()
    assert not [n for n in names if "/licenses/" in n or n.rpartition("/")[2].startswith("LICENSE")]


def test_no_font_is_fetched_that_the_app_never_shows(site):
    """Flutter fetches every font of its manifest as it starts: Cupertino's icons and KaTeX's mathematics are
    neither in the manifest nor in the site; every font the manifest names is there."""
    families = json.loads((site / "assets" / "FontManifest.json").read_text())
    assert {f["family"] for f in families} == {"MaterialIcons", "Roboto"}
    for family in families:
        for font in family["fonts"]:
            assert (site / "assets" / font["asset"]).is_file()
    files = site_files(site)
    assert not [f for f in files if "cupertino_icons" in f or "flutter_math_fork" in f or "KaTeX" in f]


def test_the_standard_library_has_no_module_the_app_never_imports(site):
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as zipped:
        names = zipped.namelist()
    tops = {stdlib.top_level(n) for n in names}
    assert not {"unittest", "doctest", "pdb", "pydoc", "_pyrepl", "xmlrpc", "wsgiref", "imaplib"} & tops
    assert {"asyncio", "sqlite3", "json", "tomllib", "email", "importlib", "encodings", "zipfile"} <= tops
    assert "encodings/utf_8.py" in names and "encodings/idna.py" in names
    assert "encodings/cp1250.py" not in names and "encodings/shift_jis.py" not in names
    assert not [n for n in names if n.endswith("/__main__.py")]


def test_the_app_archive_holds_no_part_the_app_never_runs(site):
    with tarfile.open(site / APP_ARCHIVE) as tar:
        names = set(tar.getnames())
        metadata = tar.extractfile("__pypackages__/pydantic-2.14.4.dist-info/METADATA").read().decode()
    for gone in ("__pypackages__/pydantic/v1/", "__pypackages__/pydantic/experimental/", "__pypackages__/flet/testing/",
                 "companion/cli/"):
        assert not [n for n in names if n.startswith(gone)], gone
    assert "__pypackages__/msgpack/fallback.pyc" not in names and "__pypackages__/pydantic/mypy.pyc" not in names
    assert not [n for n in names if n.endswith(("RECORD", ".pyi", "py.typed"))]
    # The METADATA headers stay (importlib.metadata reads the name and version), the long description goes.
    assert "\nVersion: 2.14.4\n" in metadata and "\n\n" not in metadata.rstrip("\n")


def test_a_pruned_module_imported_by_the_app_stops_the_build_in_one_line(tmp_path):
    """The list of pruned modules is checked against what the code imports at the top of its files: a
    module of the app that needs one of them would not start in the page."""
    root = tmp_path / "src"
    (root / "companion").mkdir(parents=True)
    (root / "automa_decks").mkdir()
    (root / "companion" / "__init__.py").write_text('"""An app."""\nimport pdb\n')
    with pytest.raises(BuildError, match=r"^companion/__init__\.py imports pdb, which the site leaves out$"):
        build_site(tmp_path / "site", source_root=root, log=lambda _l: None)
    assert not (tmp_path / "site").exists()


def test_the_import_check_reads_top_level_imports_only():
    with pytest.raises(stdlib.StdlibError, match="a.py imports unittest"):
        stdlib.check_imports([("a.py", "import os\nfrom unittest import mock\n")], {"unittest"})
    stdlib.check_imports([("b.py", "def f():\n    import unittest\n")], {"unittest"})
