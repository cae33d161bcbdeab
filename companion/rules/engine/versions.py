"""The rules versions: a game is played, saved and replayed under the rules version it was made with.

The version is the game record's format version (``companion.record.format``): it goes up when a rules change makes
the same inputs give another game. A game keeps its version for life, so a record or a stored game made before
a change still replays, and a game resumed after an update goes on under the rules it began with.

- 1: the first rules.
- 2: the rules audit: the Temple re-roll for every die the app rolls for its occupant, the fight die
  shown before the fight only when it can change the result; Time Warp re-rolls a die; a base game refuses the
  expansion (spells, golem, Spell Chamber); the automa's face-down Tunnel tiles give it no power; Draco Speak may
  move the dragon onto the head (it attacks at once).
- 3: a fight die is shown to its owner only when they have a re-roll for it (the Temple's, or Time Warp in the
  expansion): a base game no longer asks "keep or re-roll?" with "keep" the only answer; a base game refuses
  the expansion's mana in a correction too (``companion.rules.editions``).
- 4: the dragon fight in the rulebook's order: every die first (the people's entered or rolled by the app at
  once, "keep or re-roll?" asked of each app die its owner may re-roll, before anything else of the fight is
  known), then each automa's axe card, then the axes and the tile (``dragon_attack``); the attack's event
  holds every fighter's die and axes.
"""

from __future__ import annotations

RULES_VERSION = 4
KNOWN_VERSIONS = (1, 2, 3, 4)
