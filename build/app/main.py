"""Entry point for ``flet build``: the packaged app starts here (see build/README.md).

``build/prepare.py`` copies the ``companion`` package and the automa decks next to this file first.
"""

import flet as ft

from companion.ui.shell.app import make_main

# On a phone or a packaged desktop app Flet sets FLET_APP_STORAGE_DATA; the store and settings use it.
ft.run(make_main())
