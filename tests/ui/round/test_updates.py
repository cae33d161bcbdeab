"""How the round screen updates after a tap: only what changed is updated, each part by itself.

Flet sends what a control's ``update()`` finds changed under it; a handler that calls no ``update()`` gets a
whole-page update (the home view underneath included). Here ``update()`` is recorded instead of sent.
"""

from __future__ import annotations

import flet as ft
import pytest

from companion.rules.setup import Setup
from companion.store import Store
from companion.ui.round.board import Board, BoardCell
from companion.ui.round.view import RoundScreen, presenter
from companion.ui.round.view_model import Cell
from companion.ui.shell import game_access
from companion.ui.shell.context import AppContext
from tests.flet_helpers import walk
from tests.ui.shell.test_views import FakePage


@pytest.fixture
def screen(tmp_path, monkeypatch):
    ctx = AppContext.load(FakePage("/round"), tmp_path)
    updated: list[ft.BaseControl] = ctx.page.updated  # the controls the screen updates through its page
    monkeypatch.setattr(ft.BaseControl, "update", lambda self: updated.append(self))  # or by themselves
    with Store.open(tmp_path / "games") as store:
        ctx.state.store = store
        game_access.start(ctx, Setup.solo(seed=11))
        s = RoundScreen(ctx, presenter(ctx))
        s.updated = updated
        yield s


def _step(s: RoundScreen) -> None:
    """One tap that moves the game on, as the screen's handler makes it."""
    v = s.p.view()
    if v.decision == "starting_rolls":
        s.do(lambda: s.p.starting_rolls({"blue": 4}))
    elif v.decision == "place":
        s.do(lambda: s.p.tap_space(next(c.space for c in v.cells if c.status == "free")))
    else:
        s.do(s.p.proceed)


def test_a_tap_updates_the_changed_parts_only_and_keeps_every_space(screen):
    """Each of the board's two grids (placement, idle) keeps its spaces; a tap sends exactly the spaces of the
    visible grid that changed since it was last shown, the board itself only
    when the visible grid changed, and the hidden grid never."""
    assert screen.updated == []  # built before it is on the page: nothing to update
    _step(screen)  # the starting rolls: the round begins
    board = screen.board
    grids = {mode: [c.box for c in cells] for mode, cells in board.cells.items()}
    switches = 0
    for _ in range(16):
        mode, colour = board.mode, screen.bar.bgcolor
        shown = {m: [c.cell for c in cells] for m, cells in board.cells.items()}
        label = screen.main.text.value
        screen.updated.clear()
        _answer(screen)
        # The main button: shown or hidden by its box, which an isolated holder keeps from the button (Flet
        # resends a button's style whenever an update reaches it); updated when what it shows changed.
        main, box = screen.main.button, screen.decision_bar.main_box
        assert box.content.content is main and box.content.is_isolated()
        if box.visible and screen.main.text.value != label:
            assert any(u is main for u in screen.updated)
        now = screen.p.view().cells
        assert {m: [c.box for c in cells] for m, cells in board.cells.items()} == grids  # none rebuilt
        visible = [m for m, box in board.boxes.items() if box.visible]
        assert visible == [board.mode] == ["idle" if all(c.status == "idle" for c in now) else "place"]
        assert [c.cell for c in board.shown] == now  # the visible grid shows the game as it is now
        changed = [c.box for c, old in zip(board.shown, shown[board.mode], strict=True) if old != c.cell]
        updated_boxes = [u for u in screen.updated if any(u is b for b in grids[board.mode])]
        assert updated_boxes == changed  # exactly the spaces that changed, however many
        # A space's inside is isolated: a new occupant is sent only by its own update (an update of the grid
        # does not reach it: the board once kept the last round's dwarves at a round's start).
        moved = [c.occupant for c, old in zip(board.shown, shown[board.mode], strict=True)
                 if old is None or old.occupant != c.cell.occupant]
        assert all(any(u is o for u in screen.updated) for o in moved)
        hidden = [b for m, boxes in grids.items() if m != board.mode for b in boxes]
        assert not any(u is b for u in screen.updated for b in hidden)  # the hidden grid is not sent
        assert any(u is board.control for u in screen.updated) == (board.mode != mode)
        switches += board.mode != mode
        assert any(u is screen.bar for u in screen.updated) == (screen.bar.bgcolor != colour)  # its colour alone
        assert screen.root not in screen.updated
        assert len(screen.updated) == len(set(map(id, screen.updated)))
    assert switches >= 2  # the turn passed to the human and back


def test_a_space_that_shows_the_same_is_not_touched():
    taps = []
    cell = BoardCell(taps.append)
    free = Cell("forge", "Forge", None, None, "free", None, False, False, False)
    assert cell.show(free) and not cell.show(free)
    assert cell.box.on_click is not None and cell.semantics.label == "Forge: empty, free"
    idle = Cell("forge", "Forge", "Red #1", "red", "idle", None, False, False, False)
    assert cell.show(idle)
    assert cell.box.on_click is None and cell.occupant_text.value == "Red #1"
    cell.show(free)
    cell.box.on_click(None)
    assert taps == [free]  # a tap reports the space as it is shown now


def test_flet_gives_a_reused_control_moved_in_a_keyed_rebuild_another_controls_id():
    """Why the round screen never puts a kept control into a rebuilt part (the hang a browser test once showed):
    in a keyed (frozen) diff each new control takes the id of the old one at its place, so a kept control that
    moved takes its neighbour's id and the next takes that one again. Two controls then share an id, and the
    client's taps on the control whose id is gone are dropped ("Control with ID ... not found"): the tap does
    nothing and the test waits for its result forever. Flet 1.0.5; if this starts failing, Flet fixed it."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    a, b, c = ft.Text("a"), ft.Text("b"), ft.Text("c")
    b_id = b._i
    ObjectPatch.from_diff(ft.Column([a, b], key="k"), ft.Column([b, c], key="k"), control_cls=BaseControl, frozen=True)
    assert b._i == c._i == a._i != b_id  # b's id is gone, three controls share a's


def test_the_strip_on_the_board_and_the_main_button_are_kept_and_only_their_changed_parts_updated(screen):
    _step(screen)  # the starting rolls: the round begins
    strip, last, main = screen.status.control, screen.last.control, screen.main.button
    for _ in range(8):
        chips = [chip.control for chip in screen.status.chips]
        shown = [chip._shown for chip in screen.status.chips]
        lines = [row.control for row in screen.last.rows]
        screen.updated.clear()
        _step(screen)
        v = screen.p.view()
        assert screen.status.control is strip and screen.last.control is last and screen.main.button is main
        assert _same([chip.control for chip in screen.status.chips], chips)  # no chip rebuilt
        assert _same([row.control for row in screen.last.rows][: len(lines)], lines)  # no line rebuilt
        changed = [chip.control for chip, old in zip(screen.status.chips, shown, strict=True) if chip._shown != old]
        assert _same([u for u in screen.updated if any(u is c for c in chips)], changed)  # exactly the changed chips
        assert not any(u is strip or u is last for u in screen.updated)
        # What they show is the game's state now.
        assert screen.decision_bar.text.value == v.banner
        texts = [row.text.value for row in screen.last.rows if row.control.visible]
        setup = [line for line, _estimate in screen.setup_lines()]
        assert texts == (v.instructions if screen.last.heading.value == "On the board" else setup)
        for i, (chip, data) in enumerate(zip(screen.status.chips, v.turn_order, strict=True), start=1):
            assert chip.control.label.startswith(f"{i}. {data.label}")


def _same(a: list, b: list) -> bool:
    """The same controls, in the same order (a control's ``==`` compares its properties)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _answer(s: RoundScreen) -> None:
    """One tap that moves the game on, an automa's question answered as the bench answers it."""
    v = s.p.view()
    q = v.question
    if v.decision != "question":
        _step(s)
    elif q.kind == "number":
        s.do(lambda: s.p.answer(1))
    elif q.kind == "tile":
        s.do(lambda: s.p.answer({"kind": "gem", "gem": "sapphire", "gems": 3}))
    elif q.kind == "gems":
        s.do(lambda: s.p.answer([q.choices[0]] * q.count))
    else:
        s.do(lambda: s.p.answer(q.choices[0]))


def test_a_question_asked_again_shows_its_kept_chips_and_their_more_button_opens_this_steps_stepper(screen):
    """The bar keeps a question's chips hidden and shows them again when the same question comes back (not
    built, not sent again); a kept chip's handler must act on the step it is tapped in, not the one it was built
    in (More at a later step opens the stepper there)."""
    from companion.ui.round.forms.banner import kept_key

    _step(screen)
    seen: dict = {}
    for _ in range(80):
        v = screen.p.view()
        if v.decision == "question":
            key = kept_key(screen, v)
            kept = screen.decision_bar.kept
            shown = [c for c in kept.controls if c.visible]
            assert kept.visible and len(shown) == 1
            if key in seen and v.question.kind == "number":
                assert shown[0] is seen[key]  # the same chips, shown again
                more = next(c for c in walk(shown[0]) if isinstance(c, ft.OutlinedButton)
                            and "more than" in (c.content.semantics_label or ""))
                screen.updated.clear()
                more.on_click(None)
                assert screen.main.text.value == "OK: 10" and screen.decision_bar.main_box.visible
                assert not any(c.visible for c in kept.controls)  # a form being filled in is built anew
                return
            seen[key] = shown[0]
        _answer(screen)
    pytest.fail("no number question came back in 80 steps")


def test_past_its_limit_the_bar_keeps_a_new_form_in_the_place_of_the_least_recently_shown(screen):
    """In place: the other kept forms keep their places, so Flet's list diff replaces one item instead of
    moving (and sending again) every kept form after it."""
    from companion.ui.round.bar import KEPT_INPUTS

    kept = screen.decision_bar.kept
    base = list(kept.controls)
    assert not base  # the starting rolls are not kept
    columns = [ft.Column() for _ in range(KEPT_INPUTS - len(base) + 2)]
    for i, column in enumerate(columns):
        screen.decision_bar.keep(("test", i), column)
    assert len(kept.controls) == KEPT_INPUTS
    order = base + columns[: KEPT_INPUTS - len(base)]
    order[0], order[1] = columns[-2], columns[-1]  # the two least recently kept, replaced where they were
    assert _same(kept.controls, order)


def test_the_dragon_track_is_made_once_and_a_move_changes_its_two_pips_and_count():
    from companion.ui.round.status import _DragonTrack

    track = _DragonTrack(5)
    idle = [ft.Colors.BLUE_GREY_100] * 5 + [ft.Colors.RED_200]  # the last space, where the dragon attacks, in red

    def lit(at: int) -> None:
        assert [p.bgcolor for p in track.pips] == [ft.Colors.DEEP_ORANGE_700 if i == at else c
                                                    for i, c in enumerate(idle)]
        assert [f.visible for f in track.fires] == [i == at for i in range(6)]
        assert track.count.value == f"{at}/5"

    track.show(0)
    lit(0)
    pips = list(track.pips)
    assert _same(track.show(2), [pips[0], pips[2], track.count])
    lit(2)
    assert _same(track.show(5), [pips[2], pips[5], track.count])
    lit(5)
    assert _same(track.show(4), [pips[5], pips[4], track.count])  # an undo moves it back: the red space again
    lit(4)
    assert _same(track.pips, pips)  # never rebuilt


def test_at_a_round_s_start_the_board_shows_every_space_empty(screen):
    """The dwarves go home at a round's end: every space the screen shows reads "empty" again, and each space
    whose occupant changed since its grid was last shown had its occupant sent (before: the grid was updated
    whole, which does not reach a space's isolated inside, and the phone kept the last round's dwarves)."""
    _step(screen)  # the starting rolls
    board = screen.board
    placed = False
    for _ in range(400):
        before = {m: [c.cell for c in cells] for m, cells in board.cells.items()}
        occupied = any(c.cell.occupant for c in board.shown)
        placed = placed or occupied
        screen.updated.clear()
        _answer(screen)
        if placed and occupied and not any(c.cell.occupant for c in board.shown):
            break
    else:
        raise AssertionError("no round ended in 400 taps")
    assert all(c.occupant_text.value == "empty" for c in board.shown)
    stale = [c.cell.space for c, old in zip(board.shown, before[board.mode], strict=True)
             if old is not None and old.occupant and not any(u is c.occupant for u in screen.updated)]
    assert stale == []


def test_every_icon_a_space_shows_is_explained_under_the_board():
    """A new player cannot guess the spaces' small icons (flame, people, lock): the board says once what each
    means, and the key stays out of the board's own update (it is static)."""
    board = Board(lambda _c: None)
    cell = Cell("tavern_1", "Tavern 1 (top)", None, None, "idle", None, True, True, True)  # every icon at once
    board.show([cell])
    shown = {i.icon for i in board.shown[0].icons.controls}
    key = {c.icon: t.value for row in walk(board.legend) if isinstance(row, ft.Row) and len(row.controls) == 2
           for c, t in [row.controls] if isinstance(c, ft.Icon)}
    assert len(shown) == 3 and shown <= set(key), key
    assert key[ft.Icons.LOCAL_FIRE_DEPARTMENT] == "dragon roll" and key[ft.Icons.GROUPS] == "all play"
    assert board.legend.content.is_isolated()


def test_a_tap_on_the_main_button_after_it_was_hidden_does_nothing(screen):
    """A double tap on "Draw a card and place": the first plays the automa's turn; when the next decision has no
    main button (a human's placement), the second touch still reaches the button the page showed. It does
    nothing: before, it went on with the automa's turn the game had left and the bar said "proceed is not
    possible now: the game waits for place"."""
    toasts: list[str] = []
    screen.ctx.toast = toasts.append
    box = screen.decision_bar.main_box  # the main button's box in the bar
    for _ in range(60):
        v = screen.p.view()
        if v.decision == "automa_turn":
            screen.main.button.on_click(None)  # the first touch, as Flet delivers it
            if not box.visible:
                break
        else:
            _answer(screen)
    else:
        pytest.fail("no automa turn followed by a decision without a main button")
    steps = len(screen.p.game.steps)
    screen.main.button.on_click(None)  # the second touch, on the button the page still showed
    assert len(screen.p.game.steps) == steps
    assert screen.p.error is None and screen.p.view().error is None
    assert toasts == []


def test_a_placement_bar_ends_with_its_hint_where_the_automa_s_button_was(screen):
    """The second touch of a double tap on "Draw a card and place" lands at the bar's foot: for a placement that is
    the hint's text (nothing happens), not a spell chip (it armed Blood Sacrifice unseen)."""
    for _ in range(60):
        v = screen.p.view()
        if v.decision == "place":
            break
        _answer(screen)
    else:
        pytest.fail("no placement")
    inputs = screen.decision_bar.inputs  # the bar's inputs: the placement's hint and chips
    controls = [c for c in walk(inputs) if isinstance(c, (ft.Chip, ft.Text)) and c.visible]
    assert any(isinstance(c, ft.Chip) for c in controls)
    last_chip = max(i for i, c in enumerate(controls) if isinstance(c, ft.Chip))
    hint = next(i for i, c in enumerate(controls) if isinstance(c, ft.Text) and "Tap a free space" in (c.value or ""))
    assert hint > last_chip
