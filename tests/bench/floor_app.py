"""The empty round trip: a page whose one button changes one Text, served the way the app is served.

``python -m tests.bench.floor_app PORT`` serves it on 127.0.0.1:PORT (with the app's server code, guards and the
``TREASURE_COMPANION_PROBE`` cost probe). The browser benchmark taps it with the same harness as the round
screen: what it measures here is the floor under every tap (browser, socket, Flet's client and server), not the app.
"""

from __future__ import annotations

import sys

import flet as ft

from companion.flet_seam import probe
from companion.server import listen, web


def main(page: ft.Page) -> None:
    count = ft.Text("Next: 0")
    taps = [0]

    def tapped(_e) -> None:
        taps[0] += 1
        count.value = f"Next: {taps[0]}"
        count.update()

    page.add(count, ft.Button("Tap", on_click=tapped))


def run(port: int) -> None:
    probe.install_from_env()
    sock = listen.bind("127.0.0.1", port)
    with sock:
        web.serve(web.build_app(main, ["127.0.0.1"]), sock)


if __name__ == "__main__":
    run(int(sys.argv[1]))
