"""When the app on this computer stops, the page says so instead of a blank "Working...".

Flet 1.0.5's web client handles a lost connection on its own: it shows its boot screen ("Working..." and a
spinner) and reconnects with a growing delay. Its messages cannot be set from Python for the top-level page
(``page.on_disconnect`` runs on the server, which is exactly what is gone; the client's ``startup_message`` and
``app_error_message`` are options of an embedded ``FletApp`` control, not of the page). So the page that Flet
serves gets a small script of ours: it watches the client's WebSocket to the app (``/ws``), and while that is
closed shows a notice above everything: "The app on this computer stopped. Start it again: the game is saved."
It goes away when the client connects again. On a shared table the notice says instead that the host stopped
sharing (or that the device's join ran out) when the table closed the WebSocket for that reason, or, for any
other close, when the table's status (``/join/status``) says so: a phone asleep while the host stopped sharing
learns it when it wakes. That notice stays until the page connects again.

``StoppedNotice`` is ASGI middleware that adds the script to every HTML page the app serves (the index, which
Flet also serves for every route), before ``</head>``.
"""

from __future__ import annotations

from companion.server.whole_body import rewrite_whole_body

MESSAGE = "The app on this computer stopped. Start it again: the game is saved."
#: A shared table's phone whose join the host ended (WebSocket close code ENDED), or that ran out (EXPIRED).
HOST_STOPPED = ("The host stopped sharing the table. When they share it again, open the new join address: the game "
                "is saved.")
JOIN_RAN_OUT = "This device's join ran out (a join lasts 12 hours). Open the join address again: the game is saved."

SCRIPT = """<script>
(function () {
  var Native = window.WebSocket;
  if (!Native) return;
  var box = null, final = false;
  function show(text, last) {
    if (final) return;
    final = !!last;
    if (!box) {
      box = document.createElement("div");
      box.id = "companion-stopped";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;padding:18px 16px;" +
        "background:#B71C1C;color:#fff;font:600 18px/1.4 sans-serif;text-align:center;" +
        "box-shadow:0 2px 8px rgba(0,0,0,.4)";
      document.body.appendChild(box);
    }
    box.textContent = text;
  }
  function hide() {
    final = false;
    if (box) { box.remove(); box = null; }
  }
  var why = {stopped: %(host_stopped)s, expired: %(ran_out)s};
  function closed(event) {
    if (event.code === %(ended_code)d) return show(why.stopped, true);
    if (event.code === %(expired_code)d) return show(why.expired, true);
    show(%(message)s);
    // A shared table refuses a device whose join ended while it was away (a phone asleep): ask the table.
    fetch(%(status)s, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) { if (s && why[s.ended]) show(why[s.ended], true); })
      .catch(function () {});
  }
  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/ws(\\?|$)/.test(String(url))) {
      ws.addEventListener("open", hide);
      ws.addEventListener("close", closed);
    }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = Native[k]; });
  window.WebSocket = Watched;
})();
</script>
"""


def script(message: str = MESSAGE) -> bytes:
    """The script, with ``message`` (and the shared table's) as JavaScript strings."""
    import json

    from companion.server.gate import STATUS
    from companion.server.sharing import ENDED, EXPIRED

    return (SCRIPT % {
        "message": json.dumps(message), "host_stopped": json.dumps(HOST_STOPPED), "ran_out": json.dumps(JOIN_RAN_OUT),
        "ended_code": ENDED, "expired_code": EXPIRED, "status": json.dumps(STATUS),
    }).encode("utf-8")


class StoppedNotice:
    """ASGI middleware: adds :func:`script` before ``</head>`` of every HTML response."""

    def __init__(self, app) -> None:
        self.app = app
        self.snippet = script()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        await rewrite_whole_body(self.app, scope, receive, send, _is_html_page, self._with_script)

    async def _with_script(self, start, body: bytes):
        return start, body.replace(b"</head>", self.snippet + b"</head>", 1)


def _is_html_page(start) -> bool:
    """A whole HTML page as the app made it (not an error, not compressed)."""
    headers = dict(start.get("headers") or [])
    is_html = headers.get(b"content-type", b"").startswith(b"text/html")
    return is_html and not headers.get(b"content-encoding") and start.get("status") == 200
