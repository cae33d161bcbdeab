"""Shared helpers for the engine's tests: build games, feed them inputs, drive them to a wanted position.

Positions are reached through legal inputs only (the table's dice, answers, corrections, chosen seeds and
small custom decks passed to ``Game``), never by writing to the state. The random player picks among legal
inputs with its own seeded ``random.Random``, so hypothesis can shrink and replay a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping

from companion.rules.automa import choices as automa_rules
from companion.rules.automa.deck import AllPlay, Card, Deck
from companion.rules.engine.decisions import QuestionDecision
from companion.rules.engine.game import Game, IllegalInput
from companion.rules.setup import Player, Setup
from companion.rules.words.decisions import prompt

PROCEED = {"type": "proceed"}
GEMS = ("ruby", "emerald", "sapphire", "diamond")


# ---------------------------------------------------------------------------------------------- setups


def human(color: str) -> Player:
    return Player(color=color, kind="human")


def automa(color: str, deck: str, difficulty: str = "hard") -> Player:
    return Player(color=color, kind="automa", deck=deck, difficulty=difficulty)


def humans_setup(colors: Iterable[str], *, expansion: bool = False, seed: int = 0, **kw) -> Setup:
    """A game of humans only (the rulebook tables by their number)."""
    return Setup.build([human(c) for c in colors], expansion=expansion, seed=seed, **kw)


def table_rolls(order: Iterable[str]) -> dict[str, int]:
    """Starting rolls that give exactly ``order`` (6 for the first, then 5, 4, 3): no ties, no re-roll."""
    return {color: 6 - i for i, color in enumerate(order)}


# ---------------------------------------------------------------------------------------------- decks


def card(cid: str, primary: str, secondary: str, tertiary: str, *, axes: int = 1, dwarf_king: int = 1,
         gem_market: str = "ruby", tunnel: int = 1, wizards_cave: int = 1) -> Card:
    return Card(id=cid, primary=primary, secondary=secondary, tertiary=tertiary, axes=axes,
                all_play=AllPlay(dwarf_king=dwarf_king, gem_market=gem_market, tunnel=tunnel,
                                 wizards_cave=wizards_cave))


def deck(name: str, *cards: Card) -> Deck:
    return Deck(deck=name, cards=tuple(cards))


# ---------------------------------------------------------------------------------------------- driving


def play(game: Game, *inputs: Mapping) -> list[list[dict]]:
    """Feed inputs in order; returns the steps they produced."""
    return [game.act(inp) for inp in inputs]


def place(game: Game, space: str, **extra) -> list[dict]:
    """The human whose turn it is places on ``space`` (checks that a human placement is awaited)."""
    d = game.decision
    assert d.kind == "place", f"expected a human placement, the game waits for {d.kind} ({prompt(d)})"
    return game.act({"type": "place", "space": space, **extra})


def roll(game: Game, value: int) -> list[dict]:
    d = game.decision
    assert d.kind == "roll", f"expected a dragon roll, the game waits for {d.kind} ({prompt(d)})"
    return game.act({"type": "roll", "value": value})


def answer(game: Game, value) -> list[dict]:
    d = game.decision
    assert d.kind == "question", f"expected a question, the game waits for {d.kind} ({prompt(d)})"
    return game.act({"type": "answer", "value": value})


def proceed_automa(game: Game) -> list[list[dict]]:
    """Tap "go on" while an automa is placing; returns the steps."""
    steps = []
    while game.decision.kind == "automa_turn":
        steps.append(game.act(PROCEED))
    return steps


def events(steps_or_step, type_: str | None = None) -> list[dict]:
    """The events of one step or of a list of steps, optionally only those of one type."""
    flat = []
    for item in steps_or_step:
        flat.extend(item if isinstance(item, list) else [item])
    return [e for e in flat if type_ is None or e["type"] == type_]


def default_answer(game: Game) -> dict:
    """A plain answer to the automa's question: rubies, no points, no coins, a one-ruby tile, a spell worth 0."""
    d = game.decision
    assert isinstance(d, QuestionDecision), d
    value = {
        "gems": ["ruby"] * d.gem_count,
        "dwarf_king": 0,
        "gem_market": 0,
        "tunnel": {"kind": "gem", "gem": "ruby", "gems": 1},
        "wizards_cave": "precognition",
    }[d.question]
    return {"type": "answer", "value": value}


def drive(game: Game, plan: Iterable[str] = (), *, roll_value: int = 1, next_round: bool = False,
          until: Callable[[Game], bool] | None = None, max_steps: int = 1000) -> list[list[dict]]:
    """Play on: each human placement takes the next space of ``plan``; automa turns go on, dragon rolls show
    ``roll_value``, questions get :func:`default_answer`; with ``next_round`` the next round begins too.

    Stops (returning the steps played) when ``until(game)`` holds, at a dragon attack, at the end of a round
    (unless ``next_round``), at the final scores, or at a human placement once the plan is used up.
    """
    plan = list(plan)
    steps: list[list[dict]] = []
    for _ in range(max_steps):
        if until is not None and until(game):
            return steps
        d = game.decision
        if d.kind == "place":
            if not plan:
                return steps
            inp: dict = {"type": "place", "space": plan.pop(0)}
        elif d.kind in ("automa_turn", "starting_rolls") or (d.kind == "next_round" and next_round):
            inp = dict(PROCEED)
        elif d.kind == "roll":
            inp = {"type": "roll", "value": roll_value}
        elif d.kind == "question":
            inp = default_answer(game)
        else:
            return steps
        steps.append(game.act(inp))
    raise AssertionError("drive: too many steps")


def fight_dice(game: Game, players: Mapping[str, Mapping] | None = None, black_die: int | None = None) -> list[dict]:
    """Rules version 4's dice step, from a fight's entries as versions 1 to 3 took them with the tile: each
    person's ``die`` (under Rahdo the trigger's ``black_die``) entered from the table, the rest rolled by the app
    and kept. Returns the events of the steps made: none when the game already waits for the axes (version 3,
    or Rahdo set off by an automa)."""
    d = game.decision
    if d.kind != "attack_dice":
        return []
    if d.black:
        rolls = {d.color: black_die} if black_die is not None else {}
    else:
        rolls = {c: f["die"] for c, f in (players or {}).items() if f.get("die") is not None}
    made = list(game.act({"type": "attack_dice", "rolls": rolls}))  # a copy: the game keeps the step's list
    while game.decision.kind == "keep_roll":
        made += game.act(PROCEED)
    return made


def without_dice(players: Mapping[str, Mapping]) -> dict[str, dict]:
    """A fight's entries without the dice (version 4 takes them first: ``fight_dice``)."""
    return {c: {k: v for k, v in f.items() if k != "die"} for c, f in players.items()}


def find_seed(make: Callable[[int], Game], wanted: Callable[[Game], bool], tries: int = 500) -> int:
    """The first seed whose game satisfies ``wanted`` (chance outcomes are seed-determined: a fixed choice)."""
    for seed in range(tries):
        if wanted(make(seed)):
            return seed
    raise AssertionError("no seed in range gives the wanted position")


# ---------------------------------------------------------------------------------------------- random play


def legal_spaces(game: Game) -> list[str]:
    return [s for s, why in game.decision.spaces.items() if why is None]


def side_input(game: Game, rnd: random.Random) -> dict | None:
    """A legal input the table may give at (almost) any time: a correction, a special tile, a spell, the golem."""
    d, s, setup = game.decision, game.state, game.setup
    humans = [p.color for p in setup.humans]
    pick = rnd.random()
    if pick < 0.2:
        if any(t["kind"] == "attack" for t in s.tasks):  # the dragon stays at the head during an attack
            return None
        return {"type": "correction", "target": "dragon", "value": rnd.randrange(setup.dragon_track)}
    if pick < 0.35:
        return {"type": "special_tile", "color": rnd.choice(humans),
                "tile": rnd.choice(("dragon_song", "stone_beards", "smithy"))}
    if pick < 0.5 and setup.automa:
        target = rnd.choice(("points", "gold", "gems"))
        inp = {"type": "correction", "target": target, "color": rnd.choice(setup.automa).color,
               "value": rnd.randint(0, 12)}
        if target == "gems":
            inp["gem"] = rnd.choice(GEMS)
        return inp
    if not setup.expansion:
        return None
    if pick < 0.7:
        return _spell_input(game, rnd, humans)
    if d.kind in ("place", "automa_turn") and s.phase == "placing" and not s.tasks:
        empty = [sid for sid in game.space_options(humans[0], 1) if sid not in s.board]
        if empty:
            return {"type": "place", "golem": True, "color": rnd.choice(humans), "space": rnd.choice(empty)}
    return None


def _spell_input(game: Game, rnd: random.Random, humans: list[str]) -> dict | None:
    """A spell a human may cast now (Grow Beard and Blood Sacrifice come with a placement), or None."""
    d, s, setup = game.decision, game.state, game.setup
    spell = rnd.choice([x for x in automa_rules.SPELLS if x not in ("grow_beard", "blood_sacrifice")])
    inp = {"type": "spell", "color": rnd.choice(humans), "spell": spell}
    if spell == "draco_speak":
        top = setup.dragon_track if game.version >= 2 else setup.dragon_track - 1  # version 2: the head too
        moves = [m for m in (1, -1) if 0 <= s.dragon + m <= top]
        if s.dragon >= setup.dragon_track or not moves:
            return None
        inp["direction"] = rnd.choice(moves)
    if spell == "time_warp" and game.version >= 2:  # only on an open die: waiting, or the one just rolled
        if d.kind == "keep_roll":
            inp["color"] = d.color
        elif s.last_die is not None:
            inp["color"] = s.last_die["color"]
            if s.last_die["by"] == "table":
                inp["value"] = rnd.randint(1, 6)
        else:
            return None
    return inp


def _place_input(game: Game, rnd: random.Random) -> dict:
    """A legal placement, now and then with Grow Beard or Blood Sacrifice."""
    d, s = game.decision, game.state
    options = legal_spaces(game)
    spells = []
    for sid, occ in s.board.items():
        if occ.color != d.color and not occ.golem and sid not in options and "tavern" not in sid:
            spells.append((sid, "grow_beard"))
        if occ.color == d.color and not occ.golem and occ.dwarf < d.dwarf and "tavern" not in sid:
            spells.append((sid, "blood_sacrifice"))
    if spells and game.setup.expansion and rnd.random() < 0.1:
        sid, spell = rnd.choice(spells)
        return {"type": "place", "space": sid, "spell": spell}
    assert options, f"{prompt(d)}: no legal space"
    return {"type": "place", "space": rnd.choice(options)}


def _answer_input(game: Game, rnd: random.Random) -> dict:
    """An answer to a question about an automa's take."""
    d, setup = game.decision, game.setup
    q = d.question
    if q == "gems":
        allowed = automa_rules.STASH_GEMS if setup.expansion else automa_rules.GEM_COLORS
        return {"type": "answer", "value": [rnd.choice(allowed) for _ in range(d.gem_count)]}
    if q in ("dwarf_king", "gem_market"):
        return {"type": "answer", "value": rnd.randint(0, 6)}
    if q == "tunnel":
        if rnd.random() < 0.2:
            tiles = automa_rules.special_tiles(setup.expansion)
            return {"type": "answer", "value": {"kind": "special", "tile": rnd.choice(tiles)}}
        gems = automa_rules.STASH_GEMS if setup.expansion else GEMS
        return {"type": "answer", "value": {"kind": "gem", "gem": rnd.choice(gems), "gems": rnd.randint(1, 4)}}
    if q == "wizards_cave":
        return {"type": "answer", "value": rnd.choice(automa_rules.SPELLS)}
    raise AssertionError(f"unknown question {q}")


def _attack_dice(game: Game, rnd: random.Random) -> dict:
    """Rules version 4: the people's fight dice, each rolled at the table or left to the app (all of them now and
    then: a plain "go on")."""
    if rnd.random() < 0.3:
        return dict(PROCEED)
    rollers = game.decision.rollers
    return {"type": "attack_dice", "rolls": {c: rnd.randint(1, 6) for c in rollers if rnd.random() < 0.6}}


def _attack_input(game: Game, rnd: random.Random, humans: list[str]) -> dict:
    """The table's side of a dragon fight: each human's axes, die (before rules version 4) and spells, the
    automa's axes, the tile."""
    d, setup = game.decision, game.setup
    players = {}
    for c in humans:
        entry: dict = {"axes": rnd.randint(0, 4)}
        if rnd.random() < 0.6 and not d.dice_first:
            entry["die"] = rnd.randint(1, 6)
        if setup.expansion and rnd.random() < 0.15:
            entry["spells"] = [rnd.choice(("frost_bolt", "ice_storm"))]
        players[c] = entry
    automa_axes = {c: rnd.randint(n, 2 * n) for c, n in d.axes.items()}
    inp = {"type": "attack_input", "players": players, "automa_axes": automa_axes,
           "tile": {"strength": rnd.randint(3, 9), "treasure": rnd.choice(("gold", "gems")),
                    "points": rnd.randint(3, 10)}}
    if setup.variant == "rahdo" and d.black_die is None and not d.dice_first and rnd.random() < 0.5:
        inp["black_die"] = rnd.randint(1, 6)
    return inp


def random_input(game: Game, rnd: random.Random) -> dict:
    """One legal input for the current decision, picked at random (mostly the common path)."""
    d = game.decision
    setup = game.setup
    humans = [p.color for p in setup.humans]
    if d.kind == "starting_rolls":
        if rnd.random() < 0.3:
            return dict(PROCEED)
        return {"type": "starting_rolls", "rolls": {c: rnd.randint(1, 6) for c in humans if rnd.random() < 0.8}}
    if d.kind not in ("final_scores", "over") and rnd.random() < 0.08:
        side = side_input(game, rnd)
        if side is not None:
            return side
    if d.kind == "place":
        return _place_input(game, rnd)
    if d.kind in ("automa_turn", "next_round"):
        return dict(PROCEED)
    if d.kind == "roll":
        return dict(PROCEED) if rnd.random() < 0.5 else {"type": "roll", "value": rnd.randint(1, 6)}
    if d.kind == "keep_roll":
        if setup.expansion and rnd.random() < 0.2:
            return {"type": "spell", "color": d.color, "spell": "time_warp"}
        if rnd.random() < 0.5 or not d.temple:
            return dict(PROCEED)
        return {"type": "reroll"}
    if d.kind == "question":
        return _answer_input(game, rnd)
    if d.kind == "attack_dice":
        return _attack_dice(game, rnd)
    if d.kind == "attack":
        return _attack_input(game, rnd, humans)
    if d.kind == "final_scores":
        return {"type": "game_end", "scores": {p.color: rnd.randint(0, 150) for p in setup.players}}
    raise AssertionError(f"no input for {d.kind}")


def play_random(game: Game, rnd: random.Random, *, max_steps: int = 2000,
                before: Callable[[Game], None] | None = None,
                after: Callable[[Game, dict, list[dict]], None] | None = None) -> Game:
    """Play legal random inputs until the game is over. ``before(game)`` runs before each input,
    ``after(game, input, step)`` after it."""
    for _ in range(max_steps):
        if game.finished:
            return game
        inp = random_input(game, rnd)
        if before is not None:
            before(game)
        try:
            step = game.act(inp)
        except IllegalInput as exc:  # the chooser only offers legal inputs: this is an engine or test bug
            raise AssertionError(f"legal-looking input refused: {inp}: {exc}") from None
        if after is not None:
            after(game, inp, step)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------------------------- invariants


def dwarf_places(game: Game) -> dict[tuple[str, int], list[str]]:
    """Every dwarf of every player -> the places it is found (bed, a space id, captured, benched)."""
    s = game.state
    found: dict[tuple[str, int], list[str]] = {}
    for p in game.setup.players:
        for n in range(1, game.setup.dwarves + 1):
            found[(p.color, n)] = []
    for color, beds in s.beds.items():
        for n in beds:
            found.setdefault((color, n), []).append("bed")
    for space, occ in s.board.items():
        if not occ.golem:
            found.setdefault((occ.color, occ.dwarf), []).append(space)
    for color, dwarves in s.captured.items():
        for n in dwarves:
            found.setdefault((color, n), []).append("captured")
    for color, dwarves in s.benched.items():
        for n in dwarves:
            found.setdefault((color, n), []).append("benched")
    return found


def expected_placer(turn_order: list[str], beds: Mapping[str, Iterable[int]]) -> tuple[str, int] | None:
    """The rulebook's placement order, written independently of the engine: lowest beard in a bed first,
    a tie goes to the player earlier in turn order."""
    waiting = [(n, turn_order.index(color), color) for color in turn_order for n in beds.get(color, ())]
    if not waiting:
        return None
    n, _, color = min(waiting)
    return color, n
