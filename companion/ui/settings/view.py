"""The settings screen: sharing the table, appearance, dice, axe bag, and the reference values (estimates can be
corrected)."""

from __future__ import annotations

import flet as ft

from companion.server import sharing
from companion.ui.settings.presenter import ReferenceRow, SettingsPresenter
from companion.ui.settings.share import share_card
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w

BADGE_TONE = {"estimate": "warn", "your copy": "good", "rulebook": "neutral"}


def _switch(label: str, value: bool, on_change, hint: str) -> ft.Control:
    return ft.Column(
        [
            ft.Switch(label=label, value=value, on_change=on_change),
            ft.Container(w.para(hint, small=True), padding=ft.Padding.only(left=4)),
        ],
        spacing=2,
        tight=True,
    )


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    presenter = SettingsPresenter(ctx.settings)
    open_editors: set[str] = set()
    errors: dict[str, str] = {}
    drafts: dict[str, dict[str, str]] = {}  # what was typed, kept while the editor is open
    references = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def commit(settings) -> None:
        ctx.update_settings(settings)

    # ------------------------------------------------------------------------------------- appearance
    appearance = w.card(
        [
            w.heading("Appearance", 3),
            _switch(
                "Dark theme",
                presenter.dark,
                lambda e: commit(presenter.set_dark(e.control.value)),
                "Easier on the eyes in a dim room.",
            ),
            _switch(
                "Larger text",
                presenter.settings.larger_text,
                lambda e: commit(presenter.set_larger_text(e.control.value)),
                "Bigger letters everywhere, for reading at arm's length.",
            ),
        ]
    )

    # ------------------------------------------------------------------------------------- at the table
    dice = ft.RadioGroup(
        value=presenter.settings.dice,
        on_change=lambda e: commit(presenter.set_dice(e.control.value)),
        content=ft.Column(
            [
                ft.Radio(value="app", label="The app rolls the dice"),
                ft.Radio(value="table", label="We roll at the table and enter the values"),
            ],
            spacing=0,
            tight=True,
        ),
    )
    table = w.card(
        [
            w.heading("At the table", 3),
            w.para("Whose dice by default:", small=True),
            dice,
            _switch(
                "Virtual axe bag",
                presenter.settings.virtual_axe_bag,
                lambda e: commit(presenter.set_virtual_axe_bag(e.control.value)),
                "The app draws the automa's axe tokens itself instead of asking you to draw from the bag.",
            ),
            _switch(
                "The table keeps the automa's things",
                presenter.settings.stash == "table",
                lambda e: commit(presenter.set_table_stash(e.control.value)),
                "New games: each automa's gold, gems and tiles stay beside its deck; nothing is asked while you "
                "play, their counts once at the end. Also on the New game screen.",
            ),
        ]
    )

    # ------------------------------------------------------------------------------------- reference values
    def close(key: str) -> None:
        errors.pop(key, None)
        drafts.pop(key, None)
        open_editors.discard(key)

    def editor(row: ReferenceRow) -> ft.Control:
        values = drafts.setdefault(row.key, {f.key: f.value for f in row.fields})

        def set_value(key: str):
            def handler(e: ft.ControlEvent) -> None:
                values[key] = e.control.value or ""

            return handler

        def save(_e) -> None:
            outcome = presenter.submit(row.key, values)
            if outcome.error:
                errors[row.key] = outcome.error
            else:
                close(row.key)
                commit(outcome.settings)
            render()

        def reset(_e) -> None:
            close(row.key)
            commit(presenter.reset(row.key))
            render()

        def cancel(_e) -> None:
            close(row.key)
            render()

        inputs: list[ft.Control] = []
        for f in row.fields:
            if f.choices:
                inputs.append(
                    ft.RadioGroup(
                        value=values[f.key],
                        on_change=set_value(f.key),
                        content=ft.Row(
                            [ft.Radio(value=v, label=label) for v, label in f.choices], wrap=True, spacing=0
                        ),
                    )
                )
            else:
                inputs.append(w.number_field(f.label, values[f.key], set_value(f.key), width=155))
        controls: list[ft.Control] = [ft.Row(inputs, wrap=True, spacing=10, run_spacing=10)]
        if row.key in errors:
            controls.append(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Error"),
                        ft.Text(errors[row.key], color=ft.Colors.ERROR, expand=True),
                    ]
                )
            )
        buttons = [w.filled_button(f"Save {row.label.lower()}", save, icon_name="CHECK")]
        if row.can_reset:
            buttons.append(w.text_button("Use the app's value", reset, icon_name="RESTORE"))
        buttons.append(w.text_button("Cancel", cancel))
        controls.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
        return ft.Column(controls, spacing=8, tight=True)

    def reference_card(row: ReferenceRow) -> ft.Control:
        head: list[ft.Control] = [
            ft.Text(row.label, theme_style=ft.TextThemeStyle.TITLE_SMALL, weight=ft.FontWeight.W_600),
            w.chip(row.badge, tone=BADGE_TONE[row.badge]),
        ]
        value = ft.Text(row.value_text, theme_style=ft.TextThemeStyle.BODY_LARGE, weight=ft.FontWeight.W_500)
        parts: list[ft.Control] = [ft.Row(head, spacing=8, wrap=True), value, w.para(row.help, small=True)]
        if row.key in open_editors:
            parts.append(editor(row))
        else:

            def open_editor(_e, key=row.key) -> None:
                open_editors.add(key)
                render()

            parts.append(w.text_button(f"Correct {row.label.lower()}", open_editor, icon_name="EDIT"))
        return ft.Container(
            ft.Column(parts, spacing=4, tight=True),
            padding=ft.Padding.symmetric(vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        )

    def render() -> None:
        references.controls = [reference_card(r) for r in presenter.reference_rows()]

    render()
    reference = w.card(
        [
            w.heading("Reference values", 3),
            w.para(
                "The rulebooks do not print these. The app's guesses are marked 'estimate'; if your copy of the "
                "game shows a value, correct it here and it is marked 'your copy'. A game in progress keeps the "
                "values it started with.",
                small=True,
            ),
            references,
        ]
    )
    share = share_card(ctx)
    # While shared, the join address is what the host comes here for: first. Otherwise a note at the end.
    cards = [share, appearance, table, reference] if sharing.current() else [appearance, table, reference, share]
    return [*_notice(ctx), *cards]


def _notice(ctx: AppContext) -> list[ft.Control]:
    """The one line saying the settings file could not be used (it was kept aside; the defaults are used)."""
    if not ctx.settings_notice:
        return []
    return [
        w.card(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR),
                        ft.Text(ctx.settings_notice, color=ft.Colors.ERROR, expand=True),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            ]
        )
    ]
