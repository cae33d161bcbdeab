""""Export for BG Stats": a button that hands the browser a BG Stats file to download.

The file comes from :func:`companion.export.download.bgstats_download` (no Flet there); the button is the shared
one of :mod:`companion.ui.widgets.file_save`.
"""

from __future__ import annotations

import flet as ft

from companion.export.download import bgstats_download
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from companion.ui.widgets.file_save import save_button

LABEL = "Export for BG Stats"


def export_button(ctx: AppContext, game_id: int | None = None, *, filled: bool = False) -> ft.Control:
    """The button: game ``game_id``, or every finished game when it is None."""
    return save_button(ctx, LABEL, lambda: bgstats_download(game_access.store(ctx), game_id), filled=filled)
