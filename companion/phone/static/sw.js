// The phone site's service worker: every file of the site is kept at the first visit, so the app opens and
// plays with no network. A new build has a new VERSION: its files are kept beside the old ones, and the old
// ones are dropped once no window uses them.
const VERSION = "%VERSION%";
const FILES = [/*%FILES%*/];
const PREFIX = "treasure-companion-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": asked again of the host (a file in the browser's HTTP cache is only revalidated), so a file
    // of an earlier build is never kept under this version.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    return kept || fetch(request);
  })());
});
