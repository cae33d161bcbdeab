"""The app in the phone's browser: the same screens and engine as the served app, started by the site's
``main.py`` inside Pyodide, with the data folder kept in the browser (:mod:`companion.phone.storage`)."""

from __future__ import annotations

import logging
import os
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.phone import storage
from companion.ui import app as ui_app
from companion.ui.new_game.view import SEED_ENV


def show_line(page: ft.Page, text: str) -> None:
    """One line on screen that stays until the player closes it (a banner above the screen)."""
    banner = ft.Banner(
        content=ft.Text(text, semantics_label=text),
        leading=ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED),
        actions=[ft.TextButton("OK", on_click=lambda _e: page.pop_dialog())],
    )
    page.show_dialog(banner)


def seed_from_address(url: str) -> str | None:
    """The ``seed`` of the page's address (``...?seed=12#/``): what ``TREASURE_COMPANION_SEED`` is to the served
    app, every new game dealt from it (tests replay a known game this way).

    >>> seed_from_address("https://x.org/tm/?seed=1133#/new"), seed_from_address("https://x.org/tm/#/")
    ('1133', None)
    """
    values = parse_qs(urlsplit(url).query).get("seed")
    return values[-1] if values else None


async def app_main(page: ft.Page) -> None:
    import flet_js  # noqa: PLC0415 (Pyodide only)

    seed = seed_from_address(str(flet_js.documentUrl))
    if seed is not None:
        os.environ[SEED_ENV] = seed
    mirror, refused = await storage.open_data_folder()
    if mirror is not None:
        connection = page.session.connection
        connection.send_message = storage.StoredBeforeShown(
            connection.send_message, mirror, lambda err: show_line(page, storage.unsaved_line(err))
        )
    ui_app.main(page, storage.DATA_DIR)
    if refused:
        show_line(page, refused)


def run() -> None:
    logging.basicConfig(level=logging.WARNING)
    ft.run(app_main)
