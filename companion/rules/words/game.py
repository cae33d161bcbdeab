"""A whole game in a few words: who plays, which edition, how many rounds.

>>> from companion.rules.setup import Setup
>>> players(Setup.solo(difficulty="easy"))
'Solo game against two automa (Easy)'
>>> replay_problem(ValueError("the record has {'seq': 4}, the rules give {'seq': 5}"))
'its record no longer replays'
>>> replay_problem(LookupError("no game with id 9"))
'no game with id 9'
>>> setup_line(Setup.solo(difficulty="hard"))
'Solo game against two automa (Hard): Blue, Red automa and Green automa; 5 rounds, Caverns of Gandûm'
"""

from __future__ import annotations

from companion.rules.engine.replay import ReplayProblem
from companion.rules.words.names import difficulty, named, player
from companion.rules.words.plural import count, join_and
from companion.rules.words.replay import replay_said


def players(setup) -> str:
    """A game's players in a few words: "Solo game against two automa (Hard)", "3 players and an automa"."""
    humans, automa = len(setup.humans), setup.automa
    levels = sorted({p.difficulty for p in automa})
    level = f" ({', '.join(difficulty(d) for d in levels)})" if levels else ""
    if humans == 1 and len(automa) == 2:
        return f"Solo game against two automa{level}"
    people = count(humans, "player")
    if not automa:
        return people
    return f"{people} and {'an automa' if len(automa) == 1 else 'two automa'}{level}"


def seat(p) -> str:
    """One seat: the player's name when the table gave one, else the colour ("Red automa")."""
    return player(p.color, True) if p.is_automa else named(p.name, p.color)


def setup_line(setup) -> str:
    """The setup in one line, for the top of a printed log."""
    edition = "Caverns of Gandûm" if setup.expansion else "base game"
    seats = join_and(seat(p) for p in setup.players)
    return f"{players(setup)}: {seats}; {count(setup.rounds, 'round')}, {edition}"


def replay_problem(err: Exception) -> str:
    """Why a saved game could not be opened, in a few words: a :class:`ReplayProblem` from its code and fields
    (the event by its number, not its JSON); any other error (the store's: "no game with id 9") by its own
    first line when that is a person's line, else that the record no longer replays."""
    if isinstance(err, ReplayProblem):
        return replay_said(err.code, err.fields)
    text = str(err).splitlines()[0] if str(err) else ""
    if not text or isinstance(err, ValueError) or any(ch in text for ch in "{}[]"):
        return "its record no longer replays"
    return text
