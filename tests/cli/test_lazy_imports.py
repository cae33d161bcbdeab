"""The app starts with the home screen's code only: the other screens and flet_charts are imported on their
first visit (a quicker first frame). Checked in a fresh interpreter, as the server starts."""

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Start as `treasure-companion app` does (the command line, then the app's main on a page), then visit /rules.
PROBE = r"""
import json, sys
from types import SimpleNamespace

from companion.cli.main import build_parser

build_parser()
from companion.ui.shell.app import main


class Page(SimpleNamespace):
    def update(self):
        pass

    def navigate(self, route):
        pass


def loaded():
    views = [m for m in sys.modules if m.startswith("companion.ui.") and "view" in m.rsplit(".", 1)[1]]
    return sorted(views + [m for m in sys.modules if m == "flet_charts"])


page = Page(route="/", views=[], title="", padding=None)
ctx = main(page, sys.argv[1])
at_start = loaded()
ctx.state.router.show("/rules")
print(json.dumps({"start": at_start, "rules": loaded(), "views": [v.route for v in page.views]}))
"""


def test_start_imports_only_the_home_screen(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["start"] == ["companion.ui.home.view"]
    assert seen["rules"] == ["companion.ui.home.view", "companion.ui.rules_help.view"]
    assert seen["views"] == ["/", "/rules"]


# A command imports its own module only: `games` must not pay for the app, the simulator or the record checks.
COMMAND_PROBE = r"""
import contextlib, io, json, sys

from companion.cli.main import main

with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def test_a_command_imports_only_what_it_uses(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", COMMAND_PROBE, "games", "--data-dir", str(tmp_path)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0
    commands = sorted(m for m in seen["modules"] if m.startswith("companion.cli.commands."))
    assert commands == ["companion.cli.commands.games"]
    heavy = [m for m in seen["modules"] if m.split(".")[0] in ("flet", "pydantic", "fastapi", "uvicorn")
             or m.startswith(("companion.sim", "companion.ui", "companion.rules"))]
    assert heavy == []


def test_help_and_a_wrong_command_still_list_every_command():
    listed = subprocess.run([sys.executable, "-m", "companion", "--help"], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    wrong = subprocess.run([sys.executable, "-m", "companion", "nosuch"], cwd=REPO, capture_output=True,
                           text=True, timeout=120)
    assert listed.returncode == 0 and wrong.returncode == 2
    for name in ("app", "calibrate", "decks", "export", "games", "import", "log", "replay", "schema", "score",
                 "simulate"):
        assert name in listed.stdout
        assert f"'{name}'" in wrong.stderr
