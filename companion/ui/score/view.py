"""Score a game: players, their counts with big steppers, the final turn order, and the ranked result.

The sheet lives in ``ctx.state.score`` (a :class:`ScorePresenter`), so leaving the screen keeps it.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules import words
from companion.rules.scoring import COLOR_GEM, COLORS, DIFFICULTIES
from companion.store.settings import effective_set_chart
from companion.ui.score.presenter import ResultView, Row, ScorePresenter, SeatState, colour_name
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import dot

RESULT_KEY = "score-result"

def stepper(label: str, value: int, on_step: Callable[[int], int], on_text: Callable[[str], str | None]):
    """``[-] [label: value] [+]``: big buttons, a number field in between (named ``label``)."""
    error = ft.Text("", color=ft.Colors.ERROR, size=12, visible=False)

    def typed(e: ft.ControlEvent) -> None:
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


def count_steppers(presenter: ScorePresenter, seat: SeatState, on_change: Callable[[], None]) -> ft.Control:
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


def human_hint(color: str) -> ft.Control:
    """What a human counts: the tiles added during the game (the starting tile is added for them)."""
    return w.para(
        f"Count the mine tiles you added during the game; your starting tile ({COLOR_GEM[color]}) is "
        "added for you and counts as 2.",
        small=True,
    )


def _choice(label: str, value: str, options: list[tuple[str, str]], on_change) -> ft.Control:
    """A one-of-a-few choice as a segmented button (compact on a phone), with a caption."""

    def changed(e: ft.ControlEvent) -> None:
        e.control.value = (e.control.selected or [value])[0]
        on_change(e)

    return ft.Column(
        [
            ft.Text(label, weight=ft.FontWeight.W_600, size=14),
            ft.SegmentedButton(
                segments=[ft.Segment(value=v, label=ft.Text(t)) for v, t in options],
                selected=[value],
                on_change=changed,
                show_selected_icon=False,
            ),
        ],
        spacing=4,
        tight=True,
    )


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    presenter = ctx.state.score
    if presenter is None:
        presenter = ctx.state.score = ScorePresenter.solo()
    players_col = ft.Column(spacing=12)
    order_col = ft.Column(spacing=4)
    result_col = ft.Column(spacing=10)
    totals: dict[str, ft.Text] = {}

    # ------------------------------------------------------------------------------------------ result
    chart = effective_set_chart(ctx.settings)

    def refresh_result() -> None:
        view = presenter.result(chart)
        result_col.controls = result_controls(view)
        by_colour = {r.color: r.total for r in view.rows}
        for color, text in totals.items():
            total = by_colour.get(color)
            text.value = words.count(total, "point") if total is not None else "-"

    # ------------------------------------------------------------------------------------------ players
    def seat_card(seat: SeatState) -> ft.Control:
        color = seat.color
        total = ft.Text("", weight=ft.FontWeight.W_600)
        totals[color] = total

        def structural(action):
            def handler(e: ft.ControlEvent) -> None:
                action(e)
                render()

            return handler

        head = ft.Row(
            [
                dot(color),
                ft.Text(seat.label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
                total,
                w.icon_button(
                    "DELETE_OUTLINE",
                    f"Remove {seat.label}",
                    structural(lambda _e: presenter.remove_player(color)),
                    disabled=not presenter.can_remove,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        controls: list[ft.Control] = [
            head,
            _choice(
                "Colour",
                color,
                [(c, colour_name(c)) for c in COLORS],
                structural(lambda e: presenter.set_colour(color, e.control.value)),
            ),
            _choice(
                "Player",
                seat.kind,
                [("human", "Human"), ("automa", "Automa")],
                structural(lambda e: presenter.set_kind(color, e.control.value)),
            ),
        ]
        if seat.kind == "automa":
            controls.append(
                _choice(
                    "Difficulty",
                    seat.difficulty,
                    [(d, d.capitalize()) for d in DIFFICULTIES],
                    structural(lambda e: presenter.set_difficulty(color, e.control.value)),
                )
            )
            controls.append(w.para("Count from its hidden stash.", small=True))
        else:
            controls.append(human_hint(color))
        controls.append(count_steppers(presenter, seat, refresh_result))
        return w.card(controls, spacing=8)

    # ------------------------------------------------------------------------------------------ turn order
    def order_rows() -> list[ft.Control]:
        rows = []
        n = len(presenter.turn_order)
        for i, color in enumerate(presenter.turn_order):
            name = colour_name(color)

            def move(delta: int, color=color):
                def handler(_e) -> None:
                    presenter.move(color, delta)
                    render()

                return handler

            rows.append(
                ft.Row(
                    [
                        ft.Text(f"{i + 1}.", width=28, weight=ft.FontWeight.W_600),
                        dot(color, 18),
                        ft.Text(presenter.seat(color).label, expand=True),
                        w.icon_button("ARROW_UPWARD", f"Move {name} up", move(-1), disabled=i == 0),
                        w.icon_button("ARROW_DOWNWARD", f"Move {name} down", move(+1), disabled=i == n - 1),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        return rows

    # ------------------------------------------------------------------------------------------ render
    def render() -> None:
        totals.clear()
        players_col.controls = [seat_card(s) for s in presenter.seats]
        if presenter.can_add:
            players_col.controls.append(
                ft.Row(
                    [
                        w.text_button(
                            "Add a player", lambda _e: (presenter.add_player("human"), render()), icon_name="PERSON_ADD"
                        ),
                        w.text_button(
                            "Add an automa",
                            lambda _e: (presenter.add_player("automa"), render()),
                            icon_name="SMART_TOY",
                        ),
                    ],
                    wrap=True,
                )
            )
        order_col.controls = order_rows()
        edition.value = presenter.expansion
        refresh_result()

    def preset(make: Callable[[], ScorePresenter]):
        def handler(_e) -> None:
            nonlocal presenter
            presenter = make()
            ctx.state.score = presenter
            render()

        return handler

    def set_edition(e: ft.ControlEvent) -> None:
        presenter.set_expansion(bool(e.control.value))
        render()

    edition = ft.Switch(label="Caverns of Gandûm expansion", value=presenter.expansion, on_change=set_edition)
    setup = w.card(
        [
            w.heading("The game", 3),
            edition,
            w.para("Start from:", small=True),
            ft.Row(
                [
                    w.text_button("Solo against two automa", preset(ScorePresenter.solo), icon_name="PERSON"),
                    w.text_button("Four players", preset(lambda: ScorePresenter.group(4)), icon_name="GROUPS"),
                    w.text_button("Two players", preset(lambda: ScorePresenter.group(2)), icon_name="PEOPLE"),
                ],
                wrap=True,
                spacing=4,
            ),
        ]
    )

    async def to_result(_e) -> None:
        await ctx.page.views[-1].scroll_to(scroll_key=RESULT_KEY, duration=400)

    render()
    return [
        setup,
        ft.Row(
            [
                ft.Container(w.heading("Players"), expand=True),
                w.text_button("Go to the result", to_result, icon_name="ARROW_DOWNWARD"),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        players_col,
        w.card(
            [
                w.heading("Final turn order", 3),
                w.para("The order after the last round; it breaks ties.", small=True),
                order_col,
            ]
        ),
        ft.Container(w.card([w.heading("Result", 3), result_col]), key=ft.ScrollKey(RESULT_KEY)),
    ]


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
            label.append(w.chip("estimate", tone="warn", tooltip="This value of the set chart is the app's estimate"))
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
        return [
            ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Error"),
                    ft.Text(view.error, color=ft.Colors.ERROR, expand=True),
                ]
            )
        ]
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
    return out
