"""The phone site's builder (``treasure-companion publish DIR``): the app as static files that run whole in a
phone's browser.

``site`` assembles the folder from flet-web's client, the site's own files (``companion/phone``: what runs in the
browser), the Pyodide runtime and the wheels (``fetch`` brings them into a cache, pinned in ``pins.toml``), the
app archive (``archive``, compiled by ``bytecode``, the standard library pruned by ``stdlib``) and the service
worker's lists (``offline``). Nothing here runs in the browser, and the site does not carry it; of
``companion.phone`` the builder reads only the package's constants (where its files are).
"""
