"""History ("/history"): every stored game, the record per difficulty, and the solo scores over time.

Thin: everything comes from :class:`HistoryPresenter`. A game in progress opens on the round screen; a finished
one shows its result ("/history/game?game=<id>"); deleting asks first.
"""

from __future__ import annotations

import flet as ft

from companion.ui.history.presenter import ChartModel, GameRow, HistoryPresenter, HistoryView, StatsRow
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.bgstats_button import export_button
from companion.ui.widgets.colors import dot

DIFFICULTY_COLOR = {
    "easy": ft.Colors.GREEN_700,
    "hard": ft.Colors.ORANGE_800,
    "punishing": ft.Colors.RED_800,
    "mixed": ft.Colors.BLUE_GREY_600,
}


def presenter(ctx: AppContext) -> HistoryPresenter:
    store = game_access.store(ctx)
    p = ctx.state.history
    if p is None or p.store is not store:
        p = HistoryPresenter.with_deck_bands(store, ctx.data_dir)
        ctx.state.history = p
    return p


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    return [HistoryScreen(ctx, presenter(ctx)).root]


def named_button(text: str, name: str, on_click, *, icon_name: str, filled: bool = False) -> ft.Control:
    """A button showing ``text`` whose accessible name is ``name`` ("Delete" / "Delete game 3")."""
    cls = ft.FilledButton if filled else ft.TextButton
    return cls(
        content=ft.Text(text, semantics_label=name),
        icon=w.icon(icon_name),
        on_click=on_click,
        height=w.TARGET - 4,
    )


class HistoryScreen:
    def __init__(self, ctx: AppContext, p: HistoryPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.root = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.redraw()

    def redraw(self) -> None:
        v = self.p.view()
        controls: list[ft.Control] = [*self._error(v)]
        if v.empty:
            controls.append(
                w.card(
                    [
                        w.heading("No games yet"),
                        w.para("Games you play with the app are kept here, with their scores, as you play them."),
                        w.filled_button("New game", lambda _e: self.ctx.go("/new"), icon_name="ADD"),
                    ]
                )
            )
        else:
            controls += [self._stats(v), self._chart(v.chart), w.heading("Games"), *self._export(v),
                         *[self._game(g) for g in v.games]]
        self.root.controls = controls

    # ------------------------------------------------------------------ parts
    def _export(self, v: HistoryView) -> list[ft.Control]:
        finished = sum(not g.in_progress for g in v.games)
        if not finished:
            return []
        what = "your finished game" if finished == 1 else f"your {finished} finished games"
        return [
            ft.Row(
                [export_button(self.ctx), ft.Text(f"One file with {what}", size=14, expand=True)],
                wrap=False,
                spacing=8,
            )
        ]

    def _error(self, v: HistoryView) -> list[ft.Control]:
        if not v.error:
            return []
        return [
            ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Error"),
                    ft.Text(v.error, color=ft.Colors.ERROR, expand=True),
                ]
            )
        ]

    def _stats(self, v: HistoryView) -> ft.Control:
        blocks: list[ft.Control] = [w.heading("Your record", 3)]
        if not v.stats:
            blocks.append(w.para("No finished game yet.", small=True))
        for i, s in enumerate(v.stats):
            blocks.append(self._stats_block(s, last=i == len(v.stats) - 1))
        return w.card(blocks, spacing=10, stretch=True)

    def _stats_block(self, s: StatsRow, last: bool = False) -> ft.Control:
        def tile(label: str, value: str) -> ft.Control:
            return ft.Container(
                ft.Column(
                    [
                        ft.Text(value, theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.W_700),
                        ft.Text(label, size=13),
                    ],
                    spacing=0,
                    tight=True,
                ),
                col={"xs": 4, "sm": 2.4},
            )

        solo = s.solo_games > 0
        tiles = [tile("games", str(s.games))]
        if solo:
            tiles += [tile("solo wins", f"{s.solo_wins} of {s.solo_games}"), tile("win rate", s.win_rate)]
        tiles += [tile("best score", str(s.best) if s.best is not None else "-"), tile("average", s.average)]
        controls: list[ft.Control] = [
            ft.Row(
                [
                    ft.Container(
                        width=12, height=12, border_radius=6, bgcolor=DIFFICULTY_COLOR.get(s.difficulty or "")
                    ),
                    ft.Text(s.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
                ],
                visible=True,
            ),
            ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
        ]
        if s.beard_ranks:
            chips = [w.chip(f"{rank} x{n}" if n > 1 else rank, tone="good") for rank, n in s.beard_ranks]
            controls.append(ft.Row([ft.Text("Beard ranks:", size=14), *chips], wrap=True, spacing=6, run_spacing=4))
        elif solo:
            controls.append(ft.Text("No beard rank yet: win a solo game.", size=14))
        return ft.Container(
            ft.Column(controls, spacing=6, tight=True),
            padding=ft.Padding.only(top=4, bottom=0 if last else 8),
            border=None if last else ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        )

    def _chart(self, c: ChartModel) -> ft.Control:
        controls: list[ft.Control] = [w.heading("Your solo scores", 3)]
        shown = c.difficulty  # None only when no solo game is drawn: then there is nothing to choose
        if len(c.choices) > 1 and shown is not None:

            def chosen(e: ft.Event[ft.SegmentedButton]) -> None:
                picked = (e.control.selected or [shown])[0]
                self.p.show_chart(picked)
                self.redraw()

            controls.append(
                ft.SegmentedButton(
                    segments=[ft.Segment(value=d, label=ft.Text(text)) for d, text in c.choices],
                    selected=[shown],
                    on_change=chosen,
                    show_selected_icon=False,
                )
            )
        if c.points:
            color = DIFFICULTY_COLOR.get(c.difficulty or "", ft.Colors.BLUE_GREY_600)
            controls.append(ft.Semantics(content=self._line_chart(c, color), label=c.summary))
            legend: list[ft.Control] = [
                ft.Row(
                    [
                        ft.Container(width=14, height=14, border_radius=7, bgcolor=color),
                        ft.Text("a win", size=13),
                    ],
                    spacing=4,
                    tight=True,
                ),
                ft.Row(
                    [
                        ft.Container(width=14, height=14, border_radius=7, border=ft.Border.all(3, color)),
                        ft.Text("a loss", size=13),
                    ],
                    spacing=4,
                    tight=True,
                ),
            ]
            controls.append(ft.Row(legend, wrap=True, spacing=14, run_spacing=4))
        controls.append(w.para(c.note, small=True))
        if c.band is not None:
            controls.append(w.para(f"The band comes from simulated games with {self.p.bands_from()}.",
                                   small=True))
        return w.card(controls, spacing=8, stretch=True)

    def _line_chart(self, c: ChartModel, color: str) -> ft.Control:
        # Imported here, on the first chart drawn: flet_charts is a heavy import the app's start does without.
        import flet_charts as fch

        n = len(c.points)
        x0, x1 = 0.5, n + 0.5
        series: list[fch.LineChartData] = []
        b = c.band
        if b is not None:
            series.append(
                fch.LineChartData(
                    points=[fch.LineChartDataPoint(x=x0, y=b.p90), fch.LineChartDataPoint(x=x1, y=b.p90)],
                    color=ft.Colors.with_opacity(0.4, color),
                    stroke_width=1,
                    below_line_bgcolor=ft.Colors.with_opacity(0.16, color),
                    below_line_cutoff_y=b.p10,
                )
            )
            for y, dashes in ((b.p50, [6, 4]), (b.p10, None)):
                series.append(
                    fch.LineChartData(
                        points=[fch.LineChartDataPoint(x=x0, y=y), fch.LineChartDataPoint(x=x1, y=y)],
                        color=ft.Colors.with_opacity(0.7 if dashes else 0.4, color),
                        stroke_width=1.5 if dashes else 1,
                        dash_pattern=dashes,
                    )
                )
        series.append(
            fch.LineChartData(
                points=[
                    fch.LineChartDataPoint(
                        x=p.x,
                        y=p.y,
                        tooltip=p.label,
                        point=fch.ChartCirclePoint(
                            radius=6,
                            color=color if p.win else ft.Colors.SURFACE,
                            stroke_color=color,
                            stroke_width=3,
                        ),
                    )
                    for p in c.points
                ],
                color=color,
                stroke_width=2.5,
                point=True,
            )
        )
        grid = fch.ChartGridLines(interval=c.y_step, color=ft.Colors.with_opacity(0.15, ft.Colors.ON_SURFACE), width=1)
        return fch.LineChart(
            data_series=series,
            min_x=x0,
            max_x=x1,
            min_y=c.min_y,
            max_y=c.max_y,
            horizontal_grid_lines=grid,
            # A floor below 0 (room for a low score's dot, see presenter._y_range) gets no label of its own.
            left_axis=fch.ChartAxis(label_size=40, label_spacing=c.y_step, show_min=c.min_y % c.y_step == 0),
            bottom_axis=fch.ChartAxis(
                labels=[fch.ChartAxisLabel(value=x, label=ft.Text(t, size=11)) for x, t in c.x_labels],
                label_size=26,
            ),
            height=240,
            interactive=True,
        )

    def _game(self, g: GameRow) -> ft.Control:
        status = w.chip(g.status, tone="warn" if g.in_progress else "neutral")
        head = ft.Row(
            [
                ft.Text(g.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
                status,
                ft.Text(g.when, size=14, expand=True, text_align=ft.TextAlign.RIGHT),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        players = ft.Row(
            [ft.Row([dot(c, 16) for c in g.colors], spacing=2, tight=True), ft.Text(g.players, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        controls: list[ft.Control] = [head, players]
        if g.scores:
            controls.append(ft.Text(g.scores, weight=ft.FontWeight.W_600))
        if g.winner or g.verdict:
            icon = ft.Icons.EMOJI_EVENTS if g.solo_win in (True, None) else ft.Icons.SENTIMENT_DISSATISFIED
            text = " · ".join(t for t in (g.winner, g.verdict) if t)
            controls.append(
                ft.Row(
                    [
                        ft.Icon(icon, size=20, semantics_label="Win" if g.solo_win else "Result"),
                        ft.Text(text, expand=True),
                    ]
                )
            )
        buttons: list[ft.Control] = []
        if g.in_progress:
            buttons.append(
                named_button("Continue", g.open_label, self._open(g.id), icon_name="PLAY_ARROW", filled=True)
            )
        else:
            buttons.append(
                named_button(
                    "See the result",
                    g.result_label,
                    lambda _e, gid=g.id: self.ctx.go(f"/history/game?game={gid}"),
                    icon_name="SCOREBOARD",
                )
            )
        buttons.append(named_button("Delete", g.delete_label, self._ask_delete(g.id), icon_name="DELETE_OUTLINE"))
        controls.append(ft.Row(buttons, wrap=True, spacing=8))
        return w.card(controls, spacing=6, stretch=True)

    # ------------------------------------------------------------------ taps
    def _open(self, game_id: int):
        def handler(_e) -> None:
            session = self.p.open(game_id)
            if session is None:
                self.redraw()
                return
            self.ctx.state.session = game_access.watched(self.ctx, session)
            self.ctx.state.round_presenter = None
            self.ctx.go("/round")

        return handler

    def _ask_delete(self, game_id: int):
        def handler(_e) -> None:
            page = self.ctx.page
            c = self.p.confirm_delete(game_id)

            def yes(_e) -> None:
                page.pop_dialog()
                if self.p.delete(game_id):
                    self._forget(game_id)
                    self.ctx.toast(f"Game {game_id} deleted")
                self.redraw()
                page.update()

            dialog = ft.AlertDialog(
                modal=True,
                title=ft.Text(c.title),
                content=ft.Container(ft.Text(c.text), width=460),
                actions=[
                    ft.TextButton(c.no, on_click=lambda _e: page.pop_dialog()),
                    ft.FilledButton(
                        c.yes,
                        icon=ft.Icons.DELETE_FOREVER,
                        on_click=yes,
                        style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                    ),
                ],
            )
            page.show_dialog(dialog)

        return handler

    def _forget(self, game_id: int) -> None:
        """A deleted game is no longer the one being played nor one being scored."""
        session = self.ctx.state.session
        if session is not None and session.game_id == game_id:
            self.ctx.state.session = None
            self.ctx.state.round_presenter = None
        self.ctx.state.final_presenters.pop(game_id, None)
