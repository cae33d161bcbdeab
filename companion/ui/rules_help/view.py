"""Rules help: the app's own short summaries, one expandable section per topic, with a search field."""

from __future__ import annotations

import flet as ft

from companion.ui.rules_help.text import Entry, Section, corrected_values, filter_sections, rules_sections
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w

MARK_TONE = {"estimate": "warn", "your copy": "good"}


def _entry(e: Entry) -> ft.Control:
    title: list[ft.Control] = [ft.Text(e.title, theme_style=ft.TextThemeStyle.TITLE_SMALL, weight=ft.FontWeight.W_600)]
    if e.mark:
        title.append(w.chip(e.mark, tone=MARK_TONE.get(e.mark, "neutral")))
    return ft.Container(
        ft.Column([ft.Row(title, spacing=8, wrap=True), w.para(e.text)], spacing=4, tight=True),
        padding=ft.Padding.only(left=16, right=16, bottom=12),
    )


def _section(s: Section, expanded: bool) -> ft.Control:
    controls: list[ft.Control] = []
    if s.intro:
        controls.append(
            ft.Container(w.para(s.intro, italic=True), padding=ft.Padding.only(left=16, right=16, bottom=8))
        )
    controls += [_entry(e) for e in s.entries]
    return ft.ExpansionTile(
        title=ft.Text(s.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        leading=ft.Icon(w.icon(s.icon)),
        controls=controls,
        expanded=expanded,
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
        min_tile_height=w.TARGET + 4,
        key=f"rules-{s.key}",
    )


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    sections = rules_sections(ctx.reference, corrected_values(ctx.settings))
    listing = ft.Column(spacing=4)
    empty = w.para("Nothing matches. Try one word, such as 'dragon' or 'tavern'.", visible=False)

    def show(query: str) -> None:
        found = filter_sections(sections, query)
        listing.controls = [_section(s, expanded=bool(query.strip()) or s.key == params.get("open")) for s in found]
        empty.visible = not found

    def on_change(e: ft.Event[ft.TextField]) -> None:
        show(e.control.value or "")

    search = ft.TextField(
        label="Search the rules",
        prefix_icon=ft.Icons.SEARCH,
        on_change=on_change,
        value=params.get("q", ""),
    )
    show(params.get("q", ""))
    return [
        w.para(
            "Short reminders in the app's own words. The rulebooks are the authority. Values marked 'estimate' "
            "are the app's guesses where the rulebooks print none; correct them in Settings.",
            small=True,
        ),
        search,
        empty,
        ft.Card(ft.Container(listing, padding=ft.Padding.symmetric(vertical=6)), semantic_container=False),
    ]
