"""One game on every device: a step saved on one page redraws the other pages within a moment.

Each page (a Flet session: a phone, a tab) subscribes to one Flet PubSub topic. A page that saves a step
announces the game's id to the others (``GameSession.on_saved``, set by ``game_access.watched``); a page
that hears it and plays that game reloads it from the store and redraws the screen it shows, if that screen
shows the game (home, round, end of game). Nothing else is shared: what a page reveals (an automa's hidden
stash), its open sections, half-typed inputs stay on that page.

A tap made on a page before its redraw came is refused ("changed in another window"), whichever the server
hears first: the tap (the store's revision check) or the news (the round screen plays a tap only on the
revision its screen showed, and counts a redraw from elsewhere as shown once the page has drawn it and a person
has had a moment to see it: :func:`when_drawn`).

PubSub runs a coroutine handler on the server's event loop, where Flet runs every event handler, so the
redraw never races a tap on the same page.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from companion.ui.shell.context import AppContext
from companion.ui.shell.routing import split_route

log = logging.getLogger(__name__)

TOPIC = "treasure-companion/game-saved"
#: Screens that show the game in progress, redrawn when another device saves a step.
GAME_SCREENS = ("/", "/round", "/final")
#: After a page has drawn a change it did not make, taps on it count only from this much later: quicker than
#: anyone takes in a changed screen, so a tap sooner was aimed at what was there before.
REACTION_S = 0.3
#: How long to wait for the page's answer that it has drawn the change (a page that never answers is going away).
ANSWER_S = 10.0


#: Which device saved each game's last step: its table token (None without a shared table) and whether it is the
#: host computer. All pages of the app run in this one process, so a page refused for being behind can say
#: where the game changed.
_saved_on: dict[int, tuple[str | None, bool]] = {}


def this_device(ctx: AppContext) -> tuple[str | None, bool]:
    """The page's device on the shared table (None without one) and whether it is the host computer."""
    seat = ctx.sharing
    return (seat.device, seat.this_computer) if seat is not None else (None, True)


def stale_line(ctx: AppContext, game_id: int | None) -> str | None:
    """Why a tap on this page was refused, when another device changed the game ("Changed on another phone:
    ..."); None when it was another window of this device, or a page without a shared table (the caller's own
    "changed in another window")."""
    device, host = _saved_on.get(game_id, (None, True)) if game_id is not None else (None, True)
    if device is None or device == this_device(ctx)[0]:
        return None
    where = "on the host's computer" if host else "on another phone"
    return f"Changed {where}: here it is as saved there. Tap again."


def connect(ctx: AppContext, show: Callable[[], None]) -> None:
    """Listen for steps saved on other pages; ``show`` rebuilds the page's current screen."""

    async def heard(_topic: str, game_id: int) -> None:
        try:
            if refresh(ctx, game_id, show):
                ctx.page.update()
        except Exception:  # a page that went away, a game deleted meanwhile: never take the server down
            log.debug("could not redraw after game %s changed elsewhere", game_id, exc_info=True)

    pubsub = getattr(ctx.page, "pubsub", None)  # None: a page without a server (unit tests)
    if pubsub is not None:
        pubsub.subscribe_topic(TOPIC, heard)


def announce(ctx: AppContext, game_id: int | None) -> None:
    """Tell the other pages that ``game_id`` has a new saved step (and note which device saved it)."""
    if game_id is None:
        return
    _saved_on[game_id] = this_device(ctx)
    try:
        ctx.page.pubsub.send_others_on_topic(TOPIC, game_id)
    except Exception:  # no PubSub (a page without a server, as in unit tests)
        log.debug("could not announce game %s", game_id, exc_info=True)


def refresh(ctx: AppContext, game_id: int, show: Callable[[], None]) -> bool:
    """Take the saved game and redraw; False when this page neither plays that game nor shows a game screen."""
    session = ctx.state.session
    if session is not None:
        if session.game_id != game_id:
            return False  # this page plays another game
        if session.store is not None and session.store.revision(game_id) != session.revision:
            session.reload()
    path = split_route(ctx.page.route or "/")[0]
    if path not in GAME_SCREENS:
        return False
    redraw = ctx.state.redraw_in_place
    if path == "/round" and session is not None and redraw is not None:
        redraw()
    else:
        show()
    return True


def when_drawn(ctx: AppContext, then: Callable[[], None]) -> None:
    """Call ``then`` once the page has drawn everything sent to it so far, and :data:`REACTION_S` later.

    The page is asked a question (its device's details, cheap) after the redraw was sent. Messages travel in
    order both ways, so its answer comes once it has taken in the redraw, and behind every tap it sent before
    that: until the answer, a tap comes from the screen as it was. Without an answer in :data:`ANSWER_S` (or
    without a page that can be asked, as in unit tests) ``then`` is called anyway: taps are never refused for
    good.
    """
    page = ctx.page
    if getattr(page, "run_task", None) is None:
        then()
        return

    async def answered_then() -> None:
        try:
            await asyncio.wait_for(page.get_device_info(), ANSWER_S)
        except Exception:  # no answer in time, a page going away: count it as drawn
            log.debug("the page did not say it drew the change", exc_info=True)
        await asyncio.sleep(REACTION_S)
        then()

    page.run_task(answered_then)
