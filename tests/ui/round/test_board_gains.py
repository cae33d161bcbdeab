"""The round screen's "On the board" says an automa's gains for the game's mode, as the rules help does (rules
audit, D6): the app keeps them (its hidden stash: nothing moves) or the table does (beside the deck)."""

from engine_helpers import automa, card, deck, human

from companion.rules.setup import Setup
from companion.store.session import GameSession
from companion.ui.round.presenter import RoundPresenter
from companion.ui.rules_help.automa import AUTOMA_ENTRIES


def hoard_claimed(stash: str) -> RoundPresenter:
    """A solo game whose red automa's every card leads to the Treasure Hoard, played until it claims it."""
    red = deck("red", *(card(f"R{i}", "treasure_hoard", "forge", "temple") for i in (1, 2)))
    green = deck("green", *(card(f"G{i}", "forge", "temple", "scout") for i in (1, 2)))
    setup = Setup.build([human("blue"), automa("red", "red"), automa("green", "green")], seed=3, expansion=True,
                        stash=stash, custom_decks={"red": red, "green": green})
    p = RoundPresenter(GameSession.new(setup))
    assert p.starting_rolls({"blue": 4})
    for _ in range(30):
        if any(e["type"] == "gain" and e.get("reason") == "Treasure Hoard" for e in p.game.steps[-1]):
            return p
        v = p.view()
        if v.decision == "place":
            assert p.tap_space(next(c.space for c in v.cells if c.status == "free" and c.space != "treasure_hoard"))
        else:
            assert p.proceed(), v.decision
    raise AssertionError("red never claimed the Treasure Hoard")


def test_an_app_kept_claim_moves_nothing_and_a_table_kept_one_goes_beside_the_deck():
    said = hoard_claimed("app").view().instructions
    assert "Red automa gains 2 gold into its hidden stash: nothing to move, the app counts them" in said
    assert not any("beside" in line for line in said)
    said = hoard_claimed("table").view().instructions
    assert "Red automa takes 2 gold from the supply: put them beside its deck" in said


def test_the_rules_help_says_the_same_of_both_modes():
    claims = next(e.text for e in AUTOMA_ENTRIES if e.key == "claims")
    assert "hidden stash" in claims and "nothing moves on the table" in claims
    assert "beside its deck when the table keeps its things" in claims
