"""The app's text is drawn whole and the same on every load, from fonts the app serves itself.

Flet's web client comes in two builds: CanvasKit (JavaScript) and skwasm (WebAssembly). Left to choose, a
Chromium browser got skwasm, which now and then drew wrong glyphs from its text atlas: letters missing ("the
me ian", "Caverns of Gan ûm") or replaced by pieces of others, a different set on each load, on about half of
the loads here. The server now asks every browser for CanvasKit (companion/server/web.py).
"""

import re

import pytest

pytestmark = pytest.mark.browser

#: Loads of one screen whose pictures must agree. With skwasm about half the loads drew some glyph wrong (the
#: renderer itself is checked above; this is the backstop on what a player sees).
LOADS = 2
FONT_FILE = re.compile(r"\.(ttf|otf|woff2?)(\?|$)")


def test_the_page_draws_with_canvaskit_and_fonts_the_app_serves(app):
    """CanvasKit, not skwasm; and offline there is no font fallback from a CDN: the text font (Roboto) and every
    other font come from the app itself. (One page for both: each page load costs seconds of the suite.)"""
    app.open("/decks")
    assert app.page.evaluate("() => typeof window.flutterCanvasKit") == "object"
    assert app.page.evaluate("() => typeof window._flutter_skwasmInstance") == "undefined"
    urls = app.page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    fonts = [u for u in urls if FONT_FILE.search(u)]
    assert f"{app.server.url}/assets/fonts/roboto.woff2" in fonts, fonts
    assert [u for u in fonts if not u.startswith(app.server.url + "/")] == []


def test_a_screen_is_drawn_the_same_on_every_load(app):
    pictures = []
    for i in range(LOADS):
        app.open("/decks")
        pictures.append(app.shot(f"decks-load{i}", wait_ms=1000))
    first = pictures[0].read_bytes()
    differ = [p.name for p in pictures[1:] if p.read_bytes() != first]
    assert differ == [], f"{differ} differ from {pictures[0]}: look at them for missing or wrong letters"
