"""What one browser session keeps while its views come and go (``AppContext.state``).

The router rebuilds a screen's view whenever it comes to the top, so a control can hold nothing a person would
miss: what must outlive a view lives here, one typed field per thing, each saying why it outlives the view. A
field is set by the screen that owns it and read by the few others named in its comment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import flet as ft

    from companion.store import Store
    from companion.store.session import GameSession
    from companion.ui.decks.transcribe_presenter import CardCount, Transcription
    from companion.ui.final.presenter import FinalPresenter
    from companion.ui.history.presenter import HistoryPresenter
    from companion.ui.new_game.presenter import NewGameForm
    from companion.ui.round.presenter import RoundPresenter
    from companion.ui.score.presenter import ScorePresenter


class Shows(Protocol):
    """The router, as a screen sees it: rebuild the page's views for a route (default: the page's own)."""

    def show(self, route: str | None = None) -> None: ...


@dataclass
class SessionState:
    # --- this page and the game it plays
    #: The app's router (companion/ui/shell/app.py): a screen that changes what the page shows without a new route
    #: (a phone saying whose it is) asks it to rebuild the page.
    router: Shows | None = None
    #: The game store, opened once per session: every screen's games come from the same open store.
    store: Store | None = None
    #: The game this page plays: chosen on New game or History, played on the round and final screens.
    session: GameSession | None = None
    #: The round screen's redraw in place, while the round screen is on the page: another device's step redraws
    #: it keeping its open sections and chosen spell (companion/ui/shell/live.py), not rebuilding the view.
    redraw_in_place: Callable[[], None] | None = None

    # --- presenters and forms that keep what a person did on a screen
    #: The round screen's presenter: the error line, the stashes revealed and the revision the page has drawn
    #: outlive a redraw; a new one is made for another game.
    round_presenter: RoundPresenter | None = None
    #: The end-of-game sheet of each game (by id; None: a game not stored): the counts typed so far survive leaving
    #: the screen.
    final_presenters: dict[int | None, FinalPresenter] = field(default_factory=dict)
    #: The score sheet (/score): the players and counts typed survive leaving the screen.
    score: ScorePresenter | None = None
    #: History's presenter: the chart's chosen difficulty and the difficulties read from each game's record
    #: survive opening a game and coming back.
    history: HistoryPresenter | None = None
    #: New game's form: the players and options chosen survive a look at Settings or Rules help.
    new_game_form: NewGameForm | None = None
    #: The deck being transcribed (or the card count asked before its first card): typing survives leaving.
    transcription: Transcription | CardCount | None = None
    #: The deck the Decks screen shows: coming back to the screen shows the same deck.
    decks_shown: str | None = None

    # --- Flet services: the client must have one before the tap that uses it, and a service lives only while
    # --- something references it
    #: Saves a file the app hands over (Export for BG Stats, a transcribed deck).
    file_save_picker: ft.FilePicker | None = None
    #: Picks a deck file to import on the Decks screen.
    decks_file_picker: ft.FilePicker | None = None
