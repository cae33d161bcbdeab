"""Rules help, "Where the app decided": the choices the app makes where the rulebooks are silent."""

from __future__ import annotations

from companion.ui.rules_help.model import Entry

#: Choices the app makes where the rulebooks are silent. Append to this list when you add one.
APP_DECISIONS: list[str] = [
    "Estimates of reference values the rulebooks do not print (the dragon track's length, starting gold by "
    "position, the tavern rewards) are marked 'estimate' wherever they are used; correct each from your own "
    "copy in Settings and it is marked 'your copy'. In the tavern the bottom space's two gems are printed and stay "
    "as printed; the one gold is printed too, and only that the second space pays it is the app's guess.",
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
    "dragon roll, your fight die and, under Rahdo, the black die when you set the dragon off. The automa never "
    "re-roll.",
    "A dragon fight goes in the rulebook's order: every die first, then the axes in turn order, then the tile. "
    "The app rolls the automa's dice when the dragon reaches the head; each person taps the die they rolled or "
    "leaves it to the app (with the app's dice, Settings, it rolls them in the same tap that set the dragon off, "
    "unless Time Warp may still re-roll that dragon roll). "
    "A fight die the app rolled for you is shown to you, \"keep or re-roll?\", before anyone spends an axe or the "
    "tile is turned, whatever it shows; a die you rolled at the table you re-roll there, then tap its final face.",
    "Each automa draws its axe card once every fight die is settled, all together, in turn order. The attack "
    "form lists the fighters in turn order with each automa's axes in its own place: the people above it set "
    "their axes (face down at the table) before reading further, as if it drew at its turn to declare. Its axes "
    "come out of the bag once the tile is revealed; the virtual axe bag draws them then too.",
    "Games started before the fight's order was fixed (rules version 3 and earlier) play on as they began: the "
    "dice, the axes and the tile were entered together, the app rolled its dice after them, and a fight die the "
    "app rolled was shown before the fight only when a re-roll could change who loses or who takes the tile; "
    "the automa's axe cards were drawn as the dragon reached the head.",
    "The app asks \"keep or re-roll?\" only when you have a re-roll for that die: your Temple re-roll not yet "
    "used on it, or Time Warp (Caverns of Gandûm only). Otherwise the die just stands: in a base game a die "
    "outside the Temple, or one the Temple has already re-rolled, counts as rolled.",
    "Time Warp re-rolls your own die: the app's die is re-rolled by the app, a die rolled at the table is "
    "re-rolled there and you enter the new value. Cast it on a dragon roll right after the roll (an attack "
    "that roll started is called off if the new die does not move the dragon), or on a fight die when the app "
    "shows it. Undo is no free re-roll: the same spell after an undo gives the same die.",
    "A base game (no Caverns of Gandûm) has no spells, golem or Spell Chamber, no mana and no Mana Cave or "
    "Wizard's Cave: the app does not offer them, and refuses them in one line wherever they come (a correction, "
    "an answer, a score sheet, a game record).",
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
    "Mana gems left in your mine are counted with your other gems: the whole count is halved and rounded up once.",
    "When the table keeps the automa's things (a New game choice), the app asks nothing about them in play: "
    "it says what each automa takes and where it goes, and asks their counts once, on the end-of-game sheet. "
    "Its special tiles lie face down there too, with no power.",
    "Three people and an automa in Caverns of Gandûm: the people's row gives everyone dwarves 1 to 5, so 20 "
    "dwarves come to 18 spaces, and in many rounds the dwarves left with no space sit out (fewer when the dragon "
    "has captured some; New game says so). The "
    "Caverns rulebook suggests an extra dwarf and one round fewer with an automa, only as a suggestion (New "
    "game, Custom automa setup): the extra dwarf means more of them sit out.",
    "The golem: any person may place it, or move it, between two dwarf actions, not only on their own turn. "
    "Moving your own golem while it stands on the board is a new Stone Golem cast; placing it again after "
    "another player dislodged it is not. Grow Beard with the golem means a dwarf with Grow Beard dislodges it "
    "(its beard counts as 1, so even a #1 dwarf may); the spell never makes the golem's beard longer, and no "
    "dwarf dislodges its own player's golem.",
    "The rulebooks print the gems of the blue (sapphire) and red (ruby) starting tiles only: green's emerald and "
    "yellow's diamond are the app's estimates. The score sheet marks them and asks the type of each player's "
    "starting tile, starting from the estimate; the sheet keeps the type it was scored with.",
]


def decision_entries() -> tuple[Entry, ...]:
    """The decisions numbered in order, a numbered entry each."""
    return tuple(Entry(f"decision_{i + 1}", f"{i + 1}.", text) for i, text in enumerate(APP_DECISIONS))
