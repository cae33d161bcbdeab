// The data folder of the app, kept in the browser's IndexedDB (run in Pyodide's worker by storage.py).
//
// Pyodide's files live in memory and vanish with the tab. This copies the folder in from IndexedDB when the
// app starts, notes every file written, moved or deleted under it (the file system's tracking hooks), and
// `flush()` stores those files in one transaction: the whole folder (the games' database and its write-ahead
// log, the settings, decks, drafts) is stored as of one moment, never half of a step.
//
// A file is kept in blocks of BLOCK bytes, and a flush stores only the blocks that changed since the last one:
// SQLite's write-ahead log grows to some 4 MB and stays that size, and a step changes a few kilobytes of it, so
// storing whole files wrote 4 MB to the browser at every tap. Under a file's own name IndexedDB holds
// {size, blocks, sums}; block i is under the name, a NUL and i, and sums[i] is its CRC-32: a block that is not
// the length or the sum its file says is damaged, and the folder is then not opened at all (a damaged block
// must never load as a different game). A file stored whole, or in blocks without sums (by earlier versions of
// this script), is read as it is and stored in blocks with sums the next time it changes.
//
// Under META the folder's data version ({version}, written at every start): a build that finds a version newer
// than its own refuses and writes nothing. A cache (Cache Storage, another of the browser's storage areas) named
// MARKER says this browser stored the folder once: found with an empty database, the browser deleted the
// database since (a browser clearing all of a site's data clears the marker too: that is a first visit).
// The value of this script is a function of (FS, folder, version) returning the mirror.
(function (FS, folder, version) {
  const DB_NAME = "treasure-companion";
  const STORE = "files";
  const LOCK = "treasure-companion-data";
  const META = "\u0000meta";
  // Not "treasure-companion-...": the service worker drops the caches of that name that are not its own.
  const MARKER = "kept-data-of-treasure-companion";
  const CLEARED = "the browser deleted the app's stored data while it was open";
  const BLOCK = 65536;
  // Where a damaged folder is copied as it is (never stored back): beside the folder, in memory only.
  const DAMAGED_COPY = folder + ".damaged";
  const dirty = new Set();
  // path -> the blocks as last stored, each {bytes, sum} (what a flush compares with); a file stored whole has
  // none yet.
  const stored = new Map();
  let db = null;
  let cleared = false;  // the database was deleted (or closed by the browser) under this tab
  let marked = false;  // the marker is known to be kept

  // SQLite's "-shm" index is rebuilt from the database and its log when a page opens them: not kept.
  const inFolder = (path) => typeof path === "string" && path.startsWith(folder + "/") && !path.endsWith("-shm");
  const mark = (path) => { if (inFolder(path)) dirty.add(path); };

  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  // A browser that never answers (seen with storage switched off) counts as one that refuses.
  function answered(promise, what) {
    return Promise.race([promise, new Promise((_, reject) => setTimeout(
      () => reject(new Error(`the browser did not answer (${what})`)), 10000))]);
  }

  function openDatabase() {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    return request(req).then((opened) => {
      // Another page deleting the database (or a site-data clear): let it go, and store nothing more.
      opened.onversionchange = () => { cleared = true; opened.close(); };
      opened.onclose = () => { cleared = true; };
      return opened;
    });
  }

  const hasCaches = () => typeof self.caches === "object" && self.caches !== null;

  function markerKept() {
    return hasCaches() ? answered(caches.has(MARKER), "looking for its marker").catch(() => false)
      : Promise.resolve(false);
  }

  function keepMarker() {
    if (marked || !hasCaches()) return;
    marked = true;
    caches.open(MARKER).catch(() => { marked = false; });
  }

  const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    return table;
  })();

  function crc32(bytes) {
    let c = 0xFFFFFFFF;
    for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
    return (c ^ 0xFFFFFFFF) >>> 0;
  }

  class Damaged extends Error {}

  function done(tx) {
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("the browser cancelled the write"));
    });
  }

  // Only one tab may keep the folder: two would each write their own copy over the other's.
  function holdLock(waitMs) {
    if (!(self.navigator && navigator.locks)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      navigator.locks.request(LOCK, () => {
        clearTimeout(timer);
        resolve(true);
        return new Promise(() => {}); // held for the life of this tab
      }).catch(() => resolve(false));
    });
  }

  function makeParents(path) {
    const parts = path.split("/").slice(1, -1);
    let at = "";
    for (const part of parts) {
      at += "/" + part;
      try { FS.mkdir(at); } catch (e) { /* already there */ }
    }
  }

  const blockKey = (key, i) => key + "\u0000" + i;

  function sameBytes(a, b) {
    if (!a || a.length !== b.length) return false;
    if (a.length % 4 === 0 && a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
      const x = new Uint32Array(a.buffer, a.byteOffset, a.length / 4);
      const y = new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      return true;
    }
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  // One file kept in blocks, checked (its sums only where it has them): its bytes and its blocks, or Damaged.
  // `asItIs`: no check, a block missing or of the wrong length read as zeros (the damaged folder's copy).
  function fileOf(key, value, byKey, asItIs = false) {
    const { size, blocks: count, sums } = value || {};
    const whole = Number.isInteger(size) && size >= 0 && count === Math.ceil(size / BLOCK);
    const damaged = (why) => new Damaged(`${key}, ${why}`);
    if (!whole || (sums !== undefined && !(Array.isArray(sums) && sums.length === count))) {
      if (asItIs) return null;
      throw damaged("its description");
    }
    const data = new Uint8Array(size);
    const blocks = [];
    for (let i = 0; i < count; i++) {
      let block = byKey.get(blockKey(key, i));
      const length = Math.min(BLOCK, size - i * BLOCK);
      const part = `part ${i + 1} of ${count}`;
      if (asItIs && !(block instanceof Uint8Array && block.length === length)) {
        block = block instanceof Uint8Array ? block.subarray(0, length) : new Uint8Array(0);
      } else if (!(block instanceof Uint8Array)) {
        throw damaged(`${part} missing`);
      } else if (block.length !== length) {
        throw damaged(`${part} of the wrong length`);
      }
      const sum = crc32(block);
      if (!asItIs && sums !== undefined && sum !== sums[i]) throw damaged(`${part} changed`);
      data.set(block, i * BLOCK);
      blocks.push({ bytes: block, sum });
    }
    return { data, blocks };
  }

  // The files of the stored folder: key -> {data, blocks}, from whole files and from files kept in blocks.
  function filesOf(byKey, asItIs = false) {
    const files = new Map();
    for (const [key, value] of byKey) {
      if (key.includes("\u0000")) continue;
      const file = value instanceof Uint8Array ? { data: value, blocks: null } : fileOf(key, value, byKey, asItIs);
      if (file) files.set(key, file);
    }
    return files;
  }

  function writeFolder(at, files) {
    for (const [key, file] of files) {
      const path = at + "/" + key;
      makeParents(path);
      FS.writeFile(path, file.data);
    }
  }

  // Puts the changed blocks of one file (or its removal) in the transaction; returns its blocks as stored.
  function storeFile(store, key, data, before) {
    const old = before || [];
    if (data === null) {
      store.delete(key);
      for (let i = 0; i < old.length; i++) store.delete(blockKey(key, i));
      return null;
    }
    const blocks = [];
    for (let i = 0; i * BLOCK < data.length; i++) {
      const part = data.subarray(i * BLOCK, (i + 1) * BLOCK);
      if (old[i] && sameBytes(old[i].bytes, part)) {
        blocks.push(old[i]);
      } else {
        const bytes = part.slice();  // its own buffer: a view would store (and keep) the whole file
        store.put(bytes, blockKey(key, i));
        blocks.push({ bytes, sum: crc32(bytes) });
      }
    }
    for (let i = blocks.length; i < old.length; i++) store.delete(blockKey(key, i));
    store.put({ size: data.length, blocks: blocks.length, sums: blocks.map((b) => b.sum) }, key);
    return blocks;
  }

  function install() {
    const before = Object.assign({}, FS.trackingDelegate);
    FS.trackingDelegate.onWriteToFile = (path, n) => { mark(path); before.onWriteToFile?.(path, n); };
    FS.trackingDelegate.onMovePath = (from, to) => { mark(from); mark(to); before.onMovePath?.(from, to); };
    FS.trackingDelegate.onDeletePath = (path) => { mark(path); before.onDeletePath?.(path); };
  }

  return {
    // Copy the stored folder in. Resolves to a JSON text {files, problem, stored}: problem "" (none),
    // "newer" (data of version `stored`: nothing copied, nothing written, nothing kept open), "damaged"
    // (`stored` names the block: the same, but for a copy of what is stored, as it is, in the folder's name and
    // ".damaged", which nothing stores) or "cleared" (an empty database where the marker says a folder was
    // stored: the browser deleted it since; the folder starts empty). Rejects with why the browser refuses.
    async open(lockWaitMs) {
      if (!(await holdLock(lockWaitMs))) {
        throw new Error("the app is open in another tab or window of this browser");
      }
      db = await answered(openDatabase(), "opening its database");
      const tx = db.transaction(STORE, "readonly");
      const store = tx.objectStore(STORE);
      const [keys, values] = await answered(
        Promise.all([request(store.getAllKeys()), request(store.getAll())]), "reading the saved files");
      const byKey = new Map(keys.map((key, i) => [key, values[i]]));
      const meta = byKey.get(META);
      const refuse = (problem, stored) => {
        db.close();
        db = null;
        return JSON.stringify({ files: 0, problem, stored });
      };
      if (meta && !(Number.isInteger(meta.version) && meta.version >= 1)) return refuse("damaged", "its version");
      if (meta && meta.version > version) return refuse("newer", meta.version);
      let files;
      try {
        files = filesOf(byKey);
      } catch (e) {
        if (!(e instanceof Damaged)) throw e;
        // What is stored, as it is, in a folder of its own: the game it holds may still be read from there.
        writeFolder(DAMAGED_COPY, filesOf(byKey, true));
        return refuse("damaged", e.message);
      }
      marked = await markerKept();
      const problem = byKey.size === 0 && marked ? "cleared" : "";
      writeFolder(folder, files);
      for (const [key, file] of files) {
        if (file.blocks) stored.set(folder + "/" + key, file.blocks);
      }
      // The data version, written first: a write the browser refuses (no quota, private mode) is found now.
      const probe = db.transaction(STORE, "readwrite", { durability: "strict" });
      probe.objectStore(STORE).put({ version }, META);
      await answered(done(probe), "a first write");
      install();
      return JSON.stringify({ files: files.size, problem, stored: meta ? meta.version : 0 });
    },
    // Whether the browser deleted the stored data while this tab had it open (nothing is stored since).
    cleared() { return cleared; },
    dirty() { return dirty.size > 0; },
    // Store every file changed since the last flush; on failure they stay to be stored by the next one.
    async flush() {
      if (cleared) throw new Error(CLEARED);
      if (!db) throw new Error("the browser's storage is not open");
      const paths = [...dirty];
      dirty.clear();
      try {
        const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
        const store = tx.objectStore(STORE);
        const now = new Map();
        for (const path of paths) {
          let data = null;
          try {
            if (FS.isFile(FS.stat(path).mode)) data = FS.readFile(path);
          } catch (e) { /* gone: deleted or moved away */ }
          now.set(path, storeFile(store, path.slice(folder.length + 1), data, stored.get(path)));
        }
        await done(tx);
        for (const [path, blocks] of now) {
          if (blocks === null) stored.delete(path); else stored.set(path, blocks);
        }
        if (stored.size) keepMarker();
      } catch (e) {
        paths.forEach((p) => dirty.add(p));
        if (cleared || (e && e.name === "InvalidStateError")) { cleared = true; throw new Error(CLEARED); }
        throw e;
      }
      return paths.length;
    },
  };
})
