"""Scenario A at the table: a solo round, a dragon attack, and resuming after the server restarts.

Each test starts its own server on a fresh data folder with a fixed game seed, so the automa draw the same
cards every run. The test keeps a mirror of the game in this process (the same setup, fed the same inputs) and
checks at every step that the screen shows what the game waits for.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.rules.words import count as count_of
from companion.store import Store
from companion.store.session import GameSession
from companion.store.settings import Settings, save_settings
from companion.ui.new_game.presenter import NewGameForm
from companion.ui.round.presenter import RoundPresenter
from companion.ui.round.view_model import Cell, RoundView

pytestmark = pytest.mark.browser

#: A solo game (expansion, Hard) in which blue rolls 4 and the order is red, blue, green; with blue's choices
#: below, round 1 brings every kind of automa question, blue #2 takes Mana Cave from red #1 (a dislodge and a
#: dragon roll) and the dragon stays below its head.
SEED = 1133
#: Blue's spaces, first choice first: each all-play space asks both automa a question.
PREFERRED = ("dwarf_king", "tunnel", "wizards_cave", "gem_market")
#: The dragon tile and blue's part that :meth:`Table.fill_attack_form` enters (blue's die comes before it, on the
#: fight's dice form: rules version 4).
ATTACK_TILE = {"strength": 5, "treasure": "gold", "points": 6}
BLUE_IN_ATTACK = {"blue": {"axes": 1, "spells": []}}


class Table:
    """Plays the round screen in the browser and the same inputs on a mirror of the game in this process."""

    def __init__(self, app, name: str, seed: int = SEED, app_dice: bool = True):
        self.app = app
        self.name = name
        self.mirror = RoundPresenter(GameSession.new(NewGameForm().setup(seed=seed)), app_dice=app_dice)
        self.seen: list[str] = []
        self.shots = 0

    @property
    def view(self) -> RoundView:
        return self.mirror.view()

    def expect_banner(self) -> None:
        self.app.expect_text(f"Next: {self.view.banner}")

    def shot(self, name: str, always: bool = False) -> None:
        """A screenshot of this state; the intermediate ones only when TREASURE_COMPANION_SCREENSHOTS asks."""
        self.shots += 1
        if always or os.environ.get("TREASURE_COMPANION_SCREENSHOTS"):
            self.app.shot(f"{self.name}-{self.shots:02d}-{name}")

    # ------------------------------------------------------------------ one input each

    def start(self) -> None:
        """Home -> New game -> Solo -> Start, then blue's die 4."""
        app = self.app
        app.click("New game")
        app.click("Solo: you against two automa")
        app.expect_text("Caverns of Gandûm expansion")
        assert app.is_checked("Caverns of Gandûm expansion")
        app.click("Start the game")
        app.expect_text("Next: Roll for the starting turn order")
        self.tap("Blue rolled 4", "Blue's die: 4")
        self.shot("starting-rolls")
        app.assert_in_view("Roll for the starting order")
        app.click("Roll for the starting order")
        assert self.mirror.starting_rolls({"blue": 4})
        self.expect_banner()
        # The server plays the same game as the mirror: a solo game, expansion, Hard, the same seed.
        store = Store.open(app.server.data_dir)
        try:
            saved = store.load(store.in_progress())
        finally:
            store.close()
        assert saved.header["setup"] == self.mirror.game.header()["setup"]
        assert {p.difficulty for p in self.mirror.game.setup.automa} == {"hard"}
        assert self.mirror.game.setup.expansion

    def automa_turn(self) -> None:
        self.app.assert_in_view("Draw a card and place")
        self.app.click("Draw a card and place")
        assert self.mirror.proceed()
        self.seen.append("automa")

    def place(self, cell: Cell) -> None:
        label = f"{cell.name}: {cell.occupant or 'empty'}, {cell.status}"
        self.app.assert_in_view(f"Next: {self.view.banner}", role="text", exact=True)
        self.app.click(label, exact=True)
        if cell.status == "dislodge":
            self.app.expect_text(f"Dislodge {cell.occupant} from {cell.name}?")
            self.shot("dislodge-confirm")
            self.app.click("Dislodge", exact=True)
            self.seen.append("dislodge")
        assert self.mirror.tap_space(cell.space)
        self.seen.append(f"place {cell.space}")

    def table_roll(self, value: int) -> None:
        self.app.click(f"Table die {value}", exact=True)
        assert self.mirror.table_roll(value)
        self.seen.append("roll")

    def tap(self, label: str, shows: str, exact: bool = False) -> None:
        """Click ``label`` and wait until the screen ``shows`` the result (a quick second click on a control the
        screen has just redrawn can be lost in Flutter's semantics layer, as a double tap)."""
        self.app.click(label, exact=exact)
        self.app.expect_text(shows)
        self.app.page.wait_for_timeout(200)

    def answer(self) -> None:
        """Every kind of question is answered by one tap on a chip (answers in one tap)."""
        q = self.view.question
        if q.kind == "number":
            label = {"dwarf_king": "Achievement points", "gem_market": "Coins on the contract"}[q.question]
            value = 1 if "question number" in self.seen else 4  # the player taps 4, as in scenario A
            chip = f"{label} {value}" + (" (as last time)" if q.last == value else "")
        elif q.kind == "gems":
            value, chip = ["ruby", "emerald"], "Ruby and Emerald"
        elif q.kind == "tile":
            value, chip = {"kind": "gem", "gem": "sapphire", "gems": 3}, "Sapphire tile with 3 gems"
        else:
            value, chip = "charm", "Charm"
        if self.seen.count(f"question {q.kind}") == 0:
            self.shot(f"answer-{q.kind}")
        self.app.assert_in_view(chip, exact=True)
        self.app.click(chip, exact=True)
        assert self.mirror.answer(value)
        self.seen.append(f"question {q.kind}")

    def fill_attack_form(self) -> dict[str, int | None]:
        """Fill the dragon attack's form in its order (the dice rolled already): blue's ``BLUE_IN_ATTACK`` axes,
        each automa's bag one axe more than its card's count (as the card tells the player), then the tile of
        ``ATTACK_TILE`` (Gold tapped, strength 5: one tap up). Returns the automa's axes as the mirror takes them
        (None: the app draws them, virtual axes)."""
        attack = self.view.attack
        assert attack.dice_first and set(attack.dice) == set(attack.fighters)
        self.app.expect_text("The dice")
        self.tap("Blue's axes total plus one", "Blue's axes total: 1")
        automa_axes: dict[str, int | None] = {}
        for color, count in attack.automa_axes.items():
            if attack.virtual_axes:
                automa_axes[color] = None
                continue
            what = "its value" if count == 1 else "their total"
            self.app.expect_text(f"Its card says {count_of(count, 'axe')}: once the tile is revealed, draw {count} "
                                 f"from the bag and enter {what}.")
            automa_axes[color] = count
            if count:
                label = f"{color.capitalize()} axes total"
                self.tap(f"{label} plus one", f"{label}: {count + 1}")
                automa_axes[color] = count + 1
        self.app.click("Gold", exact=True)  # what the tile takes: open until the player taps it
        self.tap("Strength plus one", "Strength: 5")
        return automa_axes

    # ------------------------------------------------------------------ a policy for blue

    def choose(self) -> Cell:
        """Blue's space: a dislodge once (a dwarf beyond #1 can), else an all-play space, else a dragon space."""
        v = self.view
        cells = [c for c in v.cells if c.tappable]
        if "dislodge" not in self.seen and (d := [c for c in cells if c.status == "dislodge"]):
            return d[0]
        free = [c for c in cells if c.status == "free"]
        taken = {s.split()[1] for s in self.seen if s.startswith("place ")}
        for space in PREFERRED:
            if space not in taken and (hit := [c for c in free if c.space == space]):
                return hit[0]
        return next((c for c in free if c.dragon), free[0])

    def step(self) -> str:
        """Take the one input the game waits for; returns the decision it answered."""
        v = self.view
        match v.decision:
            case "automa_turn":
                self.automa_turn()
            case "place":
                self.place(self.choose())
            case "roll":
                self.table_roll(2)
            case "question":
                self.answer()
            case _:
                raise AssertionError(f"the walk does not handle {v.decision}")
        self.expect_banner()
        for line in self.view.instructions:
            self.app.expect_text(line)
        return v.decision


def test_a_whole_solo_round(servers, app_page):
    """Scenario A, steps 1-9: setup, automa turns, blue's placements and a dislodge, every kind of question,
    the end of the round and the start of round 2 with both decks reshuffled.

    One page at both sizes: each kind of decision is taken on the phone the first time it comes, at a desktop's
    size the second time, then the sizes alternate (each step asserts its button or chip in view)."""
    # With Flutter's animations on: a tap may land while the screen still moves, as at the table.
    app = app_page(servers.start(seed=SEED), "phone", motion=True)
    table = Table(app, "round")
    table.start()
    # Red rolled highest: the order is red, blue, green; the table is laid out before red draws.
    assert [c.color for c in table.view.turn_order] == ["red", "blue", "green"]
    app.expect_text("Next: Red automa places #1")
    app.expect_text("Set up the table")
    app.expect_text("Spell draft in reverse turn order: Blue (the automa skip it)")
    app.expect_text("Undo: Starting order: Red, Blue, Green")
    table.shot("first-automa-turn", always=True)
    taken: dict[str, list[str]] = {}  # kind of decision -> the sizes it was taken at, in order
    while table.view.decision != "next_round":
        v = table.view
        kind = v.decision if v.decision != "question" else f"question-{v.question.kind}"
        sizes = taken.setdefault(kind, [])
        size = "phone" if not sizes or (len(sizes) > 1 and sizes[-1] == "desktop") else "desktop"
        if size != app.size:
            app.resize(size)
        if not sizes:
            table.shot(kind)
        sizes.append(size)
        table.step()
        if table.seen[-1] == "dislodge":
            table.shot("after-dislodge", always=True)
        if len(table.seen) == 2:  # after the first placement the setup list folds into the side panel
            app.expect_no_text("Dwarves 1 to 5 for every player, in the beds of their turn-order row")
    for needed in ("question number", "question gems", "question tile", "question spell", "dislodge"):
        assert needed in table.seen, f"{needed} never came up: {table.seen}"
    # Every kind that came twice was taken at both sizes.
    assert all(set(sizes) == {"phone", "desktop"} for sizes in taken.values() if len(sizes) > 1), taken
    print(f"decisions taken at each size: {taken}")
    # Ten automa dwarves, and two placed again after a dislodge (red #1 by blue #2, red #4 by green #5).
    assert table.seen.count("automa") == 12
    app.expect_text("Next: Round 1 is over")
    app.expect_text("New turn order: 1. Red automa, 2. Blue, 3. Green automa")
    app.expect_text("Return every dwarf (captured ones too) to its bed; the golem goes back")
    table.shot("round-over", always=True)
    app.assert_in_view("Start round 2")
    app.click("Start round 2")
    assert table.mirror.proceed()
    app.expect_text("Round 2 of 5")
    table.expect_banner()
    app.expect_text("Red automa's deck reshuffled for the new round")
    app.expect_text("Green automa's deck reshuffled for the new round")
    table.shot("round-2", always=True)


def _table_dice(tmp_path: Path) -> Path:
    """A data folder whose settings say the table rolls its own dice (the banner asks for the value)."""
    data = tmp_path / "table-dice"
    save_settings(Settings(dice="table"), data)
    return data


def test_a_dragon_attack(servers, app_page, tmp_path):
    """Scenario A, step 8: the dragon set one step below its head, blue takes a dragon space and enters the
    table's 6; the attack form; the result lines; the dragon back at zero. On a phone; the form is filled at a
    desktop's size, and both sizes have Resolve and then the result in view."""
    app = app_page(servers.start(_table_dice(tmp_path), seed=SEED), "phone")
    table = Table(app, "attack", app_dice=False)
    table.start()
    table.step()  # red #1 takes Mana Cave and moves the dragon to 1
    assert table.view.decision == "place"
    head = table.view.dragon_length
    # The side panel's correction: make the app's dragon match the table's, one step below the head.
    app.click("Spells, special tiles and corrections")
    for n in range(table.view.dragon + 1, head):
        table.tap("Dragon position plus one", f"Dragon position: {n}")
    app.click("Set the dragon")
    assert table.mirror.correct("dragon", head - 1)
    app.expect_text(f"Dragon at {head - 1} of {head}")
    app.expect_text(f"Undo: Corrected: the dragon is on step {head - 1}")
    table.place(next(c for c in table.view.cells if c.space == "treasure_hoard"))
    app.expect_text("Next: Blue rolls for the dragon")
    app.expect_text(f"The dragon moves on {table.view.threshold} or more.")
    table.shot("dragon-roll", always=True)
    table.table_roll(6)
    # Every die first (rules version 4): the automa's rolled by the app, blue's rolled at the table and tapped
    # (one person to roll: the face goes on at once).
    app.expect_text("Next: The dragon attacks: roll the dice first")
    app.expect_text(f"Dragon at {head} of {head}")
    dice = table.view.fight_dice
    app.expect_text("The app rolled for the automa: " + ", ".join(f"{c.capitalize()} automa {n}"
                                                                   for c, n in dice.automa_dice.items()) + ".")
    app.expect_text("Re-rolling with the Temple or Time Warp? Do it at the table, then tap the final face.")
    table.shot("attack-dice", always=True)
    app.assert_in_view("Roll for me")
    app.resize("desktop")
    table.shot("attack-dice", always=True)
    app.click("Blue rolled 4", exact=True)
    assert table.mirror.fight_dice({"blue": 4})
    app.expect_text("Next: The dragon attacks: axes in turn order, then the tile")
    attack = table.view.attack
    table.shot("attack-form", always=True)
    app.resize("phone")
    table.shot("attack-form", always=True)
    app.resize("desktop")
    # Blue: 1 axe. The automa: the app drew their axe cards once the dice were settled; the bag gives one axe
    # more than the least possible. The tile: strength 5, takes gold, 6 points.
    assert not attack.virtual_axes and attack.dice["blue"] == 4
    automa_axes = table.fill_attack_form()
    table.shot("attack-filled")
    for size in ("desktop", "phone"):
        app.resize(size)
        app.scroll(2000)  # the form filled from top to bottom: its last input in view
        app.assert_in_view("Resolve the attack")
    app.click("Resolve the attack")
    assert table.mirror.attack(ATTACK_TILE, BLUE_IN_ATTACK, automa_axes)
    table.expect_banner()
    result = table.view.instructions
    assert result[0].startswith("Dragon attack (strength 5): ") and result[1].startswith("Defence: ")
    assert result[-1] == "Put the dragon back on zero"
    for line in result:
        app.expect_text(line)
    app.assert_in_view(result[0], role="text")
    app.expect_text(f"Dragon at 0 of {head}")
    table.shot("attack-result", always=True)
    app.resize("desktop")
    app.assert_in_view(result[0], role="text")
    table.shot("attack-result", always=True)


def test_resume_after_a_restart_then_undo_three_times_and_redo(servers, app_page):
    """Scenario A, step 10: the server stops mid-round; started again on the same data folder, Continue game
    brings back the same moment; three undos, each naming its step, then a redo."""
    server = servers.start(seed=SEED)
    app = app_page(server, "desktop")
    table = Table(app, "resume")
    table.start()
    for _ in range(4):  # red's turn, blue on Dwarf King, both automa's achievement questions
        table.step()
    before = table.view.banner
    app.close()
    server = servers.restart(server)
    app = table.app = app_page(server, "phone")
    assert not app.is_disabled("Continue game")
    app.click("Continue game")
    app.expect_text(f"Next: {before}")
    table.shot("resumed", always=True)
    for _ in range(3):
        label = table.view.undo_label
        app.click(f"Undo: {label}", exact=True)
        assert table.mirror.undo()
        table.expect_banner()
        app.expect_text(f"Redo: {label}")
    table.shot("after-undo")
    label = table.view.redo_label
    app.click(f"Redo: {label}", exact=True)
    assert table.mirror.redo()
    table.expect_banner()
    app.expect_text(f"Undo: {label}")
    table.shot("after-redo", always=True)
