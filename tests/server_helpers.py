"""Start the real app server as a subprocess and talk raw HTTP / WebSocket to it, on 127.0.0.1 only.

Shared by the server tests (listening, origin and host checks, the table code). Nothing here sends a packet
anywhere but 127.0.0.1.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STARTUP_TIMEOUT = 60.0
WS_KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def stop_process(proc: subprocess.Popen) -> None:
    """Ask a process the tests started to end, kill it after 10 s, and wait for it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@dataclass
class App:
    proc: subprocess.Popen
    port: int
    log: Path

    @property
    def output(self) -> str:
        return self.log.read_text("utf-8", errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        stop_process(self.proc)


def launch(tmp_path: Path, port: int, *args: str, env: dict[str, str] | None = None, name: str = "app") -> App:
    """``python -m companion app --no-browser --port PORT --data-dir TMP ARGS`` with stdout+stderr to a log."""
    full_env = dict(os.environ)
    full_env.pop("TREASURE_COMPANION_DATA", None)
    full_env.update(env or {})
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), full_env.get("PYTHONPATH")]))
    full_env["PYTHONUNBUFFERED"] = "1"
    log = tmp_path / f"{name}-{port}-{time.monotonic_ns()}.log"
    cmd = [sys.executable, "-m", "companion", "app", "--no-browser", "--port", str(port)]
    cmd += ["--data-dir", str(tmp_path / "data"), *args]
    out = open(log, "w", encoding="utf-8")  # noqa: SIM115 - the child holds it; closed when we return
    try:
        proc = subprocess.Popen(
            cmd, cwd=REPO, env=full_env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    finally:
        out.close()
    return App(proc, port, log)


def wait_listening(app: App, timeout: float = STARTUP_TIMEOUT) -> None:
    """Wait until ``app`` serves HTTP on its port; raise with its output if it exits or never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.proc.poll() is not None:
            raise AssertionError(f"app exited with {app.proc.returncode}:\n{app.output}")
        if port_open(app.port) and "Press Ctrl+C" in app.output:
            return
        time.sleep(0.1)
    raise AssertionError(f"app did not listen on {app.port} within {timeout}s:\n{app.output}")


def raw(port: int, request: str, timeout: float = 10.0) -> bytes:
    """Send one raw HTTP request to 127.0.0.1:PORT; return what came back until the head ends (or close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request.encode("latin-1"))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def get(port: int, path: str = "/", host: str | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict]:
    """A GET; returns (status, lower-cased response headers)."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return parse_head(raw(port, "\r\n".join(lines) + "\r\n\r\n"))


def ws_upgrade(
    port: int, origin: str | None = None, host: str | None = None, cookie: str | None = None, path: str = "/ws"
) -> int:
    """Ask for a WebSocket upgrade; returns the HTTP status (101 = accepted)."""
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host or f'127.0.0.1:{port}'}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {WS_KEY}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    if cookie is not None:
        lines.append(f"Cookie: {cookie}")
    return parse_head(raw(port, "\r\n".join(lines) + "\r\n\r\n"))[0]


def parse_head(data: bytes) -> tuple[int, dict]:
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    if not head:
        return 0, {}
    status_line, *header_lines = head.split("\r\n")
    headers: dict[str, str] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), value.strip())
    return int(status_line.split()[1]), headers
