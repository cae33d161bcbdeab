"""The game's named values as types, in one place: a colour, a difficulty, a deck, a gem, a tile, a data source,
a decision kind, a refusal code, what is wrong with a score sheet, a deck file or a game that does not replay.
Each is a ``Literal`` (what mypy checks and pydantic validates) with the tuple of its values beside it (what a
loop or a form's choices read), so the two cannot drift apart.

>>> COLORS, DECISION_KINDS[:3]
(('red', 'yellow', 'green', 'blue'), ('starting_rolls', 'place', 'automa_turn'))
"""

from __future__ import annotations

from typing import Literal, get_args

#: A player's colour: a seat at the table, human or automa (the colour also names the automa's gem).
Color = Literal["red", "yellow", "green", "blue"]
COLORS: tuple[Color, ...] = get_args(Color)

#: Who plays a seat: a person, or an automa playing a deck.
PlayerKind = Literal["human", "automa"]
PLAYER_KINDS: tuple[PlayerKind, ...] = get_args(PlayerKind)

#: An automa's difficulty: the one list of them (New game, the score sheet, calibration, the history...).
Difficulty = Literal["easy", "hard", "punishing"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)

#: An automa deck: the red and the green deck of the printed game.
DeckName = Literal["red", "green"]
DECK_NAMES: tuple[DeckName, ...] = get_args(DeckName)

GemType = Literal["ruby", "emerald", "sapphire", "diamond"]
GEM_TYPES: tuple[GemType, ...] = get_args(GemType)

#: A mine tile's kind on the score sheet: the four gems, the special tiles and (expansion) mana.
TileType = Literal["ruby", "emerald", "sapphire", "diamond", "special", "mana"]
TILE_TYPES: tuple[TileType, ...] = get_args(TileType)

#: Where a value the app uses comes from: printed in a rulebook, the app's estimate, or the owner's own (read
#: from their copy and corrected in Settings; the shipped data never says "owner"). Reference values and the
#: scoring charts share this one type.
Source = Literal["rulebook", "estimate", "owner"]
#: The scoring modules' name for the same type (:data:`Source`).
ChartSource = Source

#: What the game waits for (``companion.rules.engine.decisions.Decision.kind``).
DecisionKind = Literal[
    "starting_rolls", "place", "automa_turn", "roll", "keep_roll", "question", "attack_dice", "attack",
    "next_round", "final_scores", "over",
]
DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)

#: Why the engine refused an input (``companion.rules.engine.refusals.IllegalInput.code``); each is worded by
#: ``companion.rules.words.refusals``.
RefusalCode = Literal[
    # the input's shape
    "wrong_shape", "missing", "unknown_field", "no_type", "unknown_input",
    # when
    "not_now", "before_start", "game_over", "golem_not_now",
    # who and where
    "not_a_player", "not_human", "not_a_space", "blocked", "golem_needs_empty", "expansion_only",
    # spells and tiles
    "not_a_spell", "spell_not_for_placement", "spell_needs_dislodge", "automa_no_spells", "not_a_special_tile",
    "automa_tiles_face_down", "direction", "draco_at_top", "draco_off_track",
    # dice
    "not_a_die", "warp_not_yours", "warp_app_die", "warp_no_die", "warp_table_die", "no_temple_reroll",
    # a dragon fight
    "black_die_trigger", "die_settled",
    "number_range", "tile_treasure", "axes_spent", "defence_spells", "axes_missing", "axes_range",
    # answers and corrections
    "answer_gems", "answer_tile", "answer_gem_tile", "answer_special_tile", "not_a_count", "dragon_range",
    "correction_automa_only", "table_stash_counts", "not_a_gem", "correction_target",
    # the end
    "scores_players", "scores_whole",
]
REFUSAL_CODES: tuple[RefusalCode, ...] = get_args(RefusalCode)

#: What is wrong with a score sheet (``companion.rules.scoring.sheet.SheetError.code``); each is worded by
#: ``companion.rules.words.sheet``.
SheetProblemCode = Literal[
    # the text
    "not_json", "not_a_number", "nested_too_deeply", "number_too_long", "given_twice",
    # a field's shape
    "missing", "unknown_field", "whole_number", "true_or_false", "list", "object", "at_least", "at_most",
    "not_one_of", "kind_missing", "kind_wrong", "players_count", "too_few_items", "too_many_items", "invalid",
    # the sheet's rules
    "gem_tiles_over_tiles", "colour_twice", "needs_expansion", "turn_order",
]
SHEET_PROBLEM_CODES: tuple[SheetProblemCode, ...] = get_args(SheetProblemCode)

#: What is wrong with a deck file (``companion.rules.automa.deck.DeckProblem.code``); each is worded by
#: ``companion.rules.words.decks``.
DeckProblemCode = Literal[
    # the file
    "cannot_read", "too_large", "not_utf8", "too_deep", "too_many_entries", "key_too_long", "not_toml",
    # a field's shape
    "missing", "unknown_field", "not_cards", "not_a_table", "not_one_of", "at_least", "at_most", "whole_number",
    "text", "bad_id", "invalid",
    # the deck's rules
    "unknown_space", "same_space", "no_cards", "duplicate_id",
]
DECK_PROBLEM_CODES: tuple[DeckProblemCode, ...] = get_args(DeckProblemCode)

#: Why the rules cannot rebuild a recorded or saved game (``companion.rules.engine.replay.ReplayProblem.code``);
#: each is worded by ``companion.rules.words.replay``.
ReplayProblemCode = Literal[
    # an event the rules do not give again (``Diverged``)
    "refused", "differs", "ends_early", "extra_event",
    # the game itself
    "unknown_version", "bad_setup",
]
REPLAY_PROBLEM_CODES: tuple[ReplayProblemCode, ...] = get_args(ReplayProblemCode)
