"""``treasure-companion``: the app (no arguments) and the command-line tools.

Each subcommand lives in its own module under ``companion.cli.commands`` and registers itself through a
``register(subparsers)`` function; this file only discovers them, so adding a command never edits it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from typing import NoReturn

from companion.cli import commands
from companion.cli.output import OutputError, guarded_stdout
from companion.files.oneline import one_line


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is ONE line (what is wrong and where to look), exit code 2.

    argparse prints the usage block and then the error; a script or a person reading a log wants the error.
    The sub-commands' parsers are of this class too (``add_subparsers`` makes them with the parent's class).
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")


def command_modules(command: str | None = None) -> list[str]:
    """The modules under ``companion.cli.commands`` to import: the one named after ``command`` (``import`` lives
    in ``import_``) when there is one, else all of them (for ``--help``, or argparse's "invalid choice" line,
    which lists every command). Importing one command, not all, keeps a command's start to what it uses:
    ``games`` does not pay for the simulator's or the app's imports."""
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    if command is not None and not command.startswith("-"):
        named = [n for n in names if n.rstrip("_") == command]
        if named:
            return named
    return names


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with ``command``'s subcommand only when one is named (see
    :func:`command_modules`)."""
    parser = OneLineParser(
        prog="treasure-companion",
        description="Companion for Treasure Mountain: automa decks, dice, dragon, turn order and scoring.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_modules(command):
        module = importlib.import_module(f"companion.cli.commands.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("--") and argv[0] not in ("--help", "-h"):
        argv = ["app", *argv]
    parser = build_parser(argv[0])
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    if sys.stdout is None and args.command == "app":  # pythonw, a launcher: the app runs without a terminal
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the whole run)
    try:
        with guarded_stdout():
            return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (``| head``) went away: not an error of ours, and no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OutputError as err:  # a full disk, a closed standard output: nothing is lost but this output
        print(f"treasure-companion {args.command}: cannot write the output: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
