"""The settings screen: sharing the table, appearance, dice, axe bag, and the reference values (estimates can be
corrected)."""

from __future__ import annotations

import flet as ft

from companion.ui.settings.presenter import Field, ReferenceRow, SettingsPresenter
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


def _error_row(message: str) -> ft.Control:
    """Why a correction was not saved, under its inputs."""
    return ft.Row(
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Error"),
            ft.Text(message, color=ft.Colors.ERROR, expand=True),
        ]
    )


def _input(f: Field, values: dict[str, str]) -> ft.Control:
    """One field of a correction editor: a row of choices or a number; what is typed goes into ``values``."""

    def set_value(e: ft.Event[ft.RadioGroup] | ft.Event[ft.TextField]) -> None:
        values[f.key] = e.control.value or ""

    if f.choices:
        return ft.RadioGroup(
            value=values[f.key],
            on_change=set_value,
            content=ft.Row([ft.Radio(value=v, label=label) for v, label in f.choices], wrap=True, spacing=0),
        )
    return w.number_field(f.label, values[f.key], set_value, width=155)


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    return SettingsScreen(ctx).controls()


class SettingsScreen:
    """The screen's cards: appearance, at the table, the reference values and sharing. A reference value's editor
    opens in place; ``render`` redraws the reference values after it is opened, saved, reset or closed."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.presenter = SettingsPresenter(ctx.settings)
        self.open_editors: set[str] = set()
        self.errors: dict[str, str] = {}
        self.drafts: dict[str, dict[str, str]] = {}  # what was typed, kept while the editor is open
        self.references = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def commit(self, settings) -> None:
        self.ctx.update_settings(settings)

    def controls(self) -> list[ft.Control]:
        appearance = self.appearance()
        table = self.table()
        self.render()
        reference = self.reference()
        share = share_card(self.ctx)
        # While shared, the join address is what the host comes here for: first. Otherwise a note at the end.
        shared = self.ctx.sharing is not None
        cards = [share, appearance, table, reference] if shared else [appearance, table, reference, share]
        return [*_notice(self.ctx), *cards]

    def appearance(self) -> ft.Control:
        p = self.presenter
        return w.card(
            [
                w.heading("Appearance", 3),
                _switch(
                    "Dark theme",
                    p.dark,
                    lambda e: self.commit(p.set_dark(e.control.value)),
                    "Easier on the eyes in a dim room.",
                ),
                _switch(
                    "Larger text",
                    p.settings.larger_text,
                    lambda e: self.commit(p.set_larger_text(e.control.value)),
                    "Bigger letters everywhere, for reading at arm's length.",
                ),
            ]
        )

    def table(self) -> ft.Control:
        """The "At the table" card: whose dice, the virtual axe bag, and whether the table keeps the automa's things."""
        p = self.presenter
        dice = ft.RadioGroup(
            value=p.settings.dice,
            on_change=lambda e: self.commit(p.set_dice(e.control.value)),
            content=ft.Column(
                [
                    ft.Radio(value="app", label="The app rolls the dice"),
                    ft.Radio(value="table", label="We roll at the table and enter the values"),
                ],
                spacing=0,
                tight=True,
            ),
        )
        return w.card(
            [
                w.heading("At the table", 3),
                w.para("Whose dice by default:", small=True),
                dice,
                _switch(
                    "Virtual axe bag",
                    p.settings.virtual_axe_bag,
                    lambda e: self.commit(p.set_virtual_axe_bag(e.control.value)),
                    "The app draws the automa's axe tokens itself instead of asking you to draw from the bag.",
                ),
                _switch(
                    "The table keeps the automa's things",
                    p.settings.table_stash,
                    lambda e: self.commit(p.set_table_stash(e.control.value)),
                    "New games: each automa's gold, gems and tiles stay beside its deck; nothing is asked while you "
                    "play, their counts once at the end. Also on the New game screen.",
                ),
            ]
        )

    def reference(self) -> ft.Control:
        return w.card(
            [
                w.heading("Reference values", 3),
                w.para(
                    "The rulebooks do not print most of these. The app's guesses are marked 'estimate'; if your "
                    "copy of the game shows a value, correct it here and it is marked 'your copy'. A value marked "
                    "'rulebook' is printed and stays. A game in progress keeps the values it started with.",
                    small=True,
                ),
                self.references,
            ]
        )

    def render(self) -> None:
        self.references.controls = [self.reference_card(r) for r in self.presenter.reference_rows()]

    def reference_card(self, row: ReferenceRow) -> ft.Control:
        """A reference value: its label, where it comes from, its value and help, and its editor or the way in."""
        head: list[ft.Control] = [
            ft.Text(row.label, theme_style=ft.TextThemeStyle.TITLE_SMALL, weight=ft.FontWeight.W_600),
            w.chip(row.badge, tone=BADGE_TONE[row.badge]),
        ]
        value = ft.Text(row.value_text, theme_style=ft.TextThemeStyle.BODY_LARGE, weight=ft.FontWeight.W_500)
        parts: list[ft.Control] = [ft.Row(head, spacing=8, wrap=True), value, w.para(row.help, small=True)]
        if row.can_correct:  # a value a rulebook prints is the authority: no Correct button
            parts.append(self.editor(row) if row.key in self.open_editors else self.correct_button(row))
        return ft.Container(
            ft.Column(parts, spacing=4, tight=True),
            padding=ft.Padding.symmetric(vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        )

    def correct_button(self, row: ReferenceRow) -> ft.Control:
        """The way into a value's editor."""

        def open_editor(_e) -> None:
            self.open_editors.add(row.key)
            self.render()

        return w.text_button(f"Correct {row.label.lower()}", open_editor, icon_name="EDIT")

    def close(self, key: str) -> None:
        self.errors.pop(key, None)
        self.drafts.pop(key, None)
        self.open_editors.discard(key)

    def editor(self, row: ReferenceRow) -> ft.Control:
        """The open editor of a reference value: its inputs, why the last save failed, and Save / reset / Cancel."""
        values = self.drafts.setdefault(row.key, {f.key: f.value for f in row.fields})

        def save(_e) -> None:
            outcome = self.presenter.submit(row.key, values)
            if outcome.error:
                self.errors[row.key] = outcome.error
            else:
                self.close(row.key)
                self.commit(outcome.settings)
            self.render()

        def reset(_e) -> None:
            self.close(row.key)
            self.commit(self.presenter.reset(row.key))
            self.render()

        def cancel(_e) -> None:
            self.close(row.key)
            self.render()

        inputs = [_input(f, values) for f in row.fields]
        controls: list[ft.Control] = [ft.Row(inputs, wrap=True, spacing=10, run_spacing=10)]
        if row.key in self.errors:
            controls.append(_error_row(self.errors[row.key]))
        buttons: list[ft.Control] = [w.filled_button(f"Save {row.label.lower()}", save, icon_name="CHECK")]
        if row.can_reset:
            buttons.append(w.text_button("Use the app's value", reset, icon_name="RESTORE"))
        buttons.append(w.text_button("Cancel", cancel))
        controls.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
        return ft.Column(controls, spacing=8, tight=True)


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
