"""Replay reads each recorded event a bounded number of times: linear in the record's length.

``Game.from_events`` used to hand every step a copy of the rest of the record, so 10,000 steps replayed in
0.55 s, 100,000 in 42 s. Counted here as reads of the record's events (never as wall time): doubling the
record must about double the reads. The timings are in ``python -m tests.bench.bench`` ("replay N events").
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.engine.game import Game
from companion.rules.setup import Setup


class CountingRecord(Sequence):
    """The record's events, counting every event read (a slice counts each event it copies)."""

    def __init__(self, events: list[dict]) -> None:
        self.events = events
        self.reads = 0

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, index):
        part = self.events[index]
        self.reads += len(part) if isinstance(index, slice) else 1
        return part


def corrections(steps: int) -> Game:
    """A game of many one-event steps (the shape of the record that stalled the app)."""
    game = Game(Setup.solo(seed=1))
    game.act({"type": "starting_rolls", "rolls": {"blue": 3}})
    for i in range(steps):
        game.act({"type": "correction", "target": "dragon", "value": i % 3})
    return game


def reads_to_replay(game: Game) -> tuple[int, int]:
    record = CountingRecord(game.events())
    replayed = Game.from_events(game.setup, record)
    assert replayed.events() == game.events()
    return record.reads, len(record)


def test_replay_reads_each_event_a_bounded_number_of_times():
    small_reads, small_events = reads_to_replay(corrections(1000))
    big_reads, big_events = reads_to_replay(corrections(2000))
    assert small_reads <= 3 * small_events and big_reads <= 3 * big_events, (small_reads, big_reads)
    assert big_reads / small_reads < 2.2  # twice the events, about twice the reads (it was about four times)
