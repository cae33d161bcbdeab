"""Kept for the screens that still import it: the sentences live in :mod:`companion.rules.words`."""

from collections.abc import Mapping

from .words.events import describe, step_label
from .words.events import gain_parts as _gain_parts

__all__ = ["describe", "gain_parts", "step_label"]


def gain_parts(e: Mapping, tile: str | None = None) -> list[str]:
    return _gain_parts(e, tile_words=tile)
