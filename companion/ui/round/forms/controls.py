"""What every form of the round screen shares: ``RoundHost`` (what a form may ask of the screen), the per-decision
form state, and the buttons, die rows, steppers and panels the forms are built of.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.rules import words
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.view_model import RoundView
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import COLOR_HEX, on_color

#: ``data`` of a decision's main button: the round screen pins it in the bar at the bottom of the window.
MAIN = "main"

GEM_LABEL = {"ruby": "Ruby", "emerald": "Emerald", "sapphire": "Sapphire", "diamond": "Diamond", "mana": "Mana"}


class FormState:
    """What the screen's forms keep between redraws: the values half filled in for the decision shown (a stepper's
    number, the gems chosen so far), and the side panel's corrections (``forms.extras``)."""

    def __init__(self) -> None:
        self._step: int | None = None
        self._values: dict[str, Any] = {}
        #: The side panel's "Spells, special tiles and corrections" (it resets itself after every step).
        self.extras: dict[str, Any] = {}

    def at(self, step: int) -> dict[str, Any]:
        """The decision's values at ``step`` (``RoundView.step``): empty again once the game moved on."""
        if self._step != step:
            self._step, self._values = step, {}
        return self._values


class RoundHost(Protocol):
    """The screen as its forms see it (``companion.ui.round.view.RoundScreen`` is the one there is)."""

    ctx: AppContext
    p: RoundPresenter
    drawn: RoundView  # the view model the screen shows now
    spell: str | None  # Grow Beard / Blood Sacrifice chosen for the next placement
    forms: FormState  # the forms' half-filled values
    main: MainButton  # the decision's main button, kept for the screen's life

    def refresh(self, part: str = "banner") -> None: ...

    def do(self, call: Callable[[], bool]) -> None: ...

    def section(self, key: str, title: str, build: Callable[[], list[ft.Control]]) -> ft.Control: ...

    def setup_lines(self) -> list[tuple[str, bool]]: ...


def form_state(screen: RoundHost) -> dict[str, Any]:
    """Per-decision form state, reset whenever the screen shows the game moved on (another step, an undo)."""
    return screen.forms.at(screen.drawn.step)


def action_button(label: str, on_click, *, primary: bool = True, icon: str | None = None, disabled: bool = False,
                  name: str | None = None, expand: bool = False):
    """A form's button. ``name``: what a screen reader says when the shown ``label`` leans on what is around it
    ("Set points" under Green's steppers is "Set Green points"). ``expand`` is sent only when set: a button with
    ``expand=False`` in a wrapping row (Draco Speak's two) was Flutter's grey error box, tens of thousands of
    pixels tall."""
    cls = ft.FilledButton if primary else ft.FilledTonalButton
    return cls(
        label if name is None else ft.Text(label, semantics_label=name),
        expand=True if expand else None,
        icon=getattr(ft.Icons, icon) if icon else None,
        on_click=on_click,
        disabled=disabled,
        height=w.TARGET,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)),
    )


def main_button(screen: RoundHost, label: str, on_click, icon: str, color: str | None) -> ft.Control:
    """The banner's one big button: full width, tall, in the colours of ``color``, the player it is for: the
    screen's own (``screen.main``), changed by property."""
    return screen.main.show(label, on_click, icon, color)


class MainButton:
    """The decision's main button, made once for the round screen and changed by property: a tap
    that moves to another decision changes its label, icon and colours, and only those are sent. Its click goes
    to the handler the last form gave (a plain attribute: a new handler is nothing to send)."""

    def __init__(self) -> None:
        self.icon = ft.Icon(ft.Icons.CHECK, size=26)
        self.text = ft.Text(size=19, weight=ft.FontWeight.W_700)
        self.button = ft.Button(
            content=ft.Row([self.icon, self.text], alignment=ft.MainAxisAlignment.CENTER, tight=True, spacing=10),
            on_click=self._clicked,
            height=60,
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14)),
            data=MAIN,
        )
        self._on_click = None

    def show(self, label: str, on_click, icon: str, color: str | None) -> ft.Control:
        hex_ = COLOR_HEX.get(color or "")
        self._on_click = on_click
        self.text.value = label
        self.icon.icon = getattr(ft.Icons, icon)
        self.button.bgcolor = on_color(color) if hex_ else ft.Colors.PRIMARY
        self.button.color = hex_ or ft.Colors.ON_PRIMARY
        return self.button

    def hide(self) -> None:
        """The decision now shown has no main button: a tap still reaching it does nothing.

        Why: a double tap's second touch, or a tap made while the page had not yet drawn the next decision,
        reaches the button the page still showed. Its last handler went on with a decision the game had left
        ("proceed is not possible now: the game waits for place" in the bar)."""
        self._on_click = None

    def _clicked(self, e) -> None:
        if self._on_click is not None:
            self._on_click(e)


def die_row(label: str, chosen: int | None, on_pick) -> ft.Control:
    """Six big buttons for a die the table rolled; the chosen one is filled."""
    buttons: list[ft.Control] = []
    for n in range(1, 7):
        cls = ft.FilledButton if chosen == n else ft.OutlinedButton
        buttons.append(
            cls(
                content=ft.Text(str(n), semantics_label=f"{label} {n}"),
                on_click=lambda _e, n=n: on_pick(n),
                width=45,
                height=w.TARGET,
                style=ft.ButtonStyle(padding=0),
            )
        )
    return ft.Row(buttons, spacing=3, wrap=True, run_spacing=6)


def stepper(screen: RoundHost, label: str, value: int, lo: int, hi: int, on_set, part: str = "banner") -> ft.Control:
    """A number with big minus and plus buttons (one hand, at the table). ``part``: what to redraw after."""

    def change(delta: int):
        on_set(max(lo, min(hi, value + delta)))
        screen.refresh(part)

    return ft.Row(
        [
            ft.Text(label, expand=True),
            w.icon_button("REMOVE", f"{label} minus one", lambda _e: change(-1), disabled=value <= lo),
            ft.Semantics(
                content=ft.Text(
                    str(value), size=22, weight=ft.FontWeight.W_700, width=44, text_align=ft.TextAlign.CENTER
                ),
                label=f"{label}: {value}",
                exclude_semantics=True,
            ),
            w.icon_button("ADD", f"{label} plus one", lambda _e: change(1), disabled=value >= hi),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def panel(controls: list[ft.Control]) -> ft.Control:
    return ft.Container(
        ft.Column(controls, spacing=8, tight=True), bgcolor=ft.Colors.SURFACE, border_radius=12, padding=12
    )


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def choices(options, chosen, on_pick, label=None) -> ft.Control:
    """Compact buttons, one per option, the chosen one filled: one tap, no menu to open."""
    buttons: list[ft.Control] = []
    for key in options:
        text = label(key) if label else upper_first(words.name_of(key))
        cls = ft.FilledButton if key == chosen else ft.OutlinedButton
        buttons.append(
            cls(
                content=ft.Text(text),
                on_click=lambda _e, k=key: on_pick(k),
                height=44,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            )
        )
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def pad(controls: list[ft.Control], spacing: int = 6) -> ft.Control:
    return ft.Container(ft.Column(controls, spacing=spacing), padding=ft.Padding.symmetric(horizontal=16))
