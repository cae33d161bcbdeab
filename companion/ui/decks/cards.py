"""A printed automa card as the transcription holds it (a dict of its eight fields), no Flet: the fields, the
values each can take and how they read, the checks in the screen's words, and the deck file the cards make.

The fields are those the rulebook's card drawing shows: three action spaces (tried in order), the axe draw, and
the all-play section (Dwarf King position, Gem Market colour, Tunnel slot, Wizard's Cave position). The checks
are those of ``decks check`` (:func:`companion.rules.automa.deck.parse_deck`), so a card the screen calls done is
one the game will take.
"""

from __future__ import annotations

import json
import re

from companion.rules import words
from companion.rules.automa import choices as automa
from companion.rules.automa.deck import CARD_ID, DeckError, DeckProblem, parse_deck
from companion.rules.board.spaces import SPACES
from companion.rules.names import GEM_TYPES

FIELDS = ("primary", "secondary", "tertiary", "axes", "dwarf_king", "gem_market", "tunnel", "wizards_cave")
SPACE_FIELDS = FIELDS[:3]
ALL_PLAY = FIELDS[4:]
DEFAULT_CARDS = 20
MAX_CARDS = 60

LABELS = {
    "primary": "Primary space", "secondary": "Secondary space", "tertiary": "Tertiary space", "axes": "Axe draw",
    "dwarf_king": "Dwarf King: achievement", "gem_market": "Gem Market: contract colour",
    "tunnel": "Tunnel: tile", "wizards_cave": "Wizard's Cave: spell",
}
#: What the screen asks for the field in focus.
PROMPTS = {
    "primary": "Primary space (tried first)", "secondary": "Secondary space", "tertiary": "Tertiary space (tried last)",
    "axes": "Axe draw: how many axes", "dwarf_king": "All play, Dwarf King: which achievement from the left",
    "gem_market": "All play, Gem Market: which contract colour", "tunnel": "All play, Tunnel: the tile's price",
    "wizards_cave": "All play, Wizard's Cave: which spell from the left",
}
SHORT = {"primary": "1st", "secondary": "2nd", "tertiary": "3rd", "axes": "Axes", "dwarf_king": "King",
         "gem_market": "Market", "tunnel": "Tunnel", "wizards_cave": "Wizard"}
#: The Tunnel slots by what the card shows: the tile's price (see automa_decks/README.md), the engine's own
#: prices written short for a chip ("1 beer + 1 gold").
TUNNEL_PRICES = {slot: price.replace(" and ", " + ") for slot, price in automa.TUNNEL_PRICES.items()}


def space_name(space_id: str) -> str:
    return SPACES[space_id].name


def value_label(field: str, value) -> str:
    """How a field's value reads on a chip and in the table.

    >>> value_label("tunnel", 2), value_label("secondary", "tavern_1"), value_label("axes", 0)
    ('1 beer + 1 gold', 'Tavern 1 (top)', '0')
    """
    if value is None:
        return "–"
    if field in SPACE_FIELDS:
        return space_name(value)
    if field == "gem_market":
        return str(value).capitalize()
    if field == "tunnel":
        return TUNNEL_PRICES[value]
    return str(value)


def options(field: str) -> tuple:
    """The values a field can take, in the order its chips show them (spaces in board order)."""
    if field in SPACE_FIELDS:
        return tuple(SPACES)
    if field == "axes":
        return (0, 1, 2, 3, 4)
    if field == "gem_market":
        return GEM_TYPES
    return (1, 2, 3, 4)


def blank_card(deck: str, number: int) -> dict:
    """Card ``number`` of ``deck`` with no field filled: only its id ("R07")."""
    return {"id": f"{deck[0].upper()}{number:02d}"}


def complete(card: dict) -> bool:
    return all(card.get(f) is not None for f in FIELDS)


def is_blank(card: dict) -> bool:
    return all(card.get(f) is None for f in FIELDS)


def space_clash(card: dict) -> str | None:
    """Two of a card's spaces the same, in the screen's words: "2nd space is the same as the 1st (Mine)".

    >>> space_clash({"primary": "mine", "secondary": "mine"})
    '2nd space is the same as the 1st (Mine)'
    """
    for i, f in enumerate(SPACE_FIELDS):
        for g in SPACE_FIELDS[:i]:
            if card.get(f) is not None and card.get(f) == card.get(g):
                return f"{SHORT[f]} space is the same as the {SHORT[g]} ({space_name(card[f])})"
    return None


def id_ok(card: dict) -> bool:
    """Whether the card's id is one a deck file takes (a draft edited by hand may hold another)."""
    return isinstance(card.get("id"), str) and re.fullmatch(CARD_ID, card["id"]) is not None


def done(card: dict) -> bool:
    """Whole and checking clean: the only cards counted done, exported or played."""
    return complete(card) and space_clash(card) is None and id_ok(card)


def with_usable_ids(deck: str, cards: list[dict]) -> list[dict]:
    """The cards, one whose id a deck file would refuse (or another card has already) given the first free
    number of this deck ("R21"): the person cannot edit an id, so a card kept under a bad one could never be done.

    >>> [c["id"] for c in with_usable_ids("red", [{"id": "R02"}, {"id": "bad id!"}, {"id": "R02"}])]
    ['R02', 'R01', 'R03']
    """
    taken = {c["id"] for c in cards if id_ok(c)}
    seen: set[str] = set()
    out = []
    for card in cards:
        if not id_ok(card) or card["id"] in seen:
            number = next(n for n in range(1, len(cards) + len(taken) + 2)
                          if blank_card(deck, n)["id"] not in taken)
            card = {**card, "id": blank_card(deck, number)["id"]}
            taken.add(card["id"])
        seen.add(card["id"])
        out.append(card)
    return out


def card_problem(deck: str, card: dict) -> str | None:
    """What is wrong with this card, in the screen's words ("2nd space is the same as the 1st (Mine)"), as
    soon as it shows; else, once every field is filled, what ``decks check`` says about it."""
    clash = space_clash(card)
    if clash or not complete(card):
        return clash
    problem = check(deck, [card], "card")
    if problem is None:
        return None
    label = LABELS.get(str(problem.path[-1])) if problem.path else None
    return words.card_said(problem.code, problem.fields, problem.path, label or "")


def deck_problem(deck: str, cards: list[dict]) -> str | None:
    """The first problem of the whole deck: an unfinished card, a card with a problem, a duplicate id."""
    for i, card in enumerate(cards):
        if not done(card):
            where = f"card {i + 1} ({card['id']})"
            clash = space_clash(card)
            return f"{where}: {clash}" if clash else f"{where} is not finished"
    problem = check(deck, cards, "deck")
    return str(problem) if problem else None


def card_line(card: dict) -> str:
    """A card in one line that wraps at a phone's width (the table of cards).

    >>> card_line({"primary": "mine", "secondary": "tunnel", "tertiary": "tavern_4", "axes": 1, "dwarf_king": 2,
    ...            "gem_market": "diamond", "tunnel": 1, "wizards_cave": 4})
    'Mine, Tunnel, Tavern 4 (bottom) · Axes 1 · King 2 · Market Diamond · Tunnel 1 beer or 1 gold · Wizard 4'
    """
    spaces = ", ".join(value_label(f, card.get(f)) for f in SPACE_FIELDS)
    rest = " · ".join(f"{SHORT[f]} {value_label(f, card.get(f))}" for f in FIELDS[3:])
    return f"{spaces} · {rest}"


def card_toml(card: dict) -> str:
    """One ``[[cards]]`` section in the automa deck format."""
    a = ", ".join(f"{f} = {json.dumps(card[f])}" for f in ALL_PLAY)
    spaces = "".join(f"{f} = {json.dumps(card[f])}\n" for f in SPACE_FIELDS)
    return f'[[cards]]\nid = {json.dumps(card["id"])}\n{spaces}axes = {card["axes"]}\nall_play = {{ {a} }}\n'


def deck_toml(deck: str, cards: list[dict]) -> str:
    """The deck file (automa_decks/README.md) of the cards given."""
    head = f'# {deck.capitalize()} automa deck, transcribed from the printed cards in Treasure Companion.\n'
    return head + f'deck = "{deck}"\n' + "".join("\n" + card_toml(c) for c in cards)


def check(deck: str, cards: list[dict], source: str) -> DeckProblem | None:
    """The first problem ``decks check`` finds in these cards (``str()``: its line without the file name)."""
    try:
        parse_deck(deck_toml(deck, cards), source)
    except DeckError as err:
        return err.problems[0]
    return None


def card_dict(card) -> dict:
    """A parsed deck's card as the transcription holds it (to go on from a kept or imported deck)."""
    out = {"id": card.id, "primary": card.primary, "secondary": card.secondary, "tertiary": card.tertiary,
           "axes": card.axes}
    out.update(card.all_play.model_dump())
    return out
