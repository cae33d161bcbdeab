"""The round screen's presenter: plain Python, no Flet."""

from types import SimpleNamespace

from companion.rules.automa.choices import choose_space
from companion.rules.board.occupants import Occupant
from companion.rules.setup import Setup
from companion.store.session import GameSession
from companion.ui.round.presenter import RoundPresenter, board_instructions


def started(seed=11, **kw):
    p = RoundPresenter(GameSession.new(Setup.solo(seed=seed, **kw)))
    assert p.starting_rolls({"blue": 4})
    return p


def until(p, kind, limit=200):
    for _ in range(limit):
        v = p.view()
        if v.decision == kind:
            return v
        if v.decision in ("automa_turn", "roll", "keep_roll", "next_round"):
            assert p.proceed()
        elif v.decision == "place":
            free = next(c.space for c in v.cells if c.status == "free")
            assert p.tap_space(free)
        elif v.decision == "question":
            q = v.question
            value = {"number": 2, "gems": ["ruby"] * q.count, "tile": {"kind": "gem", "gem": "ruby", "gems": 2},
                     "spell": "charm"}[q.kind]
            assert p.answer(value)
        elif v.decision == "attack":
            a = v.attack
            assert p.attack({"strength": 5, "treasure": "gold", "points": 6}, {c: {"axes": 0} for c in a.humans},
                            dict(a.automa_axes))
        else:
            raise AssertionError(f"stuck at {v.decision}")
    raise AssertionError(f"never reached {kind}")


def test_first_view_asks_for_starting_rolls():
    p = RoundPresenter(GameSession.new(Setup.solo(seed=1)))
    v = p.view()
    assert v.decision == "starting_rolls" and v.title == "Starting order"
    assert all(c.status == "idle" for c in v.cells)


def test_human_turn_marks_every_space_free_or_blocked_with_a_reason():
    p = started()
    v = until(p, "place")
    assert v.banner.startswith("Blue #")
    for cell in v.cells:
        assert cell.status in ("free", "dislodge", "blocked")
        assert (cell.reason is not None) == (cell.status == "blocked")
    occupied = [c for c in v.cells if c.occupant]
    assert all(c.status in ("dislodge", "blocked") for c in occupied)


def test_illegal_tap_shows_one_line_and_changes_nothing():
    p = started()
    v = until(p, "place")
    before = len(p.game.events())
    blocked = next((c for c in v.cells if c.status == "blocked"), None)
    if blocked is None:  # nothing blocked yet: tap a space of a base-game-only board that does not exist
        assert not p.tap_space("nowhere")
    else:
        assert not p.tap_space(blocked.space)
    assert p.error and "\n" not in p.error
    assert len(p.game.events()) == before
    assert p.view().error == p.error


def test_automa_turn_tells_what_to_do_on_the_board_and_undo_names_it():
    p = started()
    v = until(p, "automa_turn")
    color = v.banner_color
    assert p.proceed()
    v = p.view()
    assert any(line.startswith(f"Put {color.capitalize()} #") for line in v.instructions)
    assert v.undo_label and v.undo_label.startswith(color.capitalize())
    label = v.undo_label
    assert p.undo()
    assert p.view().redo_label == label
    assert p.redo()
    assert p.view().undo_label == label


def test_round_end_shows_reset_checklist_and_new_order():
    p = started()
    v = until(p, "next_round")
    assert v.checklist and any("reshuffled" in line for line in v.checklist)
    assert any(line.startswith("Turn order:") for line in v.instructions)


def test_stash_lines_count_what_the_automa_gained():
    p = started()
    until(p, "next_round")
    stash = p.game.state.stash["red"]
    lines = p.stash_lines("red")
    assert lines[0] == f"{stash.gold} gold"
    assert lines[-1] == f"{p.game.state.points['red']} points scored in play"


def test_board_instructions_for_a_dislodge_and_a_dragon_move():
    step = [
        {"type": "place", "color": "yellow", "dwarf": 3, "space": "supply_wagon",
         "dislodged": {"color": "blue", "dwarf": 1}},
        {"type": "roll", "color": "yellow", "value": 3, "purpose": "aggression", "by": "table"},
        {"type": "dragon", "position": 5},
    ]
    lines = board_instructions(step, 5)
    assert lines == [
        "Put Yellow #3 on Supply Wagon",
        "Return Blue #1 to its bed: it places again soon",
        "Yellow rolled 3 for the dragon",
        "Move the dragon up one: 5 of 5",
    ]


def test_board_instructions_for_an_attack_give_every_defence_and_every_loss():
    step = [
        {"type": "attack", "strength": 5, "treasure": "gold", "points": 6, "winner": "green",
         "defence": {"red": 3, "blue": 5, "green": 8}, "losers": ["red"], "captured": [{"color": "red", "dwarf": 5}]},
        {"type": "loss", "color": "red", "gold": 2},
        {"type": "dragon", "position": 0},
    ]
    assert board_instructions(step, 5) == [
        "Dragon attack (strength 5): Green won the tile",
        "Defence: Red 3, Blue 5, Green 8",
        "Red #5 goes to the capture box",
        "Red loses half its gold (rounded up)",
        "Red automa loses 2 gold from its hidden stash: nothing to move, the app counts the loss",
        "Put the dragon back on zero",
    ]


def test_an_automa_skipping_a_space_held_by_its_own_dwarf_does_not_say_your_own():
    card = SimpleNamespace(primary="forge", secondary="temple", tertiary="tavern_3")
    pick = choose_space(card, {"forge": Occupant("red", 3)}, "red", 5, expansion=True)
    place = {"type": "place", "color": "red", "dwarf": 5, "space": pick.space, "dislodged": None, "card": "R13",
             "choice": pick.choice, "skipped": pick.skipped}
    line = board_instructions([place], 5)[0]
    # Read at the table, "your own" means the player's dwarf; it is red's.
    assert "your own" not in line, line
    assert "its own #3" in line


def test_a_tap_on_a_game_another_window_changed_is_refused_with_one_line(tmp_path):
    from companion.store import Store

    first = GameSession.new(Setup.solo(seed=1), Store.open(tmp_path))
    second = RoundPresenter(GameSession.resume(Store.open(tmp_path), first.game_id))
    assert RoundPresenter(first).starting_rolls({"blue": 4})
    assert not second.starting_rolls({"blue": 4})  # raises StoreConflict today
    assert second.error and "\n" not in second.error
    assert second.view().decision == "automa_turn"  # it now shows the game as the other window left it


def test_undo_on_a_game_another_window_changed_is_refused_with_one_line(tmp_path):
    from companion.store import Store

    first = RoundPresenter(GameSession.new(Setup.solo(seed=1), Store.open(tmp_path)))
    assert first.starting_rolls({"blue": 4})
    second = RoundPresenter(GameSession.resume(Store.open(tmp_path), first.session.game_id))
    assert first.proceed()  # the other window moves on
    assert not second.undo()  # raises StoreConflict today
    assert second.error and "\n" not in second.error
    assert second.view().decision == first.view().decision


def test_with_grow_beard_chosen_the_dwarves_it_dislodges_look_tappable():
    """a newcomer chose Grow Beard and saw the dwarves it may dislodge still greyed out as blocked."""
    p = started()
    for _ in range(50):
        v = until(p, "place")
        g = p.game
        d = g.decision
        higher = [c for c in v.cells if c.status == "blocked" and g.state.board.get(c.space) is not None
                  and g.state.board[c.space].color != d.color and not g.state.board[c.space].golem
                  and g.state.board[c.space].dwarf >= d.dwarf and not c.locked]
        if higher:
            break
        assert p.tap_space(next(c.space for c in v.cells if c.status == "free"))
    else:
        raise AssertionError("no placement faced a higher beard")
    cell = higher[0]
    with_spell = {c.space: c for c in p.view("grow_beard").cells}[cell.space]
    assert with_spell.status == "dislodge" and with_spell.tappable
    assert {c.space: c for c in p.view().cells}[cell.space].status == "blocked"
    # Blood Sacrifice dislodges only the placer's own smaller beards: another's dwarf stays blocked.
    assert {c.space: c for c in p.view("blood_sacrifice").cells}[cell.space].status == "blocked"


def test_a_loss_says_a_quarter_for_stone_beards():
    """a dragon takes a quarter from a loser holding Stone Beards; the board line said half."""
    attack = {"type": "attack", "strength": 9, "treasure": "gold", "points": 6, "winner": None,
              "defence": {"red": 3, "blue": 2}, "captured": [], "losers": ["red", "blue"]}
    lines = board_instructions([attack], 5, {"red"})
    assert "Red loses a quarter of its gold (rounded up, Stone Beards)" in lines
    assert "Blue loses half its gold (rounded up)" in lines


def test_the_face_down_tile_instruction_follows_the_games_rules_version():
    """A table-kept automa's Tunnel tile: only a rules version 1 game (whose automa tiles still had power) tells
    the table to record Dragon Song or Stone Beards; a version 2 game refuses it, so the screen does not ask."""
    from companion.rules.automa.deck import AllPlay, Card, Deck
    from companion.rules.engine.game import Game
    from companion.rules.setup import Player

    tunnel_card = Card(id="T1", primary="tunnel", secondary="forge", tertiary="temple", axes=1,
                       all_play=AllPlay(dwarf_king=1, gem_market="ruby", tunnel=1, wizards_cave=1))
    lines = {}
    for version in (1, 2):
        for seed in range(60):
            setup = Setup.build([Player(color="blue", kind="human"),
                                 Player(color="red", kind="automa", deck="red", difficulty="hard")],
                                seed=seed, stash="table")
            game = Game(setup, decks={"red": Deck(deck="red", cards=(tunnel_card,))}, version=version)
            game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
            if game.state.turn_order[0] == "red":
                break
        p = RoundPresenter(GameSession(game))
        assert p.proceed()
        lines[version] = next(x for x in p.view().instructions if "face down" in x)
    assert "record it under" in lines[1]
    assert "record it under" not in lines[2]


def test_the_turn_order_strip_says_what_the_chips_small_numbers_are():
    """Found by the phone walkthrough: "2 3 4 5 · 7 pts" under a name said nothing to a newcomer. A line under the
    chips says the numbers are the dwarves still to place, and explains "capt." only while a chip shows it."""
    from dataclasses import replace

    from companion.ui.round.status import StatusStrip
    from companion.ui.round.view_model import chip_key

    p = started()
    v = p.view()
    strip = StatusStrip()
    strip.show(v)
    assert strip.key.visible and strip.key.value == "Under each name: the dwarves still to place"
    captured = [replace(v.turn_order[0], captured=[5]), *v.turn_order[1:]]
    assert chip_key(captured) == "Under each name: the dwarves still to place; capt.: captured"
    assert strip.key in strip.show(replace(v, turn_order=captured))
    assert strip.key.value.endswith("capt.: captured")




def test_an_automa_s_take_on_a_tavern_space_with_an_estimated_reward_is_marked():
    """The tavern rewards but the bottom one's are the app's estimates: "Red automa takes 1 gold" after a tavern
    claim is marked as resting on one (the view shows an 'estimate' chip), and is no longer once the owner
    corrected that reward in Settings."""
    from companion.rules.reference import load_reference
    from companion.store.settings import Settings, correct, effective_reference
    from tests.engine_helpers import card, deck

    ref = load_reference()
    gold = next(t for t in ref.tavern if t.reward == "gold" and t.source == "estimate")
    red = deck("red", *(card(f"T{i}", gold.space, "forge", "temple") for i in (1, 2)))
    p = started(seed=11, custom_decks={"red": red})
    assert p.estimate_lines(ref) == set()  # red's starting gold: no tavern take
    for _ in range(20):
        v = p.view()
        if any(e["type"] == "place" and e["color"] == "red" for e in p.game.steps[-1]):
            break
        if v.decision == "place":
            assert p.tap_space(next(c.space for c in v.cells if c.status == "free" and "tavern" not in c.space))
        elif v.decision == "question":
            assert p.answer(["ruby"] * v.question.count if v.question.kind == "gems" else 2)
        else:
            assert p.proceed()
    assert [e["space"] for e in p.game.steps[-1] if e["type"] == "place"] == [gold.space]
    line = f"Red automa gains {gold.amount} gold into its hidden stash: nothing to move, the app counts it"
    assert line in p.view().instructions and p.estimate_lines(ref) == {line}
    fixed = effective_reference(correct(Settings(), gold.space, ("gold", gold.amount)))
    assert p.estimate_lines(fixed) == set()


def test_a_long_name_is_shortened_on_its_turn_order_chip_and_whole_in_its_label():
    """Found by the phone walkthrough: a name of 40 characters (New game's limit) ran past the phone's edge on the
    turn-order chip, cut off mid-letter. The chip shows at most 16 characters, ending in '…'; its label (what a
    screen reader says) keeps the whole name."""
    from companion.rules.setup import Player
    from companion.ui.round.status import StatusStrip
    from companion.ui.round.view_model import CHIP_NAME_MAX

    name = "Wilhelmina Mountainbeard-Goldenhammer II"
    setup = Setup.solo(seed=11)
    players = [Player(color="blue", kind="human", name=name), *setup.players[1:]]
    p = RoundPresenter(GameSession.new(setup.model_copy(update={"players": players})))
    assert p.starting_rolls({"blue": 4})
    strip = StatusStrip()
    strip.show(p.view())
    chip = next(c for c in strip.chips if "Wilhelmina" in c.name.value)
    shown = chip.name.value.split(". ", 1)[1]
    assert shown == "Wilhelmina Moun…" and len(shown) == CHIP_NAME_MAX
    assert name in chip.control.label


def test_the_reset_list_moves_the_round_marker_to_the_next_space():
    """'Move the round marker on' left a newcomer asking on to where (found by the phone walkthrough)."""
    assert started().reset_checklist()[0] == "Move the round marker to the next space"


def test_the_placing_hint_points_at_the_board_above_in_every_edition():
    """The bar sits at the bottom of the screen: a base game's hint said the board was 'below'. With the expansion
    the hint says what the spell chips are for ('A spell first?' left a newcomer unsure)."""
    from companion.ui.round.view_model import placing_hint

    assert placing_hint(False) == "Tap a free space on the board above (green border)."
    assert placing_hint(True) == (
        "Tap a free space on the board above (green border). Casting one of these spells? Tap it first."
    )
    assert placing_hint(True, "blood_sacrifice") == "Blood Sacrifice: now tap the space to take."
