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

from companion.rules.board.spaces import SPACES
from companion.ui.round import whose
from companion.ui.round.bar import DecisionBar
from companion.ui.round.board import Board
from companion.ui.round.forms.controls import FormState, MainButton
from companion.ui.round.forms.side_panel import side_panel
from companion.ui.round.last_step import LastStep
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.status import StatusStrip
from companion.ui.round.view_model import Cell, RoundView
from companion.ui.round.whose_card import whose_card
from companion.ui.shell import game_access, live
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


def presenter(ctx: AppContext) -> RoundPresenter | None:
    session = game_access.current(ctx)
    if session is None:
        return None
    p = ctx.state.round_presenter
    if p is None or p.session is not session:
        p = RoundPresenter(session)
        p.stale_reason = lambda: live.stale_line(ctx, session.game_id)
        ctx.state.round_presenter = p
    p.owner = whose.owner(ctx, session.game_id)  # a phone's person: "your move" on their own phone only
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
    game_id = p.session.game_id
    if game_id is not None and whose.needs_asking(ctx, game_id):
        return [ask_whose_phone(ctx, p, game_id)]
    screen = RoundScreen(ctx, p)
    return [w.pinned(screen.root, screen.bar, screen.scroller)]


def ask_whose_phone(ctx: AppContext, p: RoundPresenter, game_id: int) -> ft.Control:
    """A joined phone says whose it is before it shows the game (companion/ui/round/whose.py); then the game."""
    ctx.state.redraw_in_place = None  # no round screen on this page now: another device's step rebuilds

    def picked(value: str) -> None:
        whose.pick(ctx, game_id, value)
        if ctx.state.router is not None:
            ctx.state.router.show()

    return whose_card(p.view().seats, picked)


#: A half of the screen from a tablet's width up, the whole width on a phone.
HALF: ft.ResponsiveNumber = {"xs": 12, "md": 6}
FULL: ft.ResponsiveNumber = {"xs": 12}


class RoundScreen:
    """Holds the screen's root column and redraws it from the presenter after every tap."""

    def __init__(self, ctx: AppContext, p: RoundPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.spell: str | None = None  # Grow Beard / Blood Sacrifice chosen for the next placement
        self.opened: set[str] = set()  # the side panel's sections the user opened
        self.forms = FormState()  # the forms' half-filled values
        self._parts: dict[str, tuple[object, ft.Control]] = {}  # each part as last built, with what it showed
        self.drawn: RoundView  # the view model the screen shows (set by redraw)
        # The board's spaces, the status strip, "On the board", the main button and the decision bar (pinned at the
        # bottom of the window, never below the fold): each made once and changed by property.
        self.board = Board(self.tap_cell)
        self.status = StatusStrip()
        self.last = LastStep(lambda _e: self.do(self.p.undo), lambda _e: self.do(self.p.redo))
        self.main = MainButton()
        self.decision_bar = DecisionBar(self, self.main)
        self.bar = self.decision_bar.control  # the pinned container (w.pinned)
        self._shown = False  # the first redraw builds the screen before it is on the page: nothing to update
        self.root = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.scroller = ft.Column()  # the scrolling part above the bar (w.pinned)
        # The screen's long-lived frame, a slot per part; the banner's half and the board's, and the row of them.
        self._slots, self._halves, self._row = self._frame()
        self.banner_box, self.side_box = self._slots["banner"], self._slots["side"]  # the form's, the side panel's
        self.root.controls = [self._row, self.side_box]
        self.redraw()
        p.seen(p.session.revision)  # a new screen: no tap can come from it before the page has drawn it
        # A step saved on another device redraws this screen in place (companion/ui/shell/live.py).
        ctx.state.redraw_in_place = self.changed_elsewhere

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Bring the screen up to date with the presenter (after a game step, a form change, another device).

        The screen's frame lives as long as the screen: a slot per part (status strip, "On the board", the
        decision's long form, board, side panel), each a Column made once, and the decision bar. The status
        strip, "On the board", the bar and the board's spaces are made once and changed by property, each saying
        which of its controls changed; the decision's inputs, its long form and the side panel are built anew
        only when what they show changed (``_reuse``). Only what changed is updated, each by itself: an
        unchanged part is neither rebuilt nor diffed, and the views underneath (home) are never resent (Flet
        skips its page update once a handler has called ``update()``).
        """
        v = self.drawn = self.p.view(self.spell)
        # An open section shows the game's details and its own inputs (log, stash, spells, corrections): rebuilt
        # at every redraw then (a fresh object() never equals the kept key).
        side = self._reuse("side", (v.round, v.placed, frozenset(self.opened)) if not self.opened else object(),
                           lambda: side_panel(self, v))
        changed = self.decision_bar.show(v)  # the bar first: what to do next
        changed += self.status.show(v)
        changed += self._last_step(v)
        parts = {"banner": self.decision_bar.on_page, "board": self.board.control, "side": side}
        changed += [self._slots[name] for name, part in parts.items() if self._fill(name, self._slots[name], part)]
        changed += self.board.show(v.cells)  # the spaces that changed, each by itself
        changed += self._layout(v)
        if self._shown and changed:
            # Each by itself, as control.update() would, through the page at once: control.update() looks for its
            # page twice, up the whole chain of its parents, about a tenth of a tap's server time in all.
            self.ctx.page.update(*changed)
        self._shown = True

    def changed_elsewhere(self) -> None:
        """Another page saved a step (the session has it): show it; taps count on it once the page drew it."""
        self.redraw()
        self._count_taps_when_drawn()

    def _count_taps_when_drawn(self) -> None:
        revision = self.p.session.revision
        live.when_drawn(self.ctx, lambda: self.p.seen(revision))

    def _reuse(self, part: str, key: object, build: Callable[[], ft.Control]) -> ft.Control:
        """The part built for ``key`` last time, or a new one (kept for the next redraw)."""
        kept = self._parts.get(part)
        if kept is not None and kept[0] == key:
            return kept[1]
        built = build()
        self._parts[part] = (key, built)
        return built

    @staticmethod
    def _fill(name: str, slot: ft.Column, content: ft.Control | None) -> bool:
        """Put ``content`` in ``slot``; False when it is already there (nothing to diff, nothing to send).

        The part goes in under the slot's name as its key: Flet then diffs a rebuilt part field by field against
        the one it replaces, sending only what changed.
        """
        new = [content] if content is not None else []
        if len(new) == len(slot.controls) and all(a is b for a, b in zip(new, slot.controls, strict=True)):
            return False
        if content is not None:
            content.key = f"round-{name}"
        slot.controls = new
        slot.visible = bool(new)  # an empty slot takes no room (nor the column's spacing)
        return True

    def _frame(self) -> tuple[dict[str, ft.Column], tuple[ft.Container, ft.Container], ft.ResponsiveRow]:
        slots = {
            name: ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            for name in ("status", "last", "banner", "board", "side")
        }
        slots["status"].controls = [self.status.control]
        slots["last"].controls = [self.last.control]
        # A phone stacks the two halves; from a tablet's width up the board stands beside the banner, so a
        # desktop shows everything without scrolling.
        left = ft.Column(
            [slots["status"], slots["last"], slots["banner"]],
            spacing=10,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        halves = (ft.Container(content=left, col=HALF), ft.Container(content=slots["board"], col=HALF))
        row = ft.ResponsiveRow(
            list(halves),
            spacing=10,
            run_spacing=10,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        return slots, halves, row

    def _layout(self, v: RoundView) -> list[ft.Control]:
        """During a dragon attack its form takes the whole width, the board under it (not needed while the form
        is filled in); else the board stands beside the banner from a tablet's width up."""
        col = FULL if v.decision == "attack" else HALF
        if self._halves[0].col == col:
            return []
        # Flet's client lays a ResponsiveRow out again only when its own list changes, not when a child's ``col``
        # does: the halves are made anew around the same contents.
        banner, board = self._halves
        self._halves = (ft.Container(content=banner.content, col=col), ft.Container(content=board.content, col=col))
        self._row.controls = list(self._halves)
        return [self._row]

    def refresh(self, part: str = "banner") -> None:
        """After a change inside a form (a stepper, a choice): only the parts that changed are sent."""
        self.redraw()

    def do(self, call: Callable[[], bool]) -> None:
        """Run a tap's presenter call (True: done; False: refused, ``p.error`` says why), then ``act``."""
        self.act(call())

    def act(self, ok: bool) -> None:
        """After a tap: redraw; a refused tap keeps the screen and shows the one-line reason, in the banner and
        in a snack bar at the bottom (the tap may have come from far below the banner)."""
        if ok:
            self.spell = None
        self.redraw()
        if ok and self.drawn.after_attack:
            # The attack's result is in "On the board" at the top: bring it into view.
            self.ctx.page.run_task(self.scroller.scroll_to, offset=0, duration=300)
        if self.p.behind():  # refused: the saved game, newer than the screen was, is shown now
            self._count_taps_when_drawn()
        if not ok and self.p.error:
            self.ctx.toast(self.p.error)

    def section(self, key: str, title: str, build: Callable[[], list[ft.Control]]) -> ft.Control:
        """A collapsible section that stays open or closed across redraws. Its contents are built only while it
        is open: a closed section costs nothing on a tap (Flet diffs every control it is given)."""

        def toggled(e) -> None:
            opened = e.data in (True, "true")
            (self.opened.add if opened else self.opened.discard)(key)
            self.redraw()  # updates the side panel itself: Flet then skips its whole-page update

        is_open = key in self.opened
        return ft.ExpansionTile(
            title=ft.Text(title, weight=ft.FontWeight.W_600),
            controls=build() if is_open else [ft.Container(height=1)],
            expanded=key in self.opened,
            on_change=toggled,
            maintain_state=True,
            controls_padding=ft.Padding.only(bottom=8),
        )

    def _last_step(self, v: RoundView) -> list[ft.Control]:
        """What the last step asks of the physical board (the table's setup before the first placement), and the
        buttons that take it back or redo it: the controls of "On the board" to update."""
        first_placement_ahead = v.round == 1 and not v.placed
        if v.phase != "start" and first_placement_ahead:
            changed = self.last.show("Set up the table", self.setup_lines(), True, v.undo_label, v.redo_label)
        else:
            guessed = self.p.estimate_lines(self.ctx.reference)
            changed = self.last.show("On the board", [(line, line in guessed) for line in v.instructions], False,
                                     v.undo_label, v.redo_label)
        slot = self._slots["last"]
        if slot.visible == self.last.empty:  # an empty card takes no room (nor the column's spacing)
            slot.visible = not self.last.empty
            return [slot]
        return changed

    def setup_lines(self) -> list[tuple[str, bool]]:
        return self.p.setup_lines(self.ctx.reference)

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
            page.pop_dialog()  # sends itself
            on_yes()  # updates the parts of the screen it changed

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

