"""Shared by the game store's test modules (tests/store/test_games_*.py): a game header, a builder of
well-formed synthetic steps, the writer process that is killed under fire, and the check that a store survived
it whole."""

from __future__ import annotations

from pathlib import Path

from companion.store import Store

WRITER = Path(__file__).resolve().parents[1] / "store_writer.py"
REPO = WRITER.parent.parent
HEADER = {
    "format": "treasure-companion-record",
    "version": 1,
    "setup": {
        "players": [
            {"color": "blue", "kind": "human", "name": None},
            {"color": "red", "kind": "automa", "deck": "red", "difficulty": "hard"},
        ],
        "seed": 7,
    },
}


class Log:
    """Builds well-formed synthetic steps, the way the engine numbers them. Like ``create_game(HEADER)``, it
    starts with an empty step 0 (the setup of a game without automa)."""

    def __init__(self) -> None:
        self.steps: list[list[dict]] = [[]]

    def step(self, n: int = 1, **fields) -> list[dict]:
        number = len(self.steps)
        seq = len(self.events) + 1
        events = [{"seq": seq + i, "step": number, "type": "place", "i": i, **fields} for i in range(n)]
        self.steps.append(events)
        return events

    def undo(self) -> list[dict]:
        return self.steps.pop()

    @property
    def events(self) -> list[dict]:
        return [e for s in self.steps for e in s]



def check_store(folder: Path, last: tuple[int, int, int] | None) -> None:
    """Every game opens; seq contiguous from 1; every step whole; the last reported write is there."""
    with Store.open(folder) as s:
        assert s.notice is None, s.notice  # a crash must never look like damage
        for info in s.list_games():
            saved = s.load(info.id)
            assert [e["seq"] for e in saved.events] == list(range(1, len(saved.events) + 1))
            steps: dict[int, list[dict]] = {}
            for e in saved.events:
                steps.setdefault(e["step"], []).append(e)
            # Step 0 (the setup) may have no events; every later step has some.
            assert list(steps) == list(range(saved.steps - len(steps), saved.steps))
            undone = {saved.steps + k: step for k, step in enumerate(reversed(saved.redo_steps))}
            for n, step in [*steps.items(), *undone.items()]:
                assert {e["step"] for e in step} == {n}
                assert [e["i"] for e in step] == list(range(step[0]["of"])), f"game {info.id} step {n} is torn"
            if last and last[0] == info.id:
                game, revision, active = last
                assert saved.revision in (revision, revision + 1)  # +1: committed, killed before it printed
                if saved.revision == revision:
                    assert saved.steps == active
