"""The round screen: what to do on the board, the banner with the next thing to do, the board grid, undo/redo.

Thin: everything it shows comes from ``RoundPresenter.view()``; every tap goes to the presenter, then the screen
redraws itself. Laid out for a phone in one hand, top to bottom in the order the table needs it:

1. a compact status strip: round, dragon track, turn order (the player whose turn it is stands out);
2. "On the board": what the last step asks of the physical board (the table's setup before the first
   placement), with Undo and Redo naming their step;
3. the banner: the next thing to do and its inputs, its main button large;
4. the board grid, three spaces a row on a phone, so it is reachable without a long scroll (beside the
   banner on a wider screen);
5. the side panel: spells, special tiles, corrections, the automa's hidden stash, the event log.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules import words
from companion.rules.spaces import SPACES
from companion.store import StoreConflict
from companion.ui import game_access, live
from companion.ui import widgets as w
from companion.ui.colors import COLOR_HEX, on_color
from companion.ui.context import AppContext
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round.forms.banner import BAR_DECISIONS, decision_controls
from companion.ui.round.forms.controls import MAIN
from companion.ui.round.forms.side_panel import side_panel
from companion.ui.round.presenter import Cell, RoundPresenter, RoundView, cap


def presenter(ctx: AppContext) -> RoundPresenter | None:
    session = game_access.current(ctx)
    if session is None:
        return None
    p = ctx.state.get("round_presenter")
    if p is None or p.session is not session:
        p = RoundPresenter(session)
        ctx.state["round_presenter"] = p
    # Settings: with the app's dice a human's dragon roll comes with the placement; with the table's, the
    # banner asks for the value rolled.
    p.app_dice = ctx.settings.dice == "app"
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
    return [w.pinned(screen.root, screen.bar, screen.scroller)]


class RoundScreen:
    """Holds the screen's root column and redraws it from the presenter after every tap."""

    def __init__(self, ctx: AppContext, p: RoundPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.spell: str | None = None  # Grow Beard / Blood Sacrifice chosen for the next placement
        self.opened: set[str] = set()  # the side panel's sections the user opened
        self.banner_box = self.side_box = None  # set by redraw(); refresh() redraws just one of them
        self.root = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # The decision bar pinned at the bottom of the window: what to do next, its inputs when they are few (a
        # question's chips, keep or re-roll) and its main button, never below the fold (issue 11).
        self.bar = ft.Container(key="round-bar")
        self.scroller = ft.Column()  # the scrolling part above the bar (w.pinned)
        self.redraw()
        # A step saved on another device redraws this screen in place (companion/ui/live.py).
        ctx.state[live.REDRAW_IN_PLACE] = self.redraw

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Rebuild the whole screen (after a game step)."""
        v = self.p.view(self.spell)
        # New objects every time: Flet compares the keyed old and new trees, so nothing of the old may change.
        form, bar = self._banner(v)
        self.banner_box = ft.Container(content=form, key="round-banner")
        self.bar.content = bar
        self.side_box = ft.Container(content=side_panel(self), key="round-side")
        # A phone stacks the two halves; from a tablet's width up the board stands beside the banner, so a
        # desktop shows everything without scrolling.
        left = ft.Column(
            [self._status(v), *self._last_step(v), *([self.banner_box] if form else [])],
            spacing=10,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        # Keyed: Flet diffs the rebuilt controls against the old ones field by field and sends only what changed
        # (unkeyed, every redraw resent and rebuilt the whole screen: about a second per tap in a browser).
        if v.decision == "attack":
            # The attack form takes the whole width, the board under it (not needed while the form is filled in).
            main: ft.Control = ft.Column(
                [left, self._board(v)], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                key="round-main-attack",
            )
        else:
            main = ft.ResponsiveRow(
                [
                    ft.Container(content=left, col={"xs": 12, "md": 6}),
                    ft.Container(content=self._board(v), col={"xs": 12, "md": 6}),
                ],
                spacing=10,
                run_spacing=10,
                vertical_alignment=ft.CrossAxisAlignment.START,
                key="round-main",
            )
        self.root.controls = [main, self.side_box]

    def refresh(self, part: str = "banner") -> None:
        """After a change inside a form (a stepper, a choice): the keyed redraw sends only what changed."""
        self.redraw()

    def do(self, call: Callable[[], bool]) -> None:
        """Run a tap's presenter call (True: done; False: refused, ``p.error`` says why), then ``act``."""
        try:
            ok = call()
        except StoreConflict:  # Undo/Redo in a stale window (tests/test_round_presenter.py, xfail): as for a tap
            self.p.error = "This game was changed in another window: here it is as saved there. Tap again."
            ok = False
        self.act(ok)

    def act(self, ok: bool) -> None:
        """After a tap: redraw; a refused tap keeps the screen and shows the one-line reason, in the banner and
        in a snack bar at the bottom (the tap may have come from far below the banner)."""
        if ok:
            self.spell = None
            if self.p.game.steps and any(e.get("type") == "attack" for e in self.p.game.steps[-1]):
                # The attack's result is in "On the board" at the top: bring it into view.
                self.ctx.page.run_task(self.scroller.scroll_to, offset=0, duration=300)
        self.redraw()
        if not ok and self.p.error:
            self.ctx.toast(self.p.error)
            # Showing a snack bar sends just the snack bar (and Flet then skips its update after the event).
            self.root.update()

    def section(self, key: str, title: str, build: Callable[[], list[ft.Control]]) -> ft.Control:
        """A collapsible section that stays open or closed across redraws. Its contents are built only while it
        is open: a closed section costs nothing on a tap (Flet diffs every control it is given)."""

        def toggled(e) -> None:
            opened = e.data in (True, "true")
            (self.opened.add if opened else self.opened.discard)(key)
            if opened:
                self.redraw()

        is_open = key in self.opened
        return ft.ExpansionTile(
            title=ft.Text(title, weight=ft.FontWeight.W_600),
            controls=build() if is_open else [ft.Container(height=1)],
            expanded=key in self.opened,
            on_change=toggled,
            maintain_state=True,
            controls_padding=ft.Padding.only(bottom=8),
        )

    def _status(self, v: RoundView) -> ft.Control:
        pips = []
        for i in range(v.dragon_length + 1):
            here = i == v.dragon
            pips.append(
                ft.Container(
                    content=ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=14, color=ft.Colors.WHITE) if here else None,
                    width=20,
                    height=20,
                    border_radius=10,
                    bgcolor=ft.Colors.DEEP_ORANGE_700
                    if here
                    else (ft.Colors.RED_200 if i == v.dragon_length else ft.Colors.BLUE_GREY_100),
                    alignment=ft.Alignment.CENTER,
                )
            )
        dragon = ft.Semantics(
            content=ft.Row(
                [ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=18), *pips, ft.Text(f"{v.dragon}/{v.dragon_length}")],
                spacing=3,
                tight=True,
            ),
            label=f"Dragon at {v.dragon} of {v.dragon_length}",
            exclude_semantics=True,
        )
        title = ft.Text(v.title, theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.W_700)
        top = ft.Row(
            [title, dragon],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            wrap=True,
            run_spacing=4,
        )
        if v.phase == "start":
            return w.card([top], padding=12)
        chips = []
        for i, chip in enumerate(v.turn_order, start=1):
            waiting = " ".join(f"#{n}" for n in chip.waiting) or "all placed"
            extra = f" · captured {', '.join(f'#{n}' for n in chip.captured)}" if chip.captured else ""
            pts = f" · {words.count(chip.points, 'pt')}" if chip.points is not None else ""
            # On the chip, short: the beard numbers still in bed, the captured ones, the points.
            short = " ".join(str(n) for n in chip.waiting) or "done"
            short_extra = f" · capt. {' '.join(str(n) for n in chip.captured)}" if chip.captured else ""
            fg = on_color(chip.color)
            turn = chip.color == v.banner_color
            name = ft.Row(
                [
                    *([ft.Icon(ft.Icons.SMART_TOY, size=14, color=fg)] if chip.automa else []),
                    ft.Text(f"{i}. {chip.name or cap(chip.color)}", weight=ft.FontWeight.W_700, color=fg, size=15),
                ],
                spacing=3,
                tight=True,
            )
            chips.append(
                ft.Semantics(
                    content=ft.Container(
                        content=ft.Column(
                            [name, ft.Text(f"{short}{short_extra}{pts}", size=12, color=fg)], spacing=0, tight=True
                        ),
                        bgcolor=COLOR_HEX[chip.color],
                        border_radius=10,
                        padding=ft.Padding.symmetric(vertical=4, horizontal=8),
                        border=ft.Border.all(3, ft.Colors.ON_SURFACE) if turn else None,
                    ),
                    label=f"{i}. {chip.label}{' (to play)' if turn else ''}: in bed {waiting}{extra}{pts}",
                    exclude_semantics=True,
                )
            )
        order = ft.Row(chips, spacing=6, wrap=True, run_spacing=6)
        return w.card([top, order], padding=12)

    def _last_step(self, v: RoundView) -> list[ft.Control]:
        """What the last step asks of the physical board, and the buttons that take it back or redo it."""
        g = self.p.game
        rows: list[ft.Control] = []
        first_placement_ahead = g.state.round == 1 and not any(e["type"] == "place" for e in g.events())
        if v.phase != "start" and first_placement_ahead:
            heading = "Set up the table"
            rows += [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18),
                        ft.Text(line, expand=True),
                        *([w.chip("estimate", tone="warn")] if est else []),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
                for line, est in self.setup_lines()
            ]
        else:
            heading = "On the board"
            rows += [
                ft.Row(
                    [ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18), ft.Text(line, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                    spacing=4,
                )
                for line in v.instructions
            ]
        buttons = self._undo_redo(v)
        if not rows and not buttons:
            return []
        head = [w.heading(heading, 3)] if rows else []
        return [w.card([*head, *rows, *buttons], spacing=6, padding=12, stretch=True)]

    def setup_lines(self) -> list[tuple[str, bool]]:
        g = self.p.game
        return setup_checklist(g.setup, list(g.state.turn_order), self.ctx.reference)

    def _undo_redo(self, v: RoundView) -> list[ft.Control]:
        out: list[ft.Control] = []
        if v.undo_label:
            out.append(_wide_text_button(f"Undo: {v.undo_label}", "UNDO", lambda _e: self.do(self.p.undo)))
        if v.redo_label:
            out.append(_wide_text_button(f"Redo: {v.redo_label}", "REDO", lambda _e: self.do(self.p.redo)))
        return out

    def _banner(self, v: RoundView) -> tuple[ft.Control | None, ft.Control]:
        """The decision: (its form on the page, or None; the bar pinned at the bottom).

        The bar says what to do next and holds the decision's main button, and the whole decision when it is
        small (an automa turn, a question's chips, keep or re-roll, a placement's hint and spells); a long form
        (the starting rolls, a dragon attack, the end of round) stays on the page above it."""
        color = v.banner_color if v.banner_color in COLOR_HEX else None
        fg = on_color(color) if color else None
        bg = COLOR_HEX[color] if color else ft.Colors.SURFACE_CONTAINER_HIGH
        text = ft.Text(v.banner, size=17, weight=ft.FontWeight.W_700, color=fg)
        controls = decision_controls(self, v)
        whole = v.decision in BAR_DECISIONS
        in_bar = [c for c in controls if whole or c.data == MAIN]
        on_page = [c for c in controls if not (whole or c.data == MAIN)]
        bar: list[ft.Control] = [ft.Semantics(content=text, label=f"Next: {v.banner}", exclude_semantics=True)]
        bar += in_bar
        if v.error:
            bar.append(
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.RED_900),
                            ft.Text(v.error, color=ft.Colors.RED_900, expand=True),
                        ]
                    ),
                    bgcolor=ft.Colors.RED_50,
                    border_radius=10,
                    padding=10,
                )
            )
        column = ft.Column(bar, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        pinned = ft.Container(
            content=ft.ResponsiveRow(
                [ft.Container(column, col={"xs": 12, "md": 10, "lg": 8, "xl": 7})],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            bgcolor=bg,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT)),
        )
        if not on_page:
            return None, pinned
        form = ft.Container(
            content=ft.Column(on_page, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            bgcolor=bg,
            border_radius=14,
            padding=14,
        )
        return form, pinned

    def _board(self, v: RoundView) -> ft.Control:
        cells = [ft.Container(content=self._cell(c), col={"xs": 4, "sm": 3, "md": 4}) for c in v.cells]
        return ft.ResponsiveRow(cells, spacing=6, run_spacing=6)

    def _cell(self, c: Cell) -> ft.Control:
        icons = []
        if c.dragon:
            icons.append(ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=15))
        if c.all_play:
            icons.append(ft.Icon(ft.Icons.GROUPS, size=15))
        if c.locked:
            icons.append(ft.Icon(ft.Icons.LOCK, size=15))
        occupant = ft.Container(
            content=ft.Text(
                c.occupant or "empty",
                size=13,
                weight=ft.FontWeight.W_600 if c.occupant else ft.FontWeight.W_400,
                color=on_color(c.occupant_color) if c.occupant else ft.Colors.ON_SURFACE_VARIANT,
                max_lines=1,
            ),
            bgcolor=COLOR_HEX.get(c.occupant_color or "", None),
            border_radius=8,
            padding=ft.Padding.symmetric(vertical=1, horizontal=6),
        )
        border_color = {"free": ft.Colors.GREEN_700, "dislodge": ft.Colors.ORANGE_800}.get(c.status)
        status = {"free": "free", "dislodge": "dislodge", "blocked": c.reason or "blocked"}.get(c.status, "")
        label = f"{c.name}: {c.occupant or 'empty'}" + (f", {status}" if status else "")
        body = ft.Column(
            [
                ft.Text(c.name, weight=ft.FontWeight.W_700, size=14, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Row([occupant, ft.Row(icons, spacing=0, tight=True)], spacing=2, wrap=True, run_spacing=2),
            ],
            spacing=2,
            tight=True,
        )
        # A blocked space can be tapped too: the refusal says why in one line.
        tap = self.tap_cell if c.status in ("free", "dislodge", "blocked") else None
        return ft.Container(
            content=ft.Semantics(content=body, label=label, button=tap is not None, exclude_semantics=True),
            padding=ft.Padding.symmetric(vertical=6, horizontal=8),
            border_radius=10,
            height=76,
            border=ft.Border.all(3 if border_color else 1, border_color or ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if c.tappable else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            opacity=1.0 if c.status != "blocked" else 0.55,
            on_click=(lambda _e, cell=c: tap(cell)) if tap else None,
            ink=tap is not None,
        )

    # ------------------------------------------------------------------ taps

    def tap_cell(self, cell: Cell) -> None:
        if cell.status == "dislodge":
            self.confirm(
                f"Dislodge {cell.occupant} from {SPACES[cell.space].name}?",
                "The dislodged dwarf goes back to its bed and places again after this action.",
                lambda: self.do(lambda: self.p.tap_space(cell.space, self.spell)),
                yes_label="Dislodge",
            )
        else:
            self.do(lambda: self.p.tap_space(cell.space, self.spell))

    def confirm(self, title: str, text: str, on_yes, yes_label: str = "Yes") -> None:
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
                ft.TextButton("Cancel", on_click=lambda _e: page.pop_dialog(), height=w.TARGET),
                ft.FilledButton(yes_label, on_click=yes, height=w.TARGET),
            ],
        )
        page.show_dialog(dialog)


def _wide_text_button(label: str, icon_name: str, on_click) -> ft.Control:
    """A full-width outlined button whose (long) text wraps instead of overflowing on a phone."""
    return ft.OutlinedButton(
        content=ft.Row(
            [ft.Icon(w.icon(icon_name), size=20), ft.Text(label, expand=True)],
            spacing=8,
        ),
        on_click=on_click,
        style=ft.ButtonStyle(
            padding=ft.Padding.symmetric(vertical=10, horizontal=12),
            shape=ft.RoundedRectangleBorder(radius=12),
        ),
    )
