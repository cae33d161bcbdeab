"""The Flet app: theme, a stack of views driven by the route, a top bar on every screen.

Navigation: ``ctx.go("/settings")`` pushes a route; the browser's address and history follow it. The views
shown are the route's screen on top of its parents (``Screen.parent``, up to home), so a deep link, a browser
refresh and the top bar's back button all agree. The top view is rebuilt whenever it becomes the top;
state that must outlive a view lives in ``ctx.state`` (a ``SessionState``: presenters), never in controls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path

import flet as ft

from companion.flet_seam import patches as speed_patches
from companion.store.settings import resolve_data_dir
from companion.ui.shell import game_access, live
from companion.ui.shell.capabilities import Capabilities
from companion.ui.shell.context import AppContext, Screen, apply_theme
from companion.ui.shell.placeholders import not_found
from companion.ui.shell.routing import HOME, route_stack, split_route
from companion.ui.shell.screens import all_screens
from companion.ui.widgets import common as w

log = logging.getLogger(__name__)

APP_TITLE = "Treasure Mountain Companion"


class Router:
    def __init__(self, ctx: AppContext, screens: Mapping[str, Screen]):
        self.ctx = ctx
        self.screens = dict(screens)
        self.parents = {r: s.parent for r, s in self.screens.items()}

    def screen_for(self, path: str) -> Screen:
        return self.screens.get(path) or Screen(path, "Not found", not_found)

    def top_bar(self, screen: Screen) -> ft.AppBar:
        ctx = self.ctx
        actions: list[ft.Control] = []
        if screen.shortcuts and screen.route != "/rules":
            actions.append(w.icon_button("MENU_BOOK", "Rules help", lambda _e: ctx.go("/rules")))
        if screen.shortcuts and screen.route != "/settings":
            actions.append(w.icon_button("SETTINGS", "Settings", lambda _e: ctx.go("/settings")))
        title = screen.title
        # The top bar keeps a moderate size with larger text: the title must fit beside back and two actions.
        size = 22 if ctx.text_scale == 1 else 24
        return ft.AppBar(
            title=ft.Text(title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, size=size),
            actions=actions,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        )

    def build_view(self, route: str) -> ft.View:
        path, params = split_route(route)
        screen = self.screen_for(path)
        try:
            controls = screen.build(self.ctx, params)
        except Exception as err:  # a broken screen must not take the app down
            log.exception("screen %s failed to build", path)
            controls = [w.card([w.heading("This screen failed to open"), w.para(str(err) or type(err).__name__)])]
        if len(controls) == 1 and getattr(controls[0], "data", None) == w.FILLS_VIEW:  # scrolls itself (w.pinned)
            return ft.View(route=route, appbar=self.top_bar(screen), controls=list(controls), padding=0, spacing=0)
        return ft.View(
            route=route,
            appbar=self.top_bar(screen),
            controls=[w.body(controls)],
            scroll=ft.ScrollMode.AUTO,
            padding=ft.Padding.symmetric(horizontal=12, vertical=12),
        )

    def show(self, route: str | None = None) -> None:
        """Make the views match ``route`` (default: the page's current route)."""
        page = self.ctx.page
        route = route or page.route or HOME
        chain = route_stack(route, self.parents)
        existing = {v.route: v for v in page.views[:-1]} if page.views else {}
        views: list[ft.View] = []
        for i, r in enumerate(chain):
            top = i == len(chain) - 1
            if top:
                views.append(self.build_view(route))
            else:
                views.append(existing.get(r) or self.build_view(r))
        page.views.clear()
        page.views.extend(views)
        page.title = f"{self.screen_for(chain[-1]).title} - {APP_TITLE}" if chain[-1] != HOME else APP_TITLE
        page.update()

    def on_route_change(self, e: ft.RouteChangeEvent) -> None:
        self.show(e.route)

    async def on_view_pop(self, e: ft.ViewPopEvent) -> None:
        page = self.ctx.page
        if len(page.views) > 1:
            page.views.pop()
            await page.push_route(page.views[-1].route)


def main(
    page: ft.Page,
    data_dir: str | Path | None = None,
    *,
    has_game_in_progress: Callable[[], bool] | None = None,
    screens: Mapping[str, Screen] | None = None,
    capabilities: Capabilities | None = None,
) -> AppContext:
    """Build the app on ``page``. ``data_dir`` defaults to ``$TREASURE_COMPANION_DATA`` or the user's folder;
    ``capabilities`` are what the page can do where it runs (default: a page on this computer alone)."""
    speed_patches.install()  # a tap's server CPU: companion/flet_seam/patches.py
    ctx = AppContext.load(page, resolve_data_dir(data_dir), capabilities=capabilities or Capabilities())
    # Continue game is enabled when the store holds an unfinished game (companion/ui/shell/game_access.py).
    ctx.has_game_in_progress = has_game_in_progress or (lambda: game_access.has_game_in_progress(ctx))
    page.title = APP_TITLE
    page.padding = 0
    apply_theme(page, ctx.settings)
    router = Router(ctx, screens or all_screens())
    ctx.state.router = router
    page.on_route_change = router.on_route_change
    page.on_view_pop = router.on_view_pop
    live.connect(ctx, router.show)
    router.show(page.route)
    return ctx


def make_main(data_dir: str | Path | None = None,
              capabilities: Callable[[], Capabilities] = Capabilities) -> Callable[[ft.Page], None]:
    """The ``main`` to hand to ``ft.run``, bound to a data directory; ``capabilities()`` is asked once per page, as
    the page starts (the served app tells each joined device's page its own)."""

    def app_main(page: ft.Page) -> None:
        main(page, data_dir, capabilities=capabilities())

    return app_main
