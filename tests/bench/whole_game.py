"""A whole solo game (Hard, expansion) played in headless Chromium at 390x844, through the browser only.

    python -m tests.bench.whole_game [--seed N] [--screenshots DIR]

A verification tool, not a test of the suite (a game takes minutes): it plays as a new user would. Home ->
New game -> Solo -> Start, then every round to the end: the automa's turns, blue's placements (the policy of
``tests/browser/test_round_flow.Table``: a dislodge once, the all-play spaces, then the dragon spaces), every
automa question answered by its one-tap chip, the dragon rolls (the app's dice), each dragon attack filled in on
its form, "Start round N"; then the end-of-game sheet (blue's counts typed in, each automa's counts revealed),
Save the result, and History listing the game.

The same inputs go to a mirror of the game in this process (:class:`RoundPresenter` for the rounds,
:class:`FinalPresenter` for the sheet), and after every step the screen must show the banner the mirror
expects; at every decision the button (or chip) that answers it must be inside the window without scrolling.

It prints one JSON line: the seed, rounds, taps (clicks and typed fields), questions answered, dragon attacks,
wall seconds, the verdict shown, whether every banner matched, and ``failed`` (the first step that did not)
with exit code 1 when the walk stopped early.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from companion.store import Store
from companion.ui.final.presenter import FinalPresenter
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, AppPage, start_server, stop_server
from tests.browser.test_final_screen import enter
from tests.browser.test_round_flow import ATTACK_TILE, BLUE_IN_ATTACK, SEED, Table

#: Blue's counts on the end-of-game sheet: (field label, value), as a player reads them off the table.
BLUE_COUNTS = (("Blue track points", 38), ("Blue ruby tiles", 2), ("Blue gold", 9), ("Blue mined gems", 4))


class CountingPage(AppPage):
    """An AppPage that counts what the user does: each click one tap, each typed field one."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.taps = 0

    def click(self, *args, **kwargs) -> None:
        self.taps += 1
        super().click(*args, **kwargs)

    def fill(self, *args, **kwargs) -> None:
        self.taps += 1
        super().fill(*args, **kwargs)


class WholeGame(Table):
    """Table, extended to every decision of a whole game with the app's dice."""

    def __init__(self, app, seed: int) -> None:
        super().__init__(app, "whole", seed=seed, app_dice=True)
        self.stats: Counter = Counter()
        self.notes: list[str] = []
        self.banner_missed: str | None = None

    def answer(self) -> None:
        q = self.view.question
        if q.kind == "gems" and q.count != 2:  # Table's answer is a two-gem chip; one gem, or all of one colour
            first = q.choices[0]
            name = first.capitalize()
            chip = name if q.count == 1 else f"All {q.count} {name}"
            self.app.assert_in_view(chip, exact=True)
            self.app.click(chip, exact=True)
            assert self.mirror.answer([first] * q.count)
            self.seen.append("question gems")
        elif q.kind == "gems" and not {"ruby", "emerald"} <= set(q.choices):
            a, b = q.choices[:2]
            chip = f"{a.capitalize()} and {b.capitalize()}"
            self.app.assert_in_view(chip, exact=True)
            self.app.click(chip, exact=True)
            assert self.mirror.answer([a, b])
            self.seen.append("question gems")
        else:
            super().answer()
        self.stats["questions"] += 1

    def attack(self) -> None:
        """The form as test_a_dragon_attack fills it (:meth:`Table.fill_attack_form`)."""
        app = self.app
        self.shot(f"attack-{self.stats['attacks'] + 1}", always=True)
        automa_axes = self.fill_attack_form()
        self.reach("Resolve the attack", f"attack {self.stats['attacks'] + 1}")
        app.click("Resolve the attack")
        assert self.mirror.attack(ATTACK_TILE, BLUE_IN_ATTACK, automa_axes)
        self.stats["attacks"] += 1
        self.expect_banner()
        app.assert_in_view(self.view.instructions[0], role="text")  # the result in view after Resolve
        self.shot(f"attack-{self.stats['attacks']}-result", always=True)

    def step(self) -> str:
        v = self.view
        app = self.app
        match v.decision:
            case "roll":
                app.assert_in_view("Roll the app's die")
                app.click("Roll the app's die")
                assert self.mirror.proceed()
                self.stats["dragon rolls"] += 1
            case "keep_roll":
                app.assert_in_view("Keep it", exact=True)
                app.click("Keep it", exact=True)
                assert self.mirror.proceed()
                self.stats["kept rolls"] += 1
            case "attack":
                self.attack()
                return v.decision
            case "next_round":
                label = f"Start round {self.mirror.game.state.round + 1}"
                self.shot(f"round-{self.mirror.game.state.round}-over", always=True)
                app.assert_in_view(label)
                app.click(label)
                assert self.mirror.proceed()
                self.stats["rounds"] += 1
            case "place":
                cell = self.choose()
                self.place(cell)
                self.stats["placements"] += 1
                self.stats["dragon spaces"] += cell.dragon
            case _:
                return super().step()
        self.expect_banner()
        for line in self.view.instructions:
            app.expect_text(line)
        return v.decision

    def reach(self, label: str, why: str, exact: bool = False) -> None:
        """The control named ``label`` must be in view; when it is not, note it and scroll down to it (as a person
        would: a form longer than the window)."""
        try:
            self.app.assert_in_view(label, exact=exact, within_ms=1_000)
            return
        except AssertionError as err:
            self.notes.append(f"{why}: scrolled to it ({str(err).splitlines()[0]})")
        for _ in range(10):
            self.app.scroll(300)
            try:
                self.app.assert_in_view(label, exact=exact, within_ms=300)
                return
            except AssertionError:
                continue
        self.app.assert_in_view(label, exact=exact)

    def expect_banner(self) -> None:
        try:
            super().expect_banner()
        except Exception:
            self.banner_missed = self.view.banner
            raise


def play(app: CountingPage, seed: int, result: dict) -> None:
    table = WholeGame(app, seed)
    result["_table"] = table
    table.start()
    with Store.open(app.server.data_dir) as store:
        game_id = store.in_progress()
    steps = 0
    while table.view.decision != "final_scores":
        table.step()
        steps += 1
        result["steps"] = steps
        assert steps < 2000, "the game did not end"
    table.stats["rounds"] += 1  # the last round
    app.expect_text("Next: The last round is over: score the game")
    table.shot("last-round-over", always=True)
    app.assert_in_view("Open the score sheet")
    app.click("Open the score sheet")

    # The end-of-game sheet, mirrored by a FinalPresenter on the mirror's session.
    sheet = FinalPresenter(table.mirror.session)
    automa = sheet.automa
    app.expect_text(f"Reveal {automa[0]}'s counts")
    table.shot("final-sheet", always=True)
    for label, value in BLUE_COUNTS:
        key = {"track points": "track", "ruby tiles": "ruby", "gold": "gold", "mined gems": "mined_gems"}[
            label.split(" ", 1)[1]
        ]
        assert sheet.set_count("blue", key, value) is None
        total = sheet.view().human_totals["blue"]
        enter(app, label, str(value), shows=f"{total} point")
    for color in automa:
        table.reach(f"Reveal {color}'s counts", "end sheet")
        app.click(f"Reveal {color}'s counts")
        sheet.reveal(color)
        app.expect_text(f"Hide {color}'s counts")
    verdict = sheet.view().result.solo.headline
    app.expect_text(verdict)
    result["verdict"] = verdict
    app.assert_in_view("Save the result")  # also fails a button cut by the window's bottom edge
    heading = app.top_of("Result")  # where the result card's heading sits: did the screen go to the result?
    result["result_heading_y"] = round(heading) if heading is not None else None
    if heading is None or heading > 844 / 2:  # the result goes right under the title card
        table.notes.append(f"end sheet: after the last reveal the result card is not at the top ({heading})")
    table.shot("final-verdict", always=True)
    app.click("Save the result")
    app.expect_text("The result as saved: it is in History.")
    app.assert_in_view("History")
    app.assert_in_view(verdict, role="text")
    table.shot("final-saved", always=True)
    app.page.wait_for_timeout(2_000)
    table.shot("final-saved-later", always=True)
    app.click("History")
    app.expect_text(f"Game {game_id}")
    app.expect_text("Solo win" if verdict.startswith("You win") else "Solo loss")
    table.shot("history", always=True)
    with Store.open(app.server.data_dir) as store:
        assert store.in_progress() is None, "the game is still in progress after Save"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=SEED, help=f"the game's seed (default {SEED})")
    parser.add_argument("--screenshots", type=Path, help="where to write the screenshots (default: none kept)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    result: dict = {"seed": args.seed}
    t0 = time.perf_counter()
    failed = None
    app = None
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        shots = args.screenshots or base / "shots"
        shots.mkdir(parents=True, exist_ok=True)
        server = start_server(base / "data", base / "server.log", {"TREASURE_COMPANION_SEED": str(args.seed)})
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                app = CountingPage(browser, server, shots)
                try:
                    app.open("/", size="phone", motion=True)
                    play(app, args.seed, result)
                except Exception as err:  # noqa: BLE001 - reported on the JSON line
                    failed = f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
                    table = result.get("_table")
                    if table is not None:
                        failed += f" (at: {table.view.banner!r}, after {table.seen[-3:]})"
                    if args.screenshots:
                        app.shot("whole-FAILED", wait_ms=0)
                finally:
                    app.close()
                    browser.close()
        finally:
            stop_server(server)
    table = result.pop("_table", None)
    stats = table.stats if table else Counter()
    print(json.dumps({
        "seed": args.seed,
        "rounds": stats["rounds"],
        "taps": app.taps if app else 0,
        "questions": stats["questions"],
        "dragon_attacks": stats["attacks"],
        "dragon_rolls_app": stats["dragon rolls"],
        "kept_rolls": stats["kept rolls"],
        "placements": stats["placements"],
        "on_dragon_spaces": stats["dragon spaces"],
        "wall_seconds": round(time.perf_counter() - t0, 1),
        "verdict": result.get("verdict"),
        "banners_matched": table is not None and table.banner_missed is None,
        "failed": failed,
        "result_heading_y": result.get("result_heading_y"),
        "notes": table.notes if table else [],
    }))
    return 0 if failed is None else 1


if __name__ == "__main__":
    sys.exit(main())
