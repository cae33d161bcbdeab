"""Every place the app touches the insides of Flet, flet-web or Flet's Pyodide runtime (all 1.0.5), and nothing else.

Outside this folder the app uses Flet's public face only (``import flet as ft``, a package's top-level names);
``tests/test_layers.py`` holds that rule. Here, one module a touch, each naming the private names it touches and
what a Flet upgrade must check:

- ``patches``: the speed patches a page starts with: ``diff`` (the diff and encoder remember dataclass answers
  per class), ``events`` (an event's payload type per kind of control), ``messages`` (no debug text for a log
  that is off);
- ``isolate``: the mark that keeps an ancestor's update out of a control's children (the round screen);
- ``connection``: a page's sending wrapped (the phone site stores its data before the page shows a step);
- ``pyodide``: what Flet's Pyodide runtime tells the app in a phone's browser (the page's address);
- ``web_client``: Flet's web client as flet-web serves it, mirrored for the server's early answers;
- ``probe``: the browser benchmark's per-event cost, wrapping Flet's event dispatch.

Nothing here imports the app (``companion.*`` beyond this folder): the screens, the server and the phone site
sit above it.

On a Flet upgrade: run ``tests/flet_seam`` and ``tests/server/test_early.py`` (each module's docstring names the
test that checks it), and ``python -m tests.bench.round_taps`` with and without the patches (each exists for
speed alone: one that saves nothing goes). Beside this folder, the phone site's copies of flet-web's client
scripts are checked against the originals' checksums by ``tests/phone/test_client_copies.py`` (what to do:
``companion/phone/client/README.md``), and the modules that
work around Flet's behaviour through public means only name "Flet 1.0.5" (``grep -rl "Flet 1.0.5" companion``).
"""
