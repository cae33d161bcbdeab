"""A dragon attack once the dragon is at the head: the fight's dice, the pause that shows a person a die the app
rolled for them before it counts, and the table's inputs; the result is ``fight_result``'s.

The attack is queued by ``dragon_track`` (the automa's dice rolled); a re-roll of a paused die (Temple, Time Warp)
comes from ``rerolls``, which hands the new die back here (``temple_reroll``, ``die_changed``).

Rules version 4, the rulebook's order (TM "Dragon Attack Resolution", Rahdo appendix; CoG "Automa Fighting
Dragons"): every die first. The game waits for the people's dice (``dice``): each entered from the table or
rolled by the app at once, in plain view (under Rahdo only the black die, rolled by the person who set the dragon
off). Each die the app rolled for a person who has a re-roll for it (``can_reroll``) is then shown to them,
"keep or re-roll?", before any axe is spent or the tile turned: nothing else of the fight is known, so it is asked
whatever the die (a die rolled at the table is re-rolled there before it is entered). Then each automa draws its
axe card, in turn order (``_dice_settled``), and the table enters the axes and the tile (``attack``).

Versions 1 to 3 took the tile, the axes and the dice in one input and rolled the app's dice after it. Version 2
(the rules audit) then showed an app die to its owner only when some face of it would change the result
(``decides``), and the automa keeps its Tunnel tiles face down (``side_inputs``); version 3 only when its owner has
a re-roll for it too; version 1 resolved at once and gave the automa its tiles' powers.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board.dragon import resolve_attack
from companion.rules.engine.automa_decks import AutomaDecks
from companion.rules.engine.fight_result import NO_FIGHTER, FightResult
from companion.rules.engine.fixed import Fixed
from companion.rules.engine.inputs import AttackInput, DragonTile, Fighter
from companion.rules.engine.refusals import IllegalInput, expansion_only
from companion.rules.engine.state import GameState
from companion.rules.engine.step_log import Recorded, StepLog


class DragonAttack:
    """From the dragon at the head to the fight's result."""

    def __init__(self, fixed: Fixed, step_log: StepLog, state: GameState, automa_decks: AutomaDecks,
                 fight_result: FightResult) -> None:
        self.fixed = fixed
        self.step_log = step_log
        self.state = state
        self.automa_decks = automa_decks
        self.fight_result = fight_result

    # ------------------------------------------------------------------ rules version 4: the dice first

    def await_dice(self, task: dict) -> None:
        """Version 4, the dragon just at the head (``task`` queued, the automa's dice rolled): wait for the
        people's dice, or go on to the axes when no person rolls one (Rahdo, the dragon set off by an automa)."""
        s, fixed = self.state, self.fixed
        if fixed.setup.variant == "rahdo":
            rollers = [] if task["trigger"] in fixed.automa else [task["trigger"]]
        else:
            rollers = [c for c in s.turn_order if c not in fixed.automa]
        if rollers:
            task.update(stage="dice", rollers=rollers)
        else:
            self._open(task, [])

    def dice(self, given: Mapping[str, int | None]) -> Recorded | None:
        """The people's fight dice, in turn order: each entered from the table (``given``) or rolled by the app
        now; then "keep or re-roll?" for each app die its owner may re-roll. The dice given are the input."""
        task = self.state.tasks[0]
        rollers = task["rollers"]
        rahdo = self.fixed.setup.variant == "rahdo"
        for color, value in given.items():
            if color not in rollers:
                if rahdo and color in self.state.turn_order and color not in self.fixed.automa:
                    raise IllegalInput("black_die_trigger", field=f"rolls.{color}", color=task["trigger"])
                raise IllegalInput("not_human", field="rolls", color=color)
            if value is not None and value not in range(1, 7):
                raise IllegalInput("not_a_die", field=f"rolls.{color}")
        app_rolled: list[str] = []
        for color in rollers:
            entered = given.get(color)
            if rahdo:
                task["black_die"] = self.step_log.roll(color, "attack", entered, black=True)
            else:
                task["dice"][color] = self.step_log.roll(color, "attack", entered)
            if entered is None:
                app_rolled.append(color)
        del task["rollers"]
        self._open(task, app_rolled)
        return {"rolls": dict(given)} if given else None

    def _open(self, task: dict, app_rolled: list[str]) -> None:
        """Every die is rolled: the fight's dice in turn order, then the pauses for the app's (``app_rolled``)."""
        order = self.state.turn_order
        rahdo = self.fixed.setup.variant == "rahdo"
        dice = dict.fromkeys(order, task["black_die"]) if rahdo else {c: task["dice"][c] for c in order}
        task["stage"] = "rolled"
        task["fight"] = {"dice": dice, "open": app_rolled}
        self.next_pause(task)

    def _dice_settled(self, task: dict) -> None:
        """Version 4: every die stands. Each automa draws its axe card now, in turn order: CoG has it draw at its
        turn to declare axes, and the attack form lists the fighters in turn order, each automa's axes in its
        place (the people before it declare first). Its axes themselves are drawn from the bag at the reveal."""
        automa = [c for c in self.state.turn_order if c in self.fixed.automa]
        task["axes"] = self.automa_decks.axe_cards(automa)
        task["stage"] = "axes"

    @staticmethod
    def _no_dice(given: Mapping[str, Fighter], black: int | None) -> None:
        """Version 4: the attack's input holds no die, the dice having come first."""
        if black is not None:
            raise IllegalInput("die_settled", field="black_die")
        for color, entry in given.items():
            if entry.die is not None:
                raise IllegalInput("die_settled", field=f"players.{color}.die")

    # ------------------------------------------------------------------ the table's inputs

    def attack(self, inp: AttackInput) -> Recorded:
        """The table's inputs for the fight. Version 4: the axes and the tile, every die known; the fight resolves
        (the virtual bag draws at the reveal). Earlier versions: the dice too, the app rolling those nobody
        entered; version 2 then shows an app die that can change the result to its owner first."""
        s, setup = self.state, self.fixed.setup
        task = s.tasks[0]
        self._check_tile(inp.tile)
        humans = [c for c in s.turn_order if c not in self.fixed.automa]
        given, automa_axes = inp.players, inp.automa_axes
        self._check_players(humans, given)
        for color, count in task["axes"].items():
            total = automa_axes.get(color)
            if total is None and not setup.virtual_axes:
                raise IllegalInput("axes_missing", color=color, count=count)
            if total is not None and not count <= total <= 2 * count:
                raise IllegalInput("axes_range", color=color, count=count)
        black = inp.black_die
        if black is not None and black not in range(1, 7):
            raise IllegalInput("not_a_die", field="black_die")
        axes = {c: automa_axes.get(c) for c in task["axes"]}
        if self.fixed.version >= 4:
            self._no_dice(given, black)
            self.fight_result.resolve(task, {**task["fight"], "tile": inp.tile, "players": dict(given), "axes": axes})
            return inp.recorded()
        dice, app_rolled = self._roll_dice(task, humans, given, black)
        fight: dict = {"tile": inp.tile, "players": dict(given), "dice": dice, "axes": axes}
        if self.fixed.version < 2:
            self.fight_result.resolve(task, fight)
            return inp.recorded()
        for color in s.turn_order:  # drawn now (not at the reveal): the app must know every defence to tell
            if fight["axes"].get(color, 0) is None:  # whether a re-roll could change the result
                fight["axes"][color] = self.fight_result.draw_virtual_axes(color, task["axes"][color])
        fight["open"] = app_rolled
        task["fight"] = fight
        self.next_pause(task)
        return inp.recorded()

    @staticmethod
    def _check_tile(tile: DragonTile) -> None:
        if not 0 <= tile.strength <= 20:
            raise IllegalInput("number_range", field="tile.strength", low=0, high=20)
        if tile.treasure not in ("gold", "gems"):
            raise IllegalInput("tile_treasure")
        if not 0 <= tile.points <= 50:
            raise IllegalInput("number_range", field="tile.points", low=0, high=50)

    def _check_players(self, humans: list[str], given: Mapping[str, Fighter]) -> None:
        """Each human's entry: their die (or none: the app rolls it), the axes they spent, their spells."""
        for color in given:
            if color not in humans:
                raise IllegalInput("not_human", field="players", color=color)
        for color in humans:
            entry = given.get(color) or NO_FIGHTER
            if entry.die is not None and entry.die not in range(1, 7):
                raise IllegalInput("not_a_die", field=f"players.{color}.die")
            if not 0 <= entry.axes <= 40:
                raise IllegalInput("axes_spent", color=color)
            for spell in entry.spells:
                if spell not in ("frost_bolt", "ice_storm"):
                    raise IllegalInput("defence_spells", color=color)
                if self.fixed.version >= 2 and not self.fixed.setup.expansion:
                    raise expansion_only(spell, field=f"players.{color}.spells")

    def _roll_dice(self, task: dict, humans: list[str], given: Mapping[str, Fighter],
                   black: int | None) -> tuple[dict[str, int], list[str]]:
        """Every fighter's die, and the humans whose die the app rolled here (Rahdo: the trigger's black die)."""
        dice: dict[str, int] = dict(task["dice"])
        app_rolled: list[str] = []
        if self.fixed.setup.variant == "rahdo":
            shared = task.get("black_die")
            if shared is None:
                shared = self.step_log.roll(task["trigger"], "attack", black, black=True)
                if black is None:
                    app_rolled.append(task["trigger"])
            return dict.fromkeys(self.state.turn_order, shared), app_rolled
        for color in humans:
            entered = (given.get(color) or NO_FIGHTER).die
            dice[color] = self.step_log.roll(color, "attack", entered)
            if entered is None:
                app_rolled.append(color)
        return dice, app_rolled

    # ------------------------------------------------------------------ the pause for an app die

    def decides(self, task: Mapping, color: str) -> bool:
        """True when some face of ``color``'s die would change the fight's result (who takes the tile, who loses),
        the other dice and axes as they stand (under Rahdo the one black die is every player's die).

        Every defence is worked out once with the open die at 0, and each face added to it: a defence is the
        die plus the rest (``dragon.defence``), so that is the same number as with the face itself.

        Only faces 1 and 6 are resolved: the result never comes back to one it left as the face goes up, so it
        changes for some face exactly when it differs between the lowest and the highest. Why: a higher face
        only raises defences (the one die's owner, or everyone's by the same amount under Rahdo); a player out
        of the losers never goes back; the winner, the best defence at the strength or above (ties to the
        earlier turn), is nobody, then stays whoever first beats the others (under Rahdo whoever reaches the
        strength first is ahead of everyone who reaches it later). The engine's tests hold it to the check of
        every face."""
        fight = task["fight"]
        if self.fixed.setup.variant == "rahdo":  # one shared black die
            zero = dict.fromkeys(fight["dice"], 0)
            faced = list(zero)
        else:
            zero = {**fight["dice"], color: 0}
            faced = [color]
        base = self.fight_result.defences(fight, zero)
        strength, order = fight["tile"].strength, self.state.turn_order

        def result(face: int) -> tuple:
            defences = dict(base)
            for c in faced:
                defences[c] += face
            r = resolve_attack(strength, defences, order)
            return r.winner, tuple(r.losers)

        return result(1) != result(6)

    def next_pause(self, attack: dict) -> None:
        """Show the next open app die to its owner when they may re-roll it (before version 4: only when it
        decides the fight), else go on: to the axes (version 4) or to the result."""
        fight = attack["fight"]
        first = self.fixed.version >= 4  # the dice come first: nothing else of the fight is known
        while fight["open"]:
            color = fight["open"][0]
            temple = self.state.in_temple(color) and color not in fight.setdefault("temple_used", [])
            if self.can_reroll(temple) and (first or self.decides(attack, color)):
                rahdo = self.fixed.setup.variant == "rahdo"
                pause = {"kind": "keep_roll", "purpose": "attack", "color": color, "value": fight["dice"][color],
                         "temple": temple, "black": rahdo}
                if first:
                    pause["blind"] = True
                self.state.tasks.insert(0, pause)
                return
            fight["open"].pop(0)
        if first:
            self._dice_settled(attack)
        else:
            self.fight_result.resolve(attack, fight)

    def can_reroll(self, temple: bool) -> bool:
        """Whether the owner of an open fight die has a re-roll for it: the Temple's (``temple``: a dwarf there
        and its one re-roll of this die not spent) or, with the expansion, Time Warp (the app does not know a
        player's spells, so it may always be in hand). Only the player it was rolled for gets here: under Rahdo
        the trigger, the one player who may re-roll the black die.

        Rules version 3: with neither there is nothing to choose, so the die stands without a question (a
        base game's die of a player outside the Temple, or one the Temple has just re-rolled). Version 2 asked
        "keep" all the same."""
        return temple or self.fixed.expansion or self.fixed.version < 3

    def keep_die(self, pause: dict) -> None:
        """The owner keeps the paused die: on to the next one, then the axes (version 4) or the result."""
        color = pause["color"]
        self.step_log.emit("roll_kept", color=color, value=pause["value"])
        attack = self._attack_of()
        self.state.tasks.remove(pause)
        attack["fight"]["open"].remove(color)
        self.next_pause(attack)

    def temple_reroll(self, pause: dict) -> Recorded:
        """The owner re-rolls the paused die with the Temple (once a fight)."""
        color = pause["color"]
        if not pause["temple"]:
            raise IllegalInput("no_temple_reroll")
        extra = {"black": True} if pause.get("black") else {}
        pause["value"] = self.step_log.roll(color, "attack", None, reroll=True, **extra)
        self._attack_of()["fight"].setdefault("temple_used", []).append(color)
        self.die_changed(pause)
        return {"color": color}

    def die_changed(self, pause: dict) -> None:
        """A re-roll replaced the paused die: record it and ask again (or go on when it no longer decides)."""
        attack = self._attack_of()
        fight = attack["fight"]
        color = pause["color"]
        if pause.get("black"):
            fight["dice"] = dict.fromkeys(fight["dice"], pause["value"])
        else:
            fight["dice"][color] = pause["value"]
        self.state.tasks.remove(pause)
        self.next_pause(attack)

    def _attack_of(self) -> dict:
        return next(t for t in self.state.tasks if t["kind"] == "attack")
