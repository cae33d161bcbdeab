"""The log in sentences: one event -> one sentence, one undo step -> its label.

Every sentence names things as the board does (see :mod:`.names`) and counts with the right plural
(:mod:`.plural`); the events themselves keep the engine's ids, since they are the game record.

>>> describe({"type": "place", "color": "red", "dwarf": 1, "space": "treasure_hoard", "dislodged": None,
...           "card": "R03", "choice": "primary"})
'Red #1 took Treasure Hoard (card R03, primary)'
>>> describe({"type": "roll", "color": "blue", "value": 5, "purpose": "aggression", "by": "app"})
'Blue rolled 5 for the dragon'
>>> describe({"type": "answer", "color": "green", "question": "tunnel",
...           "value": {"kind": "gem", "gem": "sapphire", "gems": 3}})
'Green automa took a sapphire tile with 3 gems'
>>> describe({"type": "score", "color": "red", "points": 9, "reason": "spell mind_control"})
'Red scored 9 points for Mind Control'
>>> step_label([{"type": "roll", "color": "blue", "value": 5, "purpose": "turn_order", "by": "app"},
...             {"type": "turn_order", "order": ["blue", "red"]}])
'Starting order: Blue, Red'

With the game's names (:class:`~.names.Names`) a person is said by name, the colour beside it:

>>> ann = Names({"blue": "Ann"})
>>> describe({"type": "attack", "strength": 7, "winner": "blue", "defence": {}, "captured": [], "losers": []}, ann)
'Dragon attack (strength 7): Ann (Blue) won the tile; nobody lost'
>>> print(describe({"type": "attack", "strength": 7, "treasure": "gold", "winner": "red", "defence": {},
...       "losers": ["blue", "green"], "captured": [{"color": "blue", "dwarf": 5}, {"color": "green", "dwarf": 4}]},
...       ann).replace("; ", chr(10)))
Dragon attack (strength 7): Red won the tile
Ann (Blue) lost half their gold (rounded up) and Ann (Blue) #5 was captured
Green lost half its gold (rounded up) and Green #4 was captured
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from companion.rules.words import passed_over
from companion.rules.words.names import NO_NAMES, Names, gem, gems, player, space, spell, tile, words_of
from companion.rules.words.plural import count, join_and
from companion.rules.words.table_stash import told

if TYPE_CHECKING:  # a type only: the deck module words its problems with this package
    from companion.rules.automa.deck import Deck

_PURPOSE = {"aggression": "for the dragon", "attack": "against the dragon", "turn_order": "for turn order"}
_DRAW = {"place": "to place a dwarf", "all_play": "for the all-play", "axes": "for its axes"}
_SHUFFLE = {
    "setup": "shuffled for the game",
    "reset": "shuffled for the new round",
    "empty": "shuffled: its draw pile ran out",
}


def reason(text: str) -> str:
    """Why points or treasure came, as words after "for": the engine's reasons are kept in the record as they
    were written ("spell mind_control", "coins on the ruby contract"), so they are read here.

    >>> reason("spell mind_control"), reason("dragon tile"), reason("Treasure Hoard")
    ('Mind Control', 'the dragon tile', 'Treasure Hoard')
    """
    text = str(text)
    if text.startswith("spell "):
        return spell(text.removeprefix("spell "))
    if text in ("dragon tile", "starting gold", "mine tile", "special mine tile"):
        return "the " + text
    if text == "Dwarf King achievement":
        return "a Dwarf King achievement"
    if text.endswith(" all-play bonus"):
        return "the " + text
    if "_" in text:
        return words_of(text)
    return text


def gain_parts(e: Mapping, tile_words: str | None = None) -> list[str]:
    """What a ``gain`` event gives, item by item ("2 gold", "1 ruby", the tile). A mine tile is named with its
    gems ("a sapphire tile with 3 gems"), unless ``tile_words`` says how to put it."""
    parts = [f"{e['gold']} gold"] if e.get("gold") else []
    if e.get("tile"):
        parts.append(tile_words or tile(e["tile"]))
        if tile_words is not None and e.get("gems"):
            parts.append(gems(e["gems"]))
    elif e.get("gems"):
        parts.append(gems(e["gems"]))
    return parts


def answer(e: Mapping) -> str:
    """What the table told the app for an automa, as what the automa took or discarded."""
    who, q, value = player(e.get("color"), automa=True), e.get("question"), e.get("value")
    if q == "gems" and isinstance(value, list):
        return f"{who} took {gems(value)} (your choice)"
    if q == "dwarf_king" and isinstance(value, int):
        return f"{who} discarded an achievement worth {count(value, 'point')}"
    if q == "gem_market" and isinstance(value, int):
        return f"{who} discarded a contract with {count(value, 'coin', zero='no coins')} on it"
    if q == "tunnel" and isinstance(value, Mapping):
        return f"{who} took {tile(value)}"
    if q == "wizards_cave" and isinstance(value, str):
        return f"{who} discarded {spell(value)}"
    return f"{who}: answered"


def _place(e: Mapping, names: Names, reasons: bool = True) -> str:
    """A placement: the card and line that chose it (with why its earlier lines were passed over, unless
    ``reasons`` is False: an undo button's label stays short), the spell, who was dislodged (and where they went,
    when not back to bed: a Blood Sacrifice sends them to the capture box). A space whose name holds a note in
    brackets ("Tavern 1 (top)") takes the card's words inside them."""
    where = space(e["space"])
    extra = []
    if e.get("card"):
        why = passed_over.said(e.get("skipped") or [], names) if reasons else ""
        extra.append(f"card {e['card']}, {words_of(e.get('choice') or '')}" + (f" — {why}" if why else ""))
    if e.get("spell"):
        extra.append(spell(e["spell"]))
    if extra and where.endswith(")"):
        where = f"{where[:-1]}; {'; '.join(extra)})"
    elif extra:
        where += f" ({'; '.join(extra)})"
    text = f"{names.dwarf(e)} took {where}"
    if e.get("dislodged"):
        d = e["dislodged"]
        if d.get("golem"):
            text += ", dislodging the golem"
        elif e.get("spell") == "blood_sacrifice":
            text += f", sending {names.dwarf(d)} to the capture box"
        else:
            text += f", dislodging {names.dwarf(d)}"
    return text


def _correction(e: Mapping, names: Names) -> str:
    target, value = e.get("target"), e.get("value")
    if target == "dragon":
        return f"Corrected: the dragon is on step {value}"
    what = {"points": "points", "gold": "gold"}.get(str(target)) or (
        f"{gem(e['gem'])} gems" if e.get("gem") else words_of(target or "count")
    )
    return f"Corrected: {names.whose(e.get('color'))} {what} set to {value}"


def _roll(e: Mapping, names: Names, c: str) -> str:
    again = " again" if e.get("reroll") else ""
    die = " the black die:" if e.get("black") else ""
    return f"{c} rolled{die} {e['value']}{again} {_PURPOSE.get(e['purpose'], '')}".strip()


def dragon_move(position: int, before: int | None, after_attack: bool = False) -> str:
    """The dragon's move to ``position`` from ``before`` (None: not known, so no direction is said).

    >>> for args in [(2, 3), (4, 3), (1, 3), (0, 5, True), (3, None)]:
    ...     print(dragon_move(*args))
    The dragon moved down to step 2
    The dragon moved up to step 4
    The dragon moved down from step 3 to step 1
    The dragon went back to zero
    The dragon is on step 3
    """
    if after_attack and position == 0:
        return "The dragon went back to zero"
    if before is None or before == position:
        return f"The dragon is on step {position}"
    way = "up" if position > before else "down"
    start = f" from step {before}" if abs(position - before) > 1 else ""
    return f"The dragon moved {way}{start} to step {position}"


def _dragon(e: Mapping, names: Names, c: str) -> str:
    return dragon_move(e["position"], None, after_attack=e["position"] == 0)


def attack_headline(e: Mapping, names: Names = NO_NAMES) -> str:
    """A fight's result in short, its winner only ("Dragon attack (strength 7): Red won the tile"), and why when
    they won a tie: the board instructions say each loss and capture on a line of its own.

    >>> attack_headline({"strength": 5, "winner": "blue", "defence": {"green": 4, "blue": 9, "red": 9}})
    'Dragon attack (strength 5): Blue won the tile (tied with Red at 9: Blue is earlier in turn order)'
    """
    winner = e.get("winner")
    won = f"{names.who(winner)} won the tile{_tie(e, names)}" if winner else "Nobody beat the dragon"
    return f"Dragon attack (strength {e['strength']}): {won}"


def _tie(e: Mapping, names: Names) -> str:
    """Why the winner took the tile from those with the same defence: the earlier in turn order wins a tie."""
    defence, winner = e.get("defence") or {}, e["winner"]
    tied = [c for c, d in defence.items() if c != winner and d == defence.get(winner)]
    if not tied:
        return ""
    who = names.who(winner)
    return f" (tied with {join_and(names.who(c) for c in tied)} at {defence[winner]}: {who} is earlier in turn order)"


def defences(e: Mapping, names: Names = NO_NAMES) -> str:
    """Every fighter's defence in turn order and, from rules version 4 (the attack's event holds them), what it is
    made of: the die, the axes' worth, and a defence spell's part.

    >>> defences({"defence": {"blue": 9, "red": 4}, "dice": {"blue": 4, "red": 2}, "axes": {"blue": 3, "red": 2}})
    'Blue 9 (die 4 + axes 3 + spells 2), Red 4 (die 2 + axes 2)'
    >>> defences({"defence": {"blue": 9, "red": 4}})
    'Blue 9, Red 4'
    """
    dice, axes = e.get("dice") or {}, e.get("axes") or {}
    out = []
    for color, total in (e.get("defence") or {}).items():
        text = f"{names.who(color)} {total}"
        if color in dice:
            spells = total - dice[color] - axes.get(color, 0)
            text += f" (die {dice[color]} + axes {axes.get(color, 0)}" + (f" + spells {spells})" if spells else ")")
        out.append(text)
    return ", ".join(out)


def _attack(e: Mapping, names: Names, c: str, stone_beards: frozenset[str] | set[str] = frozenset()) -> str:
    """The fight told whole: the winner (and why, when they won a tie), every fighter's defence, then every loser
    with what they lose and the dwarf captured (a Stone Beards holder, ``stone_beards``, loses a quarter and keeps
    its dwarf)."""
    treasure = "gold" if e.get("treasure") == "gold" else "mined gems"
    caught = {c_["color"]: c_["dwarf"] for c_ in e.get("captured") or []}
    parts = []
    for color in e.get("losers") or []:
        who, its = names.who(color), names.its(color)
        if color in stone_beards:
            parts.append(f"{who} lost a quarter of {its} {treasure} (rounded up; Stone Beards: no dwarf captured)")
            continue
        text = f"{who} lost half {its} {treasure} (rounded up)"
        if color in caught:
            text += f" and {names.dwarf({'color': color, 'dwarf': caught[color]})} was captured"
        else:
            text += " with no dwarf left to capture"
        parts.append(text)
    told = [attack_headline(e, names)]
    if e.get("defence"):
        told.append("defences " + defences(e, names))
    return "; ".join([*told, *(parts or ["nobody lost"])])


def _attack_input(e: Mapping, names: Names, c: str) -> str:
    """The table's part of a fight in the rulebook's order: the axes each person spent, then the tile turned."""
    t_ = e["tile"]
    tile_said = (f"strength {t_.get('strength')}, takes {words_of(t_.get('treasure') or 'treasure')}, "
                 f"worth {count(int(t_.get('points') or 0), 'point')}")
    players = e.get("players") or {}
    spent = [f"{names.who(x)} {f.get('axes', 0)}" for x, f in players.items() if isinstance(f, Mapping)]
    return f"Axes spent: {', '.join(spent)}; dragon tile: {tile_said}" if spent else f"Dragon tile: {tile_said}"


def _attack_dice(e: Mapping, names: Names, c: str) -> str:
    """Rules version 4: the people's fight dice rolled at the table (the app's are told as its rolls)."""
    rolled = ", ".join(f"{names.who(x)} {v}" for x, v in (e.get("rolls") or {}).items() if v is not None)
    return f"Fight dice rolled at the table: {rolled}" if rolled else "Fight dice left to the app"


def _gain(e: Mapping, names: Names, c: str) -> str:
    why = f" ({words_of(e['reason'])})" if e.get("reason") else ""
    return f"{c} gained {join_and(gain_parts(e)) or 'nothing'}{why}"


def _loss(e: Mapping, names: Names, c: str) -> str:
    lost = f"{e['gold']} gold" if "gold" in e else gems(e.get("gems") or {})
    return f"{c} lost {lost} to the dragon"


def _starting_rolls(e: Mapping, names: Names, c: str) -> str:
    rolls = ", ".join(f"{names.who(x)} {v}" for x, v in (e.get("rolls") or {}).items())
    return f"Starting rolls: {rolls}" if rolls else "Starting rolls made by the app"


def _spell(e: Mapping, names: Names, c: str) -> str:
    way = {1: " (the dragon up one)", -1: " (the dragon down one)"}.get(e.get("direction", 0), "")
    return f"{c} cast {spell(e['spell'])}{way}"


def _axes(e: Mapping, names: Names, c: str) -> str:
    values = e.get("values") or []
    return f"{c} automa drew {count(len(values), 'axe')} worth {sum(values)}"


#: An event's type -> its sentence, from the event, the game's names and who (``c``: the event's colour, named).
_SENTENCES: dict[str, Callable[[Mapping, Names, str], str]] = {
    "place": lambda e, names, c: _place(e, names),
    "roll": _roll,
    "reroll": lambda e, names, c: f"{c} re-rolled (Temple)",
    "roll_kept": lambda e, names, c: f"{c} kept the roll of {e['value']}",
    "attack_called_off": lambda e, names, c: (
        f"The dragon's attack was called off: {names.whose(e.get('color'))} new die does not move it"),
    "automa_draw": lambda e, names, c: f"{c} automa drew card {e['card']} {_DRAW.get(e['purpose'], '')}".strip(),
    "automa_shuffle": lambda e, names, c: f"{c} automa's deck {_SHUFFLE.get(e['reason'], 'shuffled')}",
    "dragon": _dragon,
    "attack": _attack,
    "attack_input": _attack_input,
    "attack_dice": _attack_dice,
    "score": lambda e, names, c: f"{c} scored {count(e['points'], 'point')} for {reason(e['reason'])}",
    "gain": _gain,
    "loss": _loss,
    "answer": lambda e, names, c: answer(e),
    "table_keeps": lambda e, names, c: told(e),
    "turn_order": lambda e, names, c: "Turn order: " + ", ".join(names.who(x) for x in e["order"]),
    "round_start": lambda e, names, c: f"Round {e['round']} began",
    "round_end": lambda e, names, c: f"Round {e['round']} ended",
    "starting_rolls": _starting_rolls,
    "spell": _spell,
    "special_tile": lambda e, names, c: f"{c} holds {tile({'kind': 'special', 'tile': e['tile']})}",
    "correction": lambda e, names, c: _correction(e, names),
    "sit_out": lambda e, names, c: f"{c} #{e['dwarf']} found no open space and sits out",
    "axes": _axes,
    "game_end": lambda e, names, c: "Game over: " + (
        ", ".join(f"{names.who(x)} {count(int(v), 'point')}" for x, v in (e.get("scores") or {}).items())
        or "final scores recorded"),
}


def describe(e: Mapping, names: Names = NO_NAMES) -> str:
    """One event as one sentence of the log; ``names``: the game's people, said by name. A type the table does
    not know is said in plain words (``words_of``)."""
    t = e["type"]
    sentence = _SENTENCES.get(t)
    return sentence(e, names, names.who(e.get("color"))) if sentence else words_of(t).capitalize()


class Story:
    """What the log has told so far, for the sentences that need it: where the dragon stood (a move is up or
    down), whether a fight has just been fought (the dragon goes back to zero), who holds Stone Beards (a loser
    who does keeps its dwarf and loses a quarter) and who stands where (why a drawn card placed nothing: ``decks``,
    the automa's decks by colour, and ``expansion``, the game's edition, read it again). Feed it every event of a
    game in order, a step at a time or all at once (:meth:`lines`, :func:`tell`).
    """

    def __init__(self, names: Names = NO_NAMES, decks: Mapping[str, Deck] | None = None,
                 expansion: bool = True) -> None:
        self.names = names
        self.dragon = 0
        self.fought = False
        self.stone_beards: set[str] = set()
        self.board = passed_over.Board(decks, expansion)

    def lines(self, events: Sequence[Mapping]) -> list[str]:
        """The sentences for ``events``, the next events of the game (whole steps: a card that placed nothing is
        known by the placement after it)."""
        unplaced = passed_over.unplaced_draws(events)
        return [self.line(e, unplaced.get(i)) for i, e in enumerate(events)]

    def line(self, e: Mapping, unplaced_for: int | None = None) -> str:
        """The sentence for ``e``, the next event of the game; ``unplaced_for``: ``e`` drew a card that placed
        nothing for this dwarf, so the sentence says why."""
        line = self._line(e) if unplaced_for is None else self._unplaced(e, unplaced_for)
        self.board.follow(e)
        return line

    def _unplaced(self, e: Mapping, dwarf: int) -> str:
        skipped = self.board.passed_over(e, dwarf)
        why = "its spaces are not known here" if skipped is None else passed_over.said(skipped, self.names)
        return f"{describe(e, self.names)}; the card placed nothing ({why})"

    def _line(self, e: Mapping) -> str:
        t = e["type"]
        if t == "dragon":
            line = dragon_move(e["position"], self.dragon, after_attack=self.fought)
            self.dragon, self.fought = e["position"], False
            return line
        if t == "correction" and e.get("target") == "dragon":
            self.dragon = e["value"]
        elif t == "special_tile" and e.get("tile") == "stone_beards":
            self.stone_beards.add(e["color"])
        elif t == "attack":
            self.fought = True
            return _attack(e, self.names, "", self.stone_beards)
        return describe(e, self.names)


def tell(events: Iterable[Mapping], names: Names = NO_NAMES, decks: Mapping[str, Deck] | None = None,
         expansion: bool = True) -> list[str]:
    """Every event of a game (from its first) as the log says it, one sentence each (``decks``, ``expansion``:
    the game's, to say why a drawn card placed nothing).

    >>> tell([{"type": "dragon", "position": 1}, {"type": "spell", "color": "blue", "spell": "draco_speak",
    ...        "direction": -1}, {"type": "dragon", "position": 0}])
    ['The dragon moved up to step 1', 'Blue cast Draco Speak (the dragon down one)', 'The dragon moved down to step 0']
    """
    return Story(names, decks, expansion).lines(list(events))


def step_label(step: Sequence[Mapping], names: Names = NO_NAMES) -> str:
    """The label of an undo step: its input, or else its most telling event."""
    if not step:
        return ""
    first = step[0]
    if first["type"] == "starting_rolls" or (first["type"] == "roll" and first["purpose"] == "turn_order"):
        order = next((e for e in step if e["type"] == "turn_order"), None)
        if order is not None:
            return "Starting order: " + ", ".join(names.who(c) for c in order["order"])
    if first["type"] == "automa_draw" and first["purpose"] == "place":
        place = next((e for e in step if e["type"] == "place"), None)
        if place is not None:
            return _place(place, names, reasons=False)
    if first["type"] == "automa_shuffle":
        start = next((e for e in step if e["type"] == "round_start"), None)
        if start is not None:
            return describe(start, names)
    return describe(first, names)

