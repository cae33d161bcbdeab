"""The state of a game as plain JSON-able data: what ``replay`` prints and what tests compare."""

from __future__ import annotations

from companion.rules.engine.decisions import AutomaTurnDecision, PlaceDecision
from companion.rules.engine.game import Game
from companion.rules.words.decisions import prompt


def game_summary(game: Game) -> dict:
    s = game.state
    d = game.decision
    table = game.setup.table_stash
    return {
        "phase": s.phase,
        "round": s.round,
        "rounds": game.setup.rounds,
        "turn_order": list(s.turn_order),
        "dragon": s.dragon,
        "board": {space: occ.as_fact() for space, occ in sorted(s.board.items())},
        "beds": {c: sorted(v) for c, v in s.beds.items()},
        "captured": {c: sorted(v) for c, v in s.captured.items()},
        "points": dict(s.points),
        "dragon_tiles": dict(s.dragon_tiles),
        "special_tiles": {c: sorted(v) for c, v in s.special_tiles.items()},
        # When the table keeps the automa's things, the app has no count of them: None, not a partial count.
        "automa": {
            color: {
                "gold": None if table else stash.gold,
                "gems": None if table else dict(stash.gems),
                "tiles": None if table else list(stash.tiles),
                "deck": list(s.decks[color].draw),
                "discard": list(s.decks[color].discard),
            }
            for color, stash in s.stash.items()
        },
        "final_scores": s.final_scores,
        "next": {"kind": d.kind, "color": d.color,
                 "dwarf": d.dwarf if isinstance(d, PlaceDecision | AutomaTurnDecision) else None,
                 "prompt": prompt(d)},
        "events": len(game.events()),
    }
