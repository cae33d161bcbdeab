""""Export for BG Stats": a button that hands the browser a BG Stats file to download.

The file comes from :func:`companion.export.download.bgstats_download` (no Flet there). In the browser Flet's
``FilePicker.save_file`` with the file's bytes starts a download (the Flutter file_picker's web save is a
download of those bytes); in the desktop window it opens a save dialog and writes them.
"""

from __future__ import annotations

import flet as ft

from companion.export.download import Download, bgstats_download
from companion.ui import game_access
from companion.ui import widgets as w
from companion.ui.context import AppContext
from companion.ui.file_save import file_picker, hand_over

LABEL = "Export for BG Stats"


def export_button(ctx: AppContext, game_id: int | None = None, *, filled: bool = False) -> ft.Control:
    """The button: game ``game_id``, or every finished game when it is None."""
    picker = file_picker(ctx)

    async def export(_e) -> None:
        got = bgstats_download(game_access.store(ctx), game_id)
        if isinstance(got, Download):
            problem = await hand_over(picker, got.file_name, got.data)
            if problem:
                ctx.toast(problem)
                return
        ctx.toast(got.message)

    make = w.filled_button if filled else w.text_button
    return make(LABEL, export, icon_name="DOWNLOAD")
