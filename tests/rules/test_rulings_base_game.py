"""The rules audit's ruling (c), from the rulebooks' text: the engine refuses the expansion in a base game in
one line, and the round screen does not offer it.

(c) a base game has no spells, golem, Grow Beard, Frost Bolt, Ice Storm or Spell Chamber.

The other rulings are in the other tests/rules/test_rulings_*.py modules, their shared helpers in rulings_helpers.py.
"""

from __future__ import annotations

import pytest
from engine_helpers import place

from companion.rules.engine.game import IllegalInput
from companion.rules.engine.summary import game_summary
from tests.rules.rulings_helpers import (
    dragon_to,
    fight,
    head,
    round_presenter,
    set_the_dragon_off,
    texts,
    tunnel_game,
    two_humans,
)

# ---------------------------------------------------------------------------------------------- (c) base game


@pytest.mark.parametrize("inp", [
    {"type": "spell", "color": "blue", "spell": "charm"},
    {"type": "spell", "color": "blue", "spell": "draco_speak", "direction": 1},
    {"type": "spell", "color": "blue", "spell": "time_warp", "value": 3},
    {"type": "place", "golem": True, "color": "blue", "space": "scout"},
    {"type": "special_tile", "color": "blue", "tile": "spell_chamber"},
])
def test_a_base_game_refuses_the_expansion_in_one_line(inp):
    game = two_humans(expansion=False)
    before = game_summary(game)
    with pytest.raises(IllegalInput, match="Caverns of Gand") as err:
        game.act(inp)
    assert "\n" not in str(err.value)
    assert game_summary(game) == before


def test_a_base_game_has_no_grow_beard_or_blood_sacrifice():
    game = two_humans(expansion=False)
    place(game, "forge")  # blue #1
    for spell in ("grow_beard", "blood_sacrifice"):
        with pytest.raises(IllegalInput, match="Caverns of Gand"):
            game.act({"type": "place", "space": "forge", "spell": spell})


def test_a_base_game_fight_has_no_frost_bolt_or_ice_storm():
    game = two_humans(expansion=False)
    set_the_dragon_off(game)
    for spell in ("frost_bolt", "ice_storm"):
        with pytest.raises(IllegalInput, match="Caverns of Gand"):
            fight(game, 4, {"blue": {"die": 3, "spells": [spell]}, "yellow": {"die": 3}})
    assert game.decision.kind == "attack"


def test_a_base_game_automa_tunnel_tile_is_never_the_spell_chamber():
    game = tunnel_game(expansion=False)
    assert game.decision.kind == "question" and game.decision.question == "tunnel"
    with pytest.raises(IllegalInput, match="Caverns of Gand"):
        game.act({"type": "answer", "value": {"kind": "special", "tile": "spell_chamber"}})


# ---------------------------------------------------------------------------------------------- (c) the round screen


@pytest.mark.parametrize("expansion", [False, True])
def test_the_round_screen_offers_the_expansion_only_in_an_expansion_game(tmp_path, expansion):
    from companion.ui.round.forms.attack import attack
    from companion.ui.round.forms.extras import extras
    from companion.ui.round.forms.placing import place_hint
    from companion.ui.round.view import RoundScreen
    from companion.ui.shell.context import AppContext
    from tests.ui.shell.test_views import FakePage

    p = round_presenter(expansion=expansion)
    v = p.view()
    assert v.decision == "place" and v.expansion is expansion
    screen = RoundScreen(AppContext.load(FakePage(), tmp_path), p)
    shown = " | ".join(texts(place_hint(screen, v)) + texts(extras(screen, v)))
    for offer in ("Grow Beard", "Blood Sacrifice", "Place the golem", "Spell cast", "Dragon up", "Spell Chamber"):
        assert (offer in shown) is expansion, offer
    # a fight: Frost Bolt and Ice Storm only with the expansion
    dragon_to(p.game, head(p.game) - 1)
    assert p.tap_space("scout") and p.table_roll(6) and p.view().decision == "attack_dice"
    assert p.fight_dice({"blue": 3, "yellow": 4}) and p.view().decision == "attack"
    fight_form = " | ".join(t for c in attack(screen, p.view()) for t in texts(c))
    assert ("Frost Bolt" in fight_form) is expansion and ("Ice Storm" in fight_form) is expansion


def test_a_base_game_tunnel_question_offers_no_spell_chamber():
    from companion.store.session import GameSession
    from companion.ui.round.presenter import RoundPresenter

    game = tunnel_game(expansion=False)
    session = GameSession(game)
    q = RoundPresenter(session).view().question
    assert q.kind == "tile" and "spell_chamber" not in q.choices and "stone_beards" in q.choices


def test_the_presenter_shows_the_fight_die_and_offers_time_warp():
    p = round_presenter(expansion=True)
    assert p.tap_space("forge") and p.tap_space("excavate")
    dragon_to(p.game, head(p.game) - 1)
    assert p.tap_space("scout") and p.table_roll(6)
    assert p.fight_dice({"yellow": 6})  # blue's die left to the app: shown first, Time Warp may be in hand
    keep = p.view().keep
    assert (keep.color, keep.purpose, keep.temple, keep.blind) == ("blue", "attack", False, True)
    assert p.time_warp("blue")
    assert p.view().keep is not None and p.proceed()
    assert p.view().decision == "attack"
    assert p.attack({"strength": 4, "treasure": "gold", "points": 5}, {"blue": {"axes": 0}, "yellow": {"axes": 0}},
                    {})
    assert p.view().decision == "place"
    # a dragon roll the app made stays open to Time Warp for one step
    p.app_dice = True
    assert p.tap_space("treasure_hoard")
    warp = p.view().warp
    assert warp is not None and warp.color == p.game.state.last_die["color"] and warp.by == "app"
