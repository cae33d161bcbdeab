"""The isolated mark: an update of one of a control's ancestors leaves the control's children alone.

Flet 1.0.5's diff asks ``BaseControl.is_isolated()``, which reads the private attribute ``_isolated``: an isolated
control's own properties and the list of its children are diffed, its children are not (they are updated by
themselves). Flet's public way to set it is per class (``@ft.control(isolated=True)``, as ``ft.Page`` is); the
round screen isolates plain rows, columns and boxes where they stand, so the mark is set on the instance here.

On a Flet upgrade: ``tests/flet_seam/test_isolate.py`` checks that an ancestor's update still skips a marked
control's children and that the control's own update still sends them.
"""

from __future__ import annotations

from typing import Any, TypeVar

import flet as ft

C = TypeVar("C", bound=ft.Control)


def isolate(control: C) -> C:
    """Mark ``control`` isolated and return it.

    Isolate a boundary that an ancestor's update crosses, not a control that is updated by itself: Flet 1.0.5
    tells the update's root from an isolated parent with ``parent != root``, a dataclass comparison of every
    field, made again for each child of an isolated root (~0.3 ms for a column of ten)."""
    marked: Any = control  # Flet reads the mark (Control.is_isolated) but declares no field for it
    marked._isolated = True
    return control
