"""The round screen's "On the board" card: what the last step asks of the physical board (the table's setup
before the first placement), with Undo and Redo naming their step.

Made once for the screen and changed by property: its lines are a pool of rows whose text changes,
shown or hidden; ``show`` returns only the controls that changed, so an unchanged line is neither rebuilt nor
diffed.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.widgets import common as w


def _card_column(card: ft.Card) -> ft.Column:
    """The column of a card made by ``w.card`` (a column in a padded container)."""
    box = card.content
    column = box.content if isinstance(box, ft.Container) else None
    if not isinstance(column, ft.Column):
        raise TypeError("w.card no longer holds its controls in a column in a container")
    return column


class LastStep:
    """The card's controls; ``show`` brings them to the last step and returns the controls to update."""

    def __init__(self, undo: Callable, redo: Callable) -> None:
        self.heading = w.heading("", 3)
        self.rows: list[_Line] = []
        self.undo = _WideTextButton("UNDO", undo)
        self.redo = _WideTextButton("REDO", redo)
        self.control = w.card([], spacing=6, padding=12, stretch=True)
        self.column = _card_column(self.control)  # the card's column, kept to add lines to
        self._layout()

    def _layout(self) -> None:
        self.column.controls = [self.heading, *(row.control for row in self.rows), self.undo.control,
                                self.redo.control]

    def show(self, heading: str, lines: list[tuple[str, bool]], setup: bool, undo: str | None,
             redo: str | None) -> list[ft.Control]:
        """``lines``: each line's text and whether it rests on an estimate (starting gold, the track, a tavern take);
        ``setup``: the table's setup (a wider gap after the chevron); ``undo``/``redo``: the step each names."""
        changed: list[ft.Control] = []
        if len(lines) > len(self.rows):
            self.rows += [_Line() for _ in range(len(lines) - len(self.rows))]
            self._layout()
            changed.append(self.column)
        for i, row in enumerate(self.rows):
            changed += row.show(lines[i] if i < len(lines) else None, setup)
        head = heading if lines else None
        if (self.heading.value, self.heading.visible) != (head or "", bool(head)):
            self.heading.value = head or ""
            self.heading.visible = bool(head)
            changed.append(self.heading)
        changed += self.undo.show(f"Undo: {undo}" if undo else None)
        changed += self.redo.show(f"Redo: {redo}" if redo else None)
        if self.column in changed:
            return [self.column]  # covers the rest
        return changed

    @property
    def empty(self) -> bool:
        return not self.heading.visible and not self.undo.control.visible and not self.redo.control.visible


class _Line:
    """A line of the card: a chevron, the text, an "estimate" chip for a value the rulebooks do not print."""

    def __init__(self) -> None:
        self.text = ft.Text(expand=True)
        self.estimate = w.chip("estimate", tone="warn")
        self.control = ft.Row(
            [ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18), self.text, self.estimate],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        self._shown: tuple | None = None

    def show(self, line: tuple[str, bool] | None, setup: bool) -> list[ft.Control]:
        """Show ``line`` (None: hidden); the controls to update: the text alone when only the text changed."""
        old, self._shown = self._shown, (line, setup)
        if old == self._shown:
            return []
        self.control.visible = line is not None
        if line is not None:
            self.text.value, self.estimate.visible = line
            self.control.spacing = 10 if setup else 4
        if old is not None and old[0] is not None and line is not None and (old[0][1], old[1]) == (line[1], setup):
            return [self.text]
        return [self.control]


class _WideTextButton:
    """A full-width outlined button whose (long) text wraps instead of overflowing on a phone."""

    def __init__(self, icon_name: str, on_click: Callable) -> None:
        self.text = ft.Text(expand=True)
        self.control = ft.OutlinedButton(
            content=ft.Row([ft.Icon(w.icon(icon_name), size=20), self.text], spacing=8),
            on_click=on_click,
            style=ft.ButtonStyle(
                padding=ft.Padding.symmetric(vertical=10, horizontal=12),
                shape=ft.RoundedRectangleBorder(radius=12),
            ),
            visible=False,
        )

    def show(self, label: str | None) -> list[ft.Control]:
        if label is None:
            if not self.control.visible:
                return []
            self.control.visible = False
            return [self.control]
        if self.control.visible and self.text.value == label:
            return []
        shown = self.control.visible
        self.control.visible = True
        self.text.value = label
        return [self.text] if shown else [self.control]
