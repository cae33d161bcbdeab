"""Flet's large files go out gzip-compressed to other devices (a phone at a shared table), compressed once per
run of the server; this computer's own browser gets them as they are (companion/server/compressed.py)."""

from __future__ import annotations

import gzip

from starlette.testclient import TestClient

from companion.flet_seam import web_client
from companion.server import early, web
from companion.server.compressed import CompressedFiles
from companion.server.renderer import web_renderer

HOSTS = ["127.0.0.1", "192.168.1.20"]
PHONE = ("192.168.1.33", 51000)
THIS_COMPUTER = ("127.0.0.1", 51000)
WASM = "/main.dart.wasm"


def app():
    return web.guarded(early.EarlyApp(lambda: web.flet_app(lambda page: None), web_client.index_html(web_renderer())),
                       HOSTS)


def compressor(guarded) -> CompressedFiles:
    """The CompressedFiles inside the guards (to see what it keeps)."""
    inner = guarded
    while not isinstance(inner, CompressedFiles):
        inner = inner.app
    return inner


def test_a_phone_gets_the_webassembly_compressed_to_a_third_and_the_same_bytes_unpacked():
    raw = (web_client.web_dir() / WASM.lstrip("/")).read_bytes()
    served = app()
    with TestClient(served, base_url="http://192.168.1.20:8550", client=PHONE) as phone:
        got = phone.get(WASM, headers={"Accept-Encoding": "gzip, deflate"})
        plain = phone.get(WASM, headers={"Accept-Encoding": "identity"})
        again = phone.get(WASM, headers={"Accept-Encoding": "gzip"})
    assert got.status_code == 200 and got.headers["content-encoding"] == "gzip"
    assert got.content == raw  # httpx unpacks it: the same file
    assert int(got.headers["content-length"]) < len(raw) * 0.4
    assert got.headers["content-type"] == "application/wasm" and got.headers["vary"] == "Accept-Encoding"
    assert got.headers["etag"].startswith('W/"')
    assert "content-encoding" not in plain.headers and plain.content == raw  # asked without gzip
    assert again.headers["content-length"] == got.headers["content-length"]
    assert len(compressor(served).kept) == 1  # compressed once for both answers


def test_this_computer_small_files_ranges_and_the_page_go_out_as_they_are():
    with TestClient(app(), base_url="http://127.0.0.1:8550", client=THIS_COMPUTER) as here:
        local = here.get(WASM, headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in local.headers and local.headers["etag"].startswith('"')
    with TestClient(app(), base_url="http://192.168.1.20:8550", client=PHONE) as phone:
        small = phone.get("/flutter.js", headers={"Accept-Encoding": "gzip"})  # under 32 KB
        part = phone.get(WASM, headers={"Accept-Encoding": "gzip", "Range": "bytes=0-99"})
        page = phone.get("/", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in small.headers
    assert part.status_code == 206 and "content-encoding" not in part.headers and len(part.content) == 100
    assert "content-encoding" not in page.headers and b"</head>" in page.content


def test_a_phone_that_holds_the_file_gets_304():
    with TestClient(app(), base_url="http://192.168.1.20:8550", client=PHONE) as phone:
        first = phone.get(WASM, headers={"Accept-Encoding": "gzip"})
        kept = phone.get(WASM, headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["etag"]})
    assert kept.status_code == 304 and kept.content == b""


def test_the_compressed_bytes_are_a_gzip_stream_of_the_file():
    raw = (web_client.web_dir() / "canvaskit/skwasm.wasm").read_bytes()
    with TestClient(app(), base_url="http://192.168.1.20:8550", client=PHONE) as phone:
        with phone.stream("GET", "/canvaskit/skwasm.wasm", headers={"Accept-Encoding": "gzip"}) as got:
            packed = b"".join(got.iter_raw())
    assert gzip.decompress(packed) == raw and len(packed) == int(got.headers["content-length"])
