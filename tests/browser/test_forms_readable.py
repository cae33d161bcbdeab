"""Every form of the round screen is readable on a phone (390x844) and on a desktop (1280x800).

A form drawn into a column narrower than its labels shows them a letter a line ("S / t / r / e / n / g / t /
h"), its chips cut at the side: the dragon attack did so at a desktop's size, squeezed into the left half beside
the board. Each test puts a game at one decision in the store (a bot plays a real game up to it, in this
process), opens the round screen on it at a phone's size, then a desktop's, and checks every text and control
on the whole screen (:meth:`AppPage.assert_readable`): each label wider than tall and drawn as a text of its
own, nothing cut at the window's side. Screenshots of each go to the screenshot folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from companion.rules.engine.game import Game
from companion.rules.setup import Player, Setup
from companion.sim.bots import Bot
from companion.store import Store
from companion.store.session import GameSession

pytestmark = pytest.mark.browser


def solo() -> Setup:
    return Setup.solo(seed=1, difficulty="hard")


def two_rahdo() -> Setup:
    """Two people and an automa, the Rahdo variant: the attack form's every part (two humans, the black die). The
    people have names, one of them long: a form says a person by name."""
    return Setup.build(
        [
            Player(color="blue", kind="human", name="Ann"),
            Player(color="yellow", kind="human", name="Wilhelmina Mountainbeard"),
            Player(color="red", kind="automa", deck="red", difficulty="hard"),
        ],
        seed=2,
        variant="rahdo",
    )


def waits_for(kind: str, **details) -> Callable[[Game], bool]:
    """The game waits for ``kind`` (with these ``details``)."""
    return lambda g: g.decision.kind == kind and all(getattr(g.decision, k, None) == v for k, v in details.items())


@dataclass(frozen=True)
class Form:
    setup: Callable[[], Setup]
    at: Callable[[Game], bool]
    #: Texts the form must draw, each a text of its own (a squeezed label can be missing from the tree).
    texts: tuple[str, ...]
    #: Side panel sections to open first (their titles).
    open: tuple[str, ...] = field(default=())


FORMS = {
    "starting-rolls": Form(solo, waits_for("starting_rolls"), ("Blue's die (or the app rolls)",)),
    "automa-turn": Form(solo, waits_for("automa_turn"), ("Set up the table",)),
    "place": Form(solo, waits_for("place"), ("Grow Beard", "Blood Sacrifice")),
    "roll": Form(solo, waits_for("roll"), ("Or tap the die rolled at the table:",)),
    "keep-roll": Form(solo, waits_for("keep_roll", purpose="aggression"), ()),
    "question-number": Form(
        solo, waits_for("question", question="dwarf_king"), ("Achievement points: tap the number",)
    ),
    "question-tile": Form(solo, waits_for("question", question="tunnel"), ("Sapphire", "Diamond")),
    "question-spell": Form(solo, waits_for("question", question="wizards_cave"), ()),
    "question-gems": Form(solo, waits_for("question", question="gems"), ()),
    "attack-dice": Form(solo, waits_for("attack_dice"), ("Blue's die (or the app rolls)", "Roll for me")),
    "attack-dice-two-players-rahdo": Form(two_rahdo, waits_for("attack_dice"), ("Roll for me",)),
    "attack-keep-roll": Form(solo, waits_for("keep_roll", purpose="attack"), ()),
    "attack": Form(
        solo,
        waits_for("attack"),
        ("The dice", "The dragon tile", "Strength", "Takes", "Tile points", "Blue's axes total",
         "Blue casts Frost Bolt (+1)", "Red axes total", "Green axes total"),
    ),
    "attack-two-players-rahdo": Form(
        two_rahdo,
        waits_for("attack"),
        ("The dice", "The dragon tile", "Strength", "Takes", "Tile points", "Ann's axes total",
         "Wilhelmina Mountainbeard's axes total", "Wilhelmina Mountainbeard casts Ice Storm (+2)", "Red axes total"),
    ),
    "next-round": Form(solo, waits_for("next_round"), ("Reset the board",)),
    "final-scores": Form(solo, waits_for("final_scores"), ()),
    "side-panel": Form(
        solo,
        lambda g: g.state.last_die is not None and g.decision.kind != "keep_roll",
        ("Time Warp: re-roll Blue's 6", "Place the golem", "Record spell", "Dragon down", "Dragon up",
         "Make the app match the table", "Dragon position", "Red automa points", "Reveal Red's stash"),
        open=("Spells, special tiles and corrections", "Automa stash (hidden)", "Event log"),
    ),
}


def store_game_at(data_dir, form: Form) -> bool:
    """A game played by a bot up to the form's decision, stored as the newest game in progress with its last
    step undone (Redo brings the form); False when the form is the game's first decision (nothing to undo)."""
    game = GameSession.new(form.setup()).game
    bot = Bot("greedy", 1)
    while not form.at(game):
        assert not game.finished, "the bot's game never came to the form"
        game.act(bot.input_for(game))
    with Store.open(data_dir) as store:
        game_id = store.create_game(game.header(), events=game.events())
        if not game.can_undo:
            return False
        store.undo_step(game_id)
    return True


@pytest.mark.parametrize("name", FORMS)
def test_every_form_is_readable_on_a_phone_and_a_desktop(app, name):
    """On a desktop the screen comes to the form by a tap (Redo of the step that brought it), as at the table: a
    form can be drawn right on a page opened on it, and wrong when a tap brings it to a screen drawn for the
    decision before. Then the window is made a phone's."""
    form = FORMS[name]
    by_tap = store_game_at(app.server.data_dir, form)
    app.open("/round", size="desktop")
    app.expect_text("Next: ")
    if by_tap:
        app.click("Redo: ")
        app.expect_text("Undo: ")
    for title in form.open:
        app.click(title)
    app.shot(f"form-{name}")
    app.assert_readable(f"the {name} form", form.texts)
    app.resize("phone")
    app.shot(f"form-{name}")
    app.assert_readable(f"the {name} form", form.texts)
