"""How the round screen's long-lived parts keep a tap cheap in Flet 1.0.5.

``control.update()`` diffs the control's whole subtree in place, and a control added anew is configured and
sent whole. The round screen's parts are therefore made once and changed by property, each part saying which
of its controls changed so that only those are updated; a part whose children change by themselves is
``isolate``-d, so an update of one of its ancestors costs only the ancestor's own properties.
"""

from __future__ import annotations

from typing import Any, TypeVar

import flet as ft

C = TypeVar("C", bound=ft.Control)


def isolate(control: C) -> C:
    """Mark ``control`` isolated: Flet skips its children when one of its ancestors is updated (its own
    properties and the list of its children are still diffed); its children are then updated by themselves.

    Isolate a boundary that an ancestor's update crosses, not a control that is updated by itself: Flet 1.0.5
    tells the update's root from an isolated parent with ``parent != root``, a dataclass comparison of every
    field, made again for each child of an isolated root (~0.3 ms for a column of ten)."""
    marked: Any = control  # Flet reads the mark (Control.is_isolated) but declares no field for it
    marked._isolated = True
    return control
