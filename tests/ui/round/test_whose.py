"""Whose phone is this (companion/ui/round/whose.py): a joined phone says once which human player holds it, or
that its person is watching, and the round screen says "your move" on that player's phone only."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.rules.setup import Player, Setup
from companion.server import sharing
from companion.store.session import GameSession
from companion.ui.round import whose
from companion.ui.round.presenter import RoundPresenter, seats
from companion.ui.settings.share_presenter import SharePresenter
from companion.ui.shell.capabilities import Sharing

SEED = 1133  # blue rolls 4: the red automa places, then blue


@pytest.fixture
def table():
    return sharing.Table("http://192.168.1.20:8550", "tm")


def page(table: sharing.Table | None, token: str | None, here: bool):
    """A page's context as the app command hands it over: at the shared ``table`` (None: this computer only)."""
    return SimpleNamespace(sharing=Sharing(table, token, here) if table is not None else None)


def test_a_joined_phone_is_asked_once_per_game_and_the_host_never(table):
    phone, host = page(table, table.join(table.code), False), page(table, table.join(table.code), True)
    assert whose.needs_asking(phone, 1) and not whose.needs_asking(host, 1)
    assert not whose.needs_asking(page(None, None, True), 1)  # this computer only: no table, nobody asked
    whose.pick(phone, 1, "blue")
    assert whose.owner(phone, 1) == "blue" and not whose.needs_asking(phone, 1)
    assert whose.owner(page(table, phone.sharing.device, False), 1) == "blue"  # another tab of that phone
    assert whose.needs_asking(phone, 2)  # a new game: the phone may hold another colour
    whose.pick(phone, 1, None)
    assert whose.needs_asking(phone, 1)
    whose.pick(host, 1, "blue")
    assert whose.owner(host, 1) is None


def test_the_choices_are_the_games_humans_then_watching():
    setup = Setup.solo(seed=SEED)
    assert [(c.label, c.value) for c in whose.choices(seats(setup))] == [("Blue", "blue"),
                                                                         ("Just watching", whose.WATCHING)]


def test_your_move_is_said_on_the_placers_phone_only():
    p = RoundPresenter(GameSession.new(Setup.solo(seed=SEED)))
    assert p.starting_rolls({"blue": 4}) and p.proceed()
    assert p.view().banner == "Blue #1 — your move: tap a space"  # everyone's screen
    p.owner = "blue"
    assert p.view().banner == "Blue #1 — your move: tap a space"
    p.owner = whose.WATCHING
    assert p.view().banner == "Blue #1 — Blue's move"
    p.owner = "yellow"
    assert p.view().banner == "Blue #1 — Blue's move"


def test_a_phone_says_whose_it_is_in_settings(table):
    phone = table.join(table.code)
    view = SharePresenter(table, phone, host=False, whose="Ann (Blue)").view()
    assert view.whose == "This phone: Ann (Blue)."
    assert SharePresenter(table, phone, host=True, whose="Ann (Blue)").view().whose is None


def test_two_people_each_see_your_move_on_their_own_phone_only():
    setup = Setup.build(
        [
            Player(color="blue", kind="human", name="Ann"),
            Player(color="yellow", kind="human", name="Bob"),
            Player(color="red", kind="automa", deck="red", difficulty="hard"),
        ],
        seed=SEED,
    )
    p = RoundPresenter(GameSession.new(setup))
    assert [c.label for c in whose.choices(p.view().seats)] == ["Ann (Blue)", "Bob (Yellow)", "Just watching"]
    assert p.starting_rolls({"blue": 4, "yellow": 2})
    for _ in range(10):  # to the first human placement
        if p.view().decision == "place":
            break
        assert p.proceed(), p.error
    view = p.view()
    placer = p.game.setup.player(view.banner_color)
    other = next(h for h in setup.humans if h.color != placer.color)
    p.owner = placer.color
    assert p.view().banner.endswith("— your move: tap a space") and p.view().banner.startswith(placer.name)
    p.owner = other.color
    assert p.view().banner.endswith(f"— {placer.name}'s move")
