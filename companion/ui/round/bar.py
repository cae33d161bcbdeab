"""The round screen's decision bar, pinned at the bottom of the window: what to do next, the decision's inputs when
they are few (a question's chips, keep or re-roll, a placement's hint and spells) and its main button, never below
the fold. A long form (the starting rolls, a dragon attack, the end of round) stays on the page above it.

Made once for the screen and changed by property: a tap changes its text, colours, main button and error line;
only its other inputs are built anew, and updated only when there are any now or were before. Inputs that come
back often (the same question's chips) are kept hidden in the bar and shown again (``forms.banner.kept_key``).
"""

from __future__ import annotations

import flet as ft

from companion.flet_seam.isolate import isolate
from companion.ui.round.forms.banner import BAR_DECISIONS, decision_controls, kept_key
from companion.ui.round.forms.controls import MAIN, MainButton, RoundHost
from companion.ui.round.view_model import RoundView
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import COLOR_HEX, on_color

KEPT_INPUTS = 12  # the most decisions' bar inputs kept hidden in the bar to be shown again (forms.banner.kept_key)


def _column(controls: list[ft.Control] | None = None, **kw) -> ft.Column:
    return ft.Column(controls or [], spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, **kw)


class DecisionBar:
    """The bar's controls; ``show(v)`` brings them to ``v``, returns the controls to update and leaves the
    decision's long form for the page in ``on_page`` (None when it has none)."""

    def __init__(self, host: RoundHost, main: MainButton) -> None:
        self.host = host
        self.main = main
        self.control = w.pinned_bar("round-bar")
        self.on_page: ft.Control | None = None
        self.text = ft.Text(size=17, weight=ft.FontWeight.W_700)
        self.label = ft.Semantics(content=self.text, exclude_semantics=True)
        self.inputs = _column(visible=False)
        self.error_text = ft.Text(color=ft.Colors.RED_900, expand=True)
        self.error = isolate(ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.RED_900), self.error_text]),
            bgcolor=ft.Colors.RED_50,
            border_radius=10,
            padding=10,
            visible=False,
        ))
        # Not isolated, as the inputs above: both are updated by themselves, the bar's update stops at its row
        # (flet_seam.isolate says why an isolated control costs more to update by itself).
        self.kept = ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, visible=False)
        # The main button in a box of its own, itself in an isolated holder: Flet copies a button's style
        # whenever it diffs the button, and sends the copy; the box is shown or hidden without reaching the
        # button, and the button is updated when it changed.
        self.main_box = ft.Container(content=isolate(ft.Container(content=main.button)), visible=False)
        column = _column([self.label, self.inputs, self.kept, self.main_box, self.error])
        # Isolated: the bar's own update sends its colour only; its text and parts are updated by themselves.
        self.control.content = isolate(ft.ResponsiveRow(
            [ft.Container(column, col={"xs": 12, "md": 10, "lg": 8, "xl": 7})],
            alignment=ft.MainAxisAlignment.CENTER,
        ))
        self._kept: dict[tuple, ft.Control] = {}  # the inputs kept for later steps, least recently shown first
        self._kept_sent: list[ft.Control] = []  # the kept inputs as last updated
        self._main_shown: tuple | None = None  # the main button's look as last sent

    def show(self, v: RoundView) -> list[ft.Control]:
        """Bring the bar to ``v``: the controls to update, each by itself, the bar's own (its colour) last."""
        color = v.banner_color if v.banner_color in COLOR_HEX else None
        bg = COLOR_HEX[color] if color else ft.Colors.SURFACE_CONTAINER_HIGH
        changed = self._show_text(v.banner, on_color(color) if color else None)
        bar_changed = self.control.bgcolor != bg
        if bar_changed:  # the bar's own update (its colour) only when it changed
            self.control.bgcolor = bg
        key = kept_key(self.host, v)
        shown_kept = self._kept.pop(key, None) if key is not None else None
        if key is not None and shown_kept is not None:
            self._kept[key] = shown_kept  # the most recently shown last: the least recently shown goes first
        controls = decision_controls(self.host, v) if shown_kept is None else []
        whole = v.decision in BAR_DECISIONS
        in_bar = [c for c in controls if whole or c.data == MAIN]
        on_page = [c for c in controls if not (whole or c.data == MAIN)]
        changed += self._show_main(in_bar)
        # The main button is the last of the bar's inputs, under the others; the error line under it.
        rest = [c for c in in_bar if c is not self.main.button]
        if key is not None and shown_kept is None and rest:  # kept from now on, for the steps that show the same
            # In an isolated box: showing or hiding it (the bar's kept inputs' update) sends the box's visibility
            # without walking its chips.
            shown_kept = isolate(ft.Container(_column(rest)))
            self.keep(key, shown_kept)
            rest = []
        if self._show_kept(shown_kept):
            changed.append(self.kept)
        changed += self._show_inputs(rest, v.decision)
        changed += self._show_error(v.error)
        if bar_changed:
            changed.append(self.control)  # last: its colour
        self.on_page = None if not on_page else ft.Container(
            content=ft.Column(on_page, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            bgcolor=bg,
            border_radius=14,
            padding=14,
        )
        return changed

    def _show_text(self, banner: str, fg: str | None) -> list[ft.Control]:
        """What to do next, in the player's colours; its label says it to a screen reader."""
        if (self.text.value, self.text.color) == (banner, fg):
            return []
        self.text.value, self.text.color = banner, fg
        self.label.label = f"Next: {banner}"
        return [self.label]

    def _show_main(self, in_bar: list[ft.Control]) -> list[ft.Control]:
        """Show the main button when the decision has one (else a tap still reaching it does nothing)."""
        changed: list[ft.Control] = []
        main = self.main.button
        if self.main_box.visible != any(c is main for c in in_bar):
            self.main_box.visible = not self.main_box.visible
            changed.append(self.main_box)
        if not self.main_box.visible:
            self.main.hide()
        shown = (self.main.text.value, self.main.icon.icon, main.bgcolor, main.color)
        if self.main_box.visible and shown != self._main_shown:
            self._main_shown = shown
            changed.append(main)
        return changed

    def _show_inputs(self, rest: list[ft.Control], decision: str) -> list[ft.Control]:
        """The decision's inputs built for this step (not kept), when there are any now or were before."""
        if not (rest or self.inputs.controls):
            return []
        # Keyed by the decision: the same decision's new inputs are diffed field by field against the old
        # ones (only what changed is sent); another decision's replace them whole.
        self.inputs.controls = [_column(rest, key=f"bar-{decision}")] if rest else []
        self.inputs.visible = bool(rest)
        return [self.inputs]

    def _show_error(self, error: str | None) -> list[ft.Control]:
        """The one line saying why a tap was refused, under the main button."""
        if (self.error_text.value, self.error.visible) == (error or "", bool(error)):
            return []
        self.error_text.value = error or ""
        self.error.visible = bool(error)
        return [self.error]

    def keep(self, key: tuple, column: ft.Control) -> None:
        """Keep ``column`` in the bar for ``key``; past ``KEPT_INPUTS`` it takes the place of the least recently
        shown (in place: the others keep their places, so Flet's list diff sees one item replaced, not all of
        them moved and sent again)."""
        controls = list(self.kept.controls)
        if len(self._kept) >= KEPT_INPUTS:
            old = self._kept.pop(next(iter(self._kept)))
            controls[next(i for i, c in enumerate(controls) if c is old)] = column
        else:
            controls.append(column)
        self._kept[key] = column
        self.kept.controls = controls

    def _show_kept(self, shown: ft.Control | None) -> bool:
        """Show the kept inputs ``shown`` (None: none of them) in the bar, the others hidden; False when the bar
        already shows that (nothing to update)."""
        kept = self.kept
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
