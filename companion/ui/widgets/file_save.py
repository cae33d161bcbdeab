"""A button that hands the browser a file to download (the desktop window: a save dialog), shared by every screen
that offers one: "Export for BG Stats" (final screen, History) and a transcribed deck (Decks > Transcribe).

The file comes from a presenter (no Flet there): an object with ``file_name``, ``data`` (bytes) and ``message``
(said once the file is handed over), or one with only a ``message`` (one line: why there is no file). In the
browser Flet's ``FilePicker.save_file`` with the file's bytes starts a download (the Flutter file_picker's web
save is a download of those bytes); in the desktop window it opens a save dialog and writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import flet as ft

from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


class Said(Protocol):
    """What a presenter gives the button: one line (why there is no file), or a :class:`File`."""

    @property
    def message(self) -> str: ...


@runtime_checkable
class File(Said, Protocol):
    """A file to hand over, and the line said once it is."""

    @property
    def file_name(self) -> str: ...

    @property
    def data(self) -> bytes: ...


def picker(ctx: AppContext) -> ft.FilePicker:
    """One picker per browser session, made while a screen is built so the client has it before the tap."""
    found = ctx.state.file_save_picker
    if found is None:
        found = ft.FilePicker()
        ctx.state.file_save_picker = found  # services live only while referenced
    return found


def save_button(ctx: AppContext, label: str, make: Callable[[], Said], *, filled: bool = False,
                icon_name: str = "DOWNLOAD") -> ft.Control:
    """The button: a tap asks ``make`` for the file, hands it over and says its message (or only the message)."""
    files = picker(ctx)

    async def save(_e) -> None:
        got = make()
        if isinstance(got, File):
            try:
                await files.save_file(file_name=got.file_name, src_bytes=got.data)
            except Exception as err:  # noqa: BLE001 - whatever the client says, one line for the player
                ctx.toast(f"The file could not be handed to the browser: {err}")
                return
        ctx.toast(got.message)

    make_button = w.filled_button if filled else w.text_button
    return make_button(label, save, icon_name=icon_name)
