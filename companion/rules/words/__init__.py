"""Plain words for everything the app shows: the one place that turns events and values into sentences.

- :mod:`.plural`: counts with the right plural ("1 axe", "3 axes"), "a, b and c", ordinals;
- :mod:`.names`: ids as the board names them (spaces, spells, special tiles, gems, tiles, colours), and people
  by name (:class:`.names.Names`: "Ann (Blue)");
- :mod:`.events`: the log, one sentence per event (:func:`.events.tell` a whole game's, which knows where the
  dragon stood), and the label of each undo step;
- :mod:`.fight`: a dragon fight's sentences: its result with each defence (die + axes) and why a tie went to the
  winner, the axes and the tile, the dice rolled at the table;
- :mod:`.passed_over`: why an automa's card passed over its spaces, worked out from the events for a card that
  placed nothing;
- :mod:`.board`: what to do on the physical board after a step ("On the board"), for who keeps the automa's things;
- :mod:`.refusals`: why the engine refused an input, from its code and fields, and why a space is blocked;
- :mod:`.sheet`, :mod:`.decks`, :mod:`.replay`: what is wrong with a score sheet, a deck file, a game that does
  not replay, each from its code and fields.

Views, presenters and commands take their sentences from here, never from ``str()`` of a value or an id.
"""

from companion.rules.words.board import board_instructions
from companion.rules.words.decks import card_said
from companion.rules.words.events import Story, answer, describe, gain_parts, reason, step_label, tell
from companion.rules.words.names import (
    NO_NAMES,
    Names,
    colour,
    dwarf,
    gem,
    gems,
    name_of,
    named,
    player,
    space,
    special_tile,
    spell,
    tile,
)
from companion.rules.words.plural import a, count, join_and, noun_for, ordinal, plural
from companion.rules.words.refusals import blocked, refusal
from companion.rules.words.sheet import sheet_field, sheet_said

__all__ = [
    "NO_NAMES",
    "Names",
    "Story",
    "a",
    "answer",
    "blocked",
    "board_instructions",
    "card_said",
    "colour",
    "count",
    "describe",
    "dwarf",
    "gain_parts",
    "gem",
    "gems",
    "join_and",
    "name_of",
    "named",
    "noun_for",
    "ordinal",
    "player",
    "plural",
    "reason",
    "refusal",
    "sheet_field",
    "sheet_said",
    "space",
    "special_tile",
    "spell",
    "step_label",
    "tell",
    "tile",
]
