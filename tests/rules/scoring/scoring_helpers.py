"""What the end-game scoring tests (tests/rules/scoring) share: a human's and an automa's line of the score
sheet with every count 0 unless given, a sheet of those lines, and a result's players by colour."""

from __future__ import annotations

from companion.rules.scoring import AutomaLine, HumanLine, ScoreSheet


def human(color: str = "red", **kw) -> HumanLine:
    fields = {"track": 0, "gold": 0, "mined_gems": 0, "gems_in_mine": 0, "mine_tiles": {}}
    fields.update(kw)
    return HumanLine.model_validate({"kind": "human", "color": color, **fields})


def automa(color: str = "green", difficulty: str = "easy", **kw) -> AutomaLine:
    fields = {"track": 0, "mine_tiles": 0, "gem_mine_tiles": 0, "gold": 0, "mined_gems": 0}
    fields.update(kw)
    return AutomaLine.model_validate({"kind": "automa", "color": color, "difficulty": difficulty, **fields})


def sheet(*players, expansion: bool = True, order: list[str] | None = None) -> ScoreSheet:
    return ScoreSheet(
        expansion=expansion,
        final_turn_order=order or [p.color for p in players],
        players=list(players),
    )


def by_color(result):
    return {p.color: p for p in result.players}
