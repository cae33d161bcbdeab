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
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round import whose
from companion.ui.round.board import Board
from companion.ui.round.forms.banner import BAR_DECISIONS, decision_controls, kept_key
from companion.ui.round.forms.controls import MAIN, MainButton
from companion.ui.round.forms.side_panel import side_panel
from companion.ui.round.last_step import LastStep
from companion.ui.round.presenter import Cell, RoundPresenter, RoundView
from companion.ui.round.status import StatusStrip
from companion.ui.round.updates import isolate
from companion.ui.round.whose_card import whose_card
from companion.ui.shell import game_access, live
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import COLOR_HEX, on_color


def presenter(ctx: AppContext) -> RoundPresenter | None:
    session = game_access.current(ctx)
    if session is None:
        return None
    p = ctx.state.get("round_presenter")
    if p is None or p.session is not session:
        p = RoundPresenter(session)
        p.stale_reason = lambda: live.stale_line(ctx, session.game_id)
        ctx.state["round_presenter"] = p
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
    if whose.needs_asking(ctx, p.session.game_id):
        return [ask_whose_phone(ctx, p)]
    screen = RoundScreen(ctx, p)
    return [w.pinned(screen.root, screen.bar, screen.scroller)]


def ask_whose_phone(ctx: AppContext, p: RoundPresenter) -> ft.Control:
    """A joined phone says whose it is before it shows the game (companion/ui/round/whose.py); then the game."""
    ctx.state.pop(live.REDRAW_IN_PLACE, None)  # no round screen on this page now: another device's step rebuilds

    def picked(value: str) -> None:
        whose.pick(ctx, p.session.game_id, value)
        ctx.state["router"].show()

    return whose_card(p.game.setup, picked)


KEPT_INPUTS = 12  # the most decisions' bar inputs kept hidden in the bar to be shown again (forms.banner.kept_key)
HALF = {"xs": 12, "md": 6}  # a half of the screen from a tablet's width up, the whole width on a phone
FULL = {"xs": 12}


class RoundScreen:
    """Holds the screen's root column and redraws it from the presenter after every tap."""

    def __init__(self, ctx: AppContext, p: RoundPresenter) -> None:
        self.ctx = ctx
        self.p = p
        self.spell: str | None = None  # Grow Beard / Blood Sacrifice chosen for the next placement
        self.opened: set[str] = set()  # the side panel's sections the user opened
        self.banner_box = self.side_box = None  # the decision form's and the side panel's slots (set by redraw)
        self._slots: dict[str, ft.Column] = {}  # the screen's long-lived frame, a slot per part
        self._parts: dict[str, tuple[object, object]] = {}  # each part as last built, with what it showed
        self.board = Board(self.tap_cell)  # the board's spaces, made once, changed by property
        self._bar_parts: tuple | None = None  # the decision bar's long-lived controls (made by _banner)
        self.status = StatusStrip()  # the status strip, "On the board" and the main button: made once, changed
        self.last = LastStep(lambda _e: self.do(self.p.undo), lambda _e: self.do(self.p.redo))  # by property
        self.main = MainButton()
        self._main_shown: tuple | None = None  # the main button's look as last sent
        self._halves: tuple[ft.Container, ft.Container] | None = None  # the banner's half and the board's
        self._row: ft.ResponsiveRow | None = None  # the row holding them
        self._on_page: ft.Control | None = None  # the decision's long form on the page (made by _banner)
        self._kept: dict[tuple, ft.Control] = {}  # the bar's inputs kept for later steps (forms.banner.kept_key)
        self._kept_sent: list[ft.Control] = []  # the kept inputs as last updated
        self._shown = False  # the first redraw builds the screen before it is on the page: nothing to update
        self.root = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # The decision bar pinned at the bottom of the window: what to do next, its inputs when they are few (a
        # question's chips, keep or re-roll) and its main button, never below the fold (issue 11).
        self.bar = w.pinned_bar("round-bar")
        self.scroller = ft.Column()  # the scrolling part above the bar (w.pinned)
        self.redraw()
        p.seen(p.session.revision)  # a new screen: no tap can come from it before the page has drawn it
        # A step saved on another device redraws this screen in place (companion/ui/shell/live.py).
        ctx.state[live.REDRAW_IN_PLACE] = self.changed_elsewhere

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
        v = self.p.view(self.spell)
        g = self.p.game
        placed = any(e["type"] == "place" for e in g.events())
        # An open section shows the game's details and its own inputs (log, stash, spells, corrections): rebuilt
        # at every redraw then (a fresh object() never equals the kept key).
        side = self._reuse("side", (g.state.round, placed, frozenset(self.opened)) if not self.opened else object(),
                           lambda: side_panel(self))
        if not self._slots:
            self._build_frame()
        changed = self._banner(v)  # the bar first: what to do next
        changed += self.status.show(v)
        changed += self._last_step(v, placed)
        parts = {"banner": self._on_page, "board": self.board.control, "side": side}
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

    def _reuse(self, part: str, key, build: Callable[[], object]):
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

    def _build_frame(self) -> None:
        self._slots = {
            name: ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            for name in ("status", "last", "banner", "board", "side")
        }
        self._slots["status"].controls = [self.status.control]
        self._slots["last"].controls = [self.last.control]
        self.banner_box, self.side_box = self._slots["banner"], self._slots["side"]
        # A phone stacks the two halves; from a tablet's width up the board stands beside the banner, so a
        # desktop shows everything without scrolling.
        left = ft.Column(
            [self._slots["status"], self._slots["last"], self.banner_box],
            spacing=10,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self._halves = (ft.Container(content=left, col=HALF), ft.Container(content=self._slots["board"], col=HALF))
        self._row = ft.ResponsiveRow(
            list(self._halves),
            spacing=10,
            run_spacing=10,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        self.root.controls = [self._row, self.side_box]

    def _layout(self, v: RoundView) -> list[ft.Control]:
        """During a dragon attack its form takes the whole width, the board under it (not needed while the form
        is filled in); else the board stands beside the banner from a tablet's width up."""
        col = FULL if v.decision == "attack" else HALF
        if self._halves[0].col == col:
            return []
        # Flet's client lays a ResponsiveRow out again only when its own list changes, not when a child's ``col``
        # does: the halves are made anew around the same contents.
        self._halves = tuple(ft.Container(content=half.content, col=col) for half in self._halves)
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
            if self.p.game.steps and any(e.get("type") == "attack" for e in self.p.game.steps[-1]):
                # The attack's result is in "On the board" at the top: bring it into view.
                self.ctx.page.run_task(self.scroller.scroll_to, offset=0, duration=300)
        self.redraw()
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

    def _last_step(self, v: RoundView, placed: bool) -> list[ft.Control]:
        """What the last step asks of the physical board (the table's setup before the first placement), and the
        buttons that take it back or redo it: the controls of "On the board" to update."""
        first_placement_ahead = self.p.game.state.round == 1 and not placed
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
        g = self.p.game
        return setup_checklist(g.setup, list(g.state.turn_order), self.ctx.reference)

    def _banner(self, v: RoundView) -> list[ft.Control]:
        """The decision: the bar pinned at the bottom (``self.bar``) and its long form on the page
        (``self._on_page``: None when it has none); returns the bar's controls to update.

        The bar says what to do next and holds the decision's main button, and the whole decision when it is
        small (an automa turn, a question's chips, keep or re-roll, a placement's hint and spells); a long form
        (the starting rolls, a dragon attack, the end of round) stays on the page above it. The bar is made
        once: a tap changes its text, colours, label, main button and error line by property; only its other
        inputs are built anew, and updated only when there are any now or were before."""
        if self._bar_parts is None:
            text = ft.Text(size=17, weight=ft.FontWeight.W_700)
            label = ft.Semantics(content=text, exclude_semantics=True)
            inputs = ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                               visible=False)
            error_text = ft.Text(color=ft.Colors.RED_900, expand=True)
            error = isolate(ft.Container(
                content=ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.RED_900), error_text]),
                bgcolor=ft.Colors.RED_50,
                border_radius=10,
                padding=10,
                visible=False,
            ))
            # Not isolated, as the inputs above: both are updated by themselves, the bar's update stops at its row
            # (updates.isolate says why an isolated control costs more to update by itself).
            kept = ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, visible=False)
            # The main button in a box of its own, itself in an isolated holder: Flet copies a button's style
            # whenever it diffs the button, and sends the copy; the box is shown or hidden without reaching the
            # button, and the button is updated when it changed.
            main_box = ft.Container(content=isolate(ft.Container(content=self.main.button)), visible=False)
            column = ft.Column([label, inputs, kept, main_box, error], spacing=8, tight=True,
                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            # Isolated: the bar's own update sends its colour only; its text and parts are updated by themselves.
            self.bar.content = isolate(ft.ResponsiveRow(
                [ft.Container(column, col={"xs": 12, "md": 10, "lg": 8, "xl": 7})],
                alignment=ft.MainAxisAlignment.CENTER,
            ))
            self._bar_parts = (text, label, inputs, error_text, error, main_box, kept)
        text, label, inputs, error_text, error, main_box, kept = self._bar_parts
        changed: list[ft.Control] = []  # the bar's parts that changed, each by itself, then the bar (below)
        color = v.banner_color if v.banner_color in COLOR_HEX else None
        bg = COLOR_HEX[color] if color else ft.Colors.SURFACE_CONTAINER_HIGH
        fg = on_color(color) if color else None
        if (text.value, text.color) != (v.banner, fg):
            text.value, text.color = v.banner, fg
            label.label = f"Next: {v.banner}"
            changed.append(label)
        if self.bar.bgcolor != bg:  # the bar's own update (its colour) only when it changed
            self.bar.bgcolor = bg
            bar_changed = True
        else:
            bar_changed = False
        key = kept_key(self, v)
        shown_kept = self._kept.pop(key, None) if key is not None else None
        if shown_kept is not None:
            self._kept[key] = shown_kept  # the most recently shown last: the least recently shown goes first
        controls = decision_controls(self, v) if shown_kept is None else []
        whole = v.decision in BAR_DECISIONS
        in_bar = [c for c in controls if whole or c.data == MAIN]
        on_page = [c for c in controls if not (whole or c.data == MAIN)]
        # The main button is the last of the bar's inputs, under the others; the error line under it.
        main = self.main.button
        rest = [c for c in in_bar if c is not main]
        if main_box.visible != any(c is main for c in in_bar):
            main_box.visible = not main_box.visible
            changed.append(main_box)
        if not main_box.visible:
            self.main.hide()
        shown = (self.main.text.value, self.main.icon.icon, main.bgcolor, main.color)
        if main_box.visible and shown != self._main_shown:
            self._main_shown = shown
            changed.append(main)
        if key is not None and shown_kept is None and rest:  # kept from now on, for the steps that show the same
            # In an isolated box: showing or hiding it (the bar's kept inputs' update) sends the box's visibility
            # without walking its chips.
            shown_kept = isolate(ft.Container(ft.Column(rest, spacing=8, tight=True,
                                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
            self._keep(key, shown_kept)
            rest = []
        if self._show_kept(shown_kept):
            changed.append(kept)
        if rest or inputs.controls:
            # Keyed by the decision: the same decision's new inputs are diffed field by field against the old
            # ones (only what changed is sent); another decision's replace them whole.
            inputs.controls = [ft.Column(rest, spacing=8, tight=True,
                                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                                         key=f"bar-{v.decision}")] if rest else []
            inputs.visible = bool(rest)
            changed.append(inputs)
        if (error_text.value, error.visible) != (v.error, bool(v.error)):
            error_text.value = v.error
            error.visible = bool(v.error)
            changed.append(error)
        if bar_changed:
            changed.append(self.bar)  # last: its colour
        self._on_page = None if not on_page else ft.Container(
            content=ft.Column(on_page, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            bgcolor=bg,
            border_radius=14,
            padding=14,
        )
        return changed

    def _keep(self, key: tuple, column: ft.Control) -> None:
        """Keep ``column`` in the bar for ``key``; past ``KEPT_INPUTS`` it takes the place of the least recently
        shown (in place: the others keep their places, so Flet's list diff sees one item replaced, not all of
        them moved and sent again)."""
        kept = self._bar_parts[-1]
        controls = list(kept.controls)
        if len(self._kept) >= KEPT_INPUTS:
            old = self._kept.pop(next(iter(self._kept)))
            controls[next(i for i, c in enumerate(controls) if c is old)] = column
        else:
            controls.append(column)
        self._kept[key] = column
        kept.controls = controls

    def _show_kept(self, shown: ft.Control | None) -> bool:
        """Show the kept inputs ``shown`` (None: none of them) in the bar, the others hidden; False when the bar
        already shows that (nothing to update)."""
        kept = self._bar_parts[-1]
        sent = len(self._kept_sent) == len(kept.controls) and all(
            a is b for a, b in zip(self._kept_sent, kept.controls, strict=True)
        )
        if sent and all(c.visible == (c is shown) for c in kept.controls) and kept.visible == (shown is not None):
            return False
        self._kept_sent = list(kept.controls)
        for c in kept.controls:
            c.visible = c is shown
        kept.visible = shown is not None
        return True

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

