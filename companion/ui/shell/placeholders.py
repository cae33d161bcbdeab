"""Screens that are not built yet, and the screen for an unknown address."""

from __future__ import annotations

import flet as ft

from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


def coming(what: str, detail: str):
    """A body that says ``what`` is coming, with a way home."""

    def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
        return [
            w.card(
                [
                    ft.Row([ft.Icon(ft.Icons.CONSTRUCTION, semantics_label="Under construction"), w.heading(what)]),
                    w.para(detail),
                    w.filled_button("Back to home", lambda _e: ctx.go("/"), icon_name="HOME"),
                ]
            )
        ]

    return build


def not_found(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    return [
        w.card(
            [
                w.heading("Nothing here"),
                w.para(f"The app has no screen at {ctx.page.route}."),
                w.filled_button("Back to home", lambda _e: ctx.go("/"), icon_name="HOME"),
            ]
        )
    ]
