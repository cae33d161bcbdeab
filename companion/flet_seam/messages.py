"""Flet 1.0.5 writes every message it sends to the page out as text, even with its debug log off.

The web connection's ``send_message`` logs ``f"send_message: {message}"``: the f-string is built before the
logger can decline it, so each message's dataclass repr runs, and it walks the whole patch (every control and
value the update carries, each enum by name): at every tap, text nobody reads (``python -m
tests.bench.round_taps --profile FILE`` shows what it costs). ``Message`` gets a repr that says only its action
unless the ``flet_transport`` logger would print the line, in which case Flet's own full repr is used, so
debugging Flet sees what it always saw. Touches ``flet.messaging.protocol.Message``: if Flet moves it,
``install`` changes nothing. On a Flet upgrade: ``tests/flet_seam/test_messages.py`` checks that the web connection
still writes its line through ``repr`` and that the full repr comes back when the log is on.
"""

from __future__ import annotations

import functools
import logging

#: The logger Flet's web connection writes each message to (``flet_web.fastapi.flet_app.transport_log``).
TRANSPORT_LOG = logging.getLogger("flet_transport")


def install() -> bool:
    """Give Flet's ``Message`` the short repr (idempotent); False when Flet has no such class."""
    try:
        from flet.messaging.protocol import Message
    except ImportError:
        return False
    full = Message.__repr__
    if getattr(full, "__wrapped__", None) is not None and full.__name__ == "short_repr":
        return True

    def short_repr(self) -> str:
        if TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
            return full(self)
        return f"Message({self.action!r})"

    # Flet's own repr stays reachable as ``__wrapped__`` (the name is kept: the check above reads it).
    patched = functools.update_wrapper(short_repr, full, assigned=(), updated=())
    Message.__repr__ = patched  # type: ignore[method-assign]  # replacing Flet's method is the patch
    return True
