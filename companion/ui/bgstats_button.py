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

PICKER_KEY = "bgstats_file_picker"
LABEL = "Export for BG Stats"


def _picker(ctx: AppContext) -> ft.FilePicker:
    """One picker per browser session, made while a screen is built so the client has it before the tap."""
    picker = ctx.state.get(PICKER_KEY)
    if picker is None:
        picker = ft.FilePicker()
        ctx.state[PICKER_KEY] = picker  # services live only while referenced
    return picker


def export_button(ctx: AppContext, game_id: int | None = None, *, filled: bool = False) -> ft.Control:
    """The button: game ``game_id``, or every finished game when it is None."""
    picker = _picker(ctx)

    async def export(_e) -> None:
        got = bgstats_download(game_access.store(ctx), game_id)
        if isinstance(got, Download):
            try:
                await picker.save_file(file_name=got.file_name, src_bytes=got.data)
            except Exception as err:  # noqa: BLE001 - whatever the client says, one line for the player
                ctx.toast(f"The file could not be handed to the browser: {err}")
                return
        ctx.toast(got.message)

    make = w.filled_button if filled else w.text_button
    return make(LABEL, export, icon_name="DOWNLOAD")
