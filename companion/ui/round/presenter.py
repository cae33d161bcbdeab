"""The round screen as plain data: what to show and what each tap does. No Flet here.

The view draws a ``RoundView`` (``companion.ui.round.view_model``), the one thing it and its forms know of the
game, and calls the presenter's methods; the presenter turns taps into engine inputs through the
``GameSession`` (so every step is saved), and turns the last step's events into instructions for the physical
board ("Put Red #1 on Treasure Hoard", "Move the dragon up: 3 of 5").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.rules import words
from companion.rules.automa import choices as automa_rules
from companion.rules.board.spaces import SPACES, spaces_for
from companion.rules.engine import inputs
from companion.rules.engine.decisions import (
    AttackDecision,
    AttackDiceDecision,
    Decision,
    FinalScoresDecision,
    KeepRollDecision,
    NextRoundDecision,
    PlaceDecision,
    QuestionDecision,
    RollDecision,
)
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.engine.inputs import Json
from companion.rules.reference import Reference
from companion.rules.words import Names, board_instructions, step_label, tell
from companion.rules.words.decisions import prompt, question
from companion.rules.words.game import seat
from companion.rules.words.refusals import blocked, refusal
from companion.store import StoreConflict, StoreError, not_saved_line
from companion.store.session import GameSession
from companion.ui.new_game.presenter import setup_checklist
from companion.ui.round.answers import last_answer
from companion.ui.round.view_model import (
    AttackForm,
    AutomaTally,
    Cell,
    FightDice,
    KeepRoll,
    PlayerChip,
    Question,
    RoundView,
    SeatLabel,
    WarpOffer,
    cap,
)

#: The attack form's line while what the revealed dragon tile takes (gold or gems) is not tapped yet.
TILE_TREASURE = "Tap what the dragon tile takes: Gold or Gems."
STALE = "This game was changed in another window: here it is as saved there. Tap again."


def seats(setup) -> tuple[SeatLabel, ...]:
    """Every player of ``setup``, in its order, as the screen names them ("Ann (Blue)", "Red automa")."""
    return tuple(SeatLabel(p.color, seat(p), p.is_automa) for p in setup.players)


class RoundPresenter:
    """Holds the session and answers the view."""

    def __init__(self, session: GameSession, app_dice: bool = True) -> None:
        self.session = session
        #: The table plays with the app's dice (Settings): a dragon roll or a fight's dice need no tap of their own.
        self.app_dice = app_dice
        self.error: str | None = None
        self.revealed: set[str] = set()
        #: The revision of the game the page's screen shows: a tap is played only on that game (GameSession.act's
        #: ``seen``). A step of this page's own moves it at once; another page's step, which reloads the session
        #: in the background, moves it only once the page has drawn that game (:meth:`seen`).
        self.shown: int | None = session.revision
        #: Where the game changed, when another device changed it ("Changed on another phone: ..."); None: another
        #: window of this device (:data:`STALE`). The view asks the live updates (companion/ui/shell/live.py).
        self.stale_reason: Callable[[], str | None] = lambda: None
        #: Whose phone the page is on: a player's colour, ``whose.WATCHING``, or None (everyone's screen: no shared
        #: table, the host computer). A placement says "your move" only to its player, or on everyone's screen.
        self.owner: str | None = None

    # ------------------------------------------------------------------ what the screen shows

    def behind(self) -> bool:
        """The session holds a newer game than the screen showed (another page's step reloaded it)."""
        return self.shown != self.session.revision

    def seen(self, revision: int | None) -> None:
        """The page has drawn the game at ``revision`` (and a person has had time to see it): taps count from now.
        A confirmation that comes after yet another change is left for that change's own."""
        if revision == self.session.revision:
            self.shown = revision

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def names(self) -> Names:
        """Who the game's people are (a name the table gave, else the colour): every sentence says them so."""
        return Names.of(self.game.setup)

    # ------------------------------------------------------------------ the view model

    def view(self, spell: str | None = None) -> RoundView:
        """The screen as data. ``spell``: Grow Beard or Blood Sacrifice chosen for the coming placement, so the
        board shows the dwarves that spell lets the placer dislodge as tappable (and the rest as blocked)."""
        g = self.game
        s, d, setup, names = g.state, g.decision, g.setup, self.names
        view = RoundView(
            title=f"Round {s.round} of {setup.rounds}" if s.round else "Starting order",
            phase=s.phase,
            dragon=s.dragon,
            dragon_length=setup.dragon_track,
            turn_order=self._chips(),
            banner=self._banner(d, names),
            banner_color=d.color,
            decision=d.kind,
            actor_is_automa=bool(d.color and setup.player(d.color).is_automa),
            instructions=self._instructions(names),
            cells=self._cells(spell, names),
            undo_label=step_label(g.steps[-1], names) if g.can_undo else None,
            redo_label=step_label(g.redo_steps[-1], names) if g.redo_steps else None,
            error=self.error,
            expansion=setup.expansion,
            step=len(g.steps),
            round=s.round,
            placed=any(e["type"] == "place" for step in g.steps for e in step),
            after_attack=bool(g.steps) and any(e.get("type") == "attack" for e in g.steps[-1]),
            time_warp=setup.expansion and g.version >= 2,
            seats=seats(setup),
            tallies=self._tallies(),
            ask_tile_owner=setup.table_stash and g.version < 2,
        )
        die = s.last_die
        if die is not None and view.time_warp:
            view.warp = WarpOffer(die["color"], die["value"], die["by"])
        self._decision_form(view, names)
        return view

    def _chips(self) -> list[PlayerChip]:
        """The turn order's chips: beards in bed, captured, an automa's points (when the app keeps them)."""
        s, setup = self.game.state, self.game.setup
        chips = []
        for c in s.turn_order:
            player = setup.player(c)
            points = s.points[c] if player.is_automa and not setup.table_stash else None
            chips.append(PlayerChip(c, seat(player), player.is_automa, sorted(s.beds[c]), sorted(s.captured[c]),
                                    points, None if player.is_automa else player.name))
        return chips

    def _cells(self, spell: str | None, names: Names) -> list[Cell]:
        """The board's spaces; during a human's placement each free, a dwarf to dislodge, or blocked and why."""
        g = self.game
        s, d = g.state, g.decision
        placing = isinstance(d, PlaceDecision)
        options = d.spaces if isinstance(d, PlaceDecision) else {}
        if isinstance(d, PlaceDecision) and spell:
            options = g.space_options(d.color, d.dwarf, spell)
        cells = []
        for sp in spaces_for(g.setup.expansion):
            occ = s.board.get(sp.id)
            if placing:
                why = options.get(sp.id)
                status = "blocked" if why else ("dislodge" if occ else "free")
            else:
                why, status = None, "idle"
            cells.append(
                Cell(
                    sp.id,
                    sp.name,
                    (f"Golem ({cap(occ.color)})" if occ.golem else f"{cap(occ.color)} #{occ.dwarf}") if occ else None,
                    ("golem" if occ.golem else occ.color) if occ else None,
                    status,
                    blocked(why, names) if why else None,
                    sp.dragon,
                    sp.all_play,
                    sp.locked,
                )
            )
        return cells

    def _instructions(self, names: Names) -> list[str]:
        """What the last step asks of the physical board ("Put Red #1 on Treasure Hoard")."""
        g = self.game
        last = g.steps[-1] if len(g.steps) > 1 else []
        stone_beards = {c for c, tiles in g.state.special_tiles.items() if "stone_beards" in tiles}
        return board_instructions(last, g.setup.dragon_track, stone_beards, tile_powers=g.version < 2, names=names,
                                  table_stash=g.setup.table_stash)

    def _tallies(self) -> tuple[AutomaTally, ...]:
        """The automa's points and gold, when the app keeps them (none when the table does)."""
        s, setup = self.game.state, self.game.setup
        if setup.table_stash:
            return ()
        return tuple(AutomaTally(p.color, s.points[p.color], s.stash[p.color].gold) for p in setup.automa)

    def _decision_form(self, view: RoundView, names: Names) -> None:
        """The parts of ``view`` that only some decisions have: a question, the attack form, a die to keep..."""
        g = self.game
        s, d, setup = g.state, g.decision, g.setup
        match d:
            case QuestionDecision():
                view.question = replace(self._question(d, setup.expansion), last=last_answer(g.events(), d.question))
            case AttackDiceDecision():
                view.fight_dice = FightDice(d.color, list(d.rollers), dict(d.dice), d.black)
            case AttackDecision():
                humans: list[str] = [p.color for p in setup.humans if p.color in s.turn_order]
                view.attack = AttackForm(d.color, humans, {c: n for c, n in d.dice.items() if c not in humans},
                                         dict(d.axes), setup.variant == "rahdo", d.black_die, setup.virtual_axes,
                                         list(s.turn_order), d.dice_first, dict(d.dice) if d.dice_first else {})
            case RollDecision():
                view.threshold = d.threshold
            case KeepRollDecision():
                view.threshold = d.threshold
                view.keep = KeepRoll(d.color, d.value, d.purpose, d.temple, d.black, d.threshold, d.blind)
            case NextRoundDecision():
                view.checklist = self.reset_checklist()

    def _banner(self, d: Decision, names: Names) -> str:
        match d:
            case PlaceDecision():
                return f"{names.who(d.color)} #{d.dwarf} — {self._whose_move(d.color, names)}"
            case QuestionDecision() if d.after:
                first = words.join_and(names.who(c) for c in d.after)
                return f"{first} first, on the board (if they want); then {prompt(d, names)}"
            case NextRoundDecision():
                return f"Round {d.round} is over"
            case FinalScoresDecision():
                return "The last round is over: score the game"
        return prompt(d, names)

    def _whose_move(self, color: str, names: Names) -> str:
        """ "your move: tap a space" on the placer's own phone (or everyone's screen), else "Ann's move"."""
        if self.owner is None or self.owner == color:
            return "your move: tap a space"
        return f"{names.whose(color)} move"

    @staticmethod
    def _question(d: QuestionDecision, expansion: bool = True) -> Question:
        q, said = d.question, question(d)
        if q == "gems":
            gems = automa_rules.STASH_GEMS
            return Question("gems", q, said, count=d.gem_count, choices=gems, labels=tuple(map(words.gem, gems)))
        if q == "tunnel":
            tiles = automa_rules.special_tiles(expansion)
            return Question("tile", q, said, choices=tiles, labels=tuple(map(words.special_tile, tiles)))
        if q == "wizards_cave":
            spells = automa_rules.SPELLS
            return Question("spell", q, said, choices=spells, labels=tuple(map(words.spell, spells)))
        return Question("number", q, said)

    def estimate_lines(self, reference: Reference) -> set[str]:
        """The "On the board" lines of the last step that rest on a value the rulebooks do not print: an automa's
        take on a tavern space whose reward is the app's estimate (and this game played with it), so the screen
        marks them. (The dragon track's length is marked once, in the setup list.)"""
        g = self.game
        guessed = {SPACES[t.space].name for t in reference.tavern
                   if t.source == "estimate" and tuple(g.setup.tavern_rewards[t.space]) == (t.reward, t.amount)}
        last = g.steps[-1] if len(g.steps) > 1 else []
        return {line for e in last if e["type"] == "gain" and e.get("reason") in guessed
                for line in board_instructions([e], g.setup.dragon_track, names=self.names,
                                               table_stash=g.setup.table_stash)}

    def setup_lines(self, reference: Reference) -> list[tuple[str, bool]]:
        """The table's setup, a line each, and whether the line rests on an estimate (New game's checklist)."""
        g = self.game
        return setup_checklist(g.setup, list(g.state.turn_order), reference)

    def reset_checklist(self) -> list[str]:
        return [
            "Move the round marker to the next space",
            "Tunnel: discard the rightmost mine tile, slide the others right, draw one",
            "Market: add a gold coin to each card on a coin space",
            "Dwarf King: discard the rightmost achievement, slide, draw one",
            "Return every dwarf (captured ones too) to its bed; the golem goes back",
            "The automa decks are reshuffled by the app",
        ]

    def stash_lines(self, color: str) -> list[str]:
        """The automa's hidden stash, shown only after the user asks."""
        st = self.game.state.stash[color]
        return [
            f"{st.gold} gold",
            words.gems(st.gems),
            f"{words.count(len(st.tiles), 'mine tile')} ({words.count(st.gem_tiles, 'gem tile')})",
            f"{words.count(self.game.state.points[color], 'point')} scored in play",
        ]

    def log_lines(self, last: int = 40) -> list[str]:
        events = self.game.events()
        # the whole game told in order: a dragon's move is up or down, a card that placed nothing says why
        told = tell(events, self.names, self.game.decks, self.game.setup.expansion)
        return [f"{e['seq']}. {line}" for e, line in zip(reversed(events[-last:]), reversed(told[-last:]), strict=True)]

    # ------------------------------------------------------------------ taps

    def _do(self, inp: inputs.Input) -> bool:
        try:
            self.session.act(inp, seen=self.shown)
        except IllegalInput as exc:
            self.error = refusal(exc.code, exc.fields, self.names)
            return False
        except StoreError as err:
            return self._not_stored(err)
        self.error = None
        self.shown = self.session.revision  # the screen is redrawn with the step this tap made
        g = self.game  # the app's dice: the fight's roll in the same tap (its own step), unless Time Warp may
        if self.app_dice and g.decision.kind == "attack_dice" and not (g.setup.expansion and g.state.last_die):
            return self._do(inputs.PROCEED)  # still re-roll the dragon roll that set the dragon off
        return True

    def _not_stored(self, err: StoreError) -> bool:
        """Say in one line why the store did not take the step or the walk through the log; False (not done)."""
        if isinstance(err, StoreConflict):
            # Another window moved this game on; the session has reloaded it: show where it stands now.
            self.error = self.stale_reason() or STALE
        else:
            # The disk would not take the step (full, read-only): the session took it back; say so in one line.
            self.error = not_saved_line(err)
        return False

    def tap_space(self, space: str, spell: str | None = None) -> bool:
        """Place the human's dwarf; with the app's dice the dragon roll a space asks for comes in the same tap."""
        app_roll = self.app_dice and SPACES[space].dragon
        return self._do(inputs.Place(space, spell=spell or None, roll="app" if app_roll else None))

    def proceed(self) -> bool:
        return self._do(inputs.PROCEED)

    def reroll(self) -> bool:
        return self._do(inputs.Reroll())

    def table_roll(self, value: int) -> bool:
        return self._do(inputs.Roll(value))

    def starting_rolls(self, rolls: Mapping[str, int | None]) -> bool:
        return self._do(inputs.StartingRolls({c: v for c, v in rolls.items() if v is not None}))

    def fight_dice(self, rolls: Mapping[str, int | None]) -> bool:
        """The people's fight dice tapped (the app rolls the rest): rules version 4, before the axes."""
        return self._do(inputs.AttackDice({c: v for c, v in rolls.items() if v is not None}))

    def answer(self, value: Json) -> bool:
        return self._do(inputs.Answer(value))

    def attack(self, tile: Mapping[str, Json], players: Mapping[str, Mapping[str, Json]],
               automa_axes: Mapping[str, int | None], black_die: int | None = None) -> bool:
        """The attack form's values (its tile, each human's die, axes and spells, each automa's axes), read by
        the input's own classes, as the table's part of the fight."""
        if tile.get("treasure") not in ("gold", "gems"):
            # The form leaves it open until the player taps it: a default would decide what the tile takes for them.
            self.error = TILE_TREASURE
            return False
        try:
            fighters = {color: inputs.Fighter.from_json(entry, color) for color, entry in players.items()}
            inp = inputs.AttackInput(inputs.DragonTile.from_json(tile), fighters, dict(automa_axes), black_die)
        except IllegalInput as exc:
            self.error = refusal(exc.code, exc.fields, self.names)
            return False
        return self._do(inp)

    def golem(self, color: str, space: str) -> bool:
        return self._do(inputs.Place(space, golem=True, color=color))

    def spell(self, color: str, spell: str, direction: int | None = None) -> bool:
        """A spell cast (``direction``: Draco Speak's, 1 up or -1 down)."""
        return self._do(inputs.Spell(color, spell, direction=direction))

    def time_warp(self, color: str, value: int | None = None) -> bool:
        """Time Warp on ``color``'s open die: the app's is re-rolled by the app; ``value``: the table's new die."""
        return self._do(inputs.Spell(color, "time_warp", value=value))

    def special_tile(self, color: str, tile: str) -> bool:
        return self._do(inputs.SpecialTile(color, tile))

    def correct(self, target: str, value: int, color: str | None = None, gem: str | None = None) -> bool:
        return self._do(inputs.Correction(target, value, color or None, gem or None))

    def undo(self) -> bool:
        return self._walk_log(self.session.undo)

    def redo(self) -> bool:
        return self._walk_log(self.session.redo)

    def _walk_log(self, move) -> bool:
        self.error = None
        try:
            moved = move(seen=self.shown) is not None
        except StoreError as err:
            return self._not_stored(err)
        self.shown = self.session.revision
        return moved

    def finish(self, scores: Mapping[str, int]) -> bool:
        return self._do(inputs.GameEnd(dict(scores)))
