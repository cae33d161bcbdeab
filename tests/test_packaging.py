"""The packaging configuration stays consistent: flet build finds its entry point and the app's files."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_flet_build_points_at_an_entry_module_that_starts_the_app():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["flet"]
    entry = ROOT / config["app"]["path"] / f"{config['app']['module']}.py"
    assert entry.is_file()
    tree = ast.parse(entry.read_text())
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "run"]
    assert calls, "main.py must call ft.run"
    imports = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "companion.ui.shell.app" in imports
    for key in ("org", "product", "company", "copyright"):
        assert config[key]


def test_prepare_copies_the_package_and_the_decks(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("prepare", ROOT / "build" / "prepare.py")
    prepare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prepare)
    written = prepare.prepare(ROOT, tmp_path)
    assert [p.name for p in written] == ["companion", "automa_decks"]
    assert (tmp_path / "companion" / "rules" / "engine" / "game.py").is_file()
    assert (tmp_path / "automa_decks" / "red.toml").is_file()
    assert not list(tmp_path.rglob("__pycache__"))


def test_flet_versions_are_pinned_together():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pins = {d.split("==")[0]: d.split("==")[1] for d in deps if d.startswith("flet")}
    assert set(pins) >= {"flet", "flet-web"} and len(set(pins.values())) == 1
