"""The page's own unpacking of the app's archive (``companion/phone/static/app-archive.js``), run in Node: the same
files as Python's tarfile reads from the archive the build writes, and the archives it must refuse refused.

The page unpacks with it before the app's imports (python-worker.js), and falls back to Pyodide's
``unpackArchive`` when it throws; a file it got wrong would be an app that fails on the phone only.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from companion.phone import STATIC
from companion.publish.site import APP_ARCHIVE
from tests.browser.phone_page import built_site

#: Node.js comes with the phone build's tools (the build compiles the app with it).
NODE = shutil.which("node") or shutil.which("nodejs") or "node"

#: Unpacks the archive named on the command line into a file system that notes what is written, and prints
#: each file's path (under the folder) and SHA-256, or the error's message.
HARNESS = """
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { unpackAppArchive } from "%s";
const files = {}, folders = new Set();
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => folders.add(path),
  writeFile: (path, bytes) => {
    if (!folders.has(path.slice(0, path.lastIndexOf("/")))) throw new Error(`no folder made for ${path}`);
    files[path.slice("/home/pyodide/".length)] = createHash("sha256").update(bytes).digest("hex");
  },
};
try {
  await unpackAppArchive(FS, new Uint8Array(readFileSync(process.argv[2])));
  console.log(JSON.stringify(files));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
"""


def unpacked(archive: Path, tmp_path: Path) -> dict:
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS % (STATIC / "app-archive.js").as_uri())
    done = subprocess.run([NODE, str(harness), str(archive)], capture_output=True, text=True, timeout=60,
                          check=True)
    return json.loads(done.stdout)


def tarfile_read(archive: Path) -> dict[str, str]:
    with tarfile.open(archive) as tar:
        return {m.name: hashlib.sha256(tar.extractfile(m).read()).hexdigest() for m in tar if m.isfile()}


def gnu_archive(path: Path, files: dict[str, bytes], kind: bytes = tarfile.REGTYPE) -> Path:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name, data in files.items():
            member = tarfile.TarInfo(name)
            member.size, member.type = len(data), kind
            tar.addfile(member, io.BytesIO(data))
    path.write_bytes(gzip.compress(buffer.getvalue()))
    return path


def test_the_built_archive_unpacks_to_the_files_tarfile_reads(tmp_path):
    archive = built_site() / APP_ARCHIVE
    got = unpacked(archive, tmp_path)
    expected = tarfile_read(archive)
    assert len(expected) > 500 and "main.py" in expected
    assert got == expected


def test_a_name_longer_than_a_tar_header_holds_is_read_whole(tmp_path):
    long_name = "__pypackages__/" + "a_long_folder_name/" * 8 + "module.pyc"
    assert len(long_name) > 100
    archive = gnu_archive(tmp_path / "long.tar.gz", {long_name: b"code", "main.py": b"", "empty.txt": b""})
    assert unpacked(archive, tmp_path) == tarfile_read(archive)


@pytest.mark.parametrize(("files", "kind", "says"), [
    ({"../outside.py": b"x"}, tarfile.REGTYPE, "outside its folder: ../outside.py"),
    ({"/etc/passwd": b"x"}, tarfile.REGTYPE, "outside its folder: /etc/passwd"),
    ({"link.py": b""}, tarfile.SYMTYPE, "link.py, which is not a plain file"),
])
def test_an_archive_it_must_not_unpack_is_refused(tmp_path, files, kind, says):
    assert says in unpacked(gnu_archive(tmp_path / "bad.tar.gz", files, kind), tmp_path)["error"]


def test_a_cut_archive_is_refused(tmp_path):
    whole = gzip.decompress((built_site() / APP_ARCHIVE).read_bytes())
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(gzip.compress(whole[: len(whole) // 2 + 700]))
    assert unpacked(cut, tmp_path)["error"] == "the app archive is cut short"
