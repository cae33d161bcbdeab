"""Rules help: short summaries in the app's own words (no Flet here).

Nothing here is rulebook text: it is the app's brief reminder of what each space and each automa effect does,
for a player who knows the game and wants a quick check at the table. The rulebooks remain the authority.
Values the rulebooks do not print come from the reference data and are marked "estimate" (or "your copy"
once corrected in Settings).

>>> secs = rules_sections(load_reference())
>>> [s.key for s in secs][:3]
['spaces', 'automa', 'dragon']
>>> "Take 2 gold" in secs[0].entry("treasure_hoard").text
True
>>> APP_DECISIONS[0].startswith("Estimates")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.rules.board.spaces import SPACES, TAVERN_SPACES
from companion.rules.reference import Reference, load_reference
from companion.rules.scoring import load_scoring
from companion.rules.setup import standard_rounds
from companion.store.settings import CORRECTABLE, Settings

__all__ = [
    "APP_DECISIONS",
    "Entry",
    "Section",
    "SPACE_SUMMARIES",
    "automa_table",
    "beard_ranks",
    "corrected_values",
    "filter_sections",
    "load_reference",
    "rules_sections",
]


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    text: str
    #: "estimate" or "your copy" when the text uses such a value, else "".
    mark: str = ""


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    icon: str  # a Material icon name (``ft.Icons`` member)
    entries: tuple[Entry, ...]
    intro: str = ""

    def entry(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)


# --------------------------------------------------------------------------------------------- the spaces
# One summary per action space id (companion/rules/board/spaces.py). Tavern texts get their reward appended from
# the reference data, because those rewards are estimates.
SPACE_SUMMARIES: dict[str, str] = {
    "tunnel": (
        "Buy one of the four face-up mine tiles and add it to your mine with every track lining up, then "
        "seed it with the gems it shows. Prices run from 1 beer or 1 gold for the cheapest slot to 2 beer "
        "and 2 gold for the dearest. All play: the claimant takes 2 beer; then each other player may buy a "
        "tile."
    ),
    "mine": (
        "Choose one gem colour. Take one gem from each of your tiles holding it, plus 1 bonus gem when two "
        "such tiles are joined by track, or 2 when three or more are (one bonus per action). All play: the "
        "claimant takes any 2 gems; then each other player may mine."
    ),
    "gem_market": (
        "Pay the gems a face-up contract asks for, from your supply and never from your mine, and take its "
        "gold plus any coins lying on it; the market refills. Mana cannot be sold here. All play: the "
        "claimant takes 2 gold; then each other player may sell."
    ),
    "dwarf_king": (
        "Claim one face-up achievement you meet: you only show what it asks for and keep it. Score its "
        "points; the row refills. All play: the claimant takes 2 points; then each other player may claim "
        "one."
    ),
    "excavate": (
        "Up to three times, each on a gem tile: pay 1 gold or 1 beer, add 3 gems of the tile's colour minus "
        "one for each dirt pile already on it, then add a dirt pile."
    ),
    "forge": "Pay 1 beer or 1 gem (mana counts) and draw an axe from the bag. Keep its value hidden.",
    "temple": (
        "Pay 2 gold for 5 points. While your dwarf stands here you may re-roll each of your own dice once, "
        "whether or not you bought the points."
    ),
    "trading_post": (
        "Make up to two trades, the same one twice if you like: 1 gold for 1 beer, 1 gold for an axe, 1 gold "
        "for any 2 gems, or 2 gems for 1 gold."
    ),
    "treasure_hoard": "Take 2 gold, then roll for the dragon.",
    "supply_wagon": "Take 2 beer, then roll for the dragon.",
    "scout": "Draw an axe and secretly look at the top dragon tile, then roll for the dragon.",
    "tribute": (
        "Remove up to two face-up market cards, mine tiles or achievements (with the expansion also spells), "
        "in any mix, and refill the rows. Coins on a removed contract go back. Then roll for the dragon."
    ),
    "tavern_1": "The top tavern space.",
    "tavern_2": "The second tavern space.",
    "tavern_3": "The third tavern space.",
    "tavern_4": "The bottom tavern space.",
    "mana_cave": "Expansion. Take 2 mana gems, then roll for the dragon.",
    "wizards_cave": (
        "Expansion. Draft one face-up spell for free into your spell book (three spells at most; drop one if "
        "you go over); the row refills. All play: the claimant takes 2 mana; then each other player may "
        "draft."
    ),
}

_TAVERN_COMMON = (
    " Locked: nobody can dislodge a dwarf here. At the end of the round the tavern sets the next turn order."
)


def _tavern_reward_text(ref: Reference, space: str) -> str:
    t = ref.tavern_reward(space)
    if t.reward == "none":
        return " Reward: none."
    unit = {"gold": "gold", "beer": "beer", "gems": "gems" if t.amount != 1 else "gem"}[t.reward]
    return f" Reward: {t.amount} {unit}."


# --------------------------------------------------------------------------------------------- automa
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
        (what, getattr(rates["easy"], f), getattr(rates["hard"], f), getattr(rates["punishing"], f))
        for what, f in _AUTOMA_ITEMS
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


_AUTOMA_ENTRIES = (
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
        "bonus. Everything an automa gains goes into its hidden stash (or beside its deck when the table keeps "
        "its things).",
    ),
    Entry(
        "dragon",
        "Dragon fights",
        "Each automa rolls a die: the app rolls it. At its place in the turn "
        "order it draws a new card; the axe box says how many axes it takes from the bag, drawn only when "
        "the fight is revealed. Its defence is its die plus those axes, and it can win the dragon tile.",
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


# --------------------------------------------------------------------------------------------- decisions
#: Choices the app makes where the rulebooks are silent. Append to this list when you add one.
APP_DECISIONS: list[str] = [
    "Estimates of reference values the rulebooks do not print (the dragon track's length, starting gold by "
    "position, the tavern rewards) are marked 'estimate' wherever they are used; correct each from your own "
    "copy in Settings and it is marked 'your copy'.",
    "Ties the rules leave open are broken by turn order: the player earlier in the order goes first.",
    "All-play walks start from the top of the turn order and skip the player who claimed the space.",
    "The automa decks shipped with the app are its own design, built to the card layout the rulebook "
    "describes; you can import a transcription of the printed cards on the Decks screen.",
    "An automa that claims an all-play space draws its own card for the action too, before the others.",
    "An automa's reshuffle at the end of a round takes its whole deck, the cards not drawn with the discards. "
    "When its deck runs out, the discards are shuffled at its next draw: the same cards as shuffling them at once.",
    "When the dragon takes gems from an automa, they come from its largest pile first.",
    "The virtual axe bag draws each axe on its own, worth 1 three times in four and 2 once in four: it does not "
    "know which axes the table has taken out of the real bag.",
    "Stone Beards: the loss is a quarter of the treasure, rounded up; the longest beard is not captured.",
    "Dragon Song counts while its owner's dwarf (or golem) stands on Treasure Hoard when a dragon roll is made: "
    "every roll then, anyone's and from any space, needs 5 or more. Once that dwarf is dislodged, 3 or more again.",
    "The automa keeps its Tunnel tiles face down, so a special tile gives it no power: Stone Beards does not "
    "save its dwarf or halve its loss, Dragon Song does not raise the dragon roll. It still counts as a mine "
    "tile at the end.",
    "A loser whose longest beard is already captured loses the next longest dwarf instead.",
    "A dwarf the dragon captures from a space leaves it: the space is open again, and a dwarf captured from the "
    "tavern no longer sets the turn order.",
    "Grow Beard and Blood Sacrifice do not open the tavern: its spaces stay locked.",
    "The golem does not count for turn order in the tavern, and in the Temple it gives no re-roll (that needs "
    "your own dwarf); on Treasure Hoard it counts for its controller's Dragon Song.",
    "Draco Speak may move the dragon onto the head of the track; the dragon then attacks at once, set off by "
    "the caster (who rolls the Rahdo black die).",
    "A dwarf with no space it may take (more dwarves than spaces, or no card of an automa's deck fits) sits "
    "out the rest of the round.",
    "The Temple re-roll is offered for every die the app rolls for you while your dwarf is in the Temple: your "
    "dragon roll, your fight die and, under Rahdo, the black die when you set the dragon off. A fight die the "
    "app rolled is shown before the fight only when a re-roll could change who loses or who takes the tile; a "
    "dragon roll always can. The automa never re-roll.",
    "Time Warp re-rolls your own die: the app's die is re-rolled by the app, a die rolled at the table is "
    "re-rolled there and you enter the new value. Cast it on a dragon roll right after the roll (an attack "
    "that roll started is called off if the new die does not move the dragon), or on a fight die when the app "
    "shows it. Undo is no free re-roll: the same spell after an undo gives the same die.",
    "A base game (no Caverns of Gandûm) has no spells, golem or Spell Chamber: the app does not offer them.",
    "A game keeps the rules of the app version it was started with, so an older saved game or record plays "
    "on and replays as it was made.",
    "The automa's gem colours for an all-play bonus or the tavern are chosen by the humans; the colour does "
    "not change the automa's score.",
    "Export for BG Stats: in a solo game a tie with an automa is a loss, so the automa is ranked ahead of you "
    "and marked the winner; otherwise ties go by the final turn order.",
    "Solo: a tie with an automa is a loss, so on equal points the automa ranks ahead of you on the score "
    "sheet, the final screen and in History too. Two tied automa go by the final turn order.",
    "The set chart's 0 tiles scores 0: not printed, it is the app's reading (no tile, no set).",
    "Rounds and dwarves follow the rulebook tables by the number of people: an automa fills a seat and does not "
    "change the row. A solo game uses the expansion's solo line (5 rounds, dwarves 1 to 5) in the base game too.",
    "The expansion adds an automa to a game of two; 'No automa' on New game lets two people play without one, "
    "on the same line (6 rounds, dwarves 1 to 5).",
    "Tied starting rolls are rolled again with the app's die, for people too; only the tied players re-roll.",
    "The automa skip the spell draft and never cast spells.",
    "The app rolls every die of an automa (its starting roll, dragon rolls and fight die) where the rulebook has "
    "a player roll it.",
    "On a space the automa rules do not cover (Supply Wagon, Scout, Tribute, Forge, Temple, Excavate, Trading "
    "Post, a tavern space with no gold or gem reward) an automa's dwarf only holds the space; on a dragon space "
    "it still rolls for the dragon.",
    "At the Mine an automa does nothing, so it draws no card for it, whoever claimed the space.",
    "Mana gems left in your mine are counted with your other gems: the whole count is halved and rounded up "
    "once.",
    "When the table keeps the automa's things (a New game choice), the app asks nothing about them in play: "
    "it says what each automa takes and where it goes, and asks their counts once, on the end-of-game sheet. "
    "Its special tiles lie face down there too, with no power.",
]


# --------------------------------------------------------------------------------------------- assembly


def _mark(ref_source: str, corrected: bool) -> str:
    if corrected:
        return "your copy"
    return "estimate" if ref_source == "estimate" else ""


def corrected_values(settings: Settings) -> list[str]:
    """The reference values the owner corrected to their printed copy: marked "your copy", not "estimate"."""
    return [n for n in CORRECTABLE if settings.is_corrected(n)]


def rules_sections(reference: Reference, corrected: Iterable[str] = ()) -> list[Section]:
    """All sections, with the values of ``reference`` (the effective one: corrections applied).

    ``corrected`` names the reference values the user corrected (:func:`corrected_values`).
    """
    corrected = set(corrected)
    space_entries = []
    for space in SPACES.values():
        text = SPACE_SUMMARIES[space.id]
        mark = ""
        if space.id in TAVERN_SPACES:
            text += _tavern_reward_text(reference, space.id) + _TAVERN_COMMON
            mark = _mark(reference.tavern_reward(space.id).source, space.id in corrected)
        title = space.name
        if space.dragon and "dragon" not in text:
            text += " Then roll for the dragon."
        space_entries.append(Entry(space.id, title, text, mark))

    length = reference.dragon_track.length
    track_mark = _mark(reference.dragon_track.source, "dragon_track" in corrected)
    gold = reference.starting_gold.by_position
    gold_mark = _mark(reference.starting_gold.source, "starting_gold" in corrected)
    dragon_entries = (
        Entry(
            "aggression",
            "Dragon rolls",
            "After acting on a dragon space (Treasure Hoard, Supply Wagon, Scout, Tribute, Mana Cave), or "
            "choosing not to, roll a die: on 3 or more the dragon climbs one step.",
        ),
        Entry(
            "track",
            "The track",
            f"The dragon attacks when it reaches its head, {length} steps up from zero.",
            track_mark,
        ),
        Entry(
            "attack",
            "An attack",
            "It happens at once; dislodged dwarves wait until it is over. Everyone rolls a die, then in turn "
            "order puts down axes face down (each is worth 1 or 2). The top dragon tile is turned up. A "
            "defence (die plus axes) equal to or above its strength is safe.",
        ),
        Entry(
            "losing",
            "Losing",
            "Give back half of the gold or of the mined gems, whichever the tile names, rounded up (gems in "
            "your mine are safe), and your dwarf with the longest beard is captured until the next round.",
        ),
        Entry(
            "winning",
            "Winning the tile",
            "The highest safe defence takes the tile and its points; ties go to the earlier player in turn "
            "order. If nobody is safe, the tile leaves the game. Spent axes go back into the bag and the "
            "dragon returns to zero.",
        ),
    )
    base = {n: standard_rounds(expansion=False, humans=n) for n in (2, 3, 4)}
    exp = {n: standard_rounds(expansion=True, humans=n) for n in (1, 2, 3, 4)}
    order_entries = (
        Entry(
            "start",
            "Starting order",
            "Everyone rolls; highest goes first, ties roll again. Starting gold rises with the position: "
            + ", ".join(f"{g}" for g in gold)
            + " for the 1st to 4th player. Automa get starting gold but no beer.",
            gold_mark,
        ),
        Entry(
            "placing",
            "Placing dwarves",
            "The lowest beard number places first; equal numbers go in turn order. A dwarf may dislodge a "
            "dwarf with a smaller number (never your own, never in the tavern); the dislodged dwarf places "
            "again later in the same order.",
        ),
        Entry(
            "tavern",
            "New turn order",
            "When every dwarf is placed, the tavern sets the next order from the top space down, counting "
            "only each player's highest dwarf there. Players not in the tavern follow, keeping their order.",
        ),
        Entry(
            "rounds",
            "Rounds",
            f"Base game: {base[4]} rounds with 4 players, {base[3]} with 3, {base[2]} with 2. Expansion: "
            f"{exp[4]}, {exp[3]} and {exp[2]}. Solo: {exp[1]}. After the last round there is no reset: score "
            "the game.",
        ),
    )
    return [
        Section(
            "spaces",
            "Action spaces",
            "GRID_VIEW",
            tuple(space_entries),
            intro="One dwarf per space. All-play spaces give their claimant a bonus, then let everyone act.",
        ),
        Section("automa", "The automa", "SMART_TOY", _AUTOMA_ENTRIES),
        Section("dragon", "The dragon", "LOCAL_FIRE_DEPARTMENT", dragon_entries),
        Section("order", "Turn order", "FORMAT_LIST_NUMBERED", order_entries),
        Section(
            "decisions",
            "Where the app decided",
            "RULE",
            tuple(Entry(f"decision_{i + 1}", f"{i + 1}.", text) for i, text in enumerate(APP_DECISIONS)),
            intro="Where the rulebooks are silent, this is what the app does.",
        ),
    ]


def filter_sections(sections: Iterable[Section], query: str) -> list[Section]:
    """Only the entries whose title or text contains every word of ``query`` (case-insensitive).

    An empty query keeps everything; sections left without entries are dropped.
    """
    words = query.lower().split()
    if not words:
        return list(sections)
    out = []
    for s in sections:
        hits = tuple(e for e in s.entries if all(w in f"{s.title} {e.title} {e.text}".lower() for w in words))
        if hits:
            out.append(Section(s.key, s.title, s.icon, hits, s.intro))
    return out
