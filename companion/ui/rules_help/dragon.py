"""Rules help, "The dragon": its rolls, its track (the length from the reference data) and its attacks."""

from __future__ import annotations

from collections.abc import Set

from companion.rules.reference import Reference
from companion.ui.rules_help.model import Entry, mark


def dragon_entries(reference: Reference, corrected: Set[str]) -> tuple[Entry, ...]:
    """The dragon's entries; the track's length is marked when the rulebooks do not print it."""
    length = reference.dragon_track.length
    track_mark = mark(reference.dragon_track.source, "dragon_track" in corrected)
    return (
        Entry(
            "aggression",
            "Dragon rolls",
            "After acting on a dragon space (Treasure Hoard, Supply Wagon, Scout, Tribute, Mana Cave), or "
            "choosing not to, roll a die: on 3 or more the dragon climbs one step.",
        ),
        Entry(
            "track",
            "The track",
            f"The dragon attacks when it reaches its head, {length} steps up from zero.",
            track_mark,
        ),
        Entry(
            "attack",
            "An attack",
            "It happens at once; dislodged dwarves wait until it is over. Everyone rolls a die, then in turn "
            "order puts down axes face down (each is worth 1 or 2). The top dragon tile is turned up. A "
            "defence (die plus axes) equal to or above its strength is safe.",
        ),
        Entry(
            "losing",
            "Losing",
            "Give back half of the gold or of the mined gems, whichever the tile names, rounded up (gems in "
            "your mine are safe), and your dwarf with the longest beard is captured until the next round.",
        ),
        Entry(
            "winning",
            "Winning the tile",
            "The highest safe defence takes the tile and its points; ties go to the earlier player in turn "
            "order. If nobody is safe, the tile leaves the game. Spent axes go back into the bag and the "
            "dragon returns to zero.",
        ),
    )
