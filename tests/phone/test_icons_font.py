"""The phone site's Material icons font, cut to the icons the site draws (``companion/publish/icons.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import flet_web
import pytest
from fontTools.ttLib import TTFont

from companion.publish import icons
from companion.publish.site import BuildError, build_site
from tests.browser.phone_page import built_site

WEB = Path(flet_web.get_package_web_dir())
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def table():
    return icons.client_icons((WEB / "main.dart.js").read_text(encoding="utf-8"))


def test_a_made_up_icon_use_is_found(tmp_path):
    """By attribute (``ft.Icons.NAME``) and by a string that is an icon's name, as presenters give them; other
    strings are not icons."""
    code = tmp_path / "companion" / "ui" / "made_up.py"
    code.parent.mkdir(parents=True)
    code.write_text('import flet as ft\nA = ft.Icons.ROCKET_LAUNCH\nB = {"icon": "BOLT", "text": "Hello"}\n')
    found = icons.icons_named(tmp_path / "companion", set(icons.flet_icon_numbers()))
    assert found == {"ROCKET_LAUNCH": "companion/ui/made_up.py", "BOLT": "companion/ui/made_up.py"}


def test_the_apps_icons_are_found_and_each_is_its_own_glyph(table):
    """The icons the app names map, through the client's table, to the glyphs of the same name (the table is
    read in Flet's order, not shifted by one)."""
    numbers = icons.flet_icon_numbers()
    used = icons.icons_named(ROOT / "companion", set(numbers))
    assert {"WARNING_AMBER_ROUNDED", "ERROR_OUTLINE", "VISIBILITY", "SMART_TOY", "ARROW_DOWNWARD"} <= set(used)
    order, _drawn = table
    glyphs = TTFont(WEB / icons.FONT).getBestCmap()
    for name in used:
        glyph = glyphs[order[numbers[name] - (1 << 16)]]
        assert glyph in (name.lower(), f"{name.lower()}_baseline"), (name, glyph)


def test_the_client_draws_some_icons_itself(table):
    """Flutter's own controls draw icons the app never names: the back arrow, the dropdown's arrows, close."""
    _order, drawn = table
    glyphs = TTFont(WEB / icons.FONT).getBestCmap()
    names = {glyphs[p] for p in drawn}
    assert {"arrow_back_baseline", "arrow_drop_down_baseline", "close_baseline", "expand_more_baseline"} <= names
    assert len(drawn) < 100


def test_the_sites_font_has_the_glyphs_the_site_draws_and_no_others(table):
    site = built_site()
    numbers = icons.flet_icon_numbers()
    used = icons.icons_named(ROOT / "companion", set(numbers))
    order, drawn = table
    wanted = set(icons.code_points(used, numbers, order)) | drawn
    cut = TTFont(site / icons.FONT)
    assert set(cut.getBestCmap()) == wanted
    assert (site / icons.FONT).stat().st_size < 60_000 < 1_000_000 < (WEB / icons.FONT).stat().st_size


def test_an_icon_flet_does_not_have_stops_the_build_in_one_line(tmp_path):
    root = tmp_path / "src"
    (root / "companion").mkdir(parents=True)
    (root / "automa_decks").mkdir()
    (root / "companion" / "__init__.py").write_text('"""An app."""\nimport flet as ft\nX = ft.Icons.NO_SUCH_ICON\n')
    with pytest.raises(BuildError, match=r"^companion/__init__\.py names the icon NO_SUCH_ICON, which Flet does not "
                                         r"have$"):
        build_site(tmp_path / "site", source_root=root, log=lambda _l: None)
    assert not (tmp_path / "site").exists()


def test_a_glyph_the_font_lacks_stops_the_cut_in_one_line(tmp_path):
    font = tmp_path / "icons.otf"
    shutil.copyfile(WEB / icons.FONT, font)
    with pytest.raises(icons.IconError, match=r"^the icons font has no glyph for MADE_UP$"):
        icons.cut_font(font, {0xE000, 0x10FFFD}, {0x10FFFD: "MADE_UP"})
    assert font.read_bytes() == (WEB / icons.FONT).read_bytes()
