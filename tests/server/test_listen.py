"""``treasure-companion app`` starts listening at once after a crash, says "in use" only when something really
listens, and names a bad ``--host`` in one line. Real subprocesses; traffic to 127.0.0.1 only."""

from __future__ import annotations

import os
import signal
import socket
import time

import pytest
from server_helpers import free_port, launch, wait_listening

pytestmark = pytest.mark.timeout(180)


def finished(app, timeout: float = 60.0) -> tuple[int, str]:
    app.proc.wait(timeout=timeout)
    return app.proc.returncode, app.output


def one_line(text: str) -> str:
    assert "Traceback" not in text, text
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    return lines[0]


def test_restart_right_after_sigkill_with_a_connection_open(tmp_path):
    port = free_port()
    first = launch(tmp_path, port)
    try:
        wait_listening(first)
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        client.recv(1024)  # the server answered: the connection is established on both sides
        os.killpg(first.proc.pid, signal.SIGKILL)
        first.proc.wait(timeout=10)
        # The killed server's side of the connection is still closing (FIN_WAIT2 / TIME_WAIT) ...
        started = time.monotonic()
        second = launch(tmp_path, port, name="restart")
        try:
            wait_listening(second, timeout=30)
            assert "in use" not in second.output
            assert time.monotonic() - started < 30
        finally:
            second.stop()
        client.close()
    finally:
        first.stop()


def test_a_real_listener_is_reported_in_use_in_one_line(tmp_path):
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        code, out = finished(launch(tmp_path, port))
    assert code == 2
    line = one_line(out)
    assert "in use" in line and str(port) in line


def test_a_host_that_cannot_be_resolved_is_named_in_one_line(tmp_path):
    # A label over 63 characters fails before any lookup is sent (no DNS traffic from the test).
    host = "x" * 64 + ".invalid"
    code, out = finished(launch(tmp_path, free_port(), "--host", host))
    assert code == 2
    line = one_line(out)
    assert host in line and "in use" not in line


def test_an_address_of_another_computer_is_named_in_one_line(tmp_path):
    # 192.0.2.1 is TEST-NET-1: never an address of this machine, and binding to it sends nothing.
    code, out = finished(launch(tmp_path, free_port(), "--host", "192.0.2.1"))
    assert code == 2
    line = one_line(out)
    assert "192.0.2.1" in line and "in use" not in line


def test_the_address_for_others_is_the_bound_one_or_this_computers_network_address():
    from companion.server import listen

    with listen.bind("127.0.0.1", 0) as sock:
        assert listen.is_loopback(sock)
        assert listen.address_for_others("127.0.0.1", sock) == "127.0.0.1"
    with listen.bind("0.0.0.0", 0) as sock:  # a wildcard bind; nothing is sent anywhere
        assert not listen.is_loopback(sock)
        address = listen.address_for_others("0.0.0.0", sock)
        assert address and address not in ("0.0.0.0", "127.0.0.1")


class _WouldListen(Exception):
    pass


def _no_listening(monkeypatch) -> list:
    """What the app asks to listen on; it never does (nothing is bound, nothing reaches the network)."""
    from companion.server import listen

    asked: list = []

    def bind(host, port):
        asked.append((host, port))
        raise _WouldListen

    monkeypatch.setattr(listen, "bind", bind)
    return asked


@pytest.mark.parametrize(("option", "value", "says"), [
    ("--host", "", "argument --host: empty: leave --host out for this computer only (127.0.0.1), or give "
                   "0.0.0.0 to share the table on your network"),
    ("--port", "١٢", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '١٢'"),
    ("--port", "１２", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '１２'"),
    ("--port", "+8550", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '+8550'"),
    ("--port", "85_50", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '85_50'"),
    ("--port", "0", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '0'"),
    ("--port", "65536", "argument --port: must be a number from 1 to 65535 in digits 0-9, not '65536'"),
], ids=["empty host", "arabic-indic digits", "fullwidth digits", "a sign", "an underscore", "0", "65536"])
def test_an_empty_host_or_a_port_not_in_ascii_digits_is_refused_in_one_line(tmp_path, monkeypatch, capsys,
                                                                             option, value, says):
    """``--host ""`` listened on every address (a shell variable not set shared the table with the network);
    ``--port ١٢`` listened on port 12. Both are refused before anything listens, as ``--data-dir ""`` is."""
    from companion.cli.main import main

    asked = _no_listening(monkeypatch)
    with pytest.raises(SystemExit) as done:
        main(["--no-browser", "--data-dir", str(tmp_path), option, value])
    err = capsys.readouterr().err
    assert done.value.code == 2 and asked == []
    assert err == f"treasure-companion app: {says} (see treasure-companion app --help)\n"


def test_a_port_in_ascii_digits_is_the_one_listened_on(tmp_path, monkeypatch):
    from companion.cli.main import main

    asked = _no_listening(monkeypatch)
    with pytest.raises(_WouldListen):
        main(["--no-browser", "--data-dir", str(tmp_path), "--port", "08551"])
    assert asked == [("127.0.0.1", 8551)]
