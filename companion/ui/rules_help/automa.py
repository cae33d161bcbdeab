"""Rules help, "The automa": how an automa places, fights and scores; its scoring table and the beard ranks come
from the scoring data (one source of truth with the score sheet)."""

from __future__ import annotations

from companion.rules.names import DIFFICULTIES
from companion.rules.scoring import load_scoring
from companion.ui.rules_help.model import Entry

#: What an automa scores per item at the end of the game: (item, the field of the scoring data's table).
_AUTOMA_ITEMS: tuple[tuple[str, str], ...] = (
    ("mine tile in its stack, gem or special", "mine_tile"),
    ("gold", "gold"),
    ("mined gem", "mined_gem"),
    ("gem mine tile in its stack (special tiles do not count)", "gem_mine_tile"),
)


def automa_table() -> tuple[tuple[str, int, int, int], ...]:
    """(item, easy, hard, punishing) from the scoring data (one source of truth with the score sheet)."""
    rates = load_scoring().automa
    return tuple(
        (what, *(getattr(rates[level], f) for level in DIFFICULTIES)) for what, f in _AUTOMA_ITEMS
    )


def beard_ranks() -> tuple[tuple[int, str], ...]:
    """(lowest winning score, rank) from the scoring data."""
    return tuple((b.min_points, b.name) for b in load_scoring().beard_ranks)


def _automa_table_text() -> str:
    lines = [f"{what}: {e} / {h} / {p}" for what, e, h, p in automa_table()]
    return (
        "An automa scores from its stash, not from the player's reference card. Points per item at "
        "Easy / Hard / Punishing: " + "; ".join(lines) + ". Add the points it made on the track."
    )


def _beard_text() -> str:
    parts = []
    ranks = beard_ranks()
    for i, (low, name) in enumerate(ranks):
        high = ranks[i + 1][0] - 1 if i + 1 < len(ranks) else None
        parts.append(f"{name} {low}-{high}" if high is not None else f"{name} {low} or more")
    return (
        "You win a solo game only by scoring more than both automa; a tie with either is not a win. "
        "A winning score earns a beard rank: " + ", ".join(parts) + "."
    )


AUTOMA_ENTRIES = (
    Entry(
        "placement",
        "Placing a dwarf",
        "When an automa places, draw a card from its own deck. It goes to the card's primary space if it "
        "can, dislodging the dwarf there when the normal dislodge rules allow it; otherwise it tries the "
        "secondary, then the tertiary space. If none is possible, discard the card and draw again until one "
        "fits.",
    ),
    Entry(
        "dislodging",
        "Dislodging",
        "The automa follows the players' rules: only a dwarf with a smaller number, never its own, never in "
        "the tavern. A "
        "dislodged automa dwarf goes back to its bed and places again later in the normal order, with a new "
        "card.",
    ),
    Entry(
        "all_play",
        "All-play spaces",
        "An automa takes part in every all-play action, whoever claimed it: draw a new card and read its "
        "all-play part. Dwarf King: discard the achievement at the card's position, counted from the left; "
        "the automa scores its points. Gem Market: discard the contract above the gold icon in the card's "
        "colour; the automa keeps only the coins lying on it. Tunnel: take the tile with the card's cost; "
        "the automa keeps its gems and the tile face down, pays nothing and never takes beer. Mine: no "
        "mining. Wizard's Cave: discard the spell at the card's position; Charm and Mind Control give the "
        "automa their points.",
    ),
    Entry(
        "claims",
        "Spaces the automa claims",
        "Treasure Hoard: 2 gold and a dragon roll. Mana Cave: 2 mana and a dragon roll. Tavern gem space: 2 "
        "gems, colours chosen by the players. Tavern gold space: 1 gold. Mine: 2 gems chosen by the players. "
        "Dwarf King: 2 points, Gem Market: 2 gold, Wizard's Cave: 2 mana, as the all-play bonus. Tunnel: no "
        "bonus. The app keeps what an automa gains, its hidden stash: nothing moves on the table (a tile it takes "
        "is set aside face down, a contract's coins go back to the supply). Its things go beside its deck when the "
        "table keeps its things.",
    ),
    Entry(
        "dragon",
        "Dragon fights",
        "Each automa rolls a die: the app rolls it, with everyone's dice, first. Then it draws a new card: the "
        "app draws it once every die is settled and shows its axes at its place in the turn order on the attack "
        "form, so the people before it declare theirs first. The axe box says how many axes it takes from the "
        "bag, drawn only when the tile is revealed. Its defence is its die plus those axes, and it can win the "
        "dragon tile.",
    ),
    Entry(
        "reshuffle",
        "Reshuffles",
        "Each automa's discard pile is shuffled back into its deck when the deck runs out, and at the end of "
        "every round. The two decks never mix.",
    ),
    Entry("end_table", "End-game scoring", _automa_table_text()),
    Entry("solo", "Solo verdict and beard ranks", _beard_text()),
)
