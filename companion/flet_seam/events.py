"""Flet 1.0.5 works out an event's payload type anew at every event; the app remembers it.

``BaseControl._trigger_event`` calls ``get_event_field_type(control, "on_click")`` for every tap: it copies the
caller's globals, walks the control class's annotations (turning each into text) and evaluates the handler's type,
again at every tap (``python -m tests.bench.round_taps --profile FILE`` shows what it costs). The answer depends on
the control's class and the field alone (the annotations and modules it reads are those of the class), so it is kept
per (class, field). Touches a private name of Flet 1.0.5 (``flet.controls.base_control.get_event_field_type``): if
Flet renames it, ``install`` does nothing and events resolve as before. On a Flet upgrade:
``tests/flet_seam/test_events.py`` checks that the remembered answers are Flet's own.
"""

from __future__ import annotations

import functools
from typing import Any

from flet.controls import base_control

_resolve = base_control.get_event_field_type
_known: dict[tuple[type, str], Any] = {}


def _remember(control: Any, field_name: str) -> Any:
    key = (type(control), field_name)
    try:
        return _known[key]
    except KeyError:
        found = _known[key] = _resolve(control, field_name)
        return found


#: The remembering version, with Flet's own as its ``__wrapped__``.
_remembered = functools.update_wrapper(_remember, _resolve, assigned=(), updated=())


def install() -> bool:
    """Remember event payload types from now on (idempotent); False when Flet has no such function."""
    if getattr(base_control, "get_event_field_type", None) is None:
        return False
    base_control.get_event_field_type = _remembered
    return True
