"""The gem chips of an automa's tile question can be read: the "5+" chip of each colour is outlined, and its
text in the gem's colour was all but invisible on one theme or the other (diamond's pale grey on the light
surface, 1.8:1; ruby, emerald, sapphire and mana on the dark one)."""

import flet as ft
import pytest

from companion.rules.automa.choices import STASH_GEMS
from companion.ui.round.forms.question import _gem_chip
from companion.ui.widgets.colors import GEM_HEX


def _luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("gem", STASH_GEMS)
def test_a_filled_gem_chip_text_reads_on_the_gem_colour(gem):
    chip = _gem_chip(gem, "3", f"{gem} tile with 3 gems", None)
    assert contrast(chip.content.color, chip.bgcolor) >= 4.5, (gem, chip.content.color, chip.bgcolor)


@pytest.mark.parametrize("gem", STASH_GEMS)
def test_an_outlined_gem_chip_keeps_the_gem_colour_in_its_border_and_the_theme_text_colour(gem):
    chip = _gem_chip(gem, "5+", f"{gem} tile with more than 4 gems", None, outlined=True)
    assert chip.content.color == ft.Colors.ON_SURFACE and chip.bgcolor == ft.Colors.SURFACE  # both follow the theme
    assert chip.style.side.color == (GEM_HEX[gem] if gem != "diamond" else "#90A4AE")
