"""Flet 1.0.5's diff asks "is this a dataclass?" and "which fields has it?" anew at every value.

Each update walks the controls and value objects (borders, paddings, styles) under it and calls
``dataclasses.is_dataclass`` some tens of times per updated control and ``dataclasses.fields`` (which filters
every field of the class again) several times, again at every update (``python -m tests.bench.round_taps
--profile FILE`` shows what it costs). Both answers depend on the object's class alone, so the diff
(``flet.controls.object_patch``) and the encoder (``flet.messaging.protocol``) get versions that remember them
per class. A class object itself (not an
instance) is always asked afresh.

A control added to the page is configured by walking every field of it and of each value object under it, a
generator per field, most of them text, numbers or None: those are passed over at once.

Touches private names of Flet 1.0.5: the ``dataclasses`` module as ``flet.controls.object_patch`` holds it, the
``is_dataclass`` and ``fields`` that ``flet.messaging.protocol`` imported, and ``DiffBuilder._configure_dataclass``;
if they move, ``install`` leaves Flet as it is. On a Flet upgrade: ``tests/flet_seam/test_diff.py`` checks that
the patched diff and encoder give the same patches and bytes as Flet's own.
"""

from __future__ import annotations

import dataclasses
import functools
from types import SimpleNamespace
from typing import Any

_is_dataclass = dataclasses.is_dataclass
_fields = dataclasses.fields
_known_is: dict[type, bool] = {}
_known_fields: dict[type, tuple] = {}


def is_dataclass(obj: Any) -> bool:
    """``dataclasses.is_dataclass``, remembered per class of instance."""
    t = type(obj)
    known = _known_is.get(t)
    if known is not None:
        return known
    if isinstance(obj, type):  # a class: its own answer, not its metaclass's
        return _is_dataclass(obj)
    known = _known_is[t] = _is_dataclass(obj)
    return known


def fields(class_or_instance: Any) -> tuple:
    """``dataclasses.fields``, remembered per class (a non-dataclass raises TypeError, as there)."""
    t = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    known = _known_fields.get(t)
    if known is None:
        known = _known_fields[t] = _fields(class_or_instance)
    return known


#: Values with nothing under them to configure (exact types: a str or int subclass such as an enum goes to Flet).
_PLAIN = frozenset({type(None), str, int, float, bool})


def _configure_skipping_plain(configure):
    """Flet's ``DiffBuilder._configure_dataclass``, returning at once for a plain value (Flet's own walk would
    find nothing in it: not a dataclass, a list or a dict)."""

    def configure_dataclass(self, item, parent, frozen, configure_setattr_only=False):
        if type(item) in _PLAIN:
            return ()
        return configure(self, item, parent, frozen, configure_setattr_only)

    return functools.update_wrapper(configure_dataclass, configure, assigned=(), updated=())


def install() -> bool:
    """Give Flet's diff and encoder the remembering versions (idempotent); False when Flet is not as expected."""
    try:
        from flet.controls import object_patch
        from flet.messaging import protocol
    except ImportError:
        return False
    if getattr(object_patch, "dataclasses", None) is None or not hasattr(protocol, "is_dataclass"):
        return False
    # The names the diff and the encoder look up in their own modules' globals are bound to the remembering
    # versions there (``vars``: a module's namespace; the stand-ins are not the standard library's types).
    if not isinstance(object_patch.dataclasses, SimpleNamespace):
        shim = SimpleNamespace(**{name: getattr(dataclasses, name) for name in dir(dataclasses)
                                  if not name.startswith("__")})
        shim.is_dataclass, shim.fields = is_dataclass, fields
        vars(object_patch)["dataclasses"] = shim
    vars(protocol).update(is_dataclass=is_dataclass, fields=fields)
    builder = getattr(object_patch, "DiffBuilder", None)
    configure = getattr(builder, "_configure_dataclass", None)
    if builder is not None and configure is not None and not hasattr(configure, "__wrapped__"):
        builder._configure_dataclass = _configure_skipping_plain(configure)
    return True
