"""The round screen as plain data: what to show and what each tap does. No Flet here.

The view draws a ``RoundView`` and calls the presenter's methods; the presenter turns taps into engine inputs
through the ``GameSession`` (so every step is saved), and turns the last step's events into instructions for
the physical board ("Put Red #1 on Treasure Hoard", "Move the dragon up: 3 of 5").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from companion.rules import words
from companion.rules.automa import choices as automa_rules
from companion.rules.board.spaces import SPACES, spaces_for
from companion.rules.engine.game import IllegalInput
from companion.rules.reference import Reference
from companion.rules.words import Names, board_instructions, describe, step_label
from companion.rules.words.game import seat
from companion.store import StoreConflict, StoreError, not_saved_line
from companion.store.session import GameSession
from companion.ui.round.answers import last_answer

#: The attack form's line while what the revealed dragon tile takes (gold or gems) is not tapped yet.
TILE_TREASURE = "Tap what the dragon tile takes: Gold or Gems."
STALE = "This game was changed in another window: here it is as saved there. Tap again."


def cap(color: str | None) -> str:
    return words.colour(color)


@dataclass(frozen=True)
class Cell:
    """One action space on the board grid."""

    space: str
    name: str
    occupant: str | None  # "Red #2", "Golem (blue)"
    occupant_color: str | None
    status: str  # "free" | "dislodge" | "blocked" | "idle" (not the human's turn)
    reason: str | None
    dragon: bool
    all_play: bool
    locked: bool

    @property
    def tappable(self) -> bool:
        return self.status in ("free", "dislodge")


@dataclass(frozen=True)
class PlayerChip:
    color: str
    label: str
    automa: bool
    waiting: list[int]  # beard numbers still in bed
    captured: list[int]
    #: The app's count of points scored in play (automa only: humans keep theirs on the board; None too when the
    #: table keeps the automa's things, its score disc then being the count)
    points: int | None
    #: A human's name, when the table gave one (the chip shows it; ``label`` says "Ann (Blue)")
    name: str | None = None


#: The most characters of a player's name a turn-order chip shows (a longer one ends in "…"): the chip is one
#: line, and a name of the 40 New game allows ran past the phone's edge, cut off mid-letter.
CHIP_NAME_MAX = 16


def chip_name(chip: PlayerChip) -> str:
    """The name on a chip: the player's name (shortened past ``CHIP_NAME_MAX``) or the colour. The chip's
    label for a screen reader keeps the whole name.

    >>> chip_name(PlayerChip("blue", "Ann (Blue)", False, [1], [], None, "Ann"))
    'Ann'
    >>> chip_name(PlayerChip("blue", "x", False, [1], [], None, "Wilhelmina Mountainbeard"))
    'Wilhelmina Moun…'
    """
    name = chip.name or cap(chip.color)
    return name if len(name) <= CHIP_NAME_MAX else name[: CHIP_NAME_MAX - 1].rstrip() + "…"


def placing_hint(expansion: bool, spell: str | None = None) -> str:
    """The line under "Blue #2 — your move": where to tap, and (with the expansion) that a dislodging spell is
    tapped first. The bar is at the bottom of the screen, so the board is above it in every game.

    >>> placing_hint(False)
    'Tap a free space on the board above (green border).'
    >>> placing_hint(True, "grow_beard")
    'Grow Beard: now tap the space to take.'
    """
    if spell:
        return f"{words.spell(spell)}: now tap the space to take."
    hint = "Tap a free space on the board above (green border)."
    return hint + " Casting one of these spells? Tap it first." if expansion else hint


def chip_key(chips: list[PlayerChip]) -> str:
    """The line under the turn-order chips that says what their small numbers are (a newcomer could not tell
    what "2 3 4 5 · 7 pts" counted); "capt." is explained while a chip shows it. Points say themselves.

    >>> chip_key([PlayerChip("red", "Red automa", True, [2, 3], [5], 7)])
    'Under each name: the dwarves still to place; capt.: captured'
    """
    key = "Under each name: the dwarves still to place"
    return key + "; capt.: captured" if any(c.captured for c in chips) else key


@dataclass(frozen=True)
class Question:
    """What the app asks about the physical board for an automa."""

    kind: str  # "number" | "gems" | "tile" | "spell"
    question: str
    prompt: str
    count: int = 0
    choices: tuple[str, ...] = ()
    #: What each choice is called on the board ("Mind Control", "Dragon Song", "sapphire"), in choices' order.
    labels: tuple[str, ...] = ()
    #: The value last given to the same question in this game (its chip comes first), None if never asked.
    last: object = None


@dataclass(frozen=True)
class AttackForm:
    trigger: str
    humans: list[str]
    automa_dice: dict[str, int]
    automa_axes: dict[str, int]  # axes to draw from the bag, per automa
    rahdo: bool
    black_die: int | None
    virtual_axes: bool


@dataclass(frozen=True)
class KeepRoll:
    """A die the app rolled for a human, shown before it counts: keep it, re-roll it (Temple), Time Warp."""

    color: str
    value: int
    purpose: str  # "aggression" | "attack"
    temple: bool  # the Temple's re-roll is there for this die
    black: bool  # the Rahdo black die
    threshold: int | None  # a dragon roll: the lowest face that moves the dragon


@dataclass(frozen=True)
class WarpOffer:
    """A human's dragon roll Time Warp may still re-roll (the step right after it): the app's die is re-rolled
    by the app, the table's is re-rolled at the table and its new value entered."""

    color: str
    value: int
    by: str  # "app" | "table"


@dataclass
class RoundView:
    title: str
    phase: str
    dragon: int
    dragon_length: int
    turn_order: list[PlayerChip]
    banner: str
    banner_color: str | None
    decision: str
    actor_is_automa: bool
    instructions: list[str]
    cells: list[Cell]
    question: Question | None = None
    attack: AttackForm | None = None
    threshold: int | None = None
    undo_label: str | None = None
    redo_label: str | None = None
    checklist: list[str] = field(default_factory=list)
    error: str | None = None
    #: Caverns of Gandûm: spells, the golem, Grow Beard, Frost Bolt, Ice Storm, the Spell Chamber. A base game
    #: offers none of them (the engine refuses them too).
    expansion: bool = True
    keep: KeepRoll | None = None
    warp: WarpOffer | None = None


class RoundPresenter:
    """Holds the session and answers the view."""

    def __init__(self, session: GameSession, app_dice: bool = True) -> None:
        self.session = session
        #: The table plays with the app's dice (Settings): a human's dragon roll needs no tap of its own.
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

    def seen(self, revision: int) -> None:
        """The page has drawn the game at ``revision`` (and a person has had time to see it): taps count from now.
        A confirmation that comes after yet another change is left for that change's own."""
        if revision == self.session.revision:
            self.shown = revision

    @property
    def game(self):
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
        s = g.state
        d = g.decision
        setup = g.setup
        names = self.names
        chips = [
            PlayerChip(
                c,
                seat(setup.player(c)),
                setup.player(c).is_automa,
                sorted(s.beds[c]),
                sorted(s.captured[c]),
                s.points[c] if setup.player(c).is_automa and not setup.table_stash else None,
                None if setup.player(c).is_automa else setup.player(c).name,
            )
            for c in s.turn_order
        ]
        options = d.details.get("spaces", {}) if d.kind == "place" else {}
        if d.kind == "place" and spell:
            options = g.space_options(d.color, d.dwarf, spell)
        cells = []
        for sp in spaces_for(setup.expansion):
            occ = s.board.get(sp.id)
            if d.kind == "place":
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
                    words.plain(why, names) if why else None,
                    sp.dragon,
                    sp.all_play,
                    sp.locked,
                )
            )
        last = g.steps[-1] if len(g.steps) > 1 else []
        view = RoundView(
            title=f"Round {s.round} of {setup.rounds}" if s.round else "Starting order",
            phase=s.phase,
            dragon=s.dragon,
            dragon_length=setup.dragon_track,
            turn_order=chips,
            banner=self._banner(d, names),
            banner_color=d.color,
            decision=d.kind,
            actor_is_automa=bool(d.color and setup.player(d.color).is_automa),
            instructions=board_instructions(
                last, setup.dragon_track, {c for c, tiles in s.special_tiles.items() if "stone_beards" in tiles},
                tile_powers=g.version < 2, names=names,
            ),
            cells=cells,
            undo_label=step_label(g.steps[-1], names) if g.can_undo else None,
            redo_label=step_label(g.redo_steps[-1], names) if g.redo_steps else None,
            error=self.error,
            expansion=setup.expansion,
        )
        die = s.last_die
        if die is not None and setup.expansion and g.version >= 2:
            view.warp = WarpOffer(die["color"], die["value"], die["by"])
        if d.kind == "question":
            question = self._question(d.details, setup.expansion, names)
            view.question = replace(question, last=last_answer(g.events(), d.details["question"]))
        elif d.kind == "attack":
            t = d.details
            view.attack = AttackForm(
                t["trigger"],
                [p.color for p in setup.humans if p.color in s.turn_order],
                dict(t["dice"]),
                dict(t["axes"]),
                setup.variant == "rahdo",
                t.get("black_die"),
                setup.virtual_axes,
            )
        elif d.kind in ("roll", "keep_roll"):
            view.threshold = d.details.get("threshold")
        if d.kind == "keep_roll":
            t = d.details
            view.keep = KeepRoll(d.color, t["value"], t.get("purpose", "aggression"), t.get("temple", True),
                                 bool(t.get("black")), t.get("threshold"))
        elif d.kind == "next_round":
            view.checklist = self.reset_checklist()
        return view

    def _banner(self, d, names: Names) -> str:
        match d.kind:
            case "place":
                return f"{names.who(d.color)} #{d.dwarf} — {self._whose_move(d.color, names)}"
            case "automa_turn":
                return f"{cap(d.color)} automa places #{d.dwarf}"
            case "roll":
                return f"{names.who(d.color)} rolls for the dragon"
            case "keep_roll":
                return names.begun(words.plain(d.prompt, names), d.color)
            case "question":
                before = d.details.get("after") or []
                if before:
                    first = words.join_and(names.who(c) for c in before)
                    return f"{first} first, on the board (if they want); then {words.plain(d.prompt, names)}"
                return words.plain(d.prompt, names)
            case "attack":
                return "The dragon attacks!"
            case "next_round":
                return f"Round {self.game.state.round} is over"
            case "final_scores":
                return "The last round is over: score the game"
            case "starting_rolls":
                return "Roll for the starting turn order"
        return "The game is over"

    def _whose_move(self, color: str, names: Names) -> str:
        """ "your move: tap a space" on the placer's own phone (or everyone's screen), else "Ann's move"."""
        if self.owner is None or self.owner == color:
            return "your move: tap a space"
        return f"{names.whose(color)} move"

    @staticmethod
    def _question(t: Mapping, expansion: bool = True, names: Names = words.NO_NAMES) -> Question:
        q, prompt = t["question"], words.plain(t["prompt"], names)
        if q == "gems":
            gems = automa_rules.STASH_GEMS
            return Question("gems", q, prompt, count=t["count"], choices=gems, labels=tuple(map(words.gem, gems)))
        if q == "tunnel":
            tiles = automa_rules.special_tiles(expansion)
            return Question("tile", q, prompt, choices=tiles, labels=tuple(map(words.special_tile, tiles)))
        if q == "wizards_cave":
            spells = automa_rules.SPELLS
            return Question("spell", q, prompt, choices=spells, labels=tuple(map(words.spell, spells)))
        return Question("number", q, prompt)

    def estimate_lines(self, reference: Reference) -> set[str]:
        """The "On the board" lines of the last step that rest on a value the rulebooks do not print: an automa's
        take on a tavern space whose reward is the app's estimate (and this game played with it), so the screen
        marks them. (The dragon track's length is marked once, in the setup list.)"""
        g = self.game
        guessed = {SPACES[t.space].name for t in reference.tavern
                   if t.source == "estimate" and tuple(g.setup.tavern_rewards[t.space]) == (t.reward, t.amount)}
        last = g.steps[-1] if len(g.steps) > 1 else []
        return {line for e in last if e["type"] == "gain" and e.get("reason") in guessed
                for line in board_instructions([e], g.setup.dragon_track, names=self.names)}

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
        events = self.game.events()[-last:]
        names = self.names
        return [f"{e['seq']}. {describe(e, names)}" for e in reversed(events)]

    # ------------------------------------------------------------------ taps

    def _do(self, inp: Mapping) -> bool:
        try:
            self.session.act(inp, seen=self.shown)
        except IllegalInput as exc:
            self.error = words.plain(str(exc), self.names)
            return False
        except StoreError as err:
            return self._not_stored(err)
        self.error = None
        self.shown = self.session.revision  # the screen is redrawn with the step this tap made
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
        inp = {"type": "place", "space": space, **({"spell": spell} if spell else {})}
        if self.app_dice and SPACES[space].dragon:
            inp["roll"] = "app"
        return self._do(inp)

    def proceed(self) -> bool:
        return self._do({"type": "proceed"})

    def reroll(self) -> bool:
        return self._do({"type": "reroll"})

    def table_roll(self, value: int) -> bool:
        return self._do({"type": "roll", "value": value})

    def starting_rolls(self, rolls: Mapping[str, int | None]) -> bool:
        return self._do({"type": "starting_rolls", "rolls": {c: v for c, v in rolls.items() if v is not None}})

    def answer(self, value) -> bool:
        return self._do({"type": "answer", "value": value})

    def attack(self, tile: Mapping, players: Mapping, automa_axes: Mapping, black_die: int | None = None) -> bool:
        if tile.get("treasure") not in ("gold", "gems"):
            # The form leaves it open until the player taps it: a default would decide what the tile takes for them.
            self.error = TILE_TREASURE
            return False
        return self._do(
            {
                "type": "attack_input",
                "tile": dict(tile),
                "players": dict(players),
                "automa_axes": dict(automa_axes),
                "black_die": black_die,
            }
        )

    def golem(self, color: str, space: str) -> bool:
        return self._do({"type": "place", "golem": True, "color": color, "space": space})

    def spell(self, color: str, spell: str, **extra) -> bool:
        return self._do({"type": "spell", "color": color, "spell": spell, **extra})

    def time_warp(self, color: str, value: int | None = None) -> bool:
        """Time Warp on ``color``'s open die: the app's is re-rolled by the app; ``value``: the table's new die."""
        return self._do({"type": "spell", "color": color, "spell": "time_warp",
                         **({"value": value} if value is not None else {})})

    def special_tile(self, color: str, tile: str) -> bool:
        return self._do({"type": "special_tile", "color": color, "tile": tile})

    def correct(self, target: str, value: int, color: str | None = None, gem: str | None = None) -> bool:
        inp = {"type": "correction", "target": target, "value": value}
        if color:
            inp["color"] = color
        if gem:
            inp["gem"] = gem
        return self._do(inp)

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
        return self._do({"type": "game_end", "scores": dict(scores)})
