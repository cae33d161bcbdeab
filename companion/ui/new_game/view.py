"""The new-game screen: who plays, which edition and difficulty, then straight to the starting rolls."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable

import flet as ft

from companion.rules.names import COLORS, DECK_NAMES, DIFFICULTIES
from companion.ui.new_game.presenter import MODES, NewGameForm, axe_bag_hint, imported_decks, stash_hint
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w
from companion.ui.widgets.colors import COLOR_HEX

#: A fixed seed for every new game of this server (end-to-end tests, reproducing a reported game); unset, each
#: game gets a fresh random seed.
SEED_ENV = "TREASURE_COMPANION_SEED"


def new_seed() -> int:
    fixed = os.environ.get(SEED_ENV, "").strip()
    return int(fixed) if fixed.isdigit() else secrets.randbits(62)


def build(ctx: AppContext, params: dict[str, str]) -> list[ft.Control]:
    form = ctx.state.new_game_form
    if form is None:
        form = ctx.state.new_game_form = NewGameForm.from_settings(ctx.settings)
    form.follow_settings(ctx.settings)
    root = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    NewGameScreen(ctx, form, root).redraw()
    return [root]


class NewGameScreen:
    """Who plays first, then the big Start button (the solo defaults need no more), then the details."""

    def __init__(self, ctx: AppContext, form: NewGameForm, root: ft.Column) -> None:
        self.ctx, self.form, self.root = ctx, form, root
        self.error: str | None = None
        self.imported: dict = {}  # the transcribed decks in use, read at each redraw

    def redraw(self) -> None:
        f = self.form
        self.imported = self._imported()
        controls: list[ft.Control] = [
            w.card([w.heading("Who plays", 3), self._modes()], stretch=True),
            *self._start(),
            w.card([w.heading("Players", 3), *self._seats()]),
            w.card([w.heading("The game", 3), *self._options()]),
        ]
        if f.mode != "none":
            controls.append(
                w.card(
                    [
                        w.heading("What the difficulties mean", 3),
                        *self._bands(),
                    ]
                )
            )
        controls += self._start()
        # Keyed, so a change sends only what changed (see companion.ui.round.view.RoundScreen.redraw).
        for i, control in enumerate(controls):
            control.key = f"new-game-{i}"
        self.root.controls = controls

    def _start(self) -> list[ft.Control]:
        error = [ft.Text(self.error, color=ft.Colors.RED_900)] if self.error else []
        button = w.big_button(
            "Start the game",
            self.start,
            icon_name="PLAY_ARROW",
            primary=True,
            hint=self.form.summary(self.imported),
            expand=False,
        )
        return [ft.Column([*error, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)]

    def _modes(self) -> ft.Control:
        def choose(mode: str) -> None:
            self.form.choose_mode(mode)
            self.error = None
            self.redraw()

        buttons: list[ft.Control] = [
            ft.Container(
                content=(ft.FilledButton if self.form.mode == m else ft.OutlinedButton)(
                    text, on_click=lambda _e, m=m: choose(m), height=w.TARGET
                ),
                col={"xs": 12, "sm": 6},
            )
            for m, text in MODES.items()
        ]
        return ft.ResponsiveRow(buttons, spacing=6, run_spacing=6)

    def _seats(self) -> list[ft.Control]:
        f = self.form
        rows: list[ft.Control] = []
        removable = f.mode in ("custom", "none") and len(f.seats) > 2
        # Two fields and the remove button fit one phone row.
        colour_width, other_width = (120, 140) if removable else (150, 150)
        for i, seat in enumerate(f.seats):
            automa = seat.kind == "automa"
            head = ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7, bgcolor=COLOR_HEX.get(seat.color)),
                    ft.Text(f"Seat {i + 1}: {'automa' if automa else 'human'}", weight=ft.FontWeight.W_600),
                ],
                spacing=8,
            )
            controls: list[ft.Control] = [
                ft.Dropdown(
                    label=f"Seat {i + 1} colour",
                    value=seat.color,
                    width=colour_width,
                    options=[ft.DropdownOption(key=c, text=c.capitalize()) for c in COLORS],
                    on_select=lambda e, i=i: self._set(lambda: f.set_color(i, e.control.value)),
                ),
            ]
            if not automa:
                controls.append(
                    ft.TextField(
                        label=f"Seat {i + 1} name",
                        value=seat.name,
                        width=other_width,
                        # On every change, not on blur: Start pressed right after typing must see the name.
                        on_change=lambda e, i=i: f.set_name(i, e.control.value or ""),
                    )
                )
            else:
                controls.append(
                    ft.Dropdown(
                        label=f"Seat {i + 1} deck",
                        value=seat.deck,
                        width=other_width,
                        options=[ft.DropdownOption(key=d, text=d.capitalize()) for d in DECK_NAMES],
                        on_select=lambda e, i=i: self._set(lambda: f.set_deck(i, e.control.value)),
                    )
                )
            if removable:

                def remove(_e: object, i: int = i) -> None:
                    self._set(lambda: f.remove_seat(i))

                controls.append(w.icon_button("DELETE", f"Remove seat {i + 1}", remove))
            rows.append(head)
            rows.append(ft.Row(controls, wrap=True, spacing=8, run_spacing=8))
        if f.mode in ("custom", "none") and len(f.seats) < 4:
            adds: list[ft.Control] = [
                w.text_button("Add a human", lambda _e: self._set(lambda: f.add_seat("human")), icon_name="PERSON_ADD")
            ]
            if f.mode == "custom":
                adds.append(
                    w.text_button(
                        "Add an automa", lambda _e: self._set(lambda: f.add_seat("automa")), icon_name="SMART_TOY"
                    )
                )
            rows.append(ft.Row(adds, wrap=True))
        decks = self._decks_switch()
        if decks is not None:
            rows.append(decks)
        crowding = f.crowding()  # more dwarves than spaces: say it before the game, not at the first sit-out
        if crowding:
            rows.append(w.para(crowding, small=True))
        return rows

    def _decks_switch(self) -> ft.Control | None:
        """Play with the transcribed decks in use (on unless turned off), under the seats that choose the decks;
        None when no automa plays a transcribed deck."""
        f = self.form
        mine = sorted(set(self.imported) & set(f.automa_decks()))
        if not mine:
            return None
        control = ft.Switch(
            label=f"Play with your transcribed {' and '.join(mine)} deck{'s' if len(mine) > 1 else ''}",
            value=f.plays_transcribed(self.imported),
            on_change=lambda e: self._set(lambda: setattr(f, "transcribed_decks", bool(e.control.value))),
        )
        hint = "Kept on the Decks screen; the game record keeps its cards."
        return ft.Column([control, ft.Text(hint, size=13)], spacing=0, tight=True)

    def _options(self) -> list[ft.Control]:
        f = self.form

        def switch(label, attr, hint: str | None = None):
            control = ft.Switch(
                label=label,
                value=getattr(f, attr),
                on_change=lambda e: self._set(lambda: setattr(f, attr, e.control.value)),
            )
            if hint is None:
                return control
            return ft.Column([control, ft.Text(hint, size=13)], spacing=0, tight=True)

        rows: list[ft.Control] = [
            switch("Caverns of Gandûm expansion", "expansion"),
            ft.Dropdown(
                label="Dragon fights",
                value=f.variant,
                width=260,
                options=[
                    ft.DropdownOption(key="standard", text="Standard (own dice)"),
                    ft.DropdownOption(key="rahdo", text="Rahdo variant (shared black die)"),
                ],
                on_select=lambda e: self._set(lambda: f.set_variant(e.control.value)),
            ),
        ]
        if f.mode != "none":
            rows.append(
                ft.Dropdown(
                    label="Automa difficulty",
                    value=f.difficulty,
                    width=260,
                    options=[ft.DropdownOption(key=d, text=d.capitalize()) for d in DIFFICULTIES],
                    on_select=lambda e: self._set(lambda: f.set_difficulty(e.control.value)),
                )
            )
            rows.append(
                switch("Virtual axe bag", "virtual_axes", axe_bag_hint(f.virtual_axes))
            )
            rows.append(self._stash_switch())
        if f.mode == "custom":
            rows.append(switch("An extra dwarf for everyone", "extra_dwarf"))
            rows.append(switch("One round fewer", "one_round_fewer"))
        return rows

    def _stash_switch(self) -> ft.Control:
        """Who keeps the automa's things; the choice is remembered in Settings for the next game."""
        f = self.form

        def changed(e) -> None:
            to_save = f.set_table_stash(e.control.value, self.ctx.settings)
            self.error = None
            self.redraw()
            if to_save is not None:
                self.ctx.update_settings(to_save)

        hint = stash_hint(f.table_stash)
        control = ft.Switch(label="The table keeps the automa's things", value=f.table_stash, on_change=changed)
        return ft.Column([control, ft.Text(hint, size=13)], spacing=0, tight=True)

    def _bands(self) -> list[ft.Control]:
        """What each difficulty means in points, with the decks this game will use."""
        bands, note = self.form.bands(self.ctx.data_dir, self.imported)
        lines: list[ft.Control] = [ft.Text(line) for line in bands]
        lines.append(w.para(note, small=True))
        return lines

    def _imported(self) -> dict:
        """The decks transcribed on the Decks screen that still read, by name."""
        return imported_decks(self.ctx.data_dir)

    def _set(self, change: Callable[[], object]) -> None:
        try:
            change()
            self.error = None
        except ValueError as err:
            self.error = str(err)
        self.redraw()

    def start(self, _e=None) -> None:
        try:
            setup = self.form.setup(seed=new_seed(), reference=self.ctx.reference, imported=self.imported)
        except ValueError as err:
            self.error = str(err)
            self.redraw()
            return
        not_started = game_access.try_start(self.ctx, setup)
        if not_started:  # a full disk or a read-only folder: no game was started
            self.error = not_started
            self.redraw()
            return
        self.error = None
        self.ctx.go("/round")
