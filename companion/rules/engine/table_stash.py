"""When the table keeps the automa's things (``Setup.table_stash``): say what to take, ask nothing.

With the app keeping the stash, an automa's all-play card or a gem reward becomes a question (how many points
was the achievement worth, which tile was it, which colours). With the table keeping it, as the rulebook plays
it, the gold, gems and tiles lie beside each automa's deck and its score marker moves on the board; the app
emits a ``table_keeps`` event instead, which the board words turn into one plain instruction, and the play
goes on without a question. The counts are asked once, on the end-of-game sheet.

``what`` names the instruction:

- ``gems``: take ``count`` gems of the humans' choice (a Mine claim, a tavern gem space);
- ``achievement``: discard the achievement at ``position``; the automa scores its points on the board;
- ``contract``: discard the ``gem`` contract above the gold icon; its coins go beside the automa's deck;
- ``tile``: take the mine tile at ``position``, face down beside the deck, with the gems it shows;
- ``spell``: discard the spell at ``position``; Charm or Mind Control move the score marker;
- ``loss``: a lost dragon fight: return ``share`` (half, or a quarter with Stone Beards) of the ``treasure``.

An automa's special tile has no power (its Tunnel tiles lie face down), so its loss is always
half. Rules version 1 let the table say an automa holds one (Spells and tiles on the round screen), and then its
power counted, as for a human.
"""

from __future__ import annotations

from companion.rules.engine.step_log import StepLog

#: The all-play question of ``automa.all_play_question`` -> the instruction when the table keeps the stash.
ALL_PLAY_WHAT = {"dwarf_king": "achievement", "gem_market": "contract", "tunnel": "tile", "wizards_cave": "spell"}


class TableStash:
    """The instructions that replace the stash questions when the table keeps the automa's things."""

    def __init__(self, step_log: StepLog) -> None:
        self.step_log = step_log

    def gems(self, color: str, count: int, space: str) -> None:
        self.step_log.emit("table_keeps", color=color, what="gems", count=count, space=space)

    def all_play(self, color: str, card: str, question: dict, after: list[str]) -> None:
        fields = {k: question[k] for k in ("position", "gem") if k in question}
        self.step_log.emit("table_keeps", color=color, what=ALL_PLAY_WHAT[question["question"]], card=card, after=after,
                      **fields)

    def loss(self, color: str, treasure: str, stone_beards: bool) -> None:
        self.step_log.emit("table_keeps", color=color, what="loss", treasure=treasure,
                      share="quarter" if stone_beards else "half")
