"""The decks screen: every card of the red and green automa decks, and importing a transcribed deck."""

from __future__ import annotations

import flet as ft

from companion.rules import words
from companion.rules.automa.deck import DECK_NAMES
from companion.ui.decks.calibration_view import calibration_card
from companion.ui.decks.file_pick import deck_file_button
from companion.ui.decks.presenter import (
    EXAMPLE_CARD,
    FORMAT_HELP,
    DeckView,
    all_decks,
    import_deck,
    use_app_deck,
)
from companion.ui.decks.transcribe_presenter import Transcription
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


def _card_tile(card) -> ft.Control:
    return ft.Container(
        w.card(
            [
                ft.Row(
                    [
                        ft.Text(card.id, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
                        w.chip(card.axes),
                    ],
                    spacing=8,
                    wrap=True,
                ),
                *[ft.Text(p) for p in card.places],
                ft.Text(f"All play: {card.all_play}", size=13),
            ],
            spacing=4,
            padding=12,
        ),
        col={"xs": 12, "md": 6},
    )


def _transcribe_buttons(ctx: AppContext) -> list[ft.Control]:
    """"Transcribe a deck": one button per colour, saying how far a saved transcription got."""
    parts: list[ft.Control] = [
        w.heading("Transcribe a deck", 3),
        w.para("Own the printed cards? Copy them card by card, a tap a field; each tap is saved, so you can stop "
               "and carry on later.", small=True),
    ]
    for name in DECK_NAMES:
        label, hint = Transcription.button(ctx.data_dir, name)

        def transcribe(_e: object, n: str = name) -> None:
            ctx.go(f"/decks/transcribe?deck={n}")

        parts.append(w.big_button(label, transcribe, icon_name="EDIT_NOTE", hint=hint))
    return parts


class DecksScreen:
    """The screen's parts and what redraws them: a change (an import, a deck put back, another colour chosen)
    redraws the decks in use, the transcription buttons (an import is kept as the transcription), the calibration
    card and the cards shown."""

    def __init__(self, ctx: AppContext, params: dict[str, str]) -> None:
        self.ctx = ctx
        asked = params.get("deck")  # from the address bar: /decks?deck=blue must not break the screen
        self.shown = asked if asked in DECK_NAMES else ctx.state.decks_shown or "red"
        ctx.state.decks_shown = ctx.state.decks_shown or self.shown
        self.status_col = ft.Column(spacing=8)
        self.transcriber = ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.cards_row = ft.ResponsiveRow(spacing=8, run_spacing=8)
        self.outcome = ft.Row(visible=False)
        self.calibration, self.draw_calibration = calibration_card(ctx)
        self.chooser = ft.SegmentedButton(
            segments=[ft.Segment(value=n, label=ft.Text(f"{n.capitalize()} deck")) for n in DECK_NAMES],
            selected=[self.shown],
            show_selected_icon=False,
            on_change=self.select,
        )

    def render(self) -> None:
        self.draw_calibration()
        decks = {d.name: d for d in all_decks(self.ctx.data_dir)}
        self.status_col.controls = [self.status(d) for d in decks.values()]
        self.transcriber.controls = _transcribe_buttons(self.ctx)
        deck = decks[self.ctx.state.decks_shown or self.shown]
        self.cards_row.controls = [_card_tile(c) for c in deck.cards]

    def status(self, deck: DeckView) -> ft.Control:
        """A deck in use: its title and size, why a kept transcription cannot be used, and the way back."""
        parts: list[ft.Control] = [
            ft.Row([ft.Text(deck.title, weight=ft.FontWeight.W_600), w.chip(words.count(len(deck.cards), "card"))],
                   spacing=8, wrap=True)
        ]
        if deck.problem:
            parts.append(ft.Text(f"Your kept transcription cannot be used: {deck.problem}", color=ft.Colors.ERROR))
        if deck.source == "yours" or deck.problem:

            def back_to_app(_e, name=deck.name) -> None:
                self.show_outcome(*use_app_deck(self.ctx.data_dir, name))
                self.render()

            parts.append(w.text_button(f"Use the app's {deck.name} deck again", back_to_app, icon_name="RESTORE"))
        return ft.Column(parts, spacing=2, tight=True)

    def select(self, e: ft.Event[ft.SegmentedButton]) -> None:
        self.ctx.state.decks_shown = (e.control.selected or [self.shown])[0]
        self.render()

    def show_outcome(self, message: str, ok: bool, problems: tuple[str, ...] = ()) -> None:
        text: list[ft.Control] = [ft.Text(message, color=None if ok else ft.Colors.ERROR)]
        if len(problems) > 1:  # every problem of a bad deck, one a line
            text += [ft.Text(f"- {line}", color=ft.Colors.ERROR) for line in problems]
        self.outcome.controls = [
            ft.Icon(
                ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE,
                color=ft.Colors.GREEN_700 if ok else ft.Colors.ERROR,
                semantics_label="Done" if ok else "Error",
            ),
            ft.Column(text, spacing=2, expand=True),
        ]
        self.outcome.visible = True

    def do_import(self, text: str | bytes, source: str) -> None:
        result = import_deck(self.ctx.data_dir, text, source)
        self.show_outcome(result.message, ok=result.error is None, problems=result.problems)
        if result.deck is not None:
            self.ctx.state.decks_shown = result.deck.deck
            self.chooser.selected = [result.deck.deck]
        self.render()

    def importer(self) -> ft.Control:
        """"Import a transcribed deck": the format, an example, the paste box and the file button."""
        pasted = ft.TextField(
            label="Deck file text (TOML)",
            multiline=True,
            min_lines=5,
            max_lines=12,
            text_size=14,
            hint_text='deck = "red"\n\n[[cards]]\nid = "R01"\n...',
        )

        def import_pasted(_e) -> None:
            self.do_import(pasted.value or "", "pasted text")

        choose = deck_file_button(self.ctx, self.do_import, lambda line: self.show_outcome(line, ok=False))
        return w.card(
            [
                w.heading("Import a transcribed deck", 3),
                w.para(
                    "Paste the file's text, or choose the file. It is checked before it is kept; every problem is "
                    "listed, a line each.",
                    small=True,
                ),
                w.para(FORMAT_HELP, small=True),
                ft.Text("A deck of one card:", size=13, weight=ft.FontWeight.W_600),
                ft.Container(
                    ft.Text(EXAMPLE_CARD, font_family="monospace", size=12),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    border_radius=8,
                    padding=8,
                ),
                pasted,
                ft.Row(
                    [w.filled_button("Import pasted deck", import_pasted, icon_name="CHECK"), choose],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
                self.outcome,
            ],
            stretch=True,
        )

    def controls(self) -> list[ft.Control]:
        importer = self.importer()
        self.render()
        return [
            w.card(
                [
                    w.heading("Decks in use", 3),
                    w.para(
                        "The shipped decks are the app's own design, built to the card layout the rulebook "
                        "describes. If you own the printed cards, transcribe them and import them.",
                        small=True,
                    ),
                    self.status_col,
                ]
            ),
            w.card([self.transcriber], stretch=True),
            self.calibration,
            importer,
            w.heading("The cards"),
            ft.Row([self.chooser], wrap=True),
            w.para(
                "Each card: the spaces the automa tries in order (* expansion), its axes, its all-play part.",
                small=True,
            ),
            self.cards_row,
        ]


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    return DecksScreen(ctx, params).controls()
