"""Transcribe a deck (route ``/decks/transcribe?deck=red``): the printed cards, one tap a field.

The view only draws :class:`companion.ui.decks.transcribe_presenter.Transcription`; every tap goes to it (which saves
at once) and the screen is drawn again.
"""

from __future__ import annotations

import flet as ft

from companion.ui import widgets as w
from companion.ui.context import AppContext
from companion.ui.decks.transcribe_presenter import FIELDS, SHORT, Transcription
from companion.ui.file_save import file_picker, hand_over

#: Per-session key of the transcription on screen.
STATE_KEY = "transcription"


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    deck = params.get("deck", "red")
    if deck not in ("red", "green"):
        return [w.para("No such deck: transcribe the red or the green deck.")]  # the address bar's word not echoed
    kept = ctx.state.get(STATE_KEY)
    if not isinstance(kept, Transcription) or kept.deck != deck or kept.data_dir != ctx.data_dir:
        kept = Transcription.open(ctx.data_dir, deck)
        ctx.state[STATE_KEY] = kept
    root = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    TranscribeScreen(ctx, kept, root).redraw()
    return [root]


def _choice_button(label: str, selected: bool, on_click, *, note: str | None = None) -> ft.Control:
    text = f"{label} ({note})" if note else label
    style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10), padding=ft.Padding.symmetric(horizontal=12))
    cls = ft.FilledButton if selected else ft.OutlinedButton
    return cls(text, on_click=on_click, height=w.TARGET - 4, style=style, opacity=0.55 if note else 1.0)


class TranscribeScreen:
    def __init__(self, ctx: AppContext, t: Transcription, root: ft.Column) -> None:
        self.ctx, self.t, self.root = ctx, t, root
        self.note: tuple[str, bool] | None = (t.message, False) if t.message else None  # (message, ok)
        t.message = None
        self.exported: str | None = None
        self.table_open = False
        self.share_open = False

    # ------------------------------------------------------------------ actions
    def _do(self, action) -> None:
        try:
            action()
        except ValueError as err:
            self.note = (str(err), False)
        self.redraw()

    def tap(self, value) -> None:
        self.note = None
        self._do(lambda: self.t.tap(value))

    def use(self, _e=None) -> None:
        def go() -> None:
            deck = self.t.use()
            self.note = (f"Your {deck.deck} deck ({len(deck.cards)} cards) is in use. Calibrate it on the Decks "
                         "screen to see what the difficulties mean with it.", True)

        self._do(go)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        v = self.t.view()
        controls: list[ft.Control] = [self._card(v), self._nav(v)]
        if self.note:
            controls.append(self._note(*self.note))
        controls += [self._finish(v), self._table(), self._share()]
        for i, control in enumerate(controls):
            control.key = f"transcribe-{i}"
        self.root.controls = controls

    def _card(self, v) -> ft.Control:
        def focus(name: str):
            return lambda _e: self._do(lambda: self.t.focus_field(name))

        slots = [
            (ft.FilledButton if f.focused else ft.TextButton)(f"{f.short}: {f.value}", on_click=focus(f.name),
                                                              height=40)
            for f in v.fields
        ]
        choices = [
            _choice_button(c.label, c.selected, lambda _e, val=c.value: self.tap(val), note=c.clash) for c in v.choices
        ]
        parts: list[ft.Control] = [
            ft.Row([w.heading(v.heading, 3), w.chip(v.card_id)], wrap=True, spacing=8),
            ft.ProgressBar(value=v.done / v.total, semantics_label=v.status),
            w.para(v.status, small=True),
            ft.Row(slots, wrap=True, spacing=2, run_spacing=2),
            ft.Divider(height=1),
            ft.Text(v.focus_label, weight=ft.FontWeight.W_600),
            ft.Row(choices, wrap=True, spacing=8, run_spacing=8),
        ]
        if v.problem:
            parts.append(ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, semantics_label="Problem"),
                                 ft.Text(v.problem, color=ft.Colors.ERROR, expand=True)]))
        return w.card(parts, stretch=True)

    def _nav(self, v) -> ft.Control:
        return ft.Row(
            [
                w.text_button("Previous card", lambda _e: self._do(self.t.previous), icon_name="CHEVRON_LEFT",
                              disabled=v.index == 0),
                w.text_button("Next card", lambda _e: self._do(self.t.next), icon_name="CHEVRON_RIGHT",
                              disabled=v.index + 1 >= v.total),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            wrap=True,
        )

    def _note(self, message: str, ok: bool) -> ft.Control:
        return ft.Row(
            [
                ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE,
                        color=ft.Colors.GREEN_700 if ok else ft.Colors.ERROR,
                        semantics_label="Done" if ok else "Error"),
                ft.Text(message, color=None if ok else ft.Colors.ERROR, expand=True),
            ]
        )

    def _finish(self, v) -> ft.Control:
        parts: list[ft.Control] = [w.heading("When every card is in", 3)]
        if v.deck_problem:
            parts.append(ft.Text(f"The deck does not check: {v.deck_problem}", color=ft.Colors.ERROR))
        parts.append(
            ft.Row(
                [
                    w.filled_button(f"Play with this {v.deck} deck", self.use, icon_name="PLAY_ARROW",
                                    disabled=v.done < v.total or v.deck_problem is not None),
                    w.text_button("Add a card", lambda _e: self._do(self.t.add_card), icon_name="ADD"),
                    w.text_button(f"Remove card {v.card_id}", lambda _e: self._do(self.t.remove_card),
                                  icon_name="DELETE"),
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
        )
        return w.card(parts)

    def _table(self) -> ft.Control:
        def toggle(_e) -> None:
            self.table_open = not self.table_open
            self.redraw()

        parts: list[ft.Control] = [
            w.text_button("Hide the table" if self.table_open else "Show all cards as a table", toggle,
                          icon_name="TABLE_CHART")
        ]
        if self.table_open:
            rows = [
                ft.DataRow(
                    [ft.DataCell(ft.Text(r.id, weight=ft.FontWeight.W_700 if r.current else None)),
                     *[ft.DataCell(ft.Text(c)) for c in r.cells]],
                    selected=r.current,
                    on_select_change=lambda _e, i=r.index: self._do(lambda: self.t.go(i)),
                )
                for r in self.t.table()
            ]
            table = ft.DataTable(
                columns=[ft.DataColumn(ft.Text("Card")), *[ft.DataColumn(ft.Text(SHORT[f])) for f in FIELDS]],
                rows=rows,
                column_spacing=14,
                data_row_min_height=36,
                data_row_max_height=44,
                show_checkbox_column=False,
            )
            parts += [w.para("Tap a row to go to that card.", small=True), ft.Row([table], scroll=ft.ScrollMode.AUTO)]
        return w.card(parts, stretch=True)

    def _share(self) -> ft.Control:
        def toggle(_e) -> None:
            self.share_open = not self.share_open
            self.exported = self.t.export_toml() if self.share_open else None
            self.redraw()

        parts: list[ft.Control] = [
            w.text_button("Hide export and import" if self.share_open else "Export or import (TOML)", toggle,
                          icon_name="SHARE")
        ]
        if self.share_open:
            text = ft.TextField(label="Deck file text (TOML)", value=self.exported or "", multiline=True,
                                min_lines=4, max_lines=10, text_size=13)

            def do_import(_e) -> None:
                def go() -> None:
                    self.t.import_toml(text.value or "", "pasted text")
                    self.note = (f"Imported {len(self.t.cards)} cards into this transcription.", True)

                self._do(go)

            def start_again(_e) -> None:
                def go() -> None:
                    self.t = Transcription.start(self.ctx.data_dir, self.t.deck)
                    self.ctx.state[STATE_KEY] = self.t
                    self.note = ("Started again with 20 blank cards.", True)

                self._do(go)

            picker = file_picker(self.ctx)
            file_name = f"{self.t.deck}-deck.toml"

            async def save(_e) -> None:
                problem = await hand_over(picker, file_name, self.t.export_toml().encode("utf-8"))
                self.ctx.toast(problem or f"{file_name} handed to the browser: import it on the Decks screen.")

            parts += [
                w.para("The finished cards in the deck file format (automa_decks/README.md): copy the text or "
                       "save it as a file to share it, or paste a deck file here and import it to carry on from "
                       "it.", small=True),
                text,
                ft.Row(
                    [
                        w.filled_button("Import into this transcription", do_import, icon_name="UPLOAD"),
                        w.text_button("Save as a file", save, icon_name="DOWNLOAD"),
                        w.text_button("Start again", start_again, icon_name="RESTART_ALT"),
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ]
        return w.card(parts, stretch=True)
