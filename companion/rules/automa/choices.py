"""What an automa does with a card: where it places, what a claimed space gives it, how it joins an all-play.

The rules are the expansion rulebook's "Automa Decks" sections; this module turns them into plain data that
the game engine executes and logs. Choices the app makes where the rulebook is silent are marked "App's choice".

Automa action space claim example: the card says Scout, then Temple; Scout holds yellow #3 and the automa
places its #3, so it cannot dislodge (a dislodge needs a higher number): it takes the Temple.
>>> from companion.rules.board.occupants import Occupant
>>> card = type("Card", (), {"primary": "scout", "secondary": "temple", "tertiary": "tavern_1"})()
>>> pick = choose_space(card, {"scout": Occupant("yellow", 3)}, "blue", 3, expansion=True)
>>> pick.choice, pick.space, pick.skipped[0]["why"]
('secondary', 'temple', 'held by yellow #3: a dislodge needs a higher number')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from typing import NamedTuple

from companion.rules.board.occupants import Occupant
from companion.rules.board.placement import occupied_reason, skip_reason
from companion.rules.board.spaces import SPACES

CHOICES = ("primary", "secondary", "tertiary")
GEM_COLORS = ("ruby", "emerald", "sapphire", "diamond")
STASH_GEMS = (*GEM_COLORS, "mana")
SPELL_POINTS = {"charm": 3, "mind_control": 9}
#: A Tunnel tile by its slot on an automa card (1 the cheapest): its price, printed under the slot on the board.
#: The card names the tile by this cost, so the app says the price rather than a position (the tiles slide to the
#: right as they get cheaper, so a position counted from the left would be the wrong tile).
TUNNEL_PRICES = {1: "1 beer or 1 gold", 2: "1 beer and 1 gold", 3: "1 beer and 2 gold", 4: "2 beer and 2 gold"}
#: The spaces only the expansion's board has (a base game skips them on a card).
EXPANSION_SPACES = frozenset(sid for sid, sp in SPACES.items() if sp.expansion)
SPELLS = (
    "blood_sacrifice", "charm", "countermagic", "draco_speak", "frost_bolt", "ghost_axe", "grow_beard",
    "ice_storm", "illusion", "labyrinth", "mind_control", "precognition", "shape_earth", "stone_golem",
    "time_warp", "transmutation", "water_to_beer",
)
SPECIAL_TILES = (
    "architect_hall", "barter_cave", "brewers", "diplomats", "dragon_song", "fast_wagons", "gem_cutters",
    "gnome_hollow", "migrant_gnomes", "smithy", "stone_beards", "templar_chamber", "spell_chamber",
)


def special_tiles(expansion: bool) -> tuple[str, ...]:
    """The special mine tiles of a game: a base game has no Spell Chamber (it comes with the expansion).

    >>> "spell_chamber" in special_tiles(True), "spell_chamber" in special_tiles(False)
    (True, False)
    """
    return SPECIAL_TILES if expansion else tuple(t for t in SPECIAL_TILES if t != "spell_chamber")


class Pick(NamedTuple):
    """The space an automa card leads to (or none), and why the earlier options failed.

    A NamedTuple rather than a frozen dataclass: one is made for every card an automa draws to place."""

    choice: str | None
    space: str | None
    skipped: list[dict]


#: ``Pick((choice, space, skipped))`` by ``tuple.__new__`` itself, without the NamedTuple's Python ``__new__``.
_pick = partial(tuple.__new__, Pick)


def choose_space(card, board: Mapping[str, Occupant], color: str, dwarf: int, expansion: bool) -> Pick:
    """Try primary, secondary, tertiary in turn; the first possible one wins (dislodging when needed).

    In a base game, expansion spaces on a card are skipped (the rulebook: ignore them).
    """
    space = card.primary
    if board.get(space) is None and (expansion or space not in EXPANSION_SPACES):
        # Most cards place on an empty first choice: that Pick at once, made as ``_pick`` makes it (a game
        # draws about 60 cards to place).
        return _pick(("primary", space, []))
    skipped = []
    for choice, space in zip(CHOICES, (card.primary, card.secondary, card.tertiary), strict=True):
        if not expansion and space in EXPANSION_SPACES:
            skipped.append({"choice": choice, "space": space, "why": "not in a base game"})
            continue
        occupant = board.get(space)
        if occupant is None:  # an empty space takes any dwarf
            return _pick((choice, space, skipped))
        why = occupied_reason(occupant, space, color, dwarf, None)
        if why is None:
            return _pick((choice, space, skipped))
        skipped.append({"choice": choice, "space": space, "why": skip_reason(why)})
    return _pick((None, None, skipped))


@dataclass(frozen=True)
class Claim:
    """What an automa gets for the space it claimed, before any all-play walk."""

    gold: int = 0
    gems: Mapping[str, int] = field(default_factory=dict)
    points: int = 0
    ask_gems: int = 0  # gems whose colours the humans choose
    roll: bool = False
    all_play: bool = False
    note: str = "the dwarf blocks the space"


@cache
def claim(space: str, tavern_reward: tuple[str, int] | None = None) -> Claim:
    """The automa's effect for claiming ``space``. ``tavern_reward`` is (kind, amount) for a tavern space.

    App's choice: a space the automa rules do not cover (Supply Wagon, Scout, Tribute, Forge, Temple, Excavate,
    Trading Post, a tavern space giving beer or nothing) gives the automa nothing: its dwarf only holds the space,
    and on a dragon space it still rolls (the roll follows the action "or passing on it").

    Kept once made (``functools.cache``): the effect depends on nothing else, and a claim is frozen (its ``gems``
    are only ever copied).

    >>> c = claim("treasure_hoard")
    >>> c.gold, c.roll, c.note
    (2, True, 'takes 2 gold, then rolls for the dragon')
    >>> claim("tunnel").all_play, claim("tunnel").gold
    (True, 0)
    >>> claim("tavern_3", ("beer", 1)).note
    'the automa takes no beer: the dwarf only holds the space'
    """
    match space:
        case "treasure_hoard":
            return Claim(gold=2, roll=True, note="takes 2 gold, then rolls for the dragon")
        case "mana_cave":
            return Claim(gems={"mana": 2}, roll=True, note="takes 2 mana, then rolls for the dragon")
        case "supply_wagon" | "scout" | "tribute":
            return Claim(roll=True, note="passes on the action, then rolls for the dragon")
        case "dwarf_king":
            return Claim(points=2, all_play=True, note="scores the 2-point bonus, then draws for the achievement")
        case "gem_market":
            return Claim(gold=2, all_play=True, note="takes the 2-gold bonus, then draws for a contract")
        case "wizards_cave":
            return Claim(gems={"mana": 2}, all_play=True, note="takes the 2-mana bonus, then draws for a spell")
        case "mine":
            return Claim(ask_gems=2, all_play=True, note="takes 2 gems of your choice; it does not mine")
        case "tunnel":
            return Claim(all_play=True, note="no bonus; draws for a mine tile")
    if tavern_reward is not None:
        kind, amount = tavern_reward
        if kind == "gold":
            return Claim(gold=amount, note=f"takes {amount} gold")
        if kind == "gems":
            return Claim(ask_gems=amount, note=f"takes {amount} gems of your choice")
        if kind == "beer":
            return Claim(note="the automa takes no beer: the dwarf only holds the space")
        return Claim(note="moves up the turn order")
    return Claim()


def all_play_question(space: str, card) -> dict | None:
    """What the automa's all-play card asks the table, or None (at the Mine the automa does nothing): the
    question and where the card points (``companion.rules.words.decisions`` words it).

    >>> card = type("C", (), {"all_play": type("A", (), {"dwarf_king": 2, "gem_market": "ruby", "tunnel": 1,
    ...     "wizards_cave": 3})()})()
    >>> all_play_question("dwarf_king", card), all_play_question("gem_market", card)
    ({'question': 'dwarf_king', 'position': 2}, {'question': 'gem_market', 'gem': 'ruby'})
    >>> all_play_question("mine", card) is None
    True
    """
    a = card.all_play
    match space:
        case "dwarf_king":
            return {"question": "dwarf_king", "position": a.dwarf_king}
        case "gem_market":
            return {"question": "gem_market", "gem": a.gem_market}
        case "tunnel":
            return {"question": "tunnel", "position": a.tunnel}
        case "wizards_cave":
            return {"question": "wizards_cave", "position": a.wizards_cave}
    return None
