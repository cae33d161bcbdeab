"""The score sheet's pieces that Score a game ("/score") and the end of a game ("/final") share: a stepper for each
count of a player, what a human counts, and the ranked result with its lines."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules.names import GEM_TYPES
from companion.ui.score.presenter import ResultView, Row, ScorePresenter, SheetSeat, colour_name
from companion.ui.score.result import ESTIMATED_START
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import dot


def stepper(label: str, value: int, on_step: Callable[[int], int], on_text: Callable[[str], str | None]):
    """``[-] [label: value] [+]``: big buttons, a number field in between (named ``label``)."""
    error = ft.Text("", color=ft.Colors.ERROR, size=12, visible=False)

    def typed(e: ft.Event[ft.TextField]) -> None:
        message = on_text(e.control.value or "")
        error.value = message or ""
        error.visible = bool(message)

    field = w.number_field(label, value, typed, width=None, expand=True, content_padding=ft.Padding.all(10))

    def step(delta: int):
        def handler(_e) -> None:
            new = on_step(delta)
            field.value = str(new)
            error.visible = False

        return handler

    minus = w.icon_button("REMOVE", f"Less {label.lower()}", step(-1))
    plus = w.icon_button("ADD", f"More {label.lower()}", step(+1))
    return ft.Container(
        ft.Column(
            [ft.Row([minus, field, plus], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER), error],
            spacing=0,
            tight=True,
        ),
        col={"xs": 12, "sm": 6},
    )


def count_steppers(presenter: ScorePresenter, seat: SheetSeat, on_change: Callable[[], None]) -> ft.Control:
    """A stepper for each count of ``seat`` (named "Blue gold", ...); ``on_change`` runs after every change."""
    color = seat.color
    steppers = []
    for key, label in seat.fields(presenter.expansion):

        def on_step(delta: int, key=key) -> int:
            value = presenter.step(color, key, delta)
            on_change()
            return value

        def on_text(text: str, key=key) -> str | None:
            message = presenter.set_count(color, key, text)
            on_change()
            return message

        steppers.append(stepper(f"{colour_name(color)} {label.lower()}", seat.count(key), on_step, on_text))
    return ft.ResponsiveRow(steppers, spacing=8, run_spacing=8)


def human_hint(seat: SheetSeat, on_pick: Callable[[str], object]) -> ft.Control:
    """What a person counts: the tiles added during the game; their starting tile is added for them. The rulebooks
    print the blue and red tiles' gems only: for another colour the type is a choice, starting at the app's
    estimate (marked) until the player picks what their tile shows (``on_pick`` gets the type)."""
    counted = "Count the mine tiles you added during the game; your starting tile"
    if not seat.start_guessable:
        return w.para(f"{counted} ({seat.start}) is added for you and counts as 2.", small=True)

    head: list[ft.Control] = [ft.Text(f"{colour_name(seat.color)} starting tile", weight=ft.FontWeight.W_600, size=14)]
    if seat.start_estimated:
        head.append(w.chip("estimate", tone="warn", tooltip=ESTIMATED_START))
    chips: list[ft.Control] = [
        ft.Chip(label=ft.Text(g.capitalize()), selected=g == seat.start, on_select=lambda _e, g=g: on_pick(g))
        for g in GEM_TYPES
    ]
    parts: list[ft.Control] = [
        w.para(f"{counted} is added for you and counts as 2 tiles of its type, below.", small=True),
        ft.Row(head, spacing=6, wrap=True),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
    ]
    if seat.start_estimated:
        parts.append(w.para(f"{ESTIMATED_START}: pick the gems your tile shows.", small=True))
    return ft.Column(parts, spacing=4, tight=True)


def result_row(row: Row) -> ft.Control:
    head = ft.Row(
        [
            ft.Container(
                ft.Text(str(row.rank), weight=ft.FontWeight.W_700, color=ft.Colors.ON_PRIMARY),
                bgcolor=ft.Colors.PRIMARY,
                border_radius=14,
                width=28,
                height=28,
                alignment=ft.Alignment.CENTER,
            ),
            dot(row.color, 18),
            ft.Text(row.label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
            ft.Text(f"{row.total}", theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.W_700),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    lines: list[ft.Control] = []
    for line in row.lines:
        sub = line.label.endswith(" set")
        label: list[ft.Control] = [
            ft.Text(line.label, weight=None if sub else ft.FontWeight.W_600, size=14 if sub else None),
        ]
        if line.mark == "estimate":
            label.append(w.chip("estimate", tone="warn",
                                tooltip=line.tip or "This value of the set chart is the app's estimate"))
        elif line.mark == "your copy":
            label.append(w.chip("your copy", tone="good", tooltip="From your reference card, set in Settings"))
        lines.append(
            ft.Row(
                [
                    ft.Column(
                        [ft.Row(label, spacing=6, wrap=True), ft.Text(line.detail, size=13, opacity=0.8)],
                        spacing=0,
                        tight=True,
                        expand=True,
                    ),
                    ft.Text(str(line.points), weight=ft.FontWeight.W_600, text_align=ft.TextAlign.RIGHT, width=48),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
        if sub:
            lines[-1] = ft.Container(lines[-1], padding=ft.Padding.only(left=18))
    controls: list[ft.Control] = [head, *lines]
    if row.tie_note:
        controls.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BALANCE, size=18, semantics_label="Tie"),
                    ft.Text(f"{row.label} {row.tie_note}.", italic=True, expand=True),
                ]
            )
        )
    return ft.Container(
        ft.Column(controls, spacing=6, tight=True),
        padding=ft.Padding.symmetric(vertical=8),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


def result_controls(view: ResultView) -> list[ft.Control]:
    if view.error:
        return [error_row(view.error)]
    out: list[ft.Control] = []
    if view.solo is not None:
        win = view.solo.win
        out.append(
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(
                            ft.Icons.EMOJI_EVENTS if win else ft.Icons.SENTIMENT_DISSATISFIED,
                            size=32,
                            semantics_label="Win" if win else "Loss",
                        ),
                        ft.Text(view.solo.headline, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
                    ]
                ),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if win else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                border_radius=12,
                padding=12,
            )
        )
    out += [result_row(r) for r in view.rows]
    if view.estimates_used:
        out.append(
            w.para(
                "The rulebook prints the mine-tile set chart only for 1, 3 and 5 tiles; the other values are the "
                "app's estimates, marked where used. Correct them from your reference card in Settings.",
                small=True,
            )
        )
    for label, gem in view.estimated_starts:
        out.append(w.para(f"{label}: the starting tile counts as {gem}, the app's estimate (the rulebooks print only "
                          "the blue and red tiles' gems). If the tile shows other gems, pick them on the sheet.",
                          small=True))
    return out


def error_row(message: str) -> ft.Control:
    """A line saying what went wrong, in the error colour."""
    return ft.Row(
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Error"),
            ft.Text(message, color=ft.Colors.ERROR, expand=True),
        ]
    )
