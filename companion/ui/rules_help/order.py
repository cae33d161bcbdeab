"""Rules help, "Turn order": the starting order and gold, the starting tiles (from the reference data), placing, the
tavern, rounds."""

from __future__ import annotations

from collections.abc import Set

from companion.rules.reference import Reference
from companion.rules.setup import standard_rounds
from companion.ui.rules_help.model import Entry, mark


def order_entries(reference: Reference, corrected: Set[str]) -> tuple[Entry, ...]:
    """The turn order's entries; the starting gold is marked when the rulebooks do not print it."""
    gold = reference.starting_gold.by_position
    gold_mark = mark(reference.starting_gold.source, "starting_gold" in corrected)
    base = {n: standard_rounds(expansion=False, humans=n) for n in (2, 3, 4)}
    exp = {n: standard_rounds(expansion=True, humans=n) for n in (1, 2, 3, 4)}
    return (
        Entry(
            "start",
            "Starting order",
            "Everyone rolls; highest goes first, ties roll again. Starting gold rises with the position: "
            + ", ".join(f"{g}" for g in gold)
            + " for the 1st to 4th player. Automa get starting gold but no beer.",
            gold_mark,
        ),
        _starting_tiles(reference),
        Entry(
            "placing",
            "Placing dwarves",
            "The lowest beard number places first; equal numbers go in turn order. A dwarf may dislodge a "
            "dwarf with a smaller number (never your own, never in the tavern); the dislodged dwarf places "
            "again later in the same order.",
        ),
        Entry(
            "tavern",
            "New turn order",
            "When every dwarf is placed, the tavern sets the next order from the top space down. A player with "
            "two dwarves there counts only the one on the space nearer the top, whatever its beard. Players not "
            "in the tavern follow, keeping their order.",
        ),
        Entry(
            "rounds",
            "Rounds",
            f"Base game: {base[4]} rounds with 4 players, {base[3]} with 3, {base[2]} with 2. Expansion: "
            f"{exp[4]}, {exp[3]} and {exp[2]}. Solo: {exp[1]}. After the last round there is no reset: score "
            "the game.",
        ),
    )


def _starting_tiles(reference: Reference) -> Entry:
    """Each colour's starting tile and its gems, marked when some are the app's estimates (chosen on the sheet)."""
    tiles = reference.starting_tile
    said = ", ".join(f"{t.color} {t.gem}" + (" (estimate)" if t.source == "estimate" else "") for t in tiles)
    guessed = [t for t in tiles if t.source == "estimate"]
    text = (f"Each player's mine starts from the tile of their colour: {said}. At the end it counts as two tiles of "
            "its type.")
    if guessed:
        text += (" The rulebooks print only the other tiles' gems; if yours shows other gems, pick them on the score "
                 "sheet.")
    return Entry("starting_tile", "Starting tiles", text, "estimate" if guessed else "")
