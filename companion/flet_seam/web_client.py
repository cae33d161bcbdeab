"""Flet's web client as flet-web 1.0.5 serves it, mirrored so the server can answer the page before Flet's app is
built (``companion/server/early.py``).

flet-web's FastAPI app serves its packaged client (``flet_web.get_package_web_dir()``) from ``/`` with its own
routes first (the WebSocket, uploads, OAuth); at start it rewrites ``index.html`` (with
``flet_web.patch_index_html``, called here with what it passes for an app mounted at ``/``) and two manifests, and
every answer carries an opener policy. Both functions are flet-web's public ones; what is mirrored (the routes,
the rewritten files, the header, the settings that change what it serves) is how its FastAPI app uses them.

On a Flet upgrade: ``tests/server/test_early.py`` compares the early answers with the real app's, byte for byte.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: Files Flet rewrites when it starts (with the app's name, paths and renderer): only ``index.html`` is answered
#: early, patched the same way (:func:`index_html`); the other two wait for Flet.
PATCHED = ("manifest.json", "assets/FontManifest.json")
#: Flet's own endpoints (its FastAPI routes come before its static files): never answered with the page.
FLET_ROUTES = ("ws", "upload", "oauth_callback")
#: Flet's settings that change what it serves; any of them set, nothing is answered early.
FLET_WEB_ENV = ("FLET_WEB_PATH", "FLET_ASSETS_DIR", "FLET_WEBSOCKET_HANDLER_ENDPOINT", "FLET_WEB_RENDERER",
                "FLET_WEB_ROUTE_URL_STRATEGY")
#: A response header every Flet response carries (the embedder policy is dropped anyway, see renderer.py).
OPENER_POLICY = (b"cross-origin-opener-policy", b"same-origin")


def web_dir() -> Path:
    """Flet's packaged web client (index.html, the WebAssembly, the fonts)."""
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def serves_its_own_client(cwd: Path | None = None) -> bool:
    """Whether Flet serves its packaged client from ``/`` with the WebSocket at ``/ws``: False with an environment
    setting of Flet's, or an ``assets`` folder in the working folder (Flet serves one by default)."""
    if any(os.environ.get(name) for name in FLET_WEB_ENV):
        return False
    return not ((cwd or Path.cwd()) / "assets").exists()


def no_cdn() -> bool:
    """Flet's reading of ``FLET_WEB_NO_CDN`` (the app sets it to true unless the user set it)."""
    return os.environ.get("FLET_WEB_NO_CDN", "true").lower() in ("true", "1", "yes")


def index_html(renderer) -> bytes:
    """``index.html`` as Flet's static files patch it for an app mounted at ``/`` (base ``/``, WebSocket
    ``/ws``, no app name or description, path URLs)."""
    import flet as ft
    from flet_web import patch_index_html

    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index.html"
        index.write_bytes((web_dir() / "index.html").read_bytes())
        patch_index_html(
            index_path=str(index), base_href="", websocket_endpoint_path="/ws", app_name=None,
            app_description=None, web_renderer=renderer, route_url_strategy=ft.RouteUrlStrategy.PATH,
            no_cdn=no_cdn(),
        )
        return index.read_bytes()
