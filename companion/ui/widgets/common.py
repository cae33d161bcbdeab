"""Small Flet building blocks shared by the screens: big targets, a semantic label on everything.

Browser tests and screen readers find controls by their label, so every helper here takes one:
- a text button is named by its text;
- an icon button is named by ``label`` (set both as the icon's semantics label and as the tooltip);
- a field is named by its ``label``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

#: The smallest touch target, in logical pixels (Material's 48 plus a margin for a thumb at the table).
TARGET = 52

Handler = Callable[[Any], Any] | None


def icon(name: str) -> ft.IconData:
    """The Material icon called ``name`` (an ``ft.Icons`` member name, as presenters give them)."""
    return getattr(ft.Icons, name)


def icon_button(
    name: str | ft.IconData, label: str, on_click: Handler = None, *, disabled: bool = False, **kw: Any
) -> ft.IconButton:
    """An icon button a screen reader (and a test) finds by ``label``."""
    data = icon(name) if isinstance(name, str) else name
    return ft.IconButton(
        icon=ft.Icon(data, semantics_label=label),
        tooltip=label,
        on_click=on_click,
        disabled=disabled,
        size_constraints=ft.BoxConstraints(min_width=TARGET, min_height=TARGET),
        **kw,
    )


def big_button(
    label: str,
    on_click: Handler = None,
    *,
    icon_name: str | None = None,
    hint: str = "",
    primary: bool = False,
    disabled: bool = False,
    key: str | None = None,
    expand: bool = True,
    scale: float = 1.0,
) -> ft.Control:
    """A wide button with a large target, an icon, a label and an optional hint line under it.

    The texts carry no theme style (which would bring its own colour): they take the button's foreground
    colour, so they stay readable on a filled button and grey out when disabled. ``scale`` enlarges them.
    """
    texts: list[ft.Control] = [ft.Text(label, size=round(18 * scale), weight=ft.FontWeight.W_600)]
    if hint:
        texts.append(ft.Text(hint, size=round(14 * scale), weight=ft.FontWeight.W_400))
    row: list[ft.Control] = []
    if icon_name:
        row.append(ft.Icon(icon(icon_name), size=28))
    row.append(ft.Column(texts, spacing=2, tight=True, expand=True))
    content = ft.Container(ft.Row(row, spacing=14), padding=ft.Padding.symmetric(vertical=12, horizontal=8))
    cls = ft.FilledButton if primary else ft.FilledTonalButton
    return cls(
        content=content,
        on_click=on_click,
        disabled=disabled,
        key=key,
        expand=expand,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14)),
    )


def text_button(label: str, on_click: Handler = None, *, icon_name: str | None = None, **kw: Any) -> ft.TextButton:
    return ft.TextButton(label, icon=icon(icon_name) if icon_name else None, on_click=on_click, height=TARGET - 4, **kw)


def filled_button(
    label: str, on_click: Handler = None, *, icon_name: str | None = None, **kw: Any
) -> ft.FilledButton:
    return ft.FilledButton(
        label, icon=icon(icon_name) if icon_name else None, on_click=on_click, height=TARGET - 4, **kw
    )


def heading(text: str, level: int = 2) -> ft.Text:
    style = {1: ft.TextThemeStyle.HEADLINE_SMALL, 2: ft.TextThemeStyle.TITLE_LARGE}.get(
        level, ft.TextThemeStyle.TITLE_MEDIUM
    )
    return ft.Text(text, theme_style=style, weight=ft.FontWeight.W_600)


def para(text: str, *, small: bool = False, selectable: bool = False, **kw: Any) -> ft.Text:
    style = ft.TextThemeStyle.BODY_SMALL if small else ft.TextThemeStyle.BODY_LARGE
    return ft.Text(text, theme_style=style, selectable=selectable, **kw)


def chip(text: str, *, tone: str = "neutral", tooltip: str | None = None) -> ft.Control:
    """A small marker ("estimate", "your copy"): coloured so it stands out, named by its text."""
    colors = {
        "warn": (ft.Colors.AMBER_100, ft.Colors.BROWN_900),
        "good": (ft.Colors.GREEN_100, ft.Colors.GREEN_900),
        "neutral": (ft.Colors.BLUE_GREY_50, ft.Colors.BLUE_GREY_900),
        "bad": (ft.Colors.RED_100, ft.Colors.RED_900),
    }[tone]
    return ft.Container(
        ft.Text(text, size=12, weight=ft.FontWeight.W_600, color=colors[1]),
        bgcolor=colors[0],
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        tooltip=tooltip,
    )


def card(controls: Sequence[ft.Control], *, spacing: int = 8, padding: int = 14, stretch: bool = False) -> ft.Card:
    """A card whose children stay separate for screen readers.

    Flutter's Card merges everything inside into one semantic node by default, which hides its fields and
    buttons from screen readers (and gives a text field the whole card's text as its label).
    ``stretch`` makes the children as wide as the card (a text field, a divider line).
    """
    return ft.Card(
        ft.Container(
            ft.Column(
                list(controls),
                spacing=spacing,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH if stretch else ft.CrossAxisAlignment.START,
            ),
            padding=padding,
        ),
        semantic_container=False,
    )


def number_field(label: str, value: str | int, on_change: Handler = None, *, width: int | None = 88, **kw: Any):
    """A digits-only field, named by ``label``."""
    return ft.TextField(
        label=label,
        value=str(value),
        on_change=on_change,
        width=width,
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        text_align=ft.TextAlign.CENTER,
        dense=False,
        **kw,
    )


def scroll_key(name: str) -> ft.ScrollKey:
    """The key a screen's ``scroll_to(scroll_key=name)`` finds a control by."""
    # Flet builds ScrollKey's dataclass in a decorator of its own (flet/controls/keys.py) that mypy cannot read.
    return ft.ScrollKey(name)  # type: ignore[call-arg]


#: ``data`` of a screen's control that fills the view itself (its own scrolling part and a pinned bar).
FILLS_VIEW = "fills-view"


def pinned(content: ft.Control, bar: ft.Control, scroller: ft.Column) -> ft.Control:
    """A screen whose ``content`` scrolls above a ``bar`` pinned at the bottom of the window (the round screen's
    decision and its main button: never below the fold). ``scroller`` is the empty scrolling column to fill, kept
    by the screen to scroll it; the router gives such a screen the whole view (``companion/ui/shell/app.py``)."""
    scroller.controls = [ft.Container(body([content]), padding=ft.Padding.symmetric(horizontal=12, vertical=12))]
    scroller.scroll = ft.ScrollMode.AUTO
    scroller.expand = True
    return ft.Column([scroller, bar], spacing=0, expand=True, data=FILLS_VIEW)


def pinned_bar(key: str, **kw: Any) -> ft.Container:
    """The bar a screen pins at the bottom of the window (:func:`pinned`): padded, a line above it; ``kw`` adds
    the container's other properties (a background, say). The screen fills in its content."""
    return ft.Container(
        key=key,
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT)),
        **kw,
    )


def body(controls: Sequence[ft.Control], *, spacing: int = 14) -> ft.Control:
    """A screen's content: full width on a phone, a readable centred column on a desktop."""
    column = ft.Column(list(controls), spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.ResponsiveRow(
        [ft.Container(column, col={"xs": 12, "md": 10, "lg": 8, "xl": 7})],
        alignment=ft.MainAxisAlignment.CENTER,
    )
