"""The app's screens, by route. To add a screen, write its module (``build(ctx, params) -> controls``) and
add one :class:`Screen` line to :func:`all_screens`; nothing else changes.
"""

from __future__ import annotations

from companion.ui.context import Screen
from companion.ui.decks import transcribe_view as transcribe
from companion.ui.decks import view as decks
from companion.ui.final import view as final_screen
from companion.ui.history import view as history_screen
from companion.ui.home import view as home
from companion.ui.new_game import view as new_game
from companion.ui.round import view as round_screen
from companion.ui.rules_help import view as rules_help
from companion.ui.score import view as score
from companion.ui.settings import view as settings


def all_screens() -> dict[str, Screen]:
    screens = [
        Screen("/", "Treasure Mountain", home.build, parent=None),
        Screen("/new", "New game", new_game.build),
        Screen("/round", "Game", round_screen.build),
        Screen("/final", "End of the game", final_screen.build, parent="/round"),
        Screen("/history", "History", history_screen.build),
        Screen("/history/game", "Game result", final_screen.build, parent="/history"),
        Screen("/score", "Score a game", score.build),
        Screen("/decks", "Decks", decks.build),
        Screen("/decks/transcribe", "Transcribe a deck", transcribe.build, parent="/decks"),
        Screen("/rules", "Rules help", rules_help.build),
        Screen("/settings", "Settings", settings.build),
    ]
    return {s.route: s for s in screens}
