"""The players' colours as every screen draws them: the pieces' colours (the round screen, the new-game seats),
the text that stands on them, and the small coloured dot of the score sheet and the history.
"""

from __future__ import annotations

import flet as ft

COLOR_HEX = {"red": "#C62828", "yellow": "#F9A825", "green": "#2E7D32", "blue": "#1565C0", "golem": "#9E9E9E"}
COLOR_HEX_ON = {"yellow": "#201A17"}
#: The gems as the table's pieces look: the chips of a gem or tile answer (companion/ui/round/forms/question.py).
GEM_HEX = {"ruby": "#C62828", "emerald": "#2E7D32", "sapphire": "#1565C0", "diamond": "#B0BEC5", "mana": "#6A1B9A"}
GEM_HEX_ON = {"diamond": "#263238"}

DOT = {
    "red": ft.Colors.RED_600,
    "yellow": ft.Colors.AMBER_400,
    "green": ft.Colors.GREEN_600,
    "blue": ft.Colors.BLUE_600,
}


def on_color(color: str | None) -> str:
    """Text colour on a player's colour (yellow needs dark text)."""
    return COLOR_HEX_ON.get(color or "", ft.Colors.WHITE)


def dot(color: str, size: int = 22) -> ft.Control:
    """A player's colour as a dot, named for a screen reader ("Red player")."""
    return ft.Icon(ft.Icons.CIRCLE, color=DOT[color], size=size, semantics_label=f"{color.capitalize()} player")
