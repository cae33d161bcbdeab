"""What the home screen offers (no Flet here).

>>> model = home_presenter(has_game_in_progress=False)
>>> [a.label for a in model.actions][:3]
['Continue game', 'New game', 'Score a game']
>>> model.action("continue").enabled
False
>>> home_presenter(has_game_in_progress=True).action("continue").enabled
True
"""

from __future__ import annotations

from dataclasses import dataclass

#: Route of the screen that continues the game in progress (the round screen).
CONTINUE_ROUTE = "/round"


@dataclass(frozen=True)
class HomeAction:
    key: str
    label: str
    #: Name of a Material icon (an ``ft.Icons`` member), so this module needs no Flet.
    icon: str
    route: str
    enabled: bool = True
    #: One line under the label: what it does, or why it is unavailable.
    hint: str = ""
    primary: bool = False


@dataclass(frozen=True)
class HomeModel:
    title: str
    subtitle: str
    actions: tuple[HomeAction, ...]

    def action(self, key: str) -> HomeAction:
        return next(a for a in self.actions if a.key == key)


def home_presenter(has_game_in_progress: bool) -> HomeModel:
    """The home screen. ``has_game_in_progress`` enables Continue game (the store answers it)."""
    return HomeModel(
        title="Treasure Mountain Companion",
        subtitle="Automa, dice, dragon, turn order and scoring for the table.",
        actions=(
            HomeAction(
                "continue",
                "Continue game",
                "PLAY_ARROW",
                CONTINUE_ROUTE,
                enabled=has_game_in_progress,
                hint="Back to where you left off" if has_game_in_progress else "No game in progress",
                primary=has_game_in_progress,
            ),
            HomeAction(
                "new",
                "New game",
                "ADD_CIRCLE_OUTLINE",
                "/new",
                hint="Solo, with automa, or any group",
                primary=not has_game_in_progress,
            ),
            HomeAction("score", "Score a game", "CALCULATE", "/score", hint="Add up the end-game scores"),
            HomeAction("history", "History", "HISTORY", "/history", hint="Games played and their scores"),
            HomeAction("decks", "Decks", "STYLE", "/decks", hint="The automa cards; import your own"),
            HomeAction("settings", "Settings", "SETTINGS", "/settings", hint="Theme, dice, reference values"),
            HomeAction("rules", "Rules help", "MENU_BOOK", "/rules", hint="Spaces, automa, dragon, order"),
        ),
    )
