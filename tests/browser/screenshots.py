"""The README's screenshots of the round screen, taken from the real app in headless Chromium.

    python -m tests.browser.screenshots [OUTPUT_DIR]

Starts the app on a fresh data folder with the end-to-end tests' fixed seed, plays scenario A into the middle
of round 1 at phone size (an automa's instructions on the board, a few spaces taken), then continues the same
game at desktop size. Writes ``round-phone.png`` and ``round-desktop.png`` to OUTPUT_DIR (default
``build/screenshots``). Needs what the browser tests need: Playwright for Python and Debian's chromium.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, REPO, AppPage, start_server, stop_server
from tests.browser.test_round_flow import SEED, Table

OUTPUT = REPO / "build" / "screenshots"


def play_to_mid_round(table: Table) -> None:
    """From the home screen to red's turn after blue #2 took Mana Cave from red #1 and red placed again."""
    table.start()
    while "dislodge" not in table.seen:
        table.step()
    while table.step() != "automa_turn":
        pass
    assert any(line.startswith("Put Red #") for line in table.view.instructions), table.view.instructions


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if argv and argv[0].startswith("-") or len(argv) > 1:
        print(f"usage: python -m tests.browser.screenshots [OUTPUT_DIR] (not {' '.join(argv)})", file=sys.stderr)
        return 2
    out = Path(argv[0]) if argv else OUTPUT
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="companion-screens-"))
    server = start_server(work / "data", work / "server.log", {"TREASURE_COMPANION_SEED": str(SEED)})
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            phone = AppPage(browser, server, work).open("/", size="phone")
            table = Table(phone, "readme")
            play_to_mid_round(table)
            shutil.copyfile(phone.shot("round", wait_ms=800), out / "round-phone.png")
            phone.close()
            desktop = AppPage(browser, server, work).open("/", size="desktop")
            desktop.click("Continue game")
            table.app = desktop
            table.expect_banner()
            shutil.copyfile(desktop.shot("round", wait_ms=800), out / "round-desktop.png")
            desktop.close()
            browser.close()
    finally:
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)
    for name in ("round-phone.png", "round-desktop.png"):
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
