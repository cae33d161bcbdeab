"""WebKit, Safari's engine, for the browser tests: Debian's WebKitGTK (``webkit2gtk-driver``) driven by Selenium.

Playwright's WebKit is a download of its own (``playwright install``, never run here), so the tests drive the
distribution's: ``WebKitWebDriver`` starts WebKitGTK's MiniBrowser, which needs an X display, so each
:class:`Display` is an ``Xvfb`` of its own (a display number it picks itself, killed at the end).

- :class:`Display`: an Xvfb; ``Display.start()``, ``.stop()``.
- :class:`WebKit`: one WebKitWebDriver on a free port of 127.0.0.1 and one Selenium session on it: a fresh
  browser profile (MiniBrowser in automation mode keeps its site data in memory, so each session starts empty
  and a reload in the same session keeps what the site stored).
- :class:`RefusingProxy`: every request to another host goes to it (the browser's proxy, 127.0.0.1 excepted)
  and is refused and noted, as the Chromium tests refuse them.
- :func:`blank`: whether a screenshot is a single colour.
- :func:`webkit_missing`: why WebKit cannot run here (None: it can).
"""

from __future__ import annotations

import contextlib
import glob
import http.server
import os
import shutil
import struct
import subprocess
import threading
import time
import zlib
from pathlib import Path

from tests.server_helpers import free_port, port_open, stop_process

DRIVER = os.environ.get("TREASURE_COMPANION_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
#: The browser WebKitWebDriver starts (webkit2gtk-driver depends on it).
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))), "MiniBrowser")
#: What a person's browser reports as its language. Under the test machine's C locale WebKitGTK reports
#: navigator.language "C", which is no language tag: Flutter's start-up (Intl.Locale) throws on it and the
#: page never leaves its splash. A phone always has a real language.
LANGUAGE = "en_US.UTF-8"


def webkit_missing() -> str | None:
    """Why the WebKit tests cannot run on this machine (None: they can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "Selenium for Python is not installed (pip install selenium)"
    if not (Path(DRIVER).exists() or shutil.which(DRIVER)):
        return f"WebKitWebDriver not found at {DRIVER} (apt-get install webkit2gtk-driver)"
    if not shutil.which("Xvfb"):
        return "Xvfb not found (apt-get install xvfb)"
    return None


class Display:
    """An X display of its own for the browser: ``Xvfb`` picks a free display number (``-displayfd``)."""

    def __init__(self, size: str = "1400x1100x24"):
        self.size = size
        self.proc: subprocess.Popen | None = None
        self.name = ""

    def start(self) -> Display:
        read, write = os.pipe()
        try:
            self.proc = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", self.size, "-nolisten", "tcp"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            )
            os.close(write)
            write = -1
            number = b""
            with os.fdopen(read, "rb") as pipe:
                while not number.endswith(b"\n"):
                    chunk = pipe.read(1)
                    if not chunk:
                        raise RuntimeError(f"Xvfb exited with {self.proc.wait(timeout=10)} before it opened a display")
                    number += chunk
        finally:
            if write >= 0:
                os.close(write)
        self.name = f":{int(number)}"
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
        self.proc = None


class _Refuse(http.server.BaseHTTPRequestHandler):
    """A proxy that forwards nothing: each request (a CONNECT for https) is noted and answered 403."""

    def _refuse(self) -> None:
        self.server.refused.append(self.path)  # type: ignore[attr-defined]
        self.send_error(403, "no other host in these tests")

    do_GET = do_POST = do_HEAD = do_PUT = do_OPTIONS = do_CONNECT = _refuse

    def log_message(self, *args) -> None:
        pass


class RefusingProxy:
    """The browser's proxy for every host but 127.0.0.1: ``refused`` lists what was asked of another host."""

    def __init__(self):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
        self.httpd.refused = []  # type: ignore[attr-defined]
        self.address = f"127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def refused(self) -> list[str]:
        return self.httpd.refused  # type: ignore[attr-defined]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class WebKit:
    """WebKitWebDriver on a free port of 127.0.0.1 with one Selenium session (a fresh profile) on ``display``;
    every request to another host goes to ``proxy`` (refused there); ``language``: the locale the browser runs
    in (its ``navigator.language``)."""

    def __init__(self, display: Display, proxy: RefusingProxy, log: Path, language: str = LANGUAGE):
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options

        self.port = free_port()
        env = dict(os.environ, DISPLAY=display.name, LANG=language)
        env.pop("LC_ALL", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.log = log
        out = open(log, "w", encoding="utf-8")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [DRIVER, f"--port={self.port}", "--host=127.0.0.1"], env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while not port_open(self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"WebKitWebDriver did not listen on {self.port}: {log.read_text('utf-8')[-2000:]}")
            time.sleep(0.1)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # MiniBrowser's own proxy options (Selenium's proxy capability makes WebKitWebDriver's new session hang)
        options.add_argument(f"--proxy=http://{proxy.address}")
        options.add_argument("--ignore-host=127.0.0.1")
        try:
            # Straight to the driver on 127.0.0.1, whatever proxy the environment names.
            config = ClientConfig(f"http://127.0.0.1:{self.port}", proxy=Proxy({"proxyType": ProxyType.DIRECT}))
            self.driver = webdriver.Remote(command_executor=RemoteConnection(client_config=config), options=options)
        except Exception:
            self.stop()
            raise
        self.driver.set_script_timeout(60)

    def stop(self) -> None:
        driver = getattr(self, "driver", None)
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()
            self.driver = None
        stop_process(self.proc)


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB or RGBA PNG (what WebKit's screenshots are), unfiltered."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data, header = 8, b"", b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, body = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6), f"a PNG of depth {depth}, colour type {colour}"
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    stride = width * step
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        _unfilter(kind, line, previous, step)
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def _unfilter(kind: int, line: bytearray, up: bytearray, step: int) -> None:
    if kind == 1:
        for i in range(step, len(line)):
            line[i] = (line[i] + line[i - step]) & 255
    elif kind == 2:
        for i in range(len(line)):
            line[i] = (line[i] + up[i]) & 255
    elif kind == 3:
        for i in range(len(line)):
            left = line[i - step] if i >= step else 0
            line[i] = (line[i] + ((left + up[i]) >> 1)) & 255
    elif kind == 4:
        for i in range(len(line)):
            a = line[i - step] if i >= step else 0
            b, c = up[i], (up[i - step] if i >= step else 0)
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255


def colours(png: bytes, step_px: int = 3) -> int:
    """How many different colours a screenshot has (every ``step_px``-th pixel of every ``step_px``-th row)."""
    width, _height, rows = pixels(png)
    size = len(rows[0]) // width
    seen = set()
    for row in rows[::step_px]:
        for x in range(0, len(row), size * step_px):
            seen.add(row[x:x + 3])
    return len(seen)


def blank(png: bytes) -> bool:
    """A screenshot of one colour (a page that draws nothing)."""
    return colours(png) <= 1
