"""The app's screens, by route. To add a screen, write its module (``build(ctx, params) -> controls``) and
add one :class:`Screen` line to :func:`all_screens`; nothing else changes.

The round screen will replace the "/round" placeholder; "/new" and "/history" are placeholders too.
"""

from __future__ import annotations

from companion.ui import decks, home, placeholders, rules_help, score, settings
from companion.ui.context import Screen


def all_screens() -> dict[str, Screen]:
    screens = [
        Screen("/", "Treasure Mountain", home.build, parent=None),
        Screen(
            "/new",
            "New game",
            placeholders.coming(
                "New game is coming",
                "Setting up a solo game, a game with automa, or a group game will be here soon. Score a game "
                "already works for any game played on the table.",
            ),
        ),
        Screen(
            "/round",
            "Game",
            placeholders.coming("The round screen is coming", "Playing a round with the app will be here soon."),
        ),
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
