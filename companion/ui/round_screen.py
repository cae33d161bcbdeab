"""The round screen: the banner with the next thing to do, the board grid, and undo/redo. Thin: everything it
shows comes from ``RoundPresenter.view()``; every tap goes to the presenter, then the screen redraws itself.
"""

from __future__ import annotations

import flet as ft

from companion.rules.spaces import SPACES
from companion.ui import game_access
from companion.ui import round_forms as forms
from companion.ui import widgets as w
from companion.ui.context import AppContext
from companion.ui.new_game_presenter import setup_checklist
from companion.ui.round_presenter import COLOR_HEX, Cell, RoundPresenter, RoundView


def presenter(ctx: AppContext) -> RoundPresenter | None:
    session = game_access.current(ctx)
    if session is None:
        return None
    p = ctx.state.get("round_presenter")
    if p is None or p.session is not session:
        p = RoundPresenter(session)
        ctx.state["round_presenter"] = p
    return p


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    p = presenter(ctx)
    if p is None:
        return [
            w.card(
                [
                    w.heading("No game in progress"),
                    w.para("Start a new game from the home screen."),
                    w.filled_button("New game", lambda _e: ctx.go("/new"), icon_name="ADD"),
                ]
            )
        ]
    screen = RoundScreen(ctx, p)
    return [screen.root]


class RoundScreen:
    """Holds the screen's root column and redraws it from the presenter after every tap."""

    def __init__(self, ctx: AppContext, p: RoundPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.spell: str | None = None  # Grow Beard / Blood Sacrifice chosen for the next placement
        self.root = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.redraw()

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        v = self.p.view()
        if v.decision == "final_scores" or v.decision == "over":
            pass
        self.root.controls = [
            self._header(v),
            self._banner(v),
            *self._error(v),
            *self._setup_checklist(v),
            *self._instructions(v),
            self._board(v),
            self._undo_row(v),
            forms.side_panel(self),
        ]

    def act(self, ok: bool) -> None:
        """After a tap: redraw; a refused tap keeps the screen and shows the one-line reason."""
        if ok:
            self.spell = None
        self.redraw()

    def _header(self, v: RoundView) -> ft.Control:
        pips = []
        for i in range(v.dragon_length + 1):
            here = i == v.dragon
            pips.append(
                ft.Container(
                    ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=18, color=ft.Colors.WHITE) if here else None,
                    width=26,
                    height=26,
                    border_radius=13,
                    bgcolor=ft.Colors.DEEP_ORANGE_700
                    if here
                    else (ft.Colors.RED_200 if i == v.dragon_length else ft.Colors.BLUE_GREY_100),
                    alignment=ft.Alignment.CENTER,
                )
            )
        dragon = ft.Row(
            [ft.Text("Dragon", weight=ft.FontWeight.W_600), *pips, ft.Text(f"{v.dragon} of {v.dragon_length}")],
            spacing=4,
            wrap=True,
        )
        dragon = ft.Semantics(content=dragon, label=f"Dragon at {v.dragon} of {v.dragon_length}")
        order = []
        for i, chip in enumerate(v.turn_order, start=1):
            waiting = " ".join(f"#{n}" for n in chip.waiting) or "all placed"
            extra = f" · captured {', '.join(f'#{n}' for n in chip.captured)}" if chip.captured else ""
            pts = f" · {chip.points} pts" if chip.points is not None else ""
            order.append(
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(f"{i}. {chip.label}", weight=ft.FontWeight.W_600, color=ft.Colors.WHITE),
                            ft.Text(f"{waiting}{extra}{pts}", size=12, color=ft.Colors.WHITE),
                        ],
                        spacing=0,
                        tight=True,
                    ),
                    bgcolor=COLOR_HEX[chip.color],
                    border_radius=10,
                    padding=ft.Padding.symmetric(vertical=6, horizontal=10),
                    tooltip=f"{chip.label}: in bed {waiting}{extra}{pts}",
                )
            )
        title = ft.Text(v.title, theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.W_700)
        if v.phase == "start":
            return w.card([title, dragon])
        return w.card([title, dragon, ft.Row(order, spacing=6, wrap=True, run_spacing=6)])

    def _banner(self, v: RoundView) -> ft.Control:
        color = COLOR_HEX.get(v.banner_color or "", None)
        text = ft.Text(
            v.banner,
            theme_style=ft.TextThemeStyle.TITLE_LARGE,
            weight=ft.FontWeight.W_700,
            color=ft.Colors.WHITE if color else None,
        )
        controls: list[ft.Control] = [ft.Semantics(content=text, label=f"Next: {v.banner}")]
        controls += forms.decision_controls(self, v)
        return ft.Container(
            ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            bgcolor=color or ft.Colors.SURFACE_CONTAINER_HIGH,
            border_radius=14,
            padding=14,
        )

    def _error(self, v: RoundView) -> list[ft.Control]:
        if not v.error:
            return []
        return [
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.RED_900),
                        ft.Text(v.error, color=ft.Colors.RED_900, expand=True),
                    ]
                ),
                bgcolor=ft.Colors.RED_50,
                border_radius=10,
                padding=10,
            )
        ]

    def _setup_checklist(self, v: RoundView) -> list[ft.Control]:
        g = self.p.game
        if g.state.round != 1 or any(e["type"] == "place" for e in g.events()):
            return []
        lines = setup_checklist(g.setup, list(g.state.turn_order), self.ctx.reference)
        rows = [
            ft.Row(
                [
                    ft.Icon(ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=18),
                    ft.Text(line, expand=True),
                    *([w.chip("estimate", tone="warn")] if est else []),
                ]
            )
            for line, est in lines
        ]
        return [w.card([w.heading("Set up the table", 3), *rows])]

    def _instructions(self, v: RoundView) -> list[ft.Control]:
        if not v.instructions:
            return []
        rows = [
            ft.Row(
                [ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18), ft.Text(line, expand=True, selectable=True)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
            for line in v.instructions
        ]
        return [w.card([w.heading("On the board", 3), *rows], spacing=4)]

    def _board(self, v: RoundView) -> ft.Control:
        cells = [ft.Container(self._cell(c), col={"xs": 6, "sm": 4, "md": 3}) for c in v.cells]
        return ft.ResponsiveRow(cells, spacing=8, run_spacing=8)

    def _cell(self, c: Cell) -> ft.Control:
        icons = []
        if c.dragon:
            icons.append(ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=16, tooltip="dragon roll"))
        if c.all_play:
            icons.append(ft.Icon(ft.Icons.GROUPS, size=16, tooltip="all-play"))
        if c.locked:
            icons.append(ft.Icon(ft.Icons.LOCK, size=16, tooltip="locked"))
        occupant = ft.Container(
            ft.Text(
                c.occupant or "empty",
                size=13,
                weight=ft.FontWeight.W_600,
                color=ft.Colors.WHITE if c.occupant else None,
            ),
            bgcolor=COLOR_HEX.get(c.occupant_color or "", None),
            border_radius=8,
            padding=ft.Padding.symmetric(vertical=2, horizontal=8),
        )
        border_color = {"free": ft.Colors.GREEN_700, "dislodge": ft.Colors.ORANGE_800}.get(c.status)
        status = {"free": "free", "dislodge": "dislodge", "blocked": c.reason or "blocked"}.get(c.status, "")
        label = f"{c.name}: {c.occupant or 'empty'}" + (f", {status}" if status else "")
        body = ft.Column(
            [
                ft.Row([ft.Text(c.name, weight=ft.FontWeight.W_700, expand=True, max_lines=2), *icons], spacing=2),
                occupant,
                *([ft.Text(c.reason, size=11, max_lines=2, italic=True)] if c.status == "blocked" else []),
            ],
            spacing=4,
            tight=True,
        )
        return ft.Container(
            ft.Semantics(content=body, label=label, button=c.tappable),
            padding=10,
            border_radius=12,
            height=104,
            border=ft.Border.all(3 if border_color else 1, border_color or ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if c.tappable else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            opacity=1.0 if c.status != "blocked" else 0.6,
            on_click=(lambda _e, cell=c: self.tap_cell(cell)) if c.tappable else None,
            ink=c.tappable,
            tooltip=label,
        )

    def _undo_row(self, v: RoundView) -> ft.Control:
        undo = w.filled_button(
            f"Undo: {v.undo_label}" if v.undo_label else "Undo",
            lambda _e: self.act(self.p.undo()),
            icon_name="UNDO",
            disabled=v.undo_label is None,
            tooltip="Undo the last step",
        )
        redo = w.text_button(
            f"Redo: {v.redo_label}" if v.redo_label else "Redo",
            lambda _e: self.act(self.p.redo()),
            icon_name="REDO",
            disabled=v.redo_label is None,
            tooltip="Redo the undone step",
        )
        return ft.Row([undo, redo], wrap=True, spacing=8, run_spacing=8)

    # ------------------------------------------------------------------ taps

    def tap_cell(self, cell: Cell) -> None:
        if cell.status == "dislodge":
            self.confirm(
                f"Dislodge {cell.occupant} from {SPACES[cell.space].name}?",
                "The dislodged dwarf goes back to its bed and places again after this action.",
                lambda: self.act(self.p.tap_space(cell.space, self.spell)),
            )
        else:
            self.act(self.p.tap_space(cell.space, self.spell))

    def confirm(self, title: str, text: str, on_yes) -> None:
        page = self.ctx.page

        def yes(_e):
            page.pop_dialog()
            on_yes()
            page.update()

        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(title),
            content=ft.Text(text),
            actions=[
                ft.TextButton("Cancel", on_click=lambda _e: page.pop_dialog()),
                ft.FilledButton("Yes", on_click=yes),
            ],
        )
        page.show_dialog(dialog)
