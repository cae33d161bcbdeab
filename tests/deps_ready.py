"""Exit 0 when this project and everything its tests need are installed, 1 otherwise (naming what is missing).

``tests/run.sh`` runs pip only when this says something is missing: on a prepared machine the install step then
costs a fraction of a second instead of pip resolving every requirement again, and a fresh machine, or a new
requirement in pyproject.toml, still gets ``pip install -e '.[test]'``.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def missing(pyproject: Path = PYPROJECT) -> list[str]:
    """The requirements of the project and its ``test`` extra that are not installed at a matching version."""
    from importlib.metadata import PackageNotFoundError, version

    from packaging.requirements import Requirement

    project = tomllib.loads(pyproject.read_text("utf-8"))["project"]
    wanted = [f"{project['name']}=={project['version']}", *project.get("dependencies", [])]
    wanted += project.get("optional-dependencies", {}).get("test", [])
    out = []
    for text in wanted:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate():
            continue
        try:
            have = version(req.name)
        except PackageNotFoundError:
            out.append(f"{text} (not installed)")
            continue
        if not req.specifier.contains(have, prereleases=True):
            out.append(f"{text} (have {have})")
    return out


def main() -> int:
    try:
        gaps = missing()
    except ImportError as err:  # no packaging yet: a fresh machine
        gaps = [str(err)]
    for gap in gaps:
        print(f"to install: {gap}")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
