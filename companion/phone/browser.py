"""The app in the phone's browser: the same screens and engine as the served app, started by the site's
``main.py`` inside Pyodide, with the data folder kept in the browser (:mod:`companion.phone.storage`)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.flet_seam.connection import wrap_send
from companion.flet_seam.pyodide import page_address
from companion.phone import sources, storage
from companion.store.settings import Settings
from companion.ui.new_game.view import SEED_ENV
from companion.ui.shell import app as ui_app
from companion.ui.shell import game_access
from companion.ui.shell.capabilities import Capabilities, Platform
from companion.ui.shell.context import AppContext, apply_theme
from companion.ui.widgets.file_save import save_button

#: The way out every storage line offers: the game so far as a record file.
SAVE_LABEL = "Save the game as a file"
#: Beside it when the stored data is damaged: the game it holds, as far as it can be read.
SAVE_STORED_LABEL = "Save the stored game as a file"


def show_line(ctx: AppContext, text: str, *, lasting: bool = True, damaged: Path | None = None) -> ft.Banner:
    """One line on screen (a banner above the screen). A ``lasting`` one says the tab keeps what the browser does
    not: it stays, offering the game so far as a record file, until :func:`hide_line` (and, with the copy of
    ``damaged`` stored data, the game that holds); any other has only OK."""
    page = ctx.page
    banner = ft.Banner(content=ft.Text(text, semantics_label=text), leading=ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED),
                       actions=[], force_actions_below=True)
    if lasting:
        banner.actions = [save_button(ctx, SAVE_LABEL, lambda: storage.record_download(game_access.store(ctx)))]
        if damaged is not None:
            copy = damaged
            banner.actions.append(save_button(ctx, SAVE_STORED_LABEL, lambda: storage.stored_record_download(copy)))
    else:
        banner.actions = [ft.TextButton("OK", on_click=lambda _e: hide_line(page, banner))]
    page.show_dialog(banner)
    return banner


def hide_line(page: ft.Page, banner: ft.Banner) -> None:
    if banner.open:
        banner.open = False
        page.update()


def show_only_line(page: ft.Page, text: str) -> None:
    """The page when the app must not start: its name and one line, nothing else (nothing is read or written)."""
    page.title = ui_app.APP_TITLE
    apply_theme(page, Settings())  # the app's look with its defaults: the stored settings are not read
    page.appbar = ft.AppBar(title=ft.Text(ui_app.APP_TITLE), bgcolor=ft.Colors.SURFACE_CONTAINER)
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


#: What the page can do in the phone's browser: no server behind it (no sharing, no uploads), one thread.
IN_THE_BROWSER = Capabilities(platform=Platform(in_browser=True))


async def app_main(page: ft.Page) -> None:
    os.environ.update(settings_from_address(page_address()))
    opened = await storage.open_data_folder()
    if not opened.start:
        show_only_line(page, opened.line or "")
        return
    started: list[AppContext] = []
    shown: list[ft.Banner] = []
    mirror = opened.mirror
    if mirror is not None:

        def report(err: BaseException) -> None:  # a store that failed mid-game: after the start, so ``started``
            line = storage.cleared_line() if mirror.cleared() else storage.unsaved_line(err)
            shown.append(show_line(started[0], line))

        def stored_again() -> None:  # the browser took a step again (space was freed): the line is old news
            while shown:
                hide_line(page, shown.pop())

        wrap_send(page, lambda send: storage.StoredBeforeShown(send, mirror, report, stored_again))
    started.append(ui_app.main(page, storage.DATA_DIR, capabilities=IN_THE_BROWSER))
    if opened.line:  # kept in the tab only (refused, damaged): lasting; else (deleted since) a plain notice
        show_line(started[0], opened.line, lasting=opened.mirror is None, damaged=opened.damaged_copy)


def run() -> None:
    logging.basicConfig(level=logging.WARNING)
    sources.install_in_browser()
    ft.run(app_main)
