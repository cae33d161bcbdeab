"""The phone site's runtime: what runs in a phone's browser, built into a site by ``companion.publish``.

``browser`` starts the app inside Pyodide (``entry.py`` is the site's ``main.py``), ``storage`` (with
``mirror.js``) keeps its data folder in the browser; ``static/`` holds the site's start-up script, its service
worker, the keeper of the Python runtime's snapshot and the app archive's unpacker, ``client/`` its copies of
the Flet client files it changes. The few places where the app does something else in a browser ask
:data:`IN_BROWSER`. Nothing here imports the builder.
"""

import sys
from pathlib import Path

#: Running inside Pyodide in a browser (the phone site), not on a computer.
IN_BROWSER = sys.platform == "emscripten"

_HERE = Path(__file__).parent
#: The site's entry module (its ``main.py``).
ENTRY = _HERE / "entry.py"
#: The site's own scripts: its start-up (``boot.js``), its service worker's template (``sw.js``), the Python
#: runtime's snapshot (``python-snapshot.js``) and the app archive's unpacking (``app-archive.js``).
STATIC = _HERE / "static"
#: The site's copies of flet-web's client files it changes (README.md there).
CLIENT = _HERE / "client"
#: The file of the app archive that names the file of this build's sources beside the site (``sources``).
SOURCES_NAME_FILE = "app-sources.txt"
