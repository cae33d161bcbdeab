"""The app archive's Python compiled ahead, by the site's own Python: a phone starts about half a second sooner.

Pyodide compiles every module it imports from source at each start (some 440 modules of the app, Flet and
pydantic); with the bytecode in the archive it reads it instead. The bytecode must come from the very Python the
page runs (its magic number is the version's), so the build runs the site's Pyodide under Node, which the build
needs anyway for the runtime's npm package. The .pyc files are unchecked hash-based: Python uses them whatever
the unpacked files' times say, and the same sources give the same bytes at every build.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SCRIPT = Path(__file__).with_name("compile.mjs")
#: Longer than a build on a slow machine (about 4 s here), short enough that a stuck Node does not hang it.
TIMEOUT_SECONDS = 300


class CompileError(Exception):
    """Why the bytecode could not be made, in one line."""


def with_bytecode(entries: dict[str, bytes], runtime: Path) -> dict[str, bytes]:
    """``entries`` (archive path -> bytes) and each Python file's ``__pycache__/NAME.cpython-XY.pyc``."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise CompileError("Node.js is needed to compile the app for the phone (Debian: apt-get install nodejs)")
    with tempfile.TemporaryDirectory(prefix="treasure-companion-bytecode-") as tmp:
        folder = Path(tmp)
        for name, data in entries.items():
            if name.endswith(".py"):
                target = folder / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        try:
            done = subprocess.run([node, str(SCRIPT), str(runtime.resolve()), str(folder)], capture_output=True,
                                  text=True, timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            raise CompileError(f"compiling the app for the phone took over {TIMEOUT_SECONDS} s") from None
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise CompileError(f"compiling the app for the phone failed: {last[:200]}")
        compiled = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.pyc")}
    return {**entries, **compiled}
