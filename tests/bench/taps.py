"""How many taps a whole solo game takes, counted by a scripted game through the round screen's presenter.

    python -m tests.bench.taps [--games 20] [--stash app|table]

Every call the script makes is one the screen makes on a tap, so the count is what a person taps with the
app's dice (the default): a placement is one tap (two when a dislodge is confirmed), an automa turn one tap.
Answers the app cannot know (an achievement's points, gem colours, a tile, a spell, a dragon attack) are
counted apart. A question's answer is drawn at random (points and coins 0-5, any gem colours, a gem tile of
1-3 gems, any spell) and costs the taps ``companion.ui.round.answers.taps`` counts for the chips the form shows
(one for a chip; More, the stepper's presses and OK for a number above 9). A dragon attack is counted as the
taps of its form with the table's usual answer.

``--stash table``: the table keeps the automa's things, so no question about them comes during play; their
counts are entered once on the end-of-game sheet (reported as "automa counts entered at the end per game").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter

from companion.rules.automa.choices import GEM_COLORS, STASH_GEMS
from companion.rules.setup import Setup
from companion.store.session import GameSession
from companion.ui.round import answers
from companion.ui.round.presenter import RoundPresenter
from companion.ui.score.seats import AUTOMA_FIELDS


def play(seed: int, stash: str = "app") -> Counter:
    rnd = random.Random(seed)
    p = RoundPresenter(GameSession.new(Setup.solo(seed=seed, stash=stash)), app_dice=True)
    taps: Counter = Counter()
    p.starting_rolls({})
    taps["setup"] += 1
    while True:
        v = p.view()
        d = v.decision
        if d == "place":
            cells = [c for c in v.cells if c.tappable]
            cell = rnd.choice(cells)
            p.tap_space(cell.space)
            taps["placement"] += 1
            taps["dislodge confirmation"] += cell.status == "dislodge"
            taps["human placements"] += 1
        elif d == "automa_turn":
            p.proceed()
            taps["automa turn"] += 1
            taps["automa turns"] += 1
        elif d in ("roll", "keep_roll"):
            p.proceed()
            taps["dragon roll"] += 1
        elif d == "question":
            # Taps counted by companion.ui.round.answers, the module that says which chips the form shows.
            q = v.question
            if q.kind == "number":
                value = rnd.randint(0, 5)
            elif q.kind == "gems":
                allowed = q.choices if p.game.setup.expansion else GEM_COLORS
                value = [rnd.choice(allowed) for _ in range(q.count)]
            elif q.kind == "tile":
                gems = STASH_GEMS if p.game.setup.expansion else GEM_COLORS
                value = {"kind": "gem", "gem": rnd.choice(gems), "gems": rnd.randint(1, 3)}
            else:
                value = rnd.choice(q.choices)
            taps["answers"] += answers.taps({"kind": q.kind, "count": q.count}, value, last=q.last)
            p.answer(value)
            taps["questions"] += 1
        elif d == "attack":
            a = v.attack
            p.attack({"strength": 4, "treasure": "gold", "points": 6}, {c: {"axes": 1} for c in a.humans},
                     dict(a.automa_axes))
            taps["attack"] += 6  # strength, treasure, points, axes, automa axes, resolve (typical)
            taps["attacks"] += 1
        elif d == "next_round":
            p.proceed()
            taps["next round"] += 1
        elif d == "final_scores":
            if stash == "table":  # each automa's five counts, once, on the sheet
                taps["automa counts"] += sum(len(AUTOMA_FIELDS) for _ in p.game.setup.automa)
            break
        else:
            raise RuntimeError(f"unexpected decision {d}")
    return taps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--stash", choices=("app", "table"), default="app",
                        help="who keeps the automa's things (default app)")
    args = parser.parse_args(argv)
    total: Counter = Counter()
    for seed in range(args.games):
        total.update(play(seed, args.stash))
    print(json.dumps({
        "games": args.games,
        "stash": args.stash,
        "taps per human placement": round(total["placement"] / total["human placements"], 3),
        "dislodge confirmations per human placement": round(
            total["dislodge confirmation"] / total["human placements"], 3),
        "extra dragon-roll taps per human placement (Temple re-roll prompts)": round(
            total["dragon roll"] / total["human placements"], 3),
        "taps per automa turn": round(total["automa turn"] / total["automa turns"], 3),
        "answers per game (questions the app cannot know)": round(total["questions"] / args.games, 1),
        "taps for those answers per game": round(total["answers"] / args.games, 1),
        "taps per answer": round(total["answers"] / max(1, total["questions"]), 3),
        "attacks per game": round(total["attacks"] / args.games, 2),
        "automa counts entered at the end per game": round(total["automa counts"] / args.games, 1),
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
