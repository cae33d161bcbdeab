"""Transcribe a deck (route ``/decks/transcribe?deck=red``): the printed cards, one tap a field.

The view only draws :class:`companion.ui.decks.transcribe_presenter.Transcription` (before the first card, the
:class:`~companion.ui.decks.transcribe_presenter.CardCount` question); every tap goes to it (which saves at once)
and the screen is drawn again.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.rules import words
from companion.ui.decks.transcribe_presenter import MAX_CARDS, CardCount, Transcription
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.file_save import save_button


@dataclass(frozen=True)
class Line:
    """One line to say instead of a file (nothing to save yet)."""

    message: str


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    deck = params.get("deck", "red")
    if deck not in ("red", "green"):
        return [w.para("No such deck: transcribe the red or the green deck.")]  # the address bar's word not echoed
    kept = ctx.state.transcription
    if not isinstance(kept, Transcription | CardCount) or kept.deck != deck or (
            isinstance(kept, Transcription) and kept.data_dir != ctx.data_dir):
        kept = CardCount(deck)
    if isinstance(kept, CardCount):  # a draft or a kept deck may have come since (another window, an import)
        kept = Transcription.resume(ctx.data_dir, deck) or Transcription.from_kept(ctx.data_dir, deck) or kept
    ctx.state.transcription = kept
    root = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if isinstance(kept, CardCount):
        CountScreen(ctx, kept, root).redraw()
    else:
        TranscribeScreen(ctx, kept, root).redraw()
    return [root]


class CountScreen:
    """Before the first card: how many cards the printed deck has."""

    def __init__(self, ctx: AppContext, count: CardCount, root: ft.Column) -> None:
        self.ctx, self.count, self.root = ctx, count, root

    def start(self, _e=None) -> None:
        try:
            t = self.count.start(self.ctx.data_dir)
        except ValueError as err:
            self.count.error = str(err)
            self.redraw()
            return
        self.ctx.state.transcription = t
        TranscribeScreen(self.ctx, t, self.root).redraw()
        self.root.update()

    def redraw(self) -> None:
        c = self.count

        def typed(e) -> None:
            c.set(e.control.value or "")
            error.value, error.visible = c.error or "", bool(c.error)
            error.update()

        error = ft.Text(c.error or "", color=ft.Colors.ERROR, visible=bool(c.error))
        self.root.controls = [
            w.card(
                [
                    w.heading(c.question, 3),
                    w.para(f"Count the printed cards; the screen then shows that many, one at a time (at most "
                           f"{MAX_CARDS}). You can add or remove a card later, or play with the ones finished.",
                           small=True),
                    w.number_field("Cards in the deck", c.total, typed, width=160, on_submit=self.start),
                    error,
                    w.filled_button("Start transcribing", self.start, icon_name="EDIT_NOTE"),
                ],
                stretch=True,
            )
        ]


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
        finished_only = self.t.view().finished_only

        def go() -> None:
            deck = self.t.use(finished_only)
            self.note = (f"Your {deck.deck} deck ({words.count(len(deck.cards), 'card')}) is in use. Calibrate it "
                         "on the Decks screen to see what the difficulties mean with it.", True)

        self._do(go)

    def copy(self, _e=None) -> None:
        def go() -> None:
            source = self.t.view().card_id
            copied = self.t.copy_card()
            self.note = (f"{copied} is a copy of {source}: tap the fields that differ.", True)

        self.note = None
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

        slots: list[ft.Control] = [
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
                w.text_button("Copy this card", self.copy, icon_name="CONTENT_COPY",
                              disabled=not any(f.filled for f in v.fields)),
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
        parts: list[ft.Control] = [w.heading("Play with these cards", 3)]
        if v.deck_problem:
            parts.append(ft.Text(f"The deck does not check: {v.deck_problem}", color=ft.Colors.ERROR))
        parts.append(
            ft.Row(
                [
                    w.filled_button(v.play, self.use, icon_name="PLAY_ARROW", disabled=not v.playable),
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
            parts.append(w.para("Tap a card to go to it.", small=True))
            parts += [self._row(r) for r in self.t.table()]
        return w.card(parts, stretch=True)

    def _row(self, r) -> ft.Control:
        """A card of the table: its id and whether it is done, then the card in a line that wraps (a table of nine
        columns ran past a phone's width)."""
        state = "done" if r.done else ("problem" if r.problem else "not finished")
        lines: list[ft.Control] = [
            ft.Row([ft.Text(r.id, weight=ft.FontWeight.W_700),
                    w.chip(state, tone="good" if r.done else ("bad" if r.problem else "neutral"))], spacing=8),
            ft.Text(r.summary, size=13),
        ]
        if r.problem:
            lines.append(ft.Text(r.problem, size=13, color=ft.Colors.ERROR))
        return ft.Container(
            ft.Column(lines, spacing=2, tight=True),
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if r.current else ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=lambda _e, i=r.index: self._do(lambda: self.t.go(i)),
            tooltip=None,
        )

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
                count = CardCount(self.t.deck, total=len(self.t.cards), fresh=True)
                self.ctx.state.transcription = count
                CountScreen(self.ctx, count, self.root).redraw()
                self.root.update()

            def deck_file():
                try:
                    return self.t.export_file()
                except ValueError as err:
                    return Line(str(err))

            parts += [
                w.para("The finished cards as a deck file (the format of automa_decks/README.md): save it to keep "
                       "or share it, or copy its text below. Paste a deck file below and import it to carry on "
                       "from it.", small=True),
                save_button(self.ctx, "Save as a file", deck_file, filled=True),
                text,
                ft.Row(
                    [
                        w.filled_button("Import into this transcription", do_import, icon_name="UPLOAD"),
                        w.text_button("Start again", start_again, icon_name="RESTART_ALT"),
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ]
        return w.card(parts, stretch=True)
