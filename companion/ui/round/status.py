"""The round screen's status strip: round, dragon track, turn order (the player whose turn it is stands out).

Made once for the screen and changed by property: a tap usually changes one or two turn-order chips
(a beard number leaves its bed, the turn passes); ``show`` sets what differs and returns only the controls to
update, so the rest of the strip is neither rebuilt nor diffed. The dragon's pips are rebuilt only when the
dragon moves.
"""

from __future__ import annotations

import flet as ft

from companion.flet_seam.isolate import isolate
from companion.rules import words
from companion.ui.round.view_model import PlayerChip, RoundView, chip_key, chip_name
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import COLOR_HEX, on_color


class StatusStrip:
    """The strip's controls; ``show(v)`` brings them to ``v`` and returns the controls to update."""

    def __init__(self) -> None:
        self.title = ft.Text(theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.W_700)
        self.dragon = ft.Semantics(exclude_semantics=True)
        top = ft.Row([self.title, self.dragon], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True,
                     run_spacing=4)
        self.order = isolate(ft.Row(spacing=6, wrap=True, run_spacing=6))
        self.chips: list[_Chip] = []
        # What the chips' small numbers are, in a line under them (the chips themselves stay short).
        self.key = ft.Text(size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        self.control = w.card([top, self.order, self.key], padding=12)
        self._dragon: tuple[int, int] | None = None
        self.track: _DragonTrack | None = None

    def show(self, v: RoundView) -> list[ft.Control]:
        changed: list[ft.Control] = []
        if self.title.value != v.title:
            self.title.value = v.title
            changed.append(self.title)
        if self._dragon != (v.dragon, v.dragon_length):
            self._dragon = (v.dragon, v.dragon_length)
            self.dragon.label = f"Dragon at {v.dragon} of {v.dragon_length}"
            changed.append(self.dragon)
            if self.track is None or self.track.length != v.dragon_length:  # a new track: sent whole
                self.track = _DragonTrack(v.dragon_length)
                self.track.show(v.dragon)
                self.dragon.content = self.track.row
            else:
                changed += self.track.show(v.dragon)
        # At the start of the game (before the starting rolls) there is no turn order yet.
        visible = v.phase != "start"
        key = chip_key(v.turn_order)
        if self.key.value != key or self.key.visible != visible:
            self.key.value, self.key.visible = key, visible
            changed.append(self.key)
        if len(self.chips) != len(v.turn_order):
            self.chips = [_Chip() for _ in v.turn_order]
            self.order.controls = [chip.control for chip in self.chips]
            for i, (chip, data) in enumerate(zip(self.chips, v.turn_order, strict=True), start=1):
                chip.show(i, data, data.color == v.banner_color)
            self.order.visible = visible
            return [self.control]  # the strip's layout changed: the whole card, once
        if self.order.visible != visible:
            self.order.visible = visible
            changed.append(self.order)
        for i, (chip, data) in enumerate(zip(self.chips, v.turn_order, strict=True), start=1):
            changed += chip.show(i, data, data.color == v.banner_color)
        return changed


class _DragonTrack:
    """The dragon's track: a pip per space, the dragon's pip lit. Made once per track length; a move of the
    dragon changes two pips and the count by property (the row is isolated: the label's update skips it)."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.fires = [ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=14, color=ft.Colors.WHITE, visible=False)
                      for _ in range(length + 1)]
        self.pips = [
            ft.Container(content=fire, width=20, height=20, border_radius=10, bgcolor=self._idle(i),
                         alignment=ft.Alignment.CENTER)
            for i, fire in enumerate(self.fires)
        ]
        self.count = ft.Text()
        self.row = isolate(ft.Row([ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, size=18), *self.pips, self.count],
                                  spacing=3, tight=True))
        self.dragon: int | None = None

    def _idle(self, i: int) -> str:
        return ft.Colors.RED_200 if i == self.length else ft.Colors.BLUE_GREY_100

    def show(self, dragon: int) -> list[ft.Control]:
        """Put the dragon at ``dragon``; the pips and count to update."""
        changed: list[ft.Control] = []
        for i in (self.dragon, dragon):
            if i is not None and 0 <= i <= self.length:
                here = i == dragon
                self.fires[i].visible = here
                self.pips[i].bgcolor = ft.Colors.DEEP_ORANGE_700 if here else self._idle(i)
                if not any(c is self.pips[i] for c in changed):
                    changed.append(self.pips[i])
        self.dragon = dragon
        self.count.value = f"{dragon}/{self.length}"
        return [*changed, self.count]


class _Chip:
    """A player in the turn order: number, name (a robot for an automa), beards still in bed, captured, points."""

    def __init__(self) -> None:
        self.robot = ft.Icon(ft.Icons.SMART_TOY, size=14)
        self.name = ft.Text(weight=ft.FontWeight.W_700, size=15)
        self.detail = ft.Text(size=12)
        # The chip's inside is isolated: the chip's update (its label, colour, the turn's border) does not walk
        # it, and the texts that changed are updated by themselves.
        self.inside = isolate(ft.Column(
            [ft.Row([self.robot, self.name], spacing=3, tight=True), self.detail], spacing=0, tight=True
        ))
        self.box = ft.Container(
            content=self.inside,
            border_radius=10,
            padding=ft.Padding.symmetric(vertical=4, horizontal=8),
        )
        self.control = ft.Semantics(content=self.box, exclude_semantics=True)
        self._shown: tuple | None = None

    def show(self, i: int, chip: PlayerChip, turn: bool) -> list[ft.Control]:
        """Show ``chip`` at place ``i``; the controls to update: none (nothing touched) when it already shows
        that, else the chip, then its texts that changed."""
        key = (i, chip, turn)
        if key == self._shown:
            return []
        self._shown = key
        before = (self.robot.visible, self.robot.color, self.name.value, self.name.color, self.detail.value,
                  self.detail.color)
        waiting = " ".join(f"#{n}" for n in chip.waiting) or "all placed"
        extra = f" · captured {', '.join(f'#{n}' for n in chip.captured)}" if chip.captured else ""
        pts = f" · {words.count(chip.points, 'pt')}" if chip.points is not None else ""
        # On the chip, short: the beard numbers still in bed, the captured ones, the points.
        short = " ".join(str(n) for n in chip.waiting) or "done"
        short_extra = f" · capt. {' '.join(str(n) for n in chip.captured)}" if chip.captured else ""
        fg = on_color(chip.color)
        self.robot.visible = chip.automa
        self.robot.color = fg
        self.name.value = f"{i}. {chip_name(chip)}"
        self.name.color = fg
        self.detail.value = f"{short}{short_extra}{pts}"
        self.detail.color = fg
        self.box.bgcolor = COLOR_HEX[chip.color]
        self.box.border = _TURN_BORDER if turn else None
        self.control.label = f"{i}. {chip.label}{' (to play)' if turn else ''}: in bed {waiting}{extra}{pts}"
        after = (self.robot.visible, self.robot.color, self.name.value, self.name.color, self.detail.value,
                 self.detail.color)
        if before[:4] != after[:4]:
            return [self.control, self.inside]  # the name or its colour: the chip's inside whole
        return [self.control, self.detail] if before[4:] != after[4:] else [self.control]


_TURN_BORDER = ft.Border.all(3, ft.Colors.ON_SURFACE)
