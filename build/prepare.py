"""Copy the app's code and data next to build/app/main.py, ready for ``flet build``.

    python build/prepare.py

``[tool.flet.app] path = "build/app"`` in pyproject.toml points flet build at that folder; the copies are not
committed (see .gitignore). Run it again after every change to the code.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "build" / "app"
COPIES = ("companion", "automa_decks")


def prepare(root: Path = ROOT, app: Path = APP) -> list[Path]:
    written = []
    for name in COPIES:
        target = app / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(root / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        written.append(target)
    return written


if __name__ == "__main__":
    for path in prepare():
        print(f"copied {path.relative_to(ROOT)}")
    sys.exit(0)
