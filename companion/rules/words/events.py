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
from companion.rules.words.fight import attack, attack_dice, attack_input
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
    "attack": attack,
    "attack_input": attack_input,
    "attack_dice": attack_dice,
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
            return attack(e, self.names, "", self.stone_beards)
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

