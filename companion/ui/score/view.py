"""Score a game: players, their counts with big steppers, the final turn order, and the ranked result.

The sheet lives in ``ctx.state.score`` (a :class:`ScorePresenter`), so leaving the screen keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import flet as ft

from companion.rules import words
from companion.rules.scoring import COLORS, DIFFICULTIES
from companion.ui.score.parts import count_steppers, human_hint, result_controls
from companion.ui.score.presenter import ScorePresenter, SheetSeat, colour_name
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import dot

RESULT_KEY = "score-result"
T = TypeVar("T")


def _choice(label: str, value: str, options: list[tuple[str, str]], on_pick: Callable[[str], object]) -> ft.Control:
    """A one-of-a-few choice as a segmented button (compact on a phone), with a caption; ``on_pick`` gets the value
    chosen."""

    def changed(e: ft.Event[ft.SegmentedButton]) -> None:
        on_pick((e.control.selected or [value])[0])

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
    return ScoreScreen(ctx, presenter).controls()


class ScoreScreen:
    """The sheet's parts: the game (edition, a preset to start from), a card per player, the final turn order and
    the result; ``render`` redraws the players, the order and the result after a change of the sheet's shape."""

    def __init__(self, ctx: AppContext, presenter: ScorePresenter) -> None:
        self.ctx = ctx
        self.presenter = presenter
        self.players_col = ft.Column(spacing=12)
        self.order_col = ft.Column(spacing=4)
        self.result_col = ft.Column(spacing=10)
        self.totals: dict[str, ft.Text] = {}  # each player's total, beside their name
        self.chart = ctx.set_chart
        self.edition = ft.Switch(label="Caverns of Gandûm expansion", value=presenter.expansion,
                                 on_change=self._set_edition)

    def controls(self) -> list[ft.Control]:
        async def to_result(_e) -> None:
            await self.ctx.page.views[-1].scroll_to(scroll_key=RESULT_KEY, duration=400)

        setup = self._setup_card()
        self.render()
        return [
            setup,
            ft.Row(
                [
                    ft.Container(w.heading("Players"), expand=True),
                    w.text_button("Go to the result", to_result, icon_name="ARROW_DOWNWARD"),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            self.players_col,
            w.card(
                [
                    w.heading("Final turn order", 3),
                    w.para("The order after the last round; it breaks ties.", small=True),
                    self.order_col,
                ]
            ),
            ft.Container(w.card([w.heading("Result", 3), self.result_col]), key=w.scroll_key(RESULT_KEY)),
        ]

    # ------------------------------------------------------------------------------------------ the game
    def _setup_card(self) -> ft.Control:
        return w.card(
            [
                w.heading("The game", 3),
                self.edition,
                w.para("Start from:", small=True),
                ft.Row(
                    [
                        w.text_button("Solo against two automa", self._preset(ScorePresenter.solo), icon_name="PERSON"),
                        w.text_button("Four players", self._preset(lambda: ScorePresenter.group(4)),
                                      icon_name="GROUPS"),
                        w.text_button("Two players", self._preset(lambda: ScorePresenter.group(2)),
                                      icon_name="PEOPLE"),
                    ],
                    wrap=True,
                    spacing=4,
                ),
            ]
        )

    def _preset(self, make: Callable[[], ScorePresenter]):
        def handler(_e) -> None:
            self.presenter = make()
            self.ctx.state.score = self.presenter
            self.render()

        return handler

    def _set_edition(self, e: ft.Event[ft.Switch]) -> None:
        self.presenter.set_expansion(bool(e.control.value))
        self.render()

    # ------------------------------------------------------------------------------------------ result
    def _refresh_result(self) -> None:
        view = self.presenter.result(self.chart)
        self.result_col.controls = result_controls(view)
        by_colour = {r.color: r.total for r in view.rows}
        for color, text in self.totals.items():
            total = by_colour.get(color)
            text.value = words.count(total, "point") if total is not None else "-"

    # ------------------------------------------------------------------------------------------ players
    def _structural(self, action: Callable[[T], object]) -> Callable[[T], None]:
        """A handler that changes the sheet's shape (a player, a colour, a kind): the sheet is drawn again."""

        def handler(arg: T) -> None:
            action(arg)
            self.render()

        return handler

    def _seat_card(self, seat: SheetSeat) -> ft.Control:
        presenter, color = self.presenter, seat.color
        total = ft.Text("", weight=ft.FontWeight.W_600)
        self.totals[color] = total
        head = ft.Row(
            [
                dot(color),
                ft.Text(seat.label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
                total,
                w.icon_button(
                    "DELETE_OUTLINE",
                    f"Remove {seat.label}",
                    self._structural(lambda _e: presenter.remove_player(color)),
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
                self._structural(lambda v: presenter.set_colour(color, v)),
            ),
            _choice(
                "Player",
                seat.kind,
                [("human", "Human"), ("automa", "Automa")],
                self._structural(lambda v: presenter.set_kind(color, v)),
            ),
        ]
        if seat.kind == "automa":
            controls.append(
                _choice(
                    "Difficulty",
                    seat.difficulty,
                    [(d, d.capitalize()) for d in DIFFICULTIES],
                    self._structural(lambda v: presenter.set_difficulty(color, v)),
                )
            )
            controls.append(w.para("Count from its hidden stash.", small=True))
        else:
            controls.append(human_hint(seat, self._structural(lambda v: presenter.set_starting_tile(color, v))))
        controls.append(count_steppers(presenter, seat, self._refresh_result))
        return w.card(controls, spacing=8)

    def _add_buttons(self) -> ft.Control:
        presenter = self.presenter
        return ft.Row(
            [
                w.text_button(
                    "Add a player", self._structural(lambda _e: presenter.add_player("human")), icon_name="PERSON_ADD"
                ),
                w.text_button(
                    "Add an automa", self._structural(lambda _e: presenter.add_player("automa")), icon_name="SMART_TOY"
                ),
            ],
            wrap=True,
        )

    # ------------------------------------------------------------------------------------------ turn order
    def _order_rows(self) -> list[ft.Control]:
        presenter = self.presenter
        rows: list[ft.Control] = []
        n = len(presenter.turn_order)
        for i, color in enumerate(presenter.turn_order):
            name = colour_name(color)

            def move(delta: int, color=color):
                def handler(_e) -> None:
                    presenter.move(color, delta)
                    self.render()

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
    def render(self) -> None:
        self.totals.clear()
        self.players_col.controls = [self._seat_card(s) for s in self.presenter.seats]
        if self.presenter.can_add:
            self.players_col.controls.append(self._add_buttons())
        self.order_col.controls = self._order_rows()
        self.edition.value = self.presenter.expansion
        self._refresh_result()
