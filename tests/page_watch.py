"""JavaScript for browser tests that tap a page before or after it has heard from the app (two pages, two
phones tapping within a moment of each other)."""

#: Counts what the page receives from the app (window.__heard), before Flet's client handles it.
HEARD = """(() => {
  const Native = window.WebSocket;
  window.__heard = 0;
  function Counted(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", () => { window.__heard += 1; });
    return ws;
  }
  Counted.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach((k) => { Counted[k] = Native[k]; });
  window.WebSocket = Counted;
})();"""
#: Tap the element unless the page has received anything since ``mark``: then the tap is aimed at the screen
#: that showed the turn, not at a redraw.
TAP_IF_UNCHANGED = "(e, mark) => { if (window.__heard !== mark) return false; e.click(); return true; }"
