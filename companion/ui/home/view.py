"""The home screen: one big button per thing to do."""

from __future__ import annotations

import flet as ft

from companion.ui.home.presenter import home_presenter
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    model = home_presenter(has_game_in_progress=ctx.has_game_in_progress())
    buttons: list[ft.Control] = []
    for a in model.actions:

        def open_route(_e: object, route: str = a.route) -> None:
            ctx.go(route)

        button = w.big_button(
            a.label,
            open_route,
            icon_name=a.icon,
            hint=a.hint,
            primary=a.primary,
            disabled=not a.enabled,
            key=f"home-{a.key}",
            scale=ctx.text_scale,
        )
        buttons.append(ft.Container(button, col={"xs": 12, "sm": 6}, height=round(74 * ctx.text_scale)))
    return [
        ft.Container(w.para(model.subtitle), padding=ft.Padding.only(top=4, left=4)),
        ft.ResponsiveRow(buttons, spacing=12, run_spacing=10),
    ]
