"""Ctrl+C stops the app at once with one line, even with a WebSocket client that never says anything (Flet's
handler waited for that client's first message for good, so uvicorn cancelled it after its 5 s grace and
printed a 91-line traceback). Real subprocesses; traffic to 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import time

import pytest
from server_helpers import WS_KEY, free_port, launch, wait_listening

pytestmark = pytest.mark.timeout(180)

STOPPED_WITHIN = 2.0


def silent_websocket(port: int) -> socket.socket:
    """A WebSocket to the app that is accepted and then says nothing (no Flet hello)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {WS_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode("latin-1")
    )
    assert sock.recv(1024).startswith(b"HTTP/1.1 101 "), "the WebSocket was not accepted"
    return sock


def test_ctrl_c_with_a_silent_websocket_client_stops_at_once_in_one_line(tmp_path):
    port = free_port()
    app = launch(tmp_path, port)
    try:
        wait_listening(app)
        before = app.output
        client = silent_websocket(port)
        time.sleep(0.5)  # the app's handler is waiting for the client's first message
        started = time.monotonic()
        os.killpg(app.proc.pid, signal.SIGINT)
        app.proc.wait(timeout=30)
        took = time.monotonic() - started
        client.close()
    finally:
        app.stop()
    after = app.output[len(before):]
    assert "Traceback" not in after and "ERROR" not in after, after
    assert [line for line in after.splitlines() if line.strip()] == ["Treasure Mountain Companion stopped."], after
    assert took < STOPPED_WITHIN, f"stopped {took:.1f} s after Ctrl+C"
    assert app.proc.returncode == 130


def test_a_handler_that_waits_on_after_its_client_went_is_ended_and_its_own_errors_still_show():
    from flet_helpers import run_async

    from companion.server.hangup import GRACE_S, EndWhenGone

    async def stuck(scope, receive, send):
        await receive()  # the client went away
        await asyncio.Event().wait()  # ... and the handler waits for something that never comes

    async def broken(scope, receive, send):
        await receive()
        raise RuntimeError("the handler's own failure")

    async def gone():
        return {"type": "websocket.disconnect", "code": 1012}

    async def nowhere(_message):
        return None

    async def run(app) -> float:
        started = time.monotonic()
        await EndWhenGone(app)({"type": "websocket"}, gone, nowhere)
        return time.monotonic() - started

    assert run_async(run(stuck)) < GRACE_S + 0.5
    with pytest.raises(RuntimeError, match="own failure"):
        run_async(run(broken))
