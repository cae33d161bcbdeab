"""The table code: who may use the app while it listens beyond this computer.

With ``--host 0.0.0.0`` (or any address that is not loopback) anyone on the network can reach the port, so
every device, the host's own browser too, must first open the join address
``http://ADDRESS:PORT/join/CODE``. The code is made fresh at each start (six digits: short to type, and a
guesser gets :data:`WRONG_TRIES_PER_MINUTE` tries a minute, not a million). Wrong codes are counted per client
(its address; an IPv6 address by its /64 network, which one device can take addresses from at will), so a
guesser keeps only itself out, never a friend typing the right code. Opening the join address gives the
device a random token in an HttpOnly cookie; :mod:`companion.server.gate` checks it on every request and on
the WebSocket upgrade. A token lasts :data:`JOIN_LIFETIME_S` (12 hours: an evening's play, and a phone left
joined is not let in for good); then the device's open connection is closed and it opens the join address
again. Tokens and the code live in memory only: a restart makes a new code and every device joins again.

"Stop sharing" (Settings) ends the code and every joined device's session, except the device that pressed it
(decided: the person stopping is at the table holding the game; ending their own session too would leave
nobody able to share again without restarting the app). "Share again" makes a new code. Only the host
computer's own screen has those two buttons: a connection from this computer (a loopback address, or the
very address it reached, as the host's browser opening the printed join address does) is the host's; a phone
could otherwise end everyone else's session or hand out a new code.

This module knows nothing of Flet or HTTP: the gate calls :meth:`Table.join`, :meth:`Table.admits` and
:meth:`Table.connected`; the app command hands the table to each page (``ctx.sharing``), whose Settings screen
calls :meth:`Table.stop` / :meth:`Table.share_again`.
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import os
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeGuard

CODE_DIGITS = 6
WRONG_TRIES_PER_MINUTE = 10
#: How long a device's join lasts (the cookie's Max-Age too).
JOIN_LIFETIME_S = 12 * 3600
#: Why a device's WebSocket was closed (its close code, which the page's notice tells apart).
ENDED = 4001  # the host stopped sharing
EXPIRED = 4002  # the join lasted JOIN_LIFETIME_S
#: How many ended joins the table remembers, to tell their devices why they are out.
REMEMBERED_ENDINGS = 1024

# The token of the device whose WebSocket is being handled (set by the gate; Flet runs a page's main() in a
# task started from that connection, so the page can learn which device it is on).
connection_token: contextvars.ContextVar[str | None] = contextvars.ContextVar("connection_token", default=None)
#: Whether that WebSocket comes from this computer (the host's screen); without a shared table every page does.
connection_here: contextvars.ContextVar[bool] = contextvars.ContextVar("connection_here", default=True)
#: Tests only: a browser whose User-Agent contains this text counts as another device (every test page comes
#: from 127.0.0.1, this computer).
REMOTE_AGENT_ENV = "TREASURE_COMPANION_TEST_REMOTE_AGENT"


def from_this_computer(client: str | None, server: str | None, user_agent: str = "") -> bool:
    """Whether a connection from ``client`` that reached this computer at ``server`` comes from this computer:
    a loopback address, or the one it reached (the host's browser opening ``http://192.168.1.20:8550/join/...``
    connects from 192.168.1.20).

    >>> from_this_computer("127.0.0.1", "127.0.0.1"), from_this_computer("192.168.1.20", "192.168.1.20")
    (True, True)
    >>> from_this_computer("192.168.1.33", "192.168.1.20"), from_this_computer(None, "192.168.1.20")
    (False, False)
    """
    marker = os.environ.get(REMOTE_AGENT_ENV)
    if marker and marker in user_agent:
        return False
    if not client:
        return False
    try:
        ip = ipaddress.ip_address(client)
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return True
    try:
        return server is not None and ip == ipaddress.ip_address(server.removeprefix("::ffff:"))
    except ValueError:
        return False


class TooManyTries(Exception):
    """More than :data:`WRONG_TRIES_PER_MINUTE` wrong codes from this client in the last minute: no code of its
    is checked now."""


def client_key(address: str) -> str:
    """Whose wrong codes these are: the client's IPv4 address, or its IPv6 /64 network (a device picks addresses
    in its network at will); anything else as given.

    >>> client_key("192.168.1.33"), client_key("::ffff:192.168.1.33"), client_key("2001:db8:1:2:aa::1")
    ('192.168.1.33', '192.168.1.33', '2001:db8:1:2::/64')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def new_code(digits: int = CODE_DIGITS) -> str:
    """A random code of ``digits`` decimal digits (leading zeros kept).

    >>> len(new_code()), new_code().isdigit()
    (6, True)
    """
    return f"{secrets.randbelow(10**digits):0{digits}d}"


@dataclass(eq=False)
class Live:
    """One open WebSocket of a joined device; :meth:`end` closes it from any thread, saying why."""

    loop: asyncio.AbstractEventLoop
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    why: int = ENDED

    def end(self, why: int = ENDED) -> None:
        self.why = why
        self.loop.call_soon_threadsafe(self.ended.set)


@dataclass(eq=False)
class Device:
    """A joined device: when its join runs out (the table's clock), its open WebSockets, and whose it is."""

    until: float
    lives: set[Live] = field(default_factory=set)
    #: Whose device this is, as its person picked it on the game's screen: (game id, what they picked). The table
    #: keeps it and nothing else reads it (companion/ui/round/whose.py words it).
    owner: tuple[int, str] | None = None


class Table:
    """The code and the joined devices of one run of the server (thread-safe: Flet handlers run in threads)."""

    def __init__(self, base_url: str, cookie_name: str, clock: Callable[[], float] = time.monotonic,
                 lifetime: float = JOIN_LIFETIME_S):
        self.base_url = base_url.rstrip("/")
        self.cookie_name = cookie_name
        self.lifetime = lifetime
        self._clock = clock
        self._lock = threading.Lock()
        self._code: str | None = new_code()
        self._tokens: dict[str, Device] = {}
        self._gone: OrderedDict[str, int] = OrderedDict()  # token -> why its join ended (ENDED / EXPIRED)
        self._wrong: dict[str, deque[float]] = {}  # client_key -> when its wrong codes came, in the last minute
        #: Where a device goes once it has joined: the app points it at the game in play, when there is one.
        self.landing: Callable[[], str] = lambda: "/"

    # ------------------------------------------------------------------ what the host sees
    @property
    def code(self) -> str | None:
        return self._code

    @property
    def join_url(self) -> str | None:
        """``http://ADDRESS:PORT/join/CODE`` while shared, else None."""
        return f"{self.base_url}/join/{self._code}" if self._code else None

    def joined(self) -> int:
        """How many devices hold a valid token now."""
        with self._lock:
            return sum(1 for token in list(self._tokens) if self._valid(token))

    # ------------------------------------------------------------------ what the gate asks
    def join(self, code: str, client: str = "") -> str | None:
        """A new device token when ``code`` is the current code, else None (and the try counts as wrong for
        ``client``, the address it came from).

        Raises :class:`TooManyTries` when too many wrong codes came from ``client`` in the last minute (even a
        right one is not checked then: otherwise a guesser would not be slowed at all). Other clients are
        checked as ever.
        """
        with self._lock:
            now = self._clock()
            self._forget_old_tries(now)
            key = client_key(client)
            wrong = self._wrong.get(key, ())
            if len(wrong) >= WRONG_TRIES_PER_MINUTE:
                raise TooManyTries
            if self._code is None or not secrets.compare_digest(code.encode(), self._code.encode()):
                self._wrong.setdefault(key, deque()).append(now)
                return None
            token = secrets.token_urlsafe(24)
            self._tokens[token] = Device(now + self.lifetime)
            return token

    def _forget_old_tries(self, now: float) -> None:
        """Drop wrong codes over a minute old, and the clients left with none (the lock is held)."""
        for key in list(self._wrong):
            tries = self._wrong[key]
            while tries and now - tries[0] > 60:
                tries.popleft()
            if not tries:
                del self._wrong[key]

    def _valid(self, token: str | None) -> TypeGuard[str]:
        """Whether ``token`` is a device's join that has not run out; one that has is forgotten (the lock is
        held; the gate closes its open WebSockets when it runs out)."""
        if token is None:
            return False
        device = self._tokens.get(token)
        if device is None:
            return False
        if self._clock() < device.until:
            return True
        del self._tokens[token]
        self._remember(token, EXPIRED)
        return False

    def _remember(self, token: str, why: int) -> None:
        """Keep why ``token``'s join ended, for its device's next request (the lock is held)."""
        self._gone[token] = why
        while len(self._gone) > REMEMBERED_ENDINGS:
            self._gone.popitem(last=False)

    def gone(self, token: str | None) -> int | None:
        """Why ``token``'s join ended (:data:`ENDED`: the host stopped sharing; :data:`EXPIRED`), or None (a
        token the table never gave, or has forgotten: a restart, say)."""
        with self._lock:
            self._valid(token)  # a join just run out is remembered as such
            return self._gone.get(token) if token is not None else None

    def admits(self, token: str | None) -> bool:
        with self._lock:
            return self._valid(token)

    def connected(self, token: str, live: Live) -> float | None:
        """Register an open WebSocket of ``token``; returns the seconds its join has left (the gate closes the
        WebSocket then), or None (refuse it) when the token is no longer valid."""
        with self._lock:
            if not self._valid(token):
                return None
            device = self._tokens[token]
            device.lives.add(live)
            return device.until - self._clock()

    def owner(self, token: str | None) -> tuple[int, str] | None:
        """Whose device ``token`` is (see :attr:`Device.owner`), None when not said or not joined."""
        with self._lock:
            return self._tokens[token].owner if self._valid(token) else None

    def set_owner(self, token: str | None, owner: tuple[int, str] | None) -> None:
        """Say whose device ``token`` is (None: ask again); every page of that device shares it."""
        with self._lock:
            if self._valid(token):
                self._tokens[token].owner = owner

    def disconnected(self, token: str, live: Live) -> None:
        with self._lock:
            device = self._tokens.get(token)
            if device is not None:
                device.lives.discard(live)

    # ------------------------------------------------------------------ what the host does
    def stop(self, keep: str | None = None) -> int:
        """End the code and every device's session except ``keep``'s; returns how many devices were ended."""
        with self._lock:
            self._code = None
            ended = {t: device for t, device in self._tokens.items() if t != keep}
            for token in ended:
                del self._tokens[token]
                self._remember(token, ENDED)
        for device in ended.values():
            for live in device.lives:
                live.end(ENDED)
        return len(ended)

    def share_again(self) -> str:
        """A fresh code (devices still joined stay joined)."""
        with self._lock:
            self._code = new_code()
            self._wrong.clear()
            return self._code


def start(base_url: str, port: int) -> Table:
    """Share this run of the server: a fresh :class:`Table` (the cookie name carries the port, since browsers
    keep cookies per host, not per port). The app command hands it to the gate and to every page."""
    return Table(base_url, f"tm_table_{port}")
