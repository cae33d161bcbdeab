"""What the board calls things: the players' colours, the action spaces, spells, special tiles, gems and tiles.

Every id the engine keeps ("mind_control", "treasure_hoard", "dragon_song") is shown by its name on the board;
a value the table gave (a list of gem colours, a tile) is said as a person would say it.

>>> spell("mind_control"), special_tile("dragon_song"), space("tavern_1")
('Mind Control', 'Dragon Song', 'Tavern 1 (top)')
>>> tile({"kind": "gem", "gem": "sapphire", "gems": 3}), tile({"kind": "special", "tile": "stone_beards"})
('a sapphire tile with 3 gems', 'the Stone Beards tile')
>>> tile({"kind": "gem", "gem": "emerald", "gems": 1})
'an emerald tile with 1 gem'
>>> gems(["ruby", "ruby"]), gems({"ruby": 1, "mana": 2}), gems({})
('2 rubies', '1 ruby and 2 mana', 'no gems')
>>> dwarf({"color": "red", "dwarf": 2}), dwarf({"color": "blue", "dwarf": 1, "golem": True})
('Red #2', "Blue's golem")

A person is named by their name where the table gave one, the colour beside it to find their pieces; an unnamed
player and every automa by the colour (:class:`Names`, made from a game's setup):

>>> names = Names({"blue": "Ann"})
>>> names.who("blue"), names.who("yellow"), names.whose("blue"), names.dwarf({"color": "blue", "dwarf": 2})
('Ann (Blue)', 'Yellow', "Ann's", 'Ann (Blue) #2')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from companion.rules.board.spaces import SPACES
from companion.rules.words.plural import a, count, join_and

#: The spells of the Caverns of Gandûm, as their cards name them.
SPELL_NAMES = {
    "blood_sacrifice": "Blood Sacrifice",
    "charm": "Charm",
    "countermagic": "Countermagic",
    "draco_speak": "Draco Speak",
    "frost_bolt": "Frost Bolt",
    "ghost_axe": "Ghost Axe",
    "grow_beard": "Grow Beard",
    "ice_storm": "Ice Storm",
    "illusion": "Illusion",
    "labyrinth": "Labyrinth",
    "mind_control": "Mind Control",
    "precognition": "Precognition",
    "shape_earth": "Shape Earth",
    "stone_golem": "Stone Golem",
    "time_warp": "Time Warp",
    "transmutation": "Transmutation",
    "water_to_beer": "Water to Beer",
}

#: The special mine tiles, as the tiles name them.
SPECIAL_TILE_NAMES = {
    "architect_hall": "Architect Hall",
    "barter_cave": "Barter Cave",
    "brewers": "Brewers",
    "diplomats": "Diplomats",
    "dragon_song": "Dragon Song",
    "fast_wagons": "Fast Wagons",
    "gem_cutters": "Gem Cutters",
    "gnome_hollow": "Gnome Hollow",
    "migrant_gnomes": "Migrant Gnomes",
    "smithy": "Smithy",
    "stone_beards": "Stone Beards",
    "templar_chamber": "Templar Chamber",
    "spell_chamber": "Spell Chamber",
}

#: Where a card placed the automa: the rulebook's names of the three lines of an automa card.
CHOICE_NAMES = {"primary": "primary", "secondary": "secondary", "tertiary": "tertiary"}


def words_of(ident: str) -> str:
    """Any other id as plain words ("all_play" -> "all play"): the last resort, never shown for a known id."""
    return str(ident).replace("_", " ").strip()


def colour(color: str | None) -> str:
    """ "red" -> "Red"."""
    return words_of(color or "").capitalize()


def player(color: str | None, automa: bool = False) -> str:
    """ "Red" or "Red automa"."""
    return colour(color) + (" automa" if automa else "")


def space(space_id: str) -> str:
    found = SPACES.get(space_id)
    return found.name if found else words_of(space_id).title()


def spell(spell_id: str) -> str:
    return SPELL_NAMES.get(spell_id) or words_of(spell_id).title()


def special_tile(tile_id: str) -> str:
    return SPECIAL_TILE_NAMES.get(tile_id) or words_of(tile_id).title()


def gem(gem_id: str) -> str:
    """A gem colour in running text: "ruby", "mana"."""
    return words_of(gem_id)


def gem_count(n: int, gem_id: str) -> str:
    """ "1 ruby", "3 sapphires", "2 mana"."""
    return count(n, gem(gem_id))


def gems(value: Mapping[str, int] | Iterable[str], zero: str = "no gems") -> str:
    """Gems given as counts by colour or as a list of colours: "2 rubies and 1 mana"."""
    if isinstance(value, Mapping):
        counts = {g: n for g, n in value.items() if n}
    else:
        counts = {}
        for g in value:
            counts[g] = counts.get(g, 0) + 1
    return join_and(gem_count(n, g) for g, n in counts.items()) or zero


def tile(value: Mapping) -> str:
    """A mine tile as the table sees it: "a sapphire tile with 3 gems", "the Dragon Song tile"."""
    if value.get("kind") == "special" or "tile" in value:
        return f"the {special_tile(str(value.get('tile')))} tile"
    return f"{a(gem(str(value.get('gem'))))} tile with {count(int(value.get('gems') or 0), 'gem')}"


def named(name: str | None, color: str | None) -> str:
    """A person as the app names them: "Ann (Blue)" (the colour finds their pieces), or "Blue" when unnamed.

    The one place a person's name and colour are put together: the round screen, the log, the score sheet,
    History and ``log`` all say a person this way.
    """
    return f"{name} ({colour(color)})" if name else colour(color)


@dataclass(frozen=True)
class Names:
    """Who each colour is in one game: the names the table gave its people (by colour). An unnamed person and
    every automa are their colour, as before names were asked.

    Sentences that stand for a person (a roll, a placement, a fight's result, the log) take a ``Names``; one
    without (``NO_NAMES``) says colours only.
    """

    people: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, setup) -> Names:
        """The names of a game's setup (its human players' ``name``)."""
        return cls({p.color: p.name for p in setup.players if p.name and not p.is_automa})

    def name(self, color: str | None) -> str:
        """The shortest way to say them: "Ann", or "Blue"."""
        return self.people.get(color or "") or colour(color)

    def who(self, color: str | None) -> str:
        """ "Ann (Blue)", "Blue", "Red" (an automa: a sentence about it adds "automa" where it needs to)."""
        return named(self.people.get(color or ""), color)

    def whose(self, color: str | None) -> str:
        """ "Ann's", "Blue's"."""
        return f"{self.name(color)}'s"

    def its(self, color: str | None) -> str:
        """ "their" for a named person, "its" for a colour (an automa, an unnamed seat): "Bob (Yellow) loses half
        their gold", "Red loses half its gold"."""
        return "their" if color in self.people else "its"

    def piece(self, color: str | None, piece: str) -> str:
        """Their piece on the board, its colour said to find it: "Ann's blue score marker", "Blue's score marker".
        """
        if color in self.people:
            return f"{self.whose(color)} {words_of(color or '')} {piece}"
        return f"{self.whose(color)} {piece}"

    def player(self, color: str | None, automa: bool = False) -> str:
        """A seat: "Ann (Blue)", "Blue", "Red automa"."""
        return player(color, True) if automa else self.who(color)

    def begun(self, text: str, color: str | None) -> str:
        """A line the engine begins with a player's colour ("Blue rolled 5: keep it...") begun with who they are.

        >>> Names({"blue": "Ann"}).begun("Blue rolled 5: keep it?", "blue")
        'Ann (Blue) rolled 5: keep it?'
        """
        said = colour(color)
        return self.who(color) + text[len(said):] if said and text.startswith(said + " ") else text

    def dwarf(self, fact: Mapping) -> str:
        """A dwarf (or the golem) named in an event: "Ann (Blue) #2", "Red #2", "Ann's golem"."""
        if fact.get("golem"):
            return f"{self.whose(fact.get('color'))} golem"
        return f"{self.who(fact.get('color'))} #{fact.get('dwarf')}"


#: No names given: every player is their colour.
NO_NAMES = Names()


def dwarf(fact: Mapping, names: Names = NO_NAMES) -> str:
    """A dwarf (or the golem) named in an event: "Red #2", "Blue's golem" (``names``: "Ann (Blue) #2")."""
    return names.dwarf(fact)


def difficulty(level: str | None) -> str:
    return words_of(level or "").capitalize()


_COLOURS = ("red", "yellow", "green", "blue")


def capitalise_colours(text: str, names: Names = NO_NAMES) -> str:
    """A reason the engine wrote with lower-case colours ("held by blue #3: ...") as shown: "held by Blue #3"
    (``names``: "held by Ann (Blue) #3")."""
    for c in _COLOURS:
        text = text.replace(f"{c} #", f"{names.who(c)} #").replace(f"golem ({c})", f"{names.whose(c)} golem")
    return text


#: What the game waits for, and the engine's other words, as a sentence says them.
_TERMS = {
    "starting_rolls": "the starting rolls",
    "automa_turn": "an automa's turn",
    "keep_roll": "a keep-or-re-roll choice",
    "next_round": "the next round",
    "final_scores": "the final scores",
    "attack_input": "the dragon attack",
    "attack_dice": "the fight's dice roll",
    "game_end": "the final scores",
    "special_tile": "special tile",
    "all_play": "all-play",
    "mined_gems": "mined gems",
    "gem_mine_tiles": "gem mine tiles",
    "mine_tiles": "mine tiles",
    "gems_in_mine": "gems in the mine",
    "black_die": "black die",
    "automa_axes": "automa's axes",
}


def name_of(ident: str) -> str:
    """Any id the engine uses, by its name on the board (a space, spell, special tile) or in words."""
    if ident in SPELL_NAMES:
        return SPELL_NAMES[ident]
    if ident in SPECIAL_TILE_NAMES:
        return SPECIAL_TILE_NAMES[ident]
    if ident in SPACES:
        return SPACES[ident].name
    return _TERMS.get(ident) or words_of(ident)

