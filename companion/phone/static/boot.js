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
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(function () {});
  }
})();
