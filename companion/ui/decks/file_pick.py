""""Choose a deck file": the picker, the size check before the file is sent, and reading what arrives.

The picker reports each file's name and size without its contents; a file over the deck limit is refused in
one line there and then (sent with the pick, a file over 16 MB closed the app's WebSocket: uvicorn's cap on one
message). A file within the limit is read from its path where the picker gives one (the desktop window), else
uploaded beside the WebSocket into the page's upload folder (``ctx.uploads``: the served app's,
companion/server/uploads.py) and read from there. In the phone site (``ctx.platform.in_browser``) the browser
reads the file and hands over its contents with the pick.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import flet as ft

from companion.rules.automa.deck import MAX_DECK_BYTES
from companion.ui.decks.presenter import picked_file
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w

log = logging.getLogger(__name__)

PASTE_INSTEAD = "paste its text instead"


def too_big(name: str, size: int, limit: int = MAX_DECK_BYTES) -> str | None:
    """The one line refusing file ``name`` of ``size`` bytes, or None when it is within ``limit``.

    >>> too_big("big.toml", 1_000_001)
    'big.toml: larger than 1 MB, the limit for a deck file'
    >>> too_big("deck.toml", 3_000) is None
    True
    """
    if size <= limit:
        return None
    return f"{name}: larger than {limit / 1_000_000:g} MB, the limit for a deck file"


def deck_file_button(
    ctx: AppContext, on_file: Callable[[bytes, str], None], on_error: Callable[[str], None]
) -> ft.Control:
    """The button: ``on_file(contents, file name)`` for a file within the limit, ``on_error(line)`` otherwise."""
    pending: dict[str, str] = {}  # the upload under way: its name in the upload folder -> the picked file's name

    async def picked(e: ft.FilePickerResultEvent) -> None:
        files = e.files or []
        if not files:
            return
        f = files[0]
        refused = too_big(f.name, f.size or 0)
        if refused:
            on_error(refused)
            return
        if f.bytes is not None:  # the phone site: the browser read the file, there is no server to send it to
            on_file(bytes(f.bytes[: MAX_DECK_BYTES + 1]), f.name)
            return
        if f.path:  # the desktop window: the file is on this computer
            try:
                data = picked_file(f.path, f.name)
            except ValueError as err:
                on_error(str(err))
                return
            on_file(data, f.name)
            return
        uploads = ctx.uploads
        if uploads is None:  # a page with no upload folder whose picker gave neither the contents nor a path
            on_error(f"{f.name}: the file's contents could not be sent; {PASTE_INSTEAD}")
            return
        name = uploads.upload_name()
        try:
            uploads.prepare()
            url = ctx.page.get_upload_url(name, uploads.URL_LIFETIME)
        except Exception as err:  # noqa: BLE001 - uploads not set up, no temporary folder: one line
            log.warning("no upload for a picked deck file: %s", err)
            on_error(f"{f.name}: the file's contents could not be sent; {PASTE_INSTEAD}")
            return
        pending.clear()
        pending[name] = f.name
        await picker.upload([ft.FilePickerUploadFile(upload_url=url, id=f.id, name=f.name)])

    def uploaded(e: ft.FilePickerUploadEvent) -> None:
        uploads = ctx.uploads
        if not pending or uploads is None:
            return
        name, shown = next(iter(pending.items()))
        if e.error:
            pending.clear()
            uploads.discard(name)
            on_error(f"{shown}: the file's contents did not arrive ({e.error}); {PASTE_INSTEAD}")
            return
        if (e.progress or 0) < 1:
            return
        pending.clear()
        try:
            data = uploads.take(name, MAX_DECK_BYTES)
        except OSError as err:
            on_error(f"{shown}: the file's contents did not arrive ({err.strerror or err}); {PASTE_INSTEAD}")
            return
        on_file(data, shown)

    picker = ft.FilePicker(on_result=picked, on_upload=uploaded)
    ctx.state.decks_file_picker = picker  # services live only while referenced
    return ft.OutlinedButton(
        "Choose a deck file",
        icon=ft.Icons.UPLOAD_FILE,
        height=w.TARGET - 4,
        # Without the contents: they would travel inside the WebSocket (see the module's docstring). The phone
        # site has no WebSocket: the browser reads the file and hands it to the app in the page.
        action=ft.PickFiles(picker, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["toml", "txt"],
                            with_data=ctx.platform.in_browser),
    )
