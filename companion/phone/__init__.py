"""The phone site: the app as static files that run whole in a phone's browser (``treasure-companion publish``).

``site`` builds the folder (``fetch`` brings the runtime and the wheels into a cache); ``browser`` starts the
app inside Pyodide, ``storage`` (with ``mirror.js``) keeps its data folder in the browser. The few places where
the app does something else in a browser ask :data:`IN_BROWSER`.
"""

import sys

#: Running inside Pyodide in a browser (the phone site), not on a computer.
IN_BROWSER = sys.platform == "emscripten"
