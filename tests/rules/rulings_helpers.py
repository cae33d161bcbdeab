"""What the tests of the rules audit's rulings (tests/rules/test_rulings_*.py) share: two people at the table
(blue then yellow, the table's starting rolls), the dragon put on a step, a fight's input, the round screen's
presenter and its texts, and the solo game whose automa take their Tunnel tiles face down (ruling e)."""

from __future__ import annotations

from engine_helpers import automa, card, deck, fight_dice, human, place, roll, table_rolls, without_dice
from flet_helpers import walk

from companion.rules.engine.game import Game
from companion.rules.setup import Setup
from companion.rules.words.decisions import prompt

ORDER = ["blue", "yellow"]


def two_humans(*, seed: int = 4, expansion: bool = True, version: int | None = None, **kw) -> Game:
    """Blue then yellow (base rulebook tables), the table's starting rolls."""
    setup = Setup.build([human("blue"), human("yellow")], expansion=expansion, seed=seed, **kw)
    game = Game(setup) if version is None else Game(setup, version=version)
    game.act({"type": "starting_rolls", "rolls": table_rolls(ORDER)})
    return game


def dragon_to(game: Game, position: int) -> None:
    game.act({"type": "correction", "target": "dragon", "value": position})


def head(game: Game) -> int:
    return game.setup.dragon_track


def set_the_dragon_off(game: Game) -> None:
    """Blue #1 takes the Forge, yellow #1 Excavate; the dragon waits one step below the head; blue #2 scouts and
    angers it (the table's 6): the dragon attacks, nobody in the Temple."""
    place(game, "forge")
    place(game, "excavate")
    dragon_to(game, head(game) - 1)
    place(game, "scout")
    roll(game, 6)


def fight(game: Game, strength: int, players: dict, points: int = 8, **extra) -> list[dict]:
    """The fight's input (a gold tile): under rules version 4 the dice first (``fight_dice``: the app's kept),
    then the axes and the tile. Returns the events of every step made."""
    made = fight_dice(game, players, extra.get("black_die"))
    if game.decision.kind == "attack" and game.decision.dice_first:
        players, extra = without_dice(players), {k: v for k, v in extra.items() if k != "black_die"}
    return made + game.act({"type": "attack_input",
                            "tile": {"strength": strength, "treasure": "gold", "points": points},
                            "players": players, **extra})


def round_presenter(**kw):
    from companion.store.session import GameSession
    from companion.ui.round.presenter import RoundPresenter

    setup = Setup.build([human("blue"), human("yellow")], seed=4, **kw)
    p = RoundPresenter(GameSession.new(setup), app_dice=False)  # the table's dice unless a test says otherwise
    assert p.starting_rolls(table_rolls(ORDER))
    return p


def texts(control) -> list[str]:
    """Every text and button label under ``control``, dropdown options included."""
    return [
        v
        for c in walk(control, ("content", "controls", "options", "label"))
        for v in (getattr(c, name, None) for name in ("value", "text", "label", "content"))
        if isinstance(v, str)
    ]


def quiet_decks():
    """Red's cards send it to the Treasure Hoard first; neither deck uses another dragon space."""
    red = deck("red", *(card(f"R{i}", "treasure_hoard", "forge", "excavate", axes=1) for i in range(1, 8)))
    green = deck("green", *(card(f"G{i}", "excavate", "forge", "trading_post", axes=1) for i in range(1, 8)))
    return {"red": red, "green": green}


def tunnel_game(*, seed: int = 0, expansion: bool = True, version: int | None = None) -> Game:
    """A solo game where blue's first dwarf claims the Tunnel: the automa's Tunnel question is next."""
    setup = Setup.build([human("blue"), automa("red", "red"), automa("green", "green")], expansion=expansion,
                        seed=seed, custom_decks=quiet_decks())  # in the setup, so a record of it replays
    game = Game(setup) if version is None else Game(setup, version=version)
    game.act({"type": "starting_rolls", "rolls": {"blue": 6}})
    while game.decision.kind != "place":
        game.act({"type": "proceed"})
    place(game, "tunnel")
    return game


def automa_take(game: Game, tile: str) -> None:
    """Every automa's Tunnel question is answered with the special tile ``tile``."""
    while game.decision.kind == "question":
        assert game.decision.question == "tunnel"
        game.act({"type": "answer", "value": {"kind": "special", "tile": tile}})


def on_to_blue(game: Game) -> None:
    while not (game.decision.kind == "place" and game.decision.color == "blue"):
        assert game.decision.kind in ("automa_turn", "roll"), prompt(game.decision)
        game.act({"type": "proceed"})


def red_with_stone_beards_loses_to_the_dragon(version: int | None = None) -> tuple[Game, dict]:
    """Red holds Stone Beards face down and 7 gold; blue sets off an attack of strength 20 that red loses.
    Returns the game and the attack's step."""
    game = tunnel_game(version=version)
    automa_take(game, "stone_beards")
    on_to_blue(game)
    game.act({"type": "correction", "target": "gold", "color": "red", "value": 7})
    dragon_to(game, head(game) - 1)
    space = next(s for s in ("scout", "tribute", "supply_wagon", "mana_cave") if s not in game.state.board)
    place(game, space)
    roll(game, 6)
    made = fight_dice(game, {"blue": {"die": 6}})
    players = without_dice({"blue": {"die": 6}}) if made else {"blue": {"die": 6}}
    step = made + game.act({"type": "attack_input", "tile": {"strength": 20, "treasure": "gold", "points": 5},
                            "players": players, "automa_axes": dict(game.decision.axes)})
    return game, step
