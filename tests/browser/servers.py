"""The app servers the browser tests drive: ``python -m companion app --no-browser`` on a free port of
127.0.0.1 with a data folder of the test's own, stopped at teardown."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.server_helpers import free_port, port_open, stop_process

REPO = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 60.0


@dataclass
class Server:
    url: str
    port: int
    data_dir: Path
    log: Path
    proc: subprocess.Popen

    def log_text(self) -> str:
        return self.log.read_text("utf-8", errors="replace") if self.log.exists() else ""


def start_server(
    data_dir: Path, log: Path, extra_env: dict[str, str] | None = None, port: int | None = None
) -> Server:
    """Start the app on ``port`` (default: a free one); ``extra_env`` adds environment variables (e.g. a fixed
    game seed)."""
    port = port or free_port()
    env = dict(os.environ)
    env.pop("TREASURE_COMPANION_DATA", None)
    env.pop("TREASURE_COMPANION_SEED", None)
    env.update(extra_env or {})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["PYTHONUNBUFFERED"] = "1"
    cmd = [sys.executable, "-m", "companion", "app", "--no-browser", "--port", str(port), "--data-dir", str(data_dir)]
    out = open(log, "w", encoding="utf-8")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", port, data_dir, log, proc)
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out.close()
            pytest.fail(f"app server exited with {proc.returncode}:\n{server.log_text()}", pytrace=False)
        if port_open(port):
            return server
        time.sleep(0.2)
    stop_server(server)
    pytest.fail(f"app server did not listen on {port} within {STARTUP_TIMEOUT}s:\n{server.log_text()}", pytrace=False)


def stop_server(server: Server) -> None:
    stop_process(server.proc)



class Servers:
    """App servers of one test, each on a data folder of the test's own; all stopped at teardown."""

    def __init__(self, base: Path):
        self.base = base
        self.started: list[Server] = []
        self.env: dict[int, dict[str, str]] = {}

    def start(self, data_dir: Path | None = None, **env: str) -> Server:
        """A server on ``data_dir`` (default: a fresh folder). ``env``: ``seed=12`` sets TREASURE_COMPANION_SEED."""
        n = len(self.started)
        self.env[n] = env
        server = start_server(
            data_dir or self.base / f"data{n}",
            self.base / f"server{n}.log",
            {f"TREASURE_COMPANION_{k.upper()}": str(v) for k, v in env.items()},
        )
        self.started.append(server)
        return server

    def restart(self, server: Server) -> Server:
        """Stop ``server`` (as a killed app would be) and start a new one on the same data folder."""
        stop_server(server)
        return self.start(server.data_dir, **self.env[self.started.index(server)])

    def stop_all(self) -> None:
        for server in self.started:
            stop_server(server)


