"""Rules help, "Action spaces": a summary per space, the tavern's with its reward from the reference data."""

from __future__ import annotations

from collections.abc import Set

from companion.rules.board.spaces import SPACES, TAVERN_SPACES
from companion.rules.reference import Reference
from companion.ui.rules_help.model import Entry, mark

# One summary per action space id (companion/rules/board/spaces.py). Tavern texts get their reward appended from
# the reference data, because those rewards are estimates.
SPACE_SUMMARIES: dict[str, str] = {
    "tunnel": (
        "Buy one of the four face-up mine tiles and add it to your mine with every track lining up, then "
        "seed it with the gems it shows. Prices run from 1 beer or 1 gold for the cheapest slot to 2 beer "
        "and 2 gold for the dearest. All play: the claimant takes 2 beer; then each other player may buy a "
        "tile."
    ),
    "mine": (
        "Choose one gem colour. Take one gem from each of your tiles holding it, plus 1 bonus gem when two "
        "such tiles are joined by track, or 2 when three or more are (one bonus per action). All play: the "
        "claimant takes any 2 gems; then each other player may mine."
    ),
    "gem_market": (
        "Pay the gems a face-up contract asks for, from your supply and never from your mine, and take its "
        "gold plus any coins lying on it; the market refills. Mana cannot be sold here. All play: the "
        "claimant takes 2 gold; then each other player may sell."
    ),
    "dwarf_king": (
        "Claim one face-up achievement you meet: you only show what it asks for and keep it. Score its "
        "points; the row refills. All play: the claimant takes 2 points; then each other player may claim "
        "one."
    ),
    "excavate": (
        "Up to three times, each on a gem tile: pay 1 gold or 1 beer, add 3 gems of the tile's colour minus "
        "one for each dirt pile already on it, then add a dirt pile."
    ),
    "forge": "Pay 1 beer or 1 gem (mana counts) and draw an axe from the bag. Keep its value hidden.",
    "temple": (
        "Pay 2 gold for 5 points. While your dwarf stands here you may re-roll each of your own dice once, "
        "whether or not you bought the points."
    ),
    "trading_post": (
        "Make up to two trades, the same one twice if you like: 1 gold for 1 beer, 1 gold for an axe, 1 gold "
        "for any 2 gems, or 2 gems for 1 gold."
    ),
    "treasure_hoard": "Take 2 gold, then roll for the dragon.",
    "supply_wagon": "Take 2 beer, then roll for the dragon.",
    "scout": "Draw an axe and secretly look at the top dragon tile, then roll for the dragon.",
    "tribute": (
        "Remove up to two face-up market cards, mine tiles or achievements (with the expansion also spells), "
        "in any mix, and refill the rows. Coins on a removed contract go back. Then roll for the dragon."
    ),
    "tavern_1": "The top tavern space.",
    "tavern_2": "The second tavern space.",
    "tavern_3": "The third tavern space.",
    "tavern_4": "The bottom tavern space.",
    "mana_cave": "Expansion. Take 2 mana gems, then roll for the dragon.",
    "wizards_cave": (
        "Expansion. Draft one face-up spell for free into your spell book (three spells at most; drop one if "
        "you go over); the row refills. All play: the claimant takes 2 mana; then each other player may "
        "draft."
    ),
}

_TAVERN_COMMON = (
    " Locked: nobody can dislodge a dwarf here. At the end of the round the tavern sets the next turn order."
)


#: What is printed of a tavern space's reward and what is guessed, said where the app's value is in use.
_TAVERN_SOURCES = {
    ("tavern_2", "estimate"): " The one gold is printed (the automa's gold space); that this second space pays "
    "it is the app's guess.",
    ("tavern_4", "rulebook"): " Printed in the Caverns of Gandûm rulebook (the automa's gem space).",
}


def _tavern_reward_text(ref: Reference, space: str) -> str:
    t = ref.tavern_reward(space)
    if t.reward == "none":
        return " Reward: none."
    unit = {"gold": "gold", "beer": "beer", "gems": "gems" if t.amount != 1 else "gem"}[t.reward]
    return f" Reward: {t.amount} {unit}." + _TAVERN_SOURCES.get((space, t.source), "")


def space_entries(reference: Reference, corrected: Set[str]) -> tuple[Entry, ...]:
    """One entry per action space, in the board's order; a tavern's reward is marked when it is not printed."""
    entries = []
    for space in SPACES.values():
        text = SPACE_SUMMARIES[space.id]
        value_mark = ""
        if space.id in TAVERN_SPACES:
            text += _tavern_reward_text(reference, space.id) + _TAVERN_COMMON
            value_mark = mark(reference.tavern_reward(space.id).source, space.id in corrected)
        if space.dragon and "dragon" not in text:
            text += " Then roll for the dragon."
        entries.append(Entry(space.id, space.name, text, value_mark))
    return tuple(entries)
