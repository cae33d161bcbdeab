// The phone site's service worker: the files of one build, kept so the app opens and plays with no network.
//
// Each build has its own VERSION and its own cache, and this worker serves only from that cache, so the files
// of two builds are never mixed. SHARED (every browser's files) are fetched when the worker installs;
// ON_DEMAND (the client builds and renderers: a browser uses one) are kept when the page asks for them, or when it tells
// the worker what it loaded before the worker controlled it (boot.js). Each file is kept only if its SHA-256 is
// this build's: a host given a newer build while a phone fetches fails the install, which is tried again later.
//
// A newer build waits: it takes over only when the player taps "Reload" (boot.js sends "take-over"), never in
// the middle of a step; until then the open page keeps being served the files of the build it started with.
const VERSION = "%VERSION%";
const SHARED = {/*%SHARED%*/};
const ON_DEMAND = {/*%ON_DEMAND%*/};
const PREFIX = "treasure-companion-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href);
const AT_ONCE = 6;

/** The path of a URL inside the site ("./" for the site's own address), or null for any other address. */
function pathOf(href) {
  const url = new URL(href);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  return url.pathname.slice(SCOPE.pathname.length) || "./";
}

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A response of this build's bytes, as kept and as served (only the type is kept of the host's headers). */
function responseOf(body, type) {
  return new Response(body, { status: 200, headers: type ? { "Content-Type": type } : {} });
}

/** The bytes of `path` whose SHA-256 is `expected`: a copy kept by an earlier build if it has them, else the
 * browser's HTTP cache's (the page may just have fetched it), else the host's, asked again; none is an error. */
async function thisBuilds(path, expected) {
  const url = new URL(path, SCOPE).href;
  const earlier = await caches.match(url);
  if (earlier) {
    const body = await earlier.arrayBuffer();
    if (await sha256(body) === expected) return responseOf(body, earlier.headers.get("Content-Type"));
  }
  for (const mode of ["default", "no-cache"]) {
    const got = await fetch(new Request(url, { cache: mode }));
    if (!got.ok) throw new Error(`${path}: the host answered ${got.status}`);
    const body = await got.arrayBuffer();
    if (await sha256(body) === expected) return responseOf(body, got.headers.get("Content-Type"));
  }
  throw new Error(`${path} on the host is not this build's`);
}

async function keep(cache, path, expected) {
  const url = new URL(path, SCOPE).href;
  if (await cache.match(url)) return;
  await cache.put(url, await thisBuilds(path, expected));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const paths = Object.keys(SHARED);
    try {
      const next = async () => {
        for (let path = paths.pop(); path !== undefined; path = paths.pop()) await keep(cache, path, SHARED[path]);
      };
      await Promise.all(Array.from({ length: AT_ONCE }, next));
    } catch (err) {
      await caches.delete(CACHE);  // half a build is no build: the next check starts again
      throw err;
    }
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

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "take-over") {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "keep" && Array.isArray(data.urls)) {
    // What the page loaded before this worker controlled it (its CanvasKit build): kept for the next start.
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      for (const path of new Set(data.urls.map(pathOf))) {
        if (path in ON_DEMAND) await keep(cache, path, ON_DEMAND[path]).catch(() => {});
      }
    })());
  } else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage(VERSION);
  }
});

async function onDemand(path) {
  const cache = await caches.open(CACHE);
  const url = new URL(path, SCOPE).href;
  const kept = await cache.match(url);
  if (kept) return kept;
  let response;
  try {
    response = await thisBuilds(path, ON_DEMAND[path]);
  } catch (err) {
    return new Response(String(err), { status: 503, statusText: "Not this build's file" });
  }
  await cache.put(url, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const path = request.method === "GET" ? pathOf(request.url) : null;
  if (path === null) return;
  if (path in ON_DEMAND) {
    event.respondWith(onDemand(path));
  } else if (path in SHARED) {
    event.respondWith(kept(path, request));
  } else if (request.mode === "navigate") {  // any other page of the site: the host's, else the app's
    event.respondWith(fetch(request).catch(() => kept("./", request)));
  }
});

async function kept(path, request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(new URL(path, SCOPE).href)) || fetch(request);
}
