"""The phone site's own copies of the flet-web client files it changes (``companion/phone/client/``).

The site ships these copies in place of flet-web's files. Each was made from one flet-web original, pinned here
by its SHA-256: a flet-web whose original is another (an upgrade) fails :func:`test_each_copy_was_made_from_the_
installed_flet_webs_file`, which names the file and what to do, instead of a site that mixes a new client with
copies of the old one.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import flet_web
import pytest

from companion.phone import CLIENT
from companion.publish.site import CLIENT_COPIES, SNAPSHOT_KEY_LINE, snapshot_key
from tests.browser.phone_page import built_site

#: flet-web's file (its path in the web client) -> the SHA-256 of the original the site's copy was made from.
ORIGINALS = {
    "index.html": "971ecd93a39b8258db024a9d9a4d48bc454bbaff342567bc7f90db4bf63fa3ee",
    "python.js": "067edcca8116732076fb2962067d3b5e739658ccf103cef7932f62904d32fbd5",
    "python-worker.js": "5c2f0c4ac3a7c2a8376226124942cfd29515a4abd95e97267fa4db371b94b947",
    "flutter_bootstrap.js": "fbddf77eab302c4c1b991e21445d53a9132eb292143530a441afecb69f19d895",
    "assets/FontManifest.json": "7a125b79cb28366a8e1484aa7e2c17f21c620113e0c77107a6cf8c656395952c",
}


def changed_originals(web: Path) -> list[str]:
    """One line for each pinned original that the web client in ``web`` holds otherwise (or not at all)."""
    lines = []
    for name, pinned in ORIGINALS.items():
        path = web / name
        got = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "no such file"
        if got != pinned:
            lines.append(
                f"flet-web's {name} is not the one companion/phone/client/{name} was copied from (sha256 {got}, "
                f"pinned {pinned}): carry its changes into the copy, then pin the new sha256 in {__name__}.ORIGINALS")
    return lines


def test_each_copy_was_made_from_the_installed_flet_webs_file():
    changed = changed_originals(Path(flet_web.get_package_web_dir()))
    assert not changed, "\n".join(changed)


def test_a_changed_original_is_named_with_what_to_do(tmp_path):
    web = Path(flet_web.get_package_web_dir())
    for name in ORIGINALS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((web / name).read_bytes())
    (tmp_path / "python.js").write_text((web / "python.js").read_text() + "// a new release\n")
    (tmp_path / "flutter_bootstrap.js").unlink()
    changed = changed_originals(tmp_path)
    named = [line.split(" is not ")[0] for line in changed]
    assert named == ["flet-web's python.js", "flet-web's flutter_bootstrap.js"]
    assert "carry its changes into the copy" in changed[0] and "(sha256 no such file," in changed[1]


def test_every_copy_is_pinned_and_in_the_folder():
    assert set(CLIENT_COPIES) == set(ORIGINALS)
    in_folder = {p.relative_to(CLIENT).as_posix() for p in CLIENT.rglob("*") if p.is_file() and p.name != "README.md"}
    assert in_folder == set(CLIENT_COPIES)


@pytest.fixture(scope="module")
def site():
    return built_site()


def test_the_site_serves_the_copies_byte_for_byte(site):
    """The build copies the files whole: no text of flet-web's is patched on the way. The one line the builder
    fills is index.html's key of the runtime's snapshot (``companion.publish.site.snapshot_key``)."""
    for name in CLIENT_COPIES:
        served = (site / name).read_bytes()
        if name == "index.html":
            filled = f'flet.pythonSnapshotKey="{snapshot_key(site)}";'.encode()
            assert served.count(filled) == 1
            served = served.replace(filled, SNAPSHOT_KEY_LINE.encode())
        assert served == (CLIENT / name).read_bytes(), name
