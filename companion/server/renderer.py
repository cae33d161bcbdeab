"""Which Flutter build draws the page: WebAssembly (skwasm) on one thread, else CanvasKit.

Flet 1.0.5's web client has two builds: dart2wasm with the skwasm renderer, and dart2js with CanvasKit. Left
to choose (``AUTO``), a browser with WebAssembly GC (current Chromium, Firefox, Safari) gets skwasm, the rest
CanvasKit. Skwasm itself picks between drawing on a worker thread and drawing on the page's own thread: it
takes the worker when the page is *cross-origin isolated*, which Flet's server asks for by sending
``Cross-Origin-Opener-Policy`` and ``Cross-Origin-Embedder-Policy`` with every response.

On the worker thread skwasm now and then draws wrong glyphs: letters missing or replaced by pieces of others
("the me ian", "Gan ûm"), a different set on each load. Measured in headless Chromium on this project's
/decks screen under load: 3 of 8 loads wrong on the worker thread, 0 of 8 on the page's thread (and 0 of 16
with CanvasKit), the correct loads pixel-identical across both. Reported upstream as flutter/flutter#181848
and #178053. CanvasKit draws correctly too, but a page load costs about twice the CPU (a 9.6 MB JavaScript
build), which a phone feels.

So the server drops ``Cross-Origin-Embedder-Policy`` (:class:`NotCrossOriginIsolated`): the page is not
isolated, skwasm draws on the page's thread. The opener policy stays (another site's window gets no handle
on the app's). Nothing the app does needs isolation: it exists for ``SharedArrayBuffer``, which only the
worker-thread renderer and Flet's in-browser Python (Pyodide, not used here) want.
"""

from __future__ import annotations

from starlette.types import Scope

from companion.server.headers import HeaderEditor, HeaderList, without

#: The header that, with the opener policy, makes the page cross-origin isolated.
EMBEDDER_POLICY = b"cross-origin-embedder-policy"


def web_renderer():
    """Flet's renderer setting: let the browser's abilities choose (skwasm or CanvasKit). An enum, not a
    string: with ``export_asgi_app`` Flet passes it on unconverted."""
    import flet as ft

    return ft.WebRenderer.AUTO


class NotCrossOriginIsolated(HeaderEditor):
    """ASGI middleware: every HTTP response without ``Cross-Origin-Embedder-Policy``."""

    def edit(self, scope: Scope, headers: HeaderList) -> HeaderList:
        return without(headers, EMBEDDER_POLICY)
