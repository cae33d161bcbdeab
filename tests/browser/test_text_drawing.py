"""The app's text is drawn whole and the same on every load, from fonts the app serves itself.

Flet's web client comes in two builds: CanvasKit (JavaScript) and skwasm (WebAssembly), which Chromium gets.
Skwasm draws on a worker thread when the page is cross-origin isolated, and there it now and then drew wrong
glyphs: letters missing ("the me ian", "Caverns of Gan ûm") or replaced by pieces of others, a different set
on each load (3 loads of 8 here). On the page's own thread it draws them right. The server keeps the page from
being isolated (companion/server/renderer.py); these tests check that, and that loads draw the same pixels.
"""

import re

import pytest

pytestmark = pytest.mark.browser

#: Loads of one screen whose pictures must agree. With skwasm on a worker thread 3 loads in 8 drew some glyph
#: wrong (the page's isolation, the cause, is checked below; this is the backstop on what a player sees).
LOADS = 2
FONT_FILE = re.compile(r"\.(ttf|otf|woff2?)(\?|$)")


def test_the_page_draws_on_its_own_thread_with_fonts_the_app_serves_the_same_on_every_load(app):
    """Skwasm on the page's thread: the page is not cross-origin isolated, so skwasm cannot use a worker (it needs
    SharedArrayBuffer). Offline there is no font fallback from a CDN: the text font (Roboto) and every other font
    come from the app itself, and nothing is asked of another site (the page's policy refuses it). And loads of
    one screen draw the same pixels. (One test: each page load costs seconds of the suite.)"""
    pictures = []
    for i in range(LOADS):
        app.open("/decks")
        assert app.page.evaluate("() => typeof window._flutter_skwasmInstance") == "object"  # Chromium: skwasm
        assert app.page.evaluate("() => window.crossOriginIsolated") is False
        assert app.page.evaluate("() => typeof SharedArrayBuffer") == "undefined"
        urls = app.page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        fonts = [u for u in urls if FONT_FILE.search(u)]
        assert f"{app.server.url}/assets/fonts/roboto.woff2" in fonts, fonts
        assert [u for u in fonts if not u.startswith(app.server.url + "/")] == []
        # Nothing left the app's address: Flet's client asks a CDN for Rive's runtime at every load, and the
        # page's policy refuses it before a request is made (companion/server/content_policy.py).
        for _ in range(100):  # the client asks while it starts, about when the first screen shows
            if any(failure for _url, failure in app.elsewhere):
                break
            app.page.wait_for_timeout(100)
        assert app.elsewhere, "Flet's client no longer asks a CDN for anything: drop this check"
        assert {failure for _url, failure in app.elsewhere} == {None, "csp"}, app.elsewhere
        pictures.append(app.shot(f"decks-load{i}", wait_ms=1000))
    first = pictures[0].read_bytes()
    differ = [p.name for p in pictures[1:] if p.read_bytes() != first]
    assert differ == [], f"{differ} differ from {pictures[0]}: look at them for missing or wrong letters"
