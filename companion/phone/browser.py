"""The app in the phone's browser: the same screens and engine as the served app, started by the site's
``main.py`` inside Pyodide, with the data folder kept in the browser (:mod:`companion.phone.storage`)."""

from __future__ import annotations

import logging
import os
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.phone import storage
from companion.ui.new_game.view import SEED_ENV
from companion.ui.shell import app as ui_app
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from companion.ui.widgets.file_save import save_button

#: The way out every storage line offers: the game so far as a record file.
SAVE_LABEL = "Save the game as a file"


def show_line(ctx: AppContext, text: str) -> None:
    """One line on screen that stays until the player closes it (a banner above the screen), with the game so
    far offered as a record file."""
    page = ctx.page
    banner = ft.Banner(
        content=ft.Text(text, semantics_label=text),
        leading=ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED),
        actions=[
            save_button(ctx, SAVE_LABEL, lambda: storage.record_download(game_access.store(ctx))),
            ft.TextButton("OK", on_click=lambda _e: page.pop_dialog()),
        ],
    )
    page.show_dialog(banner)


def show_only_line(page: ft.Page, text: str) -> None:
    """The page when the app must not start: its name and one line, nothing else (nothing is read or written)."""
    page.title = ui_app.APP_TITLE
    page.appbar = ft.AppBar(title=ft.Text(ui_app.APP_TITLE))
    page.add(ft.Container(ft.Text(text, semantics_label=text, size=18), padding=24))


#: What the page's address may set (``...?seed=12#/``), as the served app's environment does: every new game
#: dealt from a seed, fewer calibration games (tests replay a known game and calibrate quickly this way).
ADDRESS_SETTINGS = {"seed": SEED_ENV, "calibration_games": "TREASURE_COMPANION_CALIBRATION_GAMES"}


def settings_from_address(url: str) -> dict[str, str]:
    """The environment the address's query sets.

    >>> settings_from_address("https://x.org/tm/?seed=1133&calibration_games=20#/new")
    {'TREASURE_COMPANION_SEED': '1133', 'TREASURE_COMPANION_CALIBRATION_GAMES': '20'}
    >>> settings_from_address("https://x.org/tm/?other=1#/")
    {}
    """
    query = parse_qs(urlsplit(url).query)
    return {env: query[name][-1] for name, env in ADDRESS_SETTINGS.items() if name in query}


async def app_main(page: ft.Page) -> None:
    import flet_js  # noqa: PLC0415 (Pyodide only)

    os.environ.update(settings_from_address(str(flet_js.documentUrl)))
    opened = await storage.open_data_folder()
    if not opened.start:
        show_only_line(page, opened.line or "")
        return
    started: list[AppContext] = []
    mirror = opened.mirror
    if mirror is not None:

        def report(err: BaseException) -> None:  # a store that failed mid-game: after the start, so ``started``
            line = storage.cleared_line() if mirror.cleared() else storage.unsaved_line(err)
            show_line(started[0], line)

        connection = page.session.connection
        connection.send_message = storage.StoredBeforeShown(  # type: ignore[method-assign]  # wrapped on purpose
            connection.send_message, mirror, report
        )
    started.append(ui_app.main(page, storage.DATA_DIR))
    if opened.line:
        show_line(started[0], opened.line)


def run() -> None:
    logging.basicConfig(level=logging.WARNING)
    ft.run(app_main)
