// The phone site's own start-up, beside Flet's: keep every file for offline use, and ask the browser to keep
// the app's data when it runs short of space.
(function () {
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("sw.js").catch(function (err) {
        console.warn("The app will not work offline:", err);
      });
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
