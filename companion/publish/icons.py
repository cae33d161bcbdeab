"""The Material icons font cut to the icons the site draws: 1.26 MB (0.47 MB as a host gzips it) down to a few
kilobytes, fetched by every browser at every first visit.

Which icons: those the app names (:func:`icons_named`: every ``Icons.NAME`` in its code, and every string that
is the name of one, as presenters name them for their views), and those Flet's client draws by itself (Flutter's
back arrow, dropdown arrows, close buttons...: :func:`client_icons`). Their code points are read from the
client's own table (``main.dart.js``), the one that turns an icon's number (``ft.Icons.ADD``, 65604) into a
glyph of this font, so a name and its glyph cannot disagree. An icon the app names that Flet does not know, or
whose glyph the font lacks, stops the build in one line.
"""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

#: The font's path in the site, as Flutter's font manifest names it.
FONT = "assets/fonts/MaterialIcons-Regular.otf"
#: Flet's number of a Material icon: this set's bit, and the icon's place in the client's table.
_MATERIAL_SET = 1 << 16
#: A constant of the client's compiled code that is a Material icon: ``B.x=new A.a(57344,"MaterialIcons",null,!1)``.
#: (dart2js writes some numbers short: 61000 is ``61e3``.)
_ICON_CONSTANT = re.compile(r'\bB\.([\w$]+)=new A\.[\w$]+\((\d+(?:e\d+)?),"MaterialIcons",null,![01]\)')
#: A list of constants of the compiled code (the icon table is one, of every icon Flet knows).
_CONSTANT_LIST = re.compile(r"\[((?:B\.[\w$]+,){1000,}B\.[\w$]+)\]")


class IconError(Exception):
    """Why the icons font could not be cut, in one line."""


def flet_icon_numbers() -> dict[str, int]:
    """Flet's Material icons: name -> its number (what ``ft.Icons.NAME`` is), read without importing Flet's
    controls."""
    text = resources.files("flet.controls.material").joinpath("icons.json").read_text(encoding="utf-8")
    return json.loads(text)


def icons_named(root: Path, known: set[str]) -> dict[str, str]:
    """The icons the Python code under ``root`` names, each with the first file that names it: ``Icons.NAME``
    attributes, and string constants that are a name of ``known`` (``"VISIBILITY"``, as presenters give them)."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_bytes(), filename=where)):
            if isinstance(node, ast.Attribute) and _is_icons(node.value):
                found.setdefault(node.attr, where)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in known:
                found.setdefault(node.value, where)
    return found


def _is_icons(node: ast.expr) -> bool:
    """``Icons`` or ``<anything>.Icons``."""
    return (isinstance(node, ast.Name) and node.id == "Icons") or (
        isinstance(node, ast.Attribute) and node.attr == "Icons")


def client_icons(main_js: str) -> tuple[list[int], set[int]]:
    """Flet's table of Material icons in the client's compiled code (an icon's place -> its code point) and the
    code points the client draws by itself (the icon constants its code names outside that table)."""
    constants = {m[1]: int(float(m[2])) for m in _ICON_CONSTANT.finditer(main_js)}
    tables = [m for m in _CONSTANT_LIST.finditer(main_js)
              if all(name.removeprefix("B.") in constants for name in m[1].split(",")[:50])]
    if len(tables) != 1:
        raise IconError(f"found {len(tables)} tables of Material icons in Flet's main.dart.js, not one "
                        "(is flet-web the pinned version?)")
    table = tables[0]
    order = [constants[name.removeprefix("B.")] for name in table[1].split(",")]
    rest = main_js[:table.start()] + main_js[table.end():]
    named = {m[1] for m in re.finditer(r"\bB\.([\w$]+)(?![\w$])(?!=new )", rest)}
    return order, {constants[name] for name in named if name in constants}


def code_points(used: dict[str, str], numbers: dict[str, int], order: list[int]) -> dict[int, str]:
    """The code points of the icons ``used`` (name -> where), by Flet's numbers and the client's table, each
    with its icon's name."""
    points: dict[int, str] = {}
    for name, where in sorted(used.items(), key=lambda item: item[1]):
        if name not in numbers:
            raise IconError(f"{where} names the icon {name}, which Flet does not have")
        place = numbers[name] - _MATERIAL_SET
        if not 0 <= place < len(order):
            raise IconError(f"{where} names the icon {name}, which is not in Flet's client")
        points[order[place]] = name
    return points


def cut_font(font: Path, points: set[int], names: dict[int, str]) -> tuple[int, int]:
    """Rewrite ``font`` with the glyphs of ``points`` alone; the sizes before and after. A code point the font
    lacks stops it (``names`` says whose it is). The same input gives the same bytes (no time stamp)."""
    from fontTools import subset  # noqa: PLC0415 (the build only)
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    before = font.stat().st_size
    whole = TTFont(font, recalcTimestamp=False)
    missing = sorted(points - set(whole.getBestCmap()))
    if missing:
        raise IconError(f"the icons font has no glyph for {names.get(missing[0], hex(missing[0]))}")
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(points))
    cutter.subset(whole)
    whole.save(font)
    return before, font.stat().st_size
