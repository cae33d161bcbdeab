"""``treasure-companion app``: run the companion app in the browser (default) or a desktop window.

``treasure-companion`` with no command, or with only options, runs this.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import sys
import tempfile
from typing import TYPE_CHECKING

from companion.cli.help_notes import APP_NOTES, EXITS_BAD_INPUT, described
from companion.files.oneline import shown
from companion.files.paths import DATA_ENV, data_dir_arg, resolve_data_dir
from companion.server import listen

if TYPE_CHECKING:
    from companion.server.sharing import Table
    from companion.ui.shell.capabilities import Capabilities

DEFAULT_PORT = 8550
DEFAULT_HOST = "127.0.0.1"


def host_arg(value: str) -> str:
    """argparse ``type`` of ``--host``: an empty name is refused, as ``--data-dir ""`` is. The socket layer reads
    "" as every address of the computer: a shell variable that was not set (``--host "$HOST"``) would have
    shared the table with the whole network."""
    if not value:
        raise argparse.ArgumentTypeError(f"empty: leave --host out for this computer only ({DEFAULT_HOST}), or "
                                         "give 0.0.0.0 to share the table on your network")
    return value


def port_arg(value: str) -> int:
    """argparse ``type`` of ``--port``: digits 0-9 only, 1 to 65535. ``int()`` also reads other scripts' digits
    (``١٢`` is 12), ``+12``, ``1_2`` and spaces: a port nobody meant to type is refused instead of bound."""
    if not re.fullmatch(r"[0-9]{1,5}", value) or not 0 < int(value) < 65536:
        raise argparse.ArgumentTypeError(f"must be a number from 1 to 65535 in digits 0-9, not {value!r}")
    return int(value)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "app",
        help="run the companion app (the default command)",
        description="Run the companion app: a web page on this computer (default) or a desktop window.",
        **described(APP_NOTES, EXITS_BAD_INPUT),
    )
    p.add_argument("--port", type=port_arg, default=DEFAULT_PORT, help=f"web server port (default {DEFAULT_PORT})")
    p.add_argument(
        "--host",
        type=host_arg,
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; "
        "0.0.0.0 lets phones on your network join with a table code)",
    )
    p.add_argument(
        "--desktop",
        action="store_true",
        help="open a native window instead of a browser tab (its client is downloaded once, needs internet)",
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        type=data_dir_arg,
        help=f"where settings and games are kept (default: ${DATA_ENV} or your user data folder)",
    )
    p.add_argument("--no-browser", action="store_true", help="do not open a browser; just serve the app")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    data_dir = resolve_data_dir(args.data_dir)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"treasure-companion: cannot use data folder {shown(data_dir)}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:  # Flet writes its page into a temporary folder: without one every page load failed with a traceback
        tempfile.gettempdir()
    except OSError as err:
        print(f"treasure-companion: no temporary folder can be written (is the disk full?): {err.strerror or err}; "
              "free some space or set TMPDIR to a folder that can", file=sys.stderr)
        return 2
    # Other parts of the app (and subprocesses) find the data folder here too.
    os.environ[DATA_ENV] = str(data_dir)
    # No CDN: the app must work at a table without internet (fonts, CanvasKit served locally).
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")

    if args.desktop:
        import flet as ft

        from companion.ui.shell.app import make_main

        print(f"Treasure Mountain Companion: opening a desktop window (data: {shown(data_dir)})", flush=True)
        ft.run(make_main(data_dir), view=ft.AppView.FLET_APP, no_cdn=True)
        return 0

    try:
        sock = listen.bind(args.host, args.port)
    except listen.ListenError as err:
        print(f"treasure-companion: {err}", file=sys.stderr)
        return 2
    with sock:
        return _serve(sock, args, data_dir)


def _app_main(data_dir, table):
    """The app's ``main`` (imports the app: run in the server's build thread, see companion/server/early.py), each
    page told what it can do (:func:`served_page`)."""
    from companion.ui.shell.app import make_main
    from companion.ui.shell.screens import preload_first_screen

    preload_first_screen()
    return make_main(data_dir, lambda: served_page(table))


def served_page(table: Table | None) -> Capabilities:
    """What a page of the served app can do: the shared ``table`` (None: this computer only) with the page's own
    device, and this run's upload folder. Asked as the page starts, in the task of its WebSocket, for which the
    table's gate has said which device it is."""
    from companion.server import sharing, uploads
    from companion.ui.shell.capabilities import Capabilities, Sharing

    seat = None if table is None else Sharing(table, sharing.connection_token.get(), sharing.connection_here.get())
    return Capabilities(sharing=seat, uploads=uploads)


def _landing(data_dir) -> str:
    """Where a device that joins the table goes: the game in play (a phone rejoining mid-game is back in it at
    once), else home."""
    from companion.store import Store

    try:
        with Store.open_read_only(data_dir) as store:
            return "/round" if store.in_progress() is not None else "/"
    except Exception:  # a store that cannot be read: home says why
        return "/"


def _serve(sock, args: argparse.Namespace, data_dir) -> int:
    from companion.flet_seam import probe
    from companion.server import guard, sharing, web

    if listen.is_loopback(sock):
        table = None
        url = f"http://{f'[{args.host}]' if ':' in args.host else args.host}:{args.port}/"
        hosts = guard.allowed_hosts(args.host)
        print(f"Treasure Mountain Companion: {url}  (data: {shown(data_dir)})", flush=True)
    else:
        # Beyond this computer: every device, this computer's browser too, joins with the table code.
        address = listen.address_for_others(args.host, sock)
        in_url = f"[{address}]" if ":" in address else address
        table = sharing.start(f"http://{in_url}:{args.port}", args.port)
        table.landing = lambda: _landing(data_dir)
        join_url = table.join_url
        assert join_url is not None, "sharing.start gives the table its code"
        url = join_url
        name = socket.gethostname()
        hosts = guard.allowed_hosts(args.host, address, name, f"{name}.local")
        print(f"Treasure Mountain Companion: join at {url}  (data: {shown(data_dir)})", flush=True)
        print(
            f"Table code {table.code}: each device opens that address first (Settings > Share this table shows "
            "it with a QR code).",
            flush=True,
        )
    print("Press Ctrl+C to stop.", flush=True)
    probe.install_from_env()  # the browser benchmark's per-event cost; off unless its variable is set
    app, early = web.early_app(lambda: _app_main(data_dir, table), hosts, table)
    try:
        web.serve(app, sock, open_url=None if args.no_browser else url, early=early)
    except KeyboardInterrupt:  # Ctrl+C: uvicorn has closed every connection and raises the signal again
        print("Treasure Mountain Companion stopped.", file=sys.stderr, flush=True)
        return 130
    if early.failed:
        print(f"treasure-companion: {early.failed}", file=sys.stderr)
        return 1
    return 0
