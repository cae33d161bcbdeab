"""The door for a shared table: ``/join/CODE`` hands out a cookie; nothing else is served without it.

Installed by :mod:`companion.server.web` only while the server listens beyond loopback (see
:mod:`companion.server.sharing`). It sits inside the Host and Origin checks:

- ``GET /join/CODE`` (or ``/join?code=CODE``, what the join page's form sends) with the current code: a fresh
  device token in an ``HttpOnly``, ``SameSite=Lax`` cookie that lasts as long as the join
  (:data:`companion.server.sharing.JOIN_LIFETIME_S`) and a redirect, kept by no cache, to the game in play when
  there is one (``Table.landing``), else home. A wrong code: 403 with a line saying so; too many wrong codes from
  that client (its address): 429. A request another site made (``Sec-Fetch-Site: cross-site`` or ``same-site``:
  a link, an ``<img>`` on someone's page) is refused with 403 before the code is looked at, so it counts for
  nothing: a person joins by opening the address (``none``) or from the join page (``same-origin``).
- Every other request and every WebSocket upgrade needs a valid token: else 403 (the join page: a small plain
  form to type the code in) or a refused upgrade (uvicorn answers 403).
- An accepted WebSocket says to the page which device it is (``connection_token``) and whether it is this
  computer's, the host's screen (``connection_here``). It is registered under its token, so "Stop sharing" can
  end it, as does its join running out: the gate closes it (code ``ENDED`` or ``EXPIRED``) and tells Flet the
  client went away; anything Flet sends after that is dropped.
"""

from __future__ import annotations

import asyncio
import html
import math

from starlette import status
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from companion.server.sharing import (
    ENDED,
    EXPIRED,
    Live,
    Table,
    TooManyTries,
    connection_here,
    connection_token,
    from_this_computer,
)

JOIN = "/join"  # the join page: a form to type the code in (``/join?code=CODE``), or the code in the address
JOIN_PREFIX = JOIN + "/"
#: Whether this device is joined, and if not why its join ended: asked by the page's notice when its WebSocket
#: closes (companion/server/stopped_notice.py), to say the host stopped sharing rather than that the app stopped.
STATUS = "/join/status"
#: Why a device is out, as the door and the status say it.
WHY: dict[int | None, str] = {ENDED: "stopped", EXPIRED: "expired"}
DOOR = {
    None: "This table is shared with a code. Type the code on the host's screen (or scan its QR code).",
    ENDED: "The host stopped sharing the table. When they share it again, type the new code.",
    EXPIRED: "This device's join ran out (a join lasts 12 hours). Type the table code to join again.",
}
#: What a browser says of a request another site made (Fetch Metadata); older browsers send nothing.
FROM_ANOTHER_SITE = ("cross-site", "same-site")


def _page(status_code: int, line: str, form: bool = True) -> Response:
    """A small plain page (no Flutter: it opens at once on any phone) saying ``line``; with ``form``, where to type
    the table code."""
    body = (
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width, initial-scale=1'>"
        "<title>Join the table - Treasure Mountain Companion</title>"
        "<main style='font:18px/1.4 sans-serif;max-width:26em;margin:1.5em auto;padding:0 1em'>"
        "<h1 style='font-size:1.4em'>Treasure Mountain Companion</h1>"
        f"<p>{html.escape(line)}</p>{JOIN_FORM if form else ''}</main>"
    )
    return HTMLResponse(body, status_code=status_code, headers={"Cache-Control": "no-store"})


#: The code typed by hand: digits only, the phone's number pad, big enough to hit (the button 48 px high).
JOIN_FORM = (
    "<form method=get action=/join style='display:flex;flex-wrap:wrap;gap:.6em;align-items:end'>"
    "<label style='display:flex;flex-direction:column'>Table code"
    "<input name=code inputmode=numeric pattern='[0-9 ]*' maxlength=12 autocomplete=one-time-code required autofocus"
    " style='font:inherit;font-size:1.6em;letter-spacing:.15em;width:7em;padding:.25em .4em'></label>"
    "<button style='font:inherit;font-weight:600;min-height:48px;padding:0 1.4em'>Join</button></form>"
)


def typed_code(text: str) -> str:
    """The code as typed, without the spaces and dashes a person may put in it.

    >>> typed_code(" 482 113 "), typed_code("482-113")
    ('482113', '482113')
    """
    return "".join(ch for ch in text if not ch.isspace() and ch != "-")


def _no_store(response: Response) -> Response:
    """``response`` kept by no cache: a redirect that sets a device's cookie must not be replayed to another."""
    response.headers["Cache-Control"] = "no-store"
    return response


def _from_this_computer(scope: Scope) -> bool:
    client, server = scope.get("client"), scope.get("server")
    user_agent = HTTPConnection(scope).headers.get("user-agent", "")
    return from_this_computer(client[0] if client else None, server[0] if server else None, user_agent)


class TableGate:
    """ASGI middleware: admit only devices that joined ``table`` (looked up per request: it can change)."""

    def __init__(self, app: ASGIApp, table: Table) -> None:
        self.app = app
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        token = request.cookies.get(self.table.cookie_name)
        path = request.url.path
        if path == STATUS:
            response = self._status(token)
        elif path == JOIN or path.startswith(JOIN_PREFIX):
            code = request.query_params.get("code", "") if path == JOIN else path[len(JOIN_PREFIX) :]
            response = self._join(request, typed_code(code.strip("/")), token)
        elif self.table.admits(token):
            await self.app(scope, receive, send)
            return
        else:
            response = _page(403, DOOR[self.table.gone(token)])
        await response(scope, receive, send)

    def _status(self, token: str | None) -> Response:
        """``{"joined": true}``, or ``{"joined": false, "ended": "stopped" | "expired" | null}``."""
        if self.table.admits(token):
            body: dict = {"joined": True}
        else:
            body = {"joined": False, "ended": WHY.get(self.table.gone(token))}
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    def _join(self, request: Request, code: str, token: str | None) -> Response:
        if request.headers.get("sec-fetch-site") in FROM_ANOTHER_SITE:
            return _page(403, "A link on another site cannot join this table. Open the join address yourself.",
                         form=False)
        if self.table.admits(token):
            return _no_store(RedirectResponse(self.table.landing(), status_code=303))
        if not code:
            return _page(200, "Type the table code shown on the host's screen.")
        try:
            token = self.table.join(code, request.client.host if request.client else "")
        except TooManyTries:
            return _page(429, "Too many wrong table codes from this device. Wait a minute, then try again.")
        if token is None:
            return _page(403, "That table code is not valid now. Check the code on the host's screen and type it "
                              "again.")
        response = _no_store(RedirectResponse(self.table.landing(), status_code=303))
        response.set_cookie(self.table.cookie_name, token, max_age=math.ceil(self.table.lifetime), httponly=True,
                            samesite="lax", path="/")
        return response

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = HTTPConnection(scope).cookies.get(self.table.cookie_name)
        live = Live(asyncio.get_running_loop())
        left = None if token is None else self.table.connected(token, live)
        if token is None or left is None:
            await WebSocketClose(code=status.WS_1008_POLICY_VIOLATION)(scope, receive, send)
            return
        runs_out = live.loop.call_later(max(0.0, left), live.end, EXPIRED)
        state = {"accepted": False, "closed": False}

        async def guarded_send(message: Message) -> None:
            if state["closed"]:
                return  # ended by the host: Flet's last messages go nowhere
            if message["type"] == "websocket.accept":
                state["accepted"] = True
            elif message["type"] == "websocket.close":
                state["closed"] = True
            await send(message)

        async def guarded_receive() -> Message:
            if not live.ended.is_set():
                incoming = asyncio.ensure_future(receive())
                ending = asyncio.ensure_future(live.ended.wait())
                try:
                    await asyncio.wait({incoming, ending}, return_when=asyncio.FIRST_COMPLETED)
                finally:  # also when Flet's receive is cancelled (server shutdown): leave no task behind
                    ending.cancel()
                    if not incoming.done():
                        incoming.cancel()
                if incoming.done() and not incoming.cancelled():
                    return incoming.result()
            if state["accepted"] and not state["closed"]:
                await send({"type": "websocket.close", "code": live.why, "reason": "the table's join ended"})
                state["closed"] = True
            return {"type": "websocket.disconnect", "code": live.why}

        reset = connection_token.set(token)
        reset_here = connection_here.set(_from_this_computer(scope))
        try:
            await self.app(scope, guarded_receive, guarded_send)
        finally:
            runs_out.cancel()
            connection_here.reset(reset_here)
            connection_token.reset(reset)
            self.table.disconnected(token, live)
