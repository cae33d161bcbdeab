"""Handing the player a file: in a browser (the served app's page, the phone site) a download of its bytes, in
the desktop window a save dialog that writes them (Flet's ``FilePicker.save_file``; Flutter's web save is a
download). No server is involved, so a phone running the app alone gets its files the same way."""

from __future__ import annotations

import flet as ft

from companion.ui.context import AppContext

PICKER_KEY = "file_save_picker"


def file_picker(ctx: AppContext) -> ft.FilePicker:
    """One picker per session, made while a screen is built so the client has it before the tap."""
    picker = ctx.state.get(PICKER_KEY)
    if picker is None:
        picker = ft.FilePicker()
        ctx.state[PICKER_KEY] = picker  # services live only while referenced
    return picker


async def hand_over(picker: ft.FilePicker, file_name: str, data: bytes) -> str | None:
    """Give the browser (or the desktop's save dialog) ``data`` as ``file_name``; the one line saying why it
    could not, or None."""
    try:
        await picker.save_file(file_name=file_name, src_bytes=data)
    except Exception as err:  # noqa: BLE001 - whatever the client says, one line for the player
        return f"The file could not be handed to the browser: {err}"
    return None
