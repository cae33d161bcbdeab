"""The end of a game ("/final"): the score sheet of the game in progress, then its saved result.

Thin: everything comes from :class:`FinalPresenter` (kept in ``ctx.state`` per game, so the counts typed so
far survive leaving the screen); the steppers and the result are the score screen's own pieces.
``?game=<id>`` shows a stored game (History links to it at "/history/game"); without it, the game in progress,
or else the game that ended last.
"""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.rules.names import Color
from companion.ui.final.presenter import SAVED, SHEET, AutomaCard, FinalPresenter, FinalView
from companion.ui.score.parts import count_steppers, error_row, human_hint, result_controls
from companion.ui.score.presenter import colour_name
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.bgstats_button import export_button
from companion.ui.widgets.colors import dot

#: Track points as the board shows them: past 100 the marker starts again at 0 and a lap disc keeps the hundreds
#: (the base rulebook's 99 + 2 = 101, marker on 1), so the marker alone would give 1 where 101 is meant.
TRACK_POINTS = "Track points: where the score marker stands, plus 100 for each lap the lap disc shows."


def presenter(ctx: AppContext, params: dict[str, str]) -> FinalPresenter | None:
    """The presenter of the game asked for (``?game=``), else of the game in progress; None when there is none."""
    wanted = params.get("game")
    session = game_access.current(ctx) if not wanted else None
    if not wanted and session is None:  # nothing in progress: the game that ended last, if any
        last = game_access.last_ended(ctx)
        wanted = str(last) if last is not None else None
    if wanted:
        try:
            game_id = int(wanted)
        except ValueError:
            return None
        session = game_access.session_of(ctx, game_id)
    if session is None:
        return None
    presenters = ctx.state.final_presenters
    p = presenters.get(session.game_id)
    if p is None:
        p = FinalPresenter(session)
        presenters[session.game_id] = p
    else:
        p.session = session  # the same game, opened again (from History, or after another window changed it)
    p.chart = ctx.set_chart
    return p


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    p = presenter(ctx, params)
    if p is None:
        return [
            w.card(
                [
                    w.heading("No game to score"),
                    w.para(
                        "No game is waiting for its final scores. Finished games and their results are in History; "
                        "to add up the scores of a game played without the app, use Score a game."
                    ),
                    ft.Row(
                        [
                            w.filled_button("History", lambda _e: ctx.go("/history"), icon_name="HISTORY"),
                            w.text_button("Score a game", lambda _e: ctx.go("/score"), icon_name="CALCULATE"),
                        ],
                        wrap=True,
                    ),
                ]
            )
        ]
    screen = FinalScreen(ctx, p)
    return [w.pinned(screen.root, screen.bar, screen.scroller)]


class FinalScreen:
    """Holds the screen's root column and redraws it from the presenter.

    On the sheet, the next step (reveal the next automa's counts, then save) sits in a bar pinned at the bottom
    of the window, as on the round screen: on a phone blue's count fields come first and fill the window, and
    the step must not wait below them. The saved result has no bar."""

    def __init__(self, ctx: AppContext, p: FinalPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.root = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.bar = w.pinned_bar("final-bar", bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)
        self.scroller = ft.Column()  # the scrolling part above the bar (w.pinned)
        self.totals: dict[str, ft.Text] = {}
        self.result_col = ft.Column(spacing=10)
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        v = self.p.view()
        self.totals = {}
        # New controls on every redraw: a control moved to a new parent is not sent again by Flet.
        self.result_col = ft.Column(spacing=10)
        if v.mode == SHEET:
            counts = [
                *[self._human(color, v) for color in v.humans],
                *[self._automa_counted(color, v) for color in (self.p.automa if v.table_stash else ())],
                *[ft.Container(self._automa(card), key=w.scroll_key(_automa_key(card.color))) for card in v.automa],
            ]
            # Once every automa is revealed the result goes first, under the title: the last reveal jumps to the
            # top, a place that does not depend on the new layout (a jump to the result card's key used the
            # card's place before it grew: with larger text the verdict stayed under the bar). Not while the
            # table's counts are typed (table mode): the field being typed in must not move.
            if v.result is not None and not v.table_stash:
                controls = [self._header(v), self._result_card(v), *counts, self._order(v)]
            else:
                controls = [self._header(v), *counts, self._result_card(v), self._order(v)]
        elif v.mode == SAVED:
            # What comes next (History, New game) right under "saved", at the top: after a save the screen goes
            # there, and the verdict follows just below it.
            controls = [self._header(v, self._after_save()), self._result_card(v), self._order(v)]
        else:
            controls = [
                w.card(
                    [
                        w.heading("The game is not over yet"),
                        w.para(v.waiting_for),
                        w.filled_button("Back to the game", lambda _e: self.ctx.go("/round"), icon_name="CASINO"),
                    ]
                )
            ]
        self.root.controls = controls
        self._fill_result(v)
        self._fill_bar(v)

    def refresh(self) -> None:
        """After a count changed: the totals, the result and the bar, without rebuilding the fields."""
        v = self.p.view()
        for color, text in self.totals.items():
            text.value = _points({**v.human_totals, **v.automa_totals}.get(color))
        self._fill_result(v)
        self._fill_bar(v)

    def _fill_bar(self, v: FinalView) -> None:
        """The sheet's next step: reveal the first automa still hidden, else save (greyed out until the counts
        allow it, with what is missing said above it)."""
        self.bar.visible = v.mode == SHEET
        if v.mode != SHEET:
            self.bar.content = None
            return
        hidden = next((card for card in v.automa if not card.revealed), None)
        scale = self.ctx.text_scale
        if hidden is not None:
            line = v.waiting_for
            button = w.big_button(
                hidden.reveal_label,
                self._reveal(hidden.color),
                icon_name="VISIBILITY",
                primary=True,
                hint="Once you have counted your own",
                scale=scale,
            )
        else:
            line = v.waiting_for or _verdict(v)
            button = w.big_button(
                "Save the result",
                self._save,
                icon_name="SAVE",
                hint="The game ends and joins History",
                primary=True,
                disabled=not v.can_save,
                scale=scale,
            )
        texts = [w.para(line, small=True)] if line else []
        self.bar.content = w.body([*texts, ft.Row([button])], spacing=6)  # the page's width on a desktop

    def _header(self, v: FinalView, actions: ft.Control | None = None) -> ft.Control:
        if v.mode == SHEET and v.table_stash:
            what = (
                "The last round is over. Count what each of you has, and for each automa what lies beside its "
                "deck and where its score marker stands; enter it below."
            )
            status = w.chip("final scores", tone="warn")
        elif v.mode == SHEET:
            what = (
                "The last round is over. Count what each of you has and enter it below; the automa's counts come "
                "from the stash the app kept for them."
            )
            status = w.chip("final scores", tone="warn")
        else:
            what = "The result as saved: it is in History."
            status = w.chip("finished", tone="good")
        return w.card(
            [
                ft.Row(
                    [ft.Container(w.heading(v.title), expand=True), status],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                w.para(f"Game {v.game_id}, {v.detail}" if v.game_id is not None else v.detail, small=True),
                w.para(what),
                *([actions] if actions is not None else []),
            ]
        )

    def _counted(self, color: str, total: int | None, hint: ft.Control) -> ft.Control:
        """A player whose counts are typed in: name and total, what to count, a stepper per count."""
        shown = ft.Text(_points(total), weight=ft.FontWeight.W_600)
        self.totals[color] = shown
        seat = self.p.sheet.seat(color)
        head = ft.Row(
            [dot(color), ft.Text(seat.label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True), shown],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return w.card([head, hint, count_steppers(self.p.sheet, seat, self.refresh)], spacing=8)

    def _human(self, color: Color, v: FinalView) -> ft.Control:
        """A person's counts; the track's lap said by the fields, not in the header (it would push the result
        down, out of a phone's view with larger text)."""
        hint = ft.Column([human_hint(self.p.sheet.seat(color), lambda gem: self._pick_start(color, gem)),
                          w.para(TRACK_POINTS, small=True)], spacing=2, tight=True)
        return self._counted(color, v.human_totals.get(color), hint)

    def _automa_counted(self, color: str, v: FinalView) -> ft.Control:
        """An automa whose things the table kept: its counts are entered like a human's."""
        hint = w.para(
            f"Beside {colour_name(color)}'s deck: count its mine tiles (gem and special) and the gem tiles among "
            f"them, its gold and its gems. {TRACK_POINTS}",
            small=True,
        )
        return self._counted(color, v.automa_totals.get(color), hint)

    def _automa(self, card: AutomaCard) -> ft.Control:
        head = ft.Row(
            [
                dot(card.color),
                ft.Text(card.label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
                ft.Icon(
                    ft.Icons.VISIBILITY if card.revealed else ft.Icons.VISIBILITY_OFF,
                    semantics_label="Revealed" if card.revealed else "Hidden",
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        if not card.revealed:
            return w.card(
                [
                    head,
                    w.para(
                        "Its counts come from the stash the app kept: hidden until you have counted your own "
                        "(the button at the bottom reveals them).",
                        small=True,
                    ),
                ],
                spacing=8,
            )
        counts: list[ft.Control] = [
            ft.Container(
                ft.Row(
                    [
                        ft.Text(label, expand=True),
                        ft.Text(str(value), weight=ft.FontWeight.W_700, text_align=ft.TextAlign.RIGHT),
                    ]
                ),
                col={"xs": 12, "sm": 6},
                padding=ft.Padding.symmetric(vertical=2, horizontal=4),
            )
            for label, value in card.counts
        ]
        return w.card(
            [
                head,
                ft.ResponsiveRow(counts, spacing=8, run_spacing=0),
                w.para(
                    "If the table disagrees with these counts, go back to the game and correct the stash "
                    "(Spells, special tiles and corrections).",
                    small=True,
                ),
                ft.Row(
                    [
                        w.text_button(card.hide_label, self._hide(card.color), icon_name="VISIBILITY_OFF"),
                        w.text_button("Back to the game", lambda _e: self.ctx.go("/round"), icon_name="CASINO"),
                    ],
                    wrap=True,
                ),
            ],
            spacing=8,
        )

    def _result_card(self, v: FinalView) -> ft.Control:
        return w.card([w.heading("Result", 3), self.result_col])

    def _fill_result(self, v: FinalView) -> None:
        out: list[ft.Control] = []
        if v.result is None:
            out.append(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.VISIBILITY_OFF, semantics_label="Hidden"),
                        ft.Text(v.waiting_for, expand=True),
                    ]
                )
            )
        else:
            out += result_controls(v.result)
            if v.mode == SHEET and v.result.solo is None and v.result.rows:
                out.insert(0, w.para(_verdict(v)))
        if v.note:
            out.append(w.para(v.note, small=True))
        if v.error:
            out.append(error_row(v.error))
        self.result_col.controls = out

    def _order(self, v: FinalView) -> ft.Control:
        rows = [
            ft.Row(
                [
                    ft.Text(f"{i}.", width=28, weight=ft.FontWeight.W_600),
                    dot(color, 18),
                    ft.Text(label, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for i, (color, label) in enumerate(v.turn_order, start=1)
        ]
        return w.card(
            [
                w.heading("Final turn order", 3),
                w.para("The order after the last round, as the game kept it; it breaks ties.", small=True),
                *rows,
            ]
        )

    def _after_save(self) -> ft.Control:
        return ft.Row(
            [
                w.filled_button("History", lambda _e: self.ctx.go("/history"), icon_name="HISTORY"),
                *([export_button(self.ctx, self.p.session.game_id)] if self.p.session.game_id is not None else []),
                w.text_button("New game", lambda _e: self.ctx.go("/new"), icon_name="ADD"),
                w.text_button("Home", lambda _e: self.ctx.go("/"), icon_name="HOME"),
            ],
            wrap=True,
        )

    # ------------------------------------------------------------------ taps
    def _reveal(self, color: str):
        async def handler(_e) -> None:
            self.p.reveal(color)
            self.redraw()
            self.ctx.page.update()
            # To what was revealed: the automa's counts (its card's top stays where it was), or with the last one
            # the result, now at the top. A jump, not an animation: Flutter stops a scroll animation where it is
            # when the screen's height changes under it (seen: the result left 560 px down).
            if self.p.all_revealed:
                await self.scroller.scroll_to(offset=0, duration=0)
            else:
                await self.scroller.scroll_to(scroll_key=_automa_key(color), duration=0)

        return handler

    def _pick_start(self, color: str, gem: str) -> None:
        """The type of a person's starting tile picked on the sheet: its estimate mark goes, the totals change."""
        self.p.set_starting_tile(color, gem)
        self.redraw()

    def _hide(self, color: str):
        def handler(_e) -> None:
            self.p.hide(color)
            self.redraw()

        return handler

    async def _save(self, _e) -> None:
        saved = self.p.save()
        self.redraw()
        # A handler that calls update itself (showing a toast does) gets no automatic update afterwards.
        self.ctx.page.update()
        if saved:
            # No snack bar (it covered the buttons): the top of the screen now says "The result as saved: it is in
            # History." above History and New game, the verdict below them, and the screen goes to the top.
            # A jump, not an animation: Flutter stops a scroll animation where it is when the screen's height
            # changes under it, and the saved screen is shorter than the sheet (seen: History left 700 px above).
            await self.scroller.scroll_to(offset=0, duration=0)


def _verdict(v: FinalView) -> str:
    """The result in a line, for the bar above Save: the solo verdict, or who wins."""
    if v.result is None:
        return ""
    if v.result.solo is not None:
        return v.result.solo.headline
    return f"{v.result.rows[0].label} wins with {v.result.rows[0].total}." if v.result.rows else ""


def _automa_key(color: str) -> str:
    """The scroll key of an automa's card."""
    return f"automa-{color}"


def _points(total: int | None) -> str:
    """ "118 points", "1 point", or "-" before anything is counted."""
    return "-" if total is None else words.count(total, "point")
