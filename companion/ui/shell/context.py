"""What every screen gets: the page, the data directory, the settings, navigation, per-session state, and what the
page can do where the app runs (its capabilities, handed in by the entry point)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft

from companion.rules.reference import Reference
from companion.rules.scoring import SetChart
from companion.store.settings import (
    Settings,
    effective_reference,
    effective_set_chart,
    merged_with_saved,
    read_settings,
    save_settings,
)
from companion.ui.shell.capabilities import Capabilities, Platform, Sharing, Uploads
from companion.ui.shell.session_state import SessionState

log = logging.getLogger(__name__)

#: Build a screen's body: (context, query parameters) -> controls.
BuildBody = Callable[["AppContext", dict[str, str]], list[ft.Control]]


@dataclass(frozen=True)
class Screen:
    """One screen of the app, reached by ``route``.

    ``parent`` is the route the top bar's back button leads to (and the view shown under this one).
    ``build`` returns the body's controls; the app adds the top bar and the responsive frame.
    """

    route: str
    title: str
    build: BuildBody
    parent: str | None = "/"
    #: Hide the top bar's shortcuts to Rules help and Settings (on those screens themselves).
    shortcuts: bool = True


LARGER_TEXT_SCALE = 1.25


#: Text colours per brightness. Flet 1.0.5 builds a custom text theme on the light typography, so without an
#: explicit colour every themed text stays near-black in dark mode.
TEXT_COLOR = {"light": "#201A17", "dark": "#ECE0DA"}


def _theme(seed: str, larger: bool, brightness: str) -> ft.Theme:
    k = LARGER_TEXT_SCALE if larger else 1.0
    color = TEXT_COLOR[brightness]

    def ts(size: float, weight: ft.FontWeight | None = None) -> ft.TextStyle:
        return ft.TextStyle(size=round(size * k), weight=weight, color=color)

    text = ft.TextTheme(
        body_large=ts(17),
        body_medium=ts(16),
        body_small=ts(14),
        label_large=ts(16, ft.FontWeight.W_600),
        label_medium=ts(14),
        label_small=ts(12),
        title_large=ts(22),
        title_medium=ts(18),
        title_small=ts(16),
        headline_small=ts(25),
        headline_medium=ts(29),
    )
    return ft.Theme(color_scheme_seed=seed, text_theme=text, visual_density=ft.VisualDensity.COMFORTABLE)


SEED_COLOR = ft.Colors.AMBER_800


def apply_theme(page: ft.Page, settings: Settings) -> None:
    page.theme_mode = ft.ThemeMode.DARK if settings.theme == "dark" else ft.ThemeMode.LIGHT
    page.theme = _theme(SEED_COLOR, settings.larger_text, "light")
    page.dark_theme = _theme(SEED_COLOR, settings.larger_text, "dark")


@dataclass
class AppContext:
    page: ft.Page
    data_dir: Path
    settings: Settings = field(default_factory=Settings)
    #: Answers "is there a game to continue?" for the home screen. The game store plugs in here.
    has_game_in_progress: Callable[[], bool] = lambda: False
    #: Per-session state that outlives a screen's view (a half-filled score sheet, a presenter...).
    state: SessionState = field(default_factory=SessionState)
    #: Called after the settings changed (the router uses it to refresh views if needed).
    on_settings_changed: list[Callable[[Settings], None]] = field(default_factory=list)
    #: One line for the Settings screen when the settings file could not be used (moved aside, defaults used).
    settings_notice: str | None = None
    #: What the page can do where the app runs (in the browser, a shared table, uploads): from the entry point.
    capabilities: Capabilities = field(default_factory=Capabilities)

    @classmethod
    def load(cls, page: ft.Page, data_dir: str | Path, **kw: Any) -> AppContext:
        data_dir = Path(data_dir)
        loaded = read_settings(data_dir)
        return cls(page=page, data_dir=data_dir, settings=loaded.settings, settings_notice=loaded.notice, **kw)

    # ----------------------------------------------------------------------------------- capabilities
    @property
    def platform(self) -> Platform:
        return self.capabilities.platform

    @property
    def sharing(self) -> Sharing | None:
        """This page at the shared table; None when the app is not shared beyond this computer."""
        return self.capabilities.sharing

    @property
    def uploads(self) -> Uploads | None:
        return self.capabilities.uploads

    # ----------------------------------------------------------------------------------- navigation
    def go(self, route: str) -> None:
        """Show the screen at ``route`` (the browser's address and history follow)."""
        self.page.navigate(route)

    def back(self) -> None:
        """Go to the parent of the current screen, as the top bar's back button does."""
        views = self.page.views
        self.go(views[-2].route if len(views) > 1 else "/")

    # ----------------------------------------------------------------------------------- settings
    @property
    def text_scale(self) -> float:
        """For the few explicit text sizes (theme styles scale by themselves)."""
        return LARGER_TEXT_SCALE if self.settings.larger_text else 1.0

    @property
    def reference(self) -> Reference:
        """The reference values to play with: the built-in ones with the user's corrections."""
        return effective_reference(self.settings)

    @property
    def set_chart(self) -> SetChart:
        """The mine-tile set chart to score with: the shipped one with the owner's values."""
        return effective_set_chart(self.settings)

    def update_settings(self, settings: Settings) -> None:
        """Use ``settings`` in this window and save its changes (on top of what another window saved meanwhile:
        :func:`~companion.store.settings.merged_with_saved`), apply the theme, and tell whoever listens."""
        to_save = merged_with_saved(self.settings, settings, self.data_dir)
        self.settings = settings
        try:
            save_settings(to_save, self.data_dir)
            self.settings_notice = None  # the person's own settings are saved again
        except OSError as err:
            log.error("could not save settings: %s", err)
            self.toast(f"Settings not saved: {err.strerror or err}")
        apply_theme(self.page, settings)
        for listener in list(self.on_settings_changed):
            listener(settings)

    # ----------------------------------------------------------------------------------- feedback
    def toast(self, message: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(message), duration=ft.Duration(seconds=4)))
