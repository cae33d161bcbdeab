// The Python runtime as it stands once started, kept in the browser (a Pyodide memory snapshot) so that the
// next start restores it instead of starting Python again: about two of the three seconds the runtime takes.
//
// It is made after the app has started, in a worker of its own (this file, run as a worker named MAKER), from
// a runtime that runs nothing else: Pyodide's `_makeSnapshot` option makes the runtime watch every use of the
// page's globals, and some of the browser's objects refuse to be used that way (a getter such as
// `location.href` throws), so the app never runs in such a runtime. It is kept for one key, which the site's
// builder derives from the runtime's files and this file (index.html's `flet.pythonSnapshotKey`): a build with
// another runtime makes its own and the earlier one goes. No Cache Storage, a quota, a damaged copy: the start
// is a plain one, never a failed one. Chromium only: python.js gives no key to other browsers.

const MAKER = "python-snapshot";  // the name python.js gives the worker
const CACHE = "treasure-python-snapshot";
// What Pyodide 314 writes first in a snapshot. A runtime given a snapshot too short for its memory never
// answers, so what is not a whole snapshot (gzip's check sum already caught a damaged one) is never given it.
const MAGIC = 1886286592;
const SMALLEST = 1 << 20;

function addressOf(key) {
    return new URL(`pyodide/snapshot-${key}`, self.location.href).href;
}

function canKeep(key) {
    return Boolean(key) && typeof CompressionStream !== "undefined" && typeof caches !== "undefined";
}

/** The kept snapshot for `key` (its bytes), or null: none kept, or it cannot be read (then it is dropped, so
 * that the next start keeps a whole one). */
export async function keptSnapshot(key) {
    if (!canKeep(key)) return null;
    try {
        const kept = await (await caches.open(CACHE)).match(addressOf(key));
        if (!kept) return null;
        const bytes = new Uint8Array(
            await new Response(kept.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
        if (bytes.length < SMALLEST || new DataView(bytes.buffer).getUint32(0, true) !== MAGIC) {
            throw new Error(`not a snapshot of the runtime (${bytes.length} bytes)`);
        }
        return bytes;
    } catch (error) {
        console.warn("The kept Python snapshot cannot be read:", error);
        await forgetSnapshot(key);
        return null;
    }
}

/** Drop the snapshot for `key` (the runtime refused it, or the app failed after it): the next start is plain. */
export async function forgetSnapshot(key) {
    try {
        await (await caches.open(CACHE)).delete(addressOf(key));
    } catch (error) {
        console.warn("The kept Python snapshot cannot be dropped:", error);
    }
}

/** Start a runtime that runs nothing else, snapshot it and keep it (gzip) for `key`, in place of any other. */
async function makeSnapshot(pyodideUrl, key) {
    if (!canKeep(key)) return "not kept: this browser cannot";
    const cache = await caches.open(CACHE);
    if (await cache.match(addressOf(key))) return "already kept";
    const { loadPyodide } = await import(pyodideUrl);
    const pyodide = await loadPyodide({ _makeSnapshot: true });
    const snapshot = pyodide.makeMemorySnapshot();
    const zipped = await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip")))
        .arrayBuffer();
    for (const earlier of await cache.keys()) await cache.delete(earlier);
    await cache.put(addressOf(key), new Response(zipped, { headers: { "Content-Type": "application/gzip" } }));
    return "kept";
}

if (self.name === MAKER) {
    self.onmessage = async (event) => {
        const { pyodideUrl, key } = event.data || {};
        let outcome;
        try {
            outcome = await makeSnapshot(new URL(pyodideUrl, self.location.href).href, key);
        } catch (error) {
            outcome = `not kept: ${error}`;
        }
        console.log(`Python snapshot ${key}: ${outcome}`);
        self.postMessage(outcome);
    };
}
