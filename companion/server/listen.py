"""Bind the app's listening socket up front, so every way it can fail is one clear line.

Binding ourselves (instead of letting uvicorn do it after Flet has started) gives three things:

- ``SO_REUSEADDR`` as every server sets it: a restart right after a crash succeeds at once, while the killed
  server's connections are still closing (TIME_WAIT / FIN_WAIT2). Linux then refuses the bind only when
  something really listens on the port, so "in use" means in use.
- A host name that does not resolve, an address that is not this computer's, a port that needs privileges:
  each gets its own message naming what was given, never "port in use".
- No window between a check and the real bind: the socket checked is the socket served.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import socket

WILDCARDS = ("", "0.0.0.0", "::")


class ListenError(Exception):
    """Why the app cannot listen, in one line for the user (the command exits 2)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (``""`` means every IPv4 address).

    IPv4 is preferred when a name has both (``localhost`` is then 127.0.0.1, which the browser is sent to).
    """
    family, sockaddr = _resolve(host or "0.0.0.0", port)
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # on Windows SO_REUSEADDR would let two servers share a port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
        sock.listen(2048)
    except OSError as err:
        sock.close()
        raise ListenError(_bind_message(err, host, port)) from None
    sock.set_inheritable(True)
    return sock


def is_loopback(sock: socket.socket) -> bool:
    """True when ``sock`` listens on this computer only (127.0.0.0/8 or ::1)."""
    return ipaddress.ip_address(sock.getsockname()[0]).is_loopback


def _resolve(host: str, port: int) -> tuple[int, tuple]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise ListenError(f"cannot find the address {host!r} given to --host ({err.strerror})") from None
    except UnicodeError:
        raise ListenError(f"{host!r} given to --host is not a valid host name") from None
    infos = [i for i in infos if i[0] in (socket.AF_INET, socket.AF_INET6)]
    if not infos:
        raise ListenError(f"{host!r} given to --host has no IPv4 or IPv6 address")
    infos.sort(key=lambda i: i[0] != socket.AF_INET)
    return infos[0][0], infos[0][4]


def _bind_message(err: OSError, host: str, port: int) -> str:
    if err.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is in use (is the app already running?). Try --port {port + 1}."
    if err.errno == errno.EADDRNOTAVAIL:
        return f"{host} given to --host is not an address of this computer"
    if err.errno == errno.EACCES:
        return f"no permission to listen on port {port} (ports below 1024 need an administrator). Try --port 8550."
    return f"cannot listen on {host} port {port}: {err.strerror or err}"


def address_for_others(host: str, sock: socket.socket) -> str:
    """The address other devices use to reach ``sock``: the address it is bound to, or for a wildcard bind
    the one this computer uses on its network. Found without sending anything: connecting a UDP socket
    only asks the kernel for a route (no packet leaves). Falls back to the computer's name."""
    bound = sock.getsockname()[0]
    if bound not in WILDCARDS:
        return host if host and not _is_ip(host) else bound
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = probe.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return socket.gethostname()


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
