"""Source lines in the phone site's tracebacks (``companion/phone/sources.py``): the app's sources are fetched
from beside the site when a traceback first needs a line, once."""

from __future__ import annotations

import json
import linecache
import tarfile
import traceback
from pathlib import Path

import pytest

from companion.phone import SOURCES_NAME_FILE, sources
from companion.publish import offline
from companion.publish.site import APP_ARCHIVE
from tests.browser.phone_page import built_site

CODE = "def fails(x):\n    y = x + 1\n    return y / 0\n"


@pytest.fixture
def linecache_as_it_was(monkeypatch):
    monkeypatch.setattr(linecache, "updatecache", linecache.updatecache)
    linecache.clearcache()
    yield
    linecache.clearcache()


def traceback_of(filename: str) -> str:
    space: dict = {}
    exec(compile(CODE, filename, "exec"), space)
    try:
        space["fails"](1)
    except ZeroDivisionError:
        return traceback.format_exc()
    raise AssertionError("no error")


def test_a_traceback_quotes_the_apps_lines_fetched_once(linecache_as_it_was):
    asked = []

    def fetch(name):
        asked.append(name)
        return json.dumps({"companion/x.py": CODE})

    assert "return y / 0" not in traceback_of("/app/companion/x.py")  # bytecode alone: no line
    sources.install(sources.Sources("app-sources-1.json", fetch))
    assert "    return y / 0" in traceback_of("/app/companion/x.py")
    assert "return y / 0" not in traceback_of("/elsewhere/x.py")  # not the app's: not asked for
    assert asked == ["app-sources-1.json"]


def test_without_the_sources_file_a_traceback_is_as_before(linecache_as_it_was):
    def offline_fetch(_name):
        raise OSError("offline")

    sources.install(sources.Sources("app-sources-1.json", offline_fetch))
    text = traceback_of("/app/companion/x.py")
    assert 'File "/app/companion/x.py", line 3, in fails' in text and "return y / 0" not in text


def test_the_site_has_its_builds_sources_beside_it_never_fetched_at_load():
    site = built_site()
    with tarfile.open(site / APP_ARCHIVE) as tar:
        name = tar.extractfile(SOURCES_NAME_FILE).read().decode().strip()
    texts = json.loads((site / name).read_text(encoding="utf-8"))
    root = Path(__file__).resolve().parents[2]
    assert "companion/phone/browser.py" in texts and not [k for k in texts if k.startswith("companion/publish/")]
    assert texts["companion/phone/browser.py"] == (root / "companion/phone/browser.py").read_text()
    assert offline.kind(name) == "host only"
