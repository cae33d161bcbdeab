"""The app's screens, by route: the one place that says which screen lives where. To add a screen, write its
view module (``build(ctx, params) -> controls``) and add one :class:`Screen` line to :func:`all_screens`;
nothing else changes.

A screen's module is named, not imported: it is imported on the screen's first visit (:func:`view`), so the
app starts with the home screen's code only, and the server shows its first frame sooner.
"""

from __future__ import annotations

import importlib

from companion.ui.shell.context import AppContext, BuildBody, Screen


def view(module: str) -> BuildBody:
    """The ``build`` of the view module ``module``, imported when the screen is first built.

    A module that fails to import fails that screen's build, which the router shows as "This screen failed to
    open" (the other screens keep working).
    """

    def build(ctx: AppContext, params: dict[str, str]):
        return importlib.import_module(module).build(ctx, params)

    build.__qualname__ = build.__name__ = f"{module}.build"
    return build


def all_screens() -> dict[str, Screen]:
    screens = [
        Screen("/", "Treasure Mountain", view("companion.ui.home.view"), parent=None),
        Screen("/new", "New game", view("companion.ui.new_game.view")),
        Screen("/round", "Game", view("companion.ui.round.view")),
        Screen("/final", "End of the game", view("companion.ui.final.view"), parent="/round"),
        Screen("/history", "History", view("companion.ui.history.view")),
        Screen("/history/game", "Game result", view("companion.ui.final.view"), parent="/history"),
        Screen("/score", "Score a game", view("companion.ui.score.view")),
        Screen("/decks", "Decks", view("companion.ui.decks.view")),
        Screen("/decks/transcribe", "Transcribe a deck", view("companion.ui.decks.transcribe_view"), parent="/decks"),
        Screen("/rules", "Rules help", view("companion.ui.rules_help.view")),
        Screen("/settings", "Settings", view("companion.ui.settings.view")),
    ]
    return {s.route: s for s in screens}


def preload_first_screen() -> None:
    """Import the home screen's code now: every page shows it first (it is under every route), so the server
    imports it while the browser is still loading the page (companion/server/early.py) instead of on the first
    connection (about 0.2 s)."""
    importlib.import_module(all_screens()["/"].build.__name__.rsplit(".", 1)[0])
