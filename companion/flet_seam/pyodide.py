"""What Flet's Pyodide runtime tells the app in a phone's browser (the phone site).

Flet 1.0.5 runs the app in a web worker and hands it the page's address through its bridge module ``flet_js``
(``documentUrl``), which exists only there: imported when asked, never on a computer.

On a Flet upgrade: the phone site's browser test (``tests/browser/test_phone_site.py``) opens the site with
``?seed=...`` in its address and plays the game that seed deals.
"""

from __future__ import annotations


def page_address() -> str:
    """The page's address (``https://.../?seed=12#/``), as the browser shows it."""
    import flet_js  # noqa: PLC0415 (Pyodide only)

    return str(flet_js.documentUrl)
