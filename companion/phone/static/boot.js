// The phone site's own start-up, beside Flet's: keep the site's files for offline use (sw.js), offer a newer
// build when the host has one, and ask the browser to keep the app's data when it runs short of space.
//
// A newer build is looked for at each load, each time the app comes back to the screen and every half hour.
// It is never put in place by itself: a line at the top says "A new version is ready" with a Reload button
// (and "Later", which hides the line until the next check), and only that tap lets the new build take over and reloads the page (the game is stored at every step, so
// it continues where it was). Until then the page keeps running, and being served, the build it started with.
(function () {
  var CHECK_EVERY_MS = 30 * 60 * 1000;
  var BAR_ID = "treasure-companion-update";

  function offerUpdate(registration, tapped) {
    if (document.getElementById(BAR_ID)) return;
    var bar = document.createElement("div");
    bar.id = BAR_ID;
    bar.setAttribute("role", "status");
    bar.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;display:flex;flex-wrap:wrap;" +
      "align-items:center;justify-content:center;gap:8px 10px;box-sizing:border-box;" +
      "padding:calc(8px + env(safe-area-inset-top)) 12px 8px;background:#3E2723;color:#FFFFFF;" +
      "font:15px/1.4 Roboto,system-ui,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.35)";
    var text = document.createElement("span");
    text.textContent = "A new version is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.style.cssText = "min-height:44px;padding:0 16px;border:0;border-radius:22px;" +
      "background:#FF8F00;color:#000000;font:inherit;font-weight:600;cursor:pointer";
    button.addEventListener("click", function () {
      tapped();
      button.disabled = true;
      text.textContent = "Starting the new version\u2026";
      if (registration.waiting) registration.waiting.postMessage({ type: "take-over" });
      else location.reload();
    });
    // The line covers the app's top bar: "Later" puts it away until the next check finds the new build again.
    var later = document.createElement("button");
    later.type = "button";
    later.textContent = "Later";
    later.style.cssText = "min-height:44px;padding:0 12px;border:1px solid #FFFFFF;border-radius:22px;" +
      "background:transparent;color:#FFFFFF;font:inherit;cursor:pointer";
    later.addEventListener("click", function () { bar.remove(); });
    bar.appendChild(text);
    bar.appendChild(button);
    bar.appendChild(later);
    document.body.appendChild(bar);
  }

  // The client build and renderer this page loaded, maybe before the worker controlled it: the worker keeps it.
  function reportLoaded(worker) {
    var report = function (entries) {
      var names = entries.map(function (e) { return e.name; });
      var loaded = names.filter(function (name) { return name.indexOf("/canvaskit/") >= 0 || name.indexOf("/main.dart.") >= 0; });
      if (loaded.length) worker.postMessage({ type: "keep", urls: loaded });
    };
    if (window.PerformanceObserver) {
      new PerformanceObserver(function (list) { report(list.getEntries()); })
        .observe({ type: "resource", buffered: true });
    } else {
      report(performance.getEntriesByType("resource"));
    }
  }

  function watch(registration) {
    var container = navigator.serviceWorker;
    var controlled = !!container.controller;
    var reloading = false;
    var tapped = function () { reloading = true; };
    // A build that took over (this tab's tap or another tab's) reloads every tab of the site: a page of the
    // old build must not be served the new build's files. The first install's taking control reloads nothing.
    container.addEventListener("controllerchange", function () {
      if (controlled || reloading) location.reload();
      controlled = true;
    });
    var offer = function () {
      if (registration.waiting && container.controller) offerUpdate(registration, tapped);
    };
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () { if (worker.state === "installed") offer(); });
    });
    var check = function () { registration.update().then(offer, function () {}); };  // offline: no check
    offer();
    check();
    setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") check();
    });
    container.ready.then(function (ready) { if (ready.active) reportLoaded(ready.active); });
  }

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("sw.js").then(watch, function (err) {
        console.warn("The app will not work offline:", err);
      });
    });
  }
  // WebKit keeps a page left for another one (its back-forward cache) with its Python worker, and that worker
  // holds the stored folder (a Web Lock): the app opened again in that tab would be told it is open elsewhere.
  // Flet's page reloads such a page when it comes back in WebKit (index.html), so its worker can go with it.
  if (navigator.vendor && navigator.vendor.indexOf("Apple") === 0) {
    window.addEventListener("pagehide", function () {
      if (typeof _earlyWorker === "object" && _earlyWorker) _earlyWorker.terminate();
      if (typeof _apps !== "object") return;
      Object.keys(_apps).forEach(function (id) { if (_apps[id].worker) _apps[id].worker.terminate(); });
    });
  }
  // WebKit has no navigator.storage.persist (WebKitGTK 2.50): nothing to ask, the data is kept as it is.
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(function () {});
  }
  // A failure while the start-up picture is up (Flutter's start threw, as it does in WebKit when the browser
  // names no valid language) leaves that picture forever: say so in one line under it instead.
  function notStarted(reason) {
    var loading = document.getElementById("loading");
    if (!loading || document.getElementById("not-started")) return;
    var line = document.createElement("p");
    line.id = "not-started";
    line.setAttribute("role", "alert");
    line.style.cssText = "position:fixed;left:16px;right:16px;bottom:24px;margin:0;text-align:center;font:16px sans-serif;color:#b00020";
    line.textContent = "The app could not start in this browser (" + String(reason && reason.message || reason).split("\n")[0] + ").";
    loading.appendChild(line);
  }
  window.addEventListener("error", function (event) { notStarted(event.error || event.message); });
  window.addEventListener("unhandledrejection", function (event) { notStarted(event.reason); });
})();
