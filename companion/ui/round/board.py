"""A space on the round screen's board grid, made once for the screen and changed by property.

A tap changes a few spaces (the one placed on) or every space's look a little (whose turn it is: free or idle):
each ``BoardCell`` sets only the properties that differ and says which of its controls to update, so Flet
neither rebuilds nor diffs the spaces that did not change, and sends a handful of properties for those that did.
The space's inside (name, occupant, icons) is isolated: a change of its frame (border, colour, tap) does not walk
it, and a new occupant updates the occupant alone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.flet_seam.isolate import isolate
from companion.ui.round.view_model import Cell
from companion.ui.widgets.colors import COLOR_HEX, on_color

CELL_COLS: ft.ResponsiveNumber = {"xs": 4, "sm": 3, "md": 4}  # three spaces a row on a phone, four on a small tablet
_STATUS_BORDER = {"free": ft.Colors.GREEN_700, "dislodge": ft.Colors.ORANGE_800}
_DRAGON, _ALL_PLAY, _LOCKED = ft.Icons.LOCAL_FIRE_DEPARTMENT, ft.Icons.GROUPS, ft.Icons.LOCK
#: What a space's small icons mean, said once under the board: a new player cannot guess them.
LEGEND = ((_DRAGON, "dragon roll"), (_ALL_PLAY, "all play"), (_LOCKED, "locked: no dislodging"))


def legend() -> ft.Control:
    """The key to the spaces' icons, one line under the board (it wraps on a narrow screen). Static and
    isolated: the board's own update (the grids' visibility) does not walk it."""
    return isolate(ft.Row(
        [
            ft.Row([ft.Icon(icon, size=15), ft.Text(text, size=12)], spacing=2, tight=True)
            for icon, text in LEGEND
        ],
        spacing=14,
        run_spacing=2,
        wrap=True,
    ))


class BoardCell:
    """One space's controls; ``show(cell)`` brings them to ``cell`` and returns the controls to update."""

    def __init__(self, on_tap: Callable[[Cell], None]) -> None:
        self.on_tap = on_tap
        self.cell: Cell | None = None
        self.name = ft.Text(weight=ft.FontWeight.W_700, size=14, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
        self.occupant_text = ft.Text(size=13, max_lines=1)
        self.occupant = ft.Container(
            content=self.occupant_text, border_radius=8, padding=ft.Padding.symmetric(vertical=1, horizontal=6)
        )
        self.icons = ft.Row(spacing=0, tight=True)
        body = ft.Column(
            [self.name, ft.Row([self.occupant, self.icons], spacing=2, wrap=True, run_spacing=2)],
            spacing=2,
            tight=True,
        )
        self.semantics = isolate(ft.Semantics(content=body, exclude_semantics=True))
        self.box = ft.Container(
            content=self.semantics,
            padding=ft.Padding.symmetric(vertical=6, horizontal=8),
            border_radius=10,
            height=76,
        )
        self.control = ft.Container(content=self.box, col=CELL_COLS)

    def show(self, c: Cell) -> list[ft.Control]:
        """Show ``c``; the controls to update: none (and nothing touched) when it is what the cell already shows,
        else the space's frame first, then the parts of its inside that changed."""
        old, self.cell = self.cell, c
        if old == c:
            return []
        inside: list[ft.Control] = []
        if old is None or old.name != c.name:
            self.name.value = c.name
            inside.append(self.name)
        if old is None or (old.occupant, old.occupant_color) != (c.occupant, c.occupant_color):
            inside.append(self.occupant)
            self.occupant_text.value = c.occupant or "empty"
            self.occupant_text.weight = ft.FontWeight.W_600 if c.occupant else ft.FontWeight.W_400
            self.occupant_text.color = on_color(c.occupant_color) if c.occupant else ft.Colors.ON_SURFACE_VARIANT
            self.occupant.bgcolor = COLOR_HEX.get(c.occupant_color or "", None)
        if old is None or (old.dragon, old.all_play, old.locked) != (c.dragon, c.all_play, c.locked):
            inside.append(self.icons)
            self.icons.controls = [
                ft.Icon(icon, size=15)
                for flag, icon in ((c.dragon, _DRAGON), (c.all_play, _ALL_PLAY), (c.locked, _LOCKED))
                if flag
            ]
        status = {"free": "free", "dislodge": "dislodge", "blocked": c.reason or "blocked"}.get(c.status, "")
        # A blocked space can be tapped too: the refusal says why in one line.
        tappable = c.status in ("free", "dislodge", "blocked")
        self.semantics.label = f"{c.name}: {c.occupant or 'empty'}" + (f", {status}" if status else "")
        self.semantics.button = tappable
        border_color = _STATUS_BORDER.get(c.status)
        self.box.border = ft.Border.all(3 if border_color else 1, border_color or ft.Colors.OUTLINE_VARIANT)
        self.box.bgcolor = ft.Colors.SURFACE_CONTAINER_LOW if c.tappable else ft.Colors.SURFACE_CONTAINER_HIGHEST
        self.box.opacity = 1.0 if c.status != "blocked" else 0.55
        self.box.on_click = self._tapped if tappable else None
        self.box.ink = tappable
        return [self.box, *inside]

    def _tapped(self, _e) -> None:
        if self.cell is not None:
            self.on_tap(self.cell)


class Board:
    """The board grid, twice: one grid for the human's placements (free, taken, blocked spaces to tap) and one
    for everything else (every space idle), only one of them visible.

    Whose turn it is changes every space's look (border, colour, tap) but few spaces' occupants: with one grid
    a turn change restyled 18-36 spaces, each a Flet update (~0.2-0.3 ms each). Here the grid that
    comes back shows what it showed when it was last visible, so a turn change sends both grids' visibility
    and the few spaces that changed since (the dwarves placed meanwhile); the hidden grid is neither changed
    nor sent. Each grid sits in an isolated box: the board's own update sends the boxes' visibility alone.
    """

    MODES = ("idle", "place")

    def __init__(self, on_tap: Callable[[Cell], None]) -> None:
        self.on_tap = on_tap
        self.grids = {mode: ft.ResponsiveRow(spacing=6, run_spacing=6) for mode in self.MODES}
        # Each grid in an isolated box that shows or hides it: the board's update sends the boxes' visibility
        # without walking the spaces.
        self.boxes = {mode: isolate(ft.Container(grid, visible=False)) for mode, grid in self.grids.items()}
        self.cells: dict[str, list[BoardCell]] = {mode: [] for mode in self.MODES}
        self.mode: str | None = None  # the visible grid's
        self.legend = ft.Container(legend(), padding=ft.Padding.only(top=6, left=4))
        self.control = ft.Column([*self.boxes.values(), self.legend], spacing=0, tight=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def shown(self) -> list[BoardCell]:
        """The visible grid's spaces."""
        return self.cells[self.mode] if self.mode else []

    def show(self, cells: list[Cell]) -> list[ft.Control]:
        """Show ``cells`` in the grid for them (the placement grid when any space is not idle); the controls
        to update: the board when the visible grid changed, then the changed spaces' parts, each by itself."""
        mode = "idle" if all(c.status == "idle" for c in cells) else "place"
        if self.mode == mode and len(self.cells[mode]) == len(cells):  # the usual tap: a few spaces changed
            return [control for cell, c in zip(self.cells[mode], cells, strict=True) for control in cell.show(c)]
        changed: list[ft.Control] = []
        if any(len(mine) != len(cells) for mine in self.cells.values()):
            # Both grids made at once (the screen's first build, or another board): the hidden one goes to the
            # page with the screen, not with the tap that first shows it.
            for m, grid in self.grids.items():
                self.cells[m] = [BoardCell(self.on_tap) for _ in cells]
                for cell, c in zip(self.cells[m], cells, strict=True):
                    cell.show(c)
                grid.controls = [cell.control for cell in self.cells[m]]
            changed += self.grids.values()  # their new lists of spaces, sent whole
            self.mode = None
        if self.mode != mode:
            self.mode = mode
            for m, box in self.boxes.items():
                box.visible = m == mode
            changed.insert(0, self.control)  # the boxes' visibility alone
        # Each changed control by itself, however many: a space's inside is isolated, so an update of the
        # grid would not reach a new occupant (the board kept the last round's dwarves at a round's start).
        return changed + [control for cell, c in zip(self.cells[mode], cells, strict=True) for control in cell.show(c)]
