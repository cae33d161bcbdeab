"""``treasure-companion app``: run the companion app in the browser (default) or a desktop window.

``treasure-companion`` with no command, or with only options, runs this.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys

from companion.settings import DATA_ENV, resolve_data_dir

DEFAULT_PORT = 8550
DEFAULT_HOST = "127.0.0.1"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "app",
        help="run the companion app (the default command)",
        description="Run the companion app: a web page on this computer (default) or a desktop window.",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"web server port (default {DEFAULT_PORT})")
    p.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; "
        "0.0.0.0 lets phones on your network connect)",
    )
    p.add_argument(
        "--desktop",
        action="store_true",
        help="open a native window instead of a browser tab (its client is downloaded once, needs internet)",
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"where settings and games are kept (default: ${DATA_ENV} or your user data folder)",
    )
    p.add_argument("--no-browser", action="store_true", help="do not open a browser; just serve the app")
    p.set_defaults(handler=run)


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def run(args: argparse.Namespace) -> int:
    data_dir = resolve_data_dir(args.data_dir)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"treasure-companion: cannot use data folder {data_dir}: {err.strerror or err}", file=sys.stderr)
        return 2
    # Other parts of the app (and subprocesses) find the data folder here too.
    os.environ[DATA_ENV] = str(data_dir)
    # No CDN: the app must work at a table without internet (fonts, CanvasKit served locally).
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")

    import flet as ft

    from companion.ui.app import make_main

    main = make_main(data_dir)
    if args.desktop:
        print(f"Treasure Mountain Companion: opening a desktop window (data: {data_dir})", flush=True)
        ft.run(main, view=ft.AppView.FLET_APP, no_cdn=True)
        return 0

    if not 0 < args.port < 65536:
        print(f"treasure-companion: --port must be 1-65535, not {args.port}", file=sys.stderr)
        return 2
    if not _port_free(args.host, args.port):
        print(
            f"treasure-companion: port {args.port} on {args.host} is in use "
            f"(is the app already running?). Try --port {args.port + 1}.",
            file=sys.stderr,
        )
        return 2
    if args.no_browser:
        # view=None would mean "socket server" to ft.run on a desktop; forcing the web server keeps it a web
        # page and tells flet not to open a browser.
        os.environ["FLET_FORCE_WEB_SERVER"] = "true"
    shown_host = "127.0.0.1" if args.host in ("", "0.0.0.0", "::") else args.host
    print(f"Treasure Mountain Companion: http://{shown_host}:{args.port}/  (data: {data_dir})", flush=True)
    if args.host in ("0.0.0.0", "::"):
        print("Listening on every network address: phones on your network can connect.", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)
    return 0
