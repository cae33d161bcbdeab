"""The gem chips of an automa's tile question can be read: the "5+" chip of each colour is outlined (its colour as
text on the light surface), and diamond's pale grey there was all but invisible on a phone (contrast 1.8:1)."""

import pytest

from companion.rules.automa import STASH_GEMS
from companion.ui.round.forms.question import _gem_chip


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
@pytest.mark.parametrize("outlined", [True, False])
def test_a_gem_chip_text_reads_on_its_background(gem, outlined):
    chip = _gem_chip(gem, "5+", f"{gem} tile with more than 4 gems", None, outlined=outlined)
    background = "#FFFFFF" if outlined else chip.bgcolor  # the light theme's surface is near white
    assert contrast(chip.content.color, background) >= 4.5, (gem, chip.content.color, background)
