"""The round screen's dragon attack form, beside the rules audit's rulings: the dragon tile is face down until
the attack, so what it takes (gold or gems) is left for the player to tap.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import flet as ft
from flet_helpers import walk

from tests.rules.rulings_helpers import dragon_to, head, round_presenter, texts


def test_the_attack_form_leaves_what_the_tile_takes_for_the_player_to_tap(tmp_path):
    """The dragon tile is face down until the attack: the form must not answer "gold" for the player. Neither
    choice is filled at first; resolving without one is refused in one line, nothing played; one tap answers."""
    from companion.ui.round.forms.attack import attack
    from companion.ui.round.presenter import TILE_TREASURE
    from companion.ui.round.view import RoundScreen
    from companion.ui.shell.context import AppContext
    from tests.ui.shell.test_views import FakePage

    p = round_presenter(expansion=True)
    dragon_to(p.game, head(p.game) - 1)
    assert p.tap_space("scout") and p.table_roll(6) and p.fight_dice({"blue": 2, "yellow": 5})
    assert p.view().decision == "attack"
    screen = RoundScreen(AppContext.load(FakePage(), tmp_path), p)

    def form_controls():
        """Every control of the attack form as drawn now."""
        return [c for part in attack(screen, p.view()) for c in walk(part, ("content", "controls"))]

    def resolve_button():
        return next(c for c in form_controls() if "Resolve the attack" in texts(c) and getattr(c, "on_click", None))

    choice_buttons = [c for c in form_controls()
                      if isinstance(c, ft.FilledButton | ft.OutlinedButton) and texts(c) in (["Gold"], ["Gems"])]
    assert sorted(texts(b)[0] for b in choice_buttons) == ["Gems", "Gold"]
    assert not any(isinstance(b, ft.FilledButton) for b in choice_buttons)  # nothing chosen for the player
    steps = len(p.game.steps)
    resolve_button().on_click(None)
    assert (len(p.game.steps), p.error, p.view().decision) == (steps, TILE_TREASURE, "attack")
    gold = next(b for b in choice_buttons if texts(b) == ["Gold"])
    gold.on_click(None)
    assert p.error is None  # the line asking for it is gone once answered
    resolve_button().on_click(None)
    assert len(p.game.steps) == steps + 1 and p.view().decision != "attack"
