"""The app's screens, by route. To add a screen, write its module (``build(ctx, params) -> controls``) and
add one :class:`Screen` line to :func:`all_screens`; nothing else changes.

"/history" is still a placeholder.
"""

from __future__ import annotations

from companion.ui import decks, home, new_game, placeholders, round_screen, rules_help, score, settings
from companion.ui.context import Screen


def all_screens() -> dict[str, Screen]:
    screens = [
        Screen("/", "Treasure Mountain", home.build, parent=None),
        Screen("/new", "New game", new_game.build),
        Screen("/round", "Game", round_screen.build),
        Screen(
            "/history",
            "History",
            placeholders.coming("History is coming", "The games you played and their scores will be listed here."),
        ),
        Screen("/score", "Score a game", score.build),
        Screen("/decks", "Decks", decks.build),
        Screen("/rules", "Rules help", rules_help.build),
        Screen("/settings", "Settings", settings.build),
    ]
    return {s.route: s for s in screens}
