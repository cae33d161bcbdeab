"""The Decks screen's calibration card: what the difficulties mean with the transcribed decks in use.

The games run in other processes (:class:`companion.ui.decks.calibration.CalibrationRun`); their progress
reaches the page through ``page.run_task``, the thread-safe way into Flet's event loop.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules.automa.calibration import describe_band
from companion.rules.names import DIFFICULTIES
from companion.ui.decks.calibration import current_run, in_use, planned, start_run
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w


def calibration_card(ctx: AppContext) -> tuple[ft.Control, Callable[[], None]]:
    """The card, and a function that draws it again (after a deck was imported or removed)."""
    in_browser = ctx.platform.in_browser  # the phone site: fewer games, taking turns with the taps
    body = ft.Column(spacing=8, tight=True)
    bar = ft.ProgressBar(value=0, visible=False, semantics_label="Calibration progress")
    status = ft.Text("", visible=False)
    button = w.filled_button("Calibrate my decks", None, icon_name="QUERY_STATS")
    card = w.card([w.heading("What the difficulties mean with your decks", 3), body, bar, status, button],
                  stretch=True)

    def draw() -> None:
        kept = in_use(ctx.data_dir)
        decks, cal = kept.decks, kept.calibration
        run = current_run(ctx.data_dir)
        running = run is not None and run.state == "running"
        card.visible = bool(decks) or running
        names = " and ".join(sorted(decks))
        lines: list[ft.Control]
        if cal is not None:
            lines = [w.para(f"From simulated solo games with {kept.played}; New game and History show "
                            "these bands:", small=True)]
            lines += [ft.Text(describe_band(d, cal, decks=sorted(decks))) for d in DIFFICULTIES]
        else:
            games = planned(ctx.data_dir, in_browser)
            lines = [w.para(f"Your transcribed {names} deck is not calibrated yet: New game and History show the "
                            f"app's decks' bands until it is. Calibrating plays {games} in the "
                            "background; it says how long is left as it goes.", small=True)]
        body.controls = lines
        bar.visible = running
        status.visible = run is not None and run.state in ("running", "failed", "done")  # done: how long it took
        if run is not None:
            bar.value = run.fraction
            status.value = run.label
            status.color = ft.Colors.ERROR if run.state == "failed" else None
        button.disabled = running or not decks
        button.content = "Calibrating…" if running else ("Calibrate again" if cal else "Calibrate my decks")

    def on_progress(run) -> None:
        async def show() -> None:
            draw()
            card.update()

        try:
            ctx.page.run_task(show)
        except RuntimeError:  # the page went away; the games go on and their bands are kept
            pass

    def start(_e) -> None:
        start_run(ctx.data_dir, on_progress, in_browser=in_browser)
        draw()

    button.on_click = start
    run = current_run(ctx.data_dir)
    if run is not None and run.state == "running":
        run.on_progress = on_progress  # this screen now shows the running calibration
    draw()
    return card, draw
