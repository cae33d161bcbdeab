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
// {size, blocks}; block i is under the name, a NUL and i. A file stored whole (by an earlier version of this
// script) is read as it is and stored in blocks the next time it changes.
// The value of this script is a function of (FS, folder) returning the mirror.
(function (FS, folder) {
  const DB_NAME = "treasure-companion";
  const STORE = "files";
  const LOCK = "treasure-companion-data";
  const BLOCK = 65536;
  const dirty = new Set();
  // path -> the blocks as last stored (what a flush compares with); a file stored whole has none yet.
  const stored = new Map();
  let db = null;

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
    return request(req);
  }

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

  // The files of the stored folder: key -> bytes, from whole files and from files kept in blocks.
  function filesOf(keys, values) {
    const byKey = new Map(keys.map((key, i) => [key, values[i]]));
    const files = new Map();
    for (const [key, value] of byKey) {
      if (key.includes("\u0000")) continue;
      if (value instanceof Uint8Array) { files.set(key, { data: value, blocks: null }); continue; }
      const data = new Uint8Array(value.size);
      const blocks = [];
      for (let i = 0; i < value.blocks; i++) {
        const block = byKey.get(blockKey(key, i));
        if (!(block instanceof Uint8Array)) throw new Error(`the saved file ${key} is missing a part`);
        data.set(block, i * BLOCK);
        blocks.push(block);
      }
      files.set(key, { data, blocks });
    }
    return files;
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
      if (sameBytes(old[i], part)) {
        blocks.push(old[i]);
      } else {
        const block = part.slice();  // its own buffer: a view would store (and keep) the whole file
        store.put(block, blockKey(key, i));
        blocks.push(block);
      }
    }
    for (let i = blocks.length; i < old.length; i++) store.delete(blockKey(key, i));
    store.put({ size: data.length, blocks: blocks.length }, key);
    return blocks;
  }

  function install() {
    const before = Object.assign({}, FS.trackingDelegate);
    FS.trackingDelegate.onWriteToFile = (path, n) => { mark(path); before.onWriteToFile?.(path, n); };
    FS.trackingDelegate.onMovePath = (from, to) => { mark(from); mark(to); before.onMovePath?.(from, to); };
    FS.trackingDelegate.onDeletePath = (path) => { mark(path); before.onDeletePath?.(path); };
  }

  return {
    // Copy the stored folder in; resolves to the number of files, rejects with why the browser refuses.
    async open(lockWaitMs) {
      if (!(await holdLock(lockWaitMs))) {
        throw new Error("the app is open in another tab or window of this browser");
      }
      db = await answered(openDatabase(), "opening its database");
      const tx = db.transaction(STORE, "readonly");
      const store = tx.objectStore(STORE);
      const [keys, values] = await answered(
        Promise.all([request(store.getAllKeys()), request(store.getAll())]), "reading the saved files");
      const files = filesOf(keys, values);
      for (const [key, file] of files) {
        const path = folder + "/" + key;
        makeParents(path);
        FS.writeFile(path, file.data);
        if (file.blocks) stored.set(path, file.blocks);
      }
      // A write that the browser refuses (no quota, private mode) is found now, not at the first step.
      const probe = db.transaction(STORE, "readwrite", { durability: "strict" });
      probe.objectStore(STORE).put(new Uint8Array(1), ".probe");
      probe.objectStore(STORE).delete(".probe");
      await answered(done(probe), "a first write");
      install();
      return files.size;
    },
    dirty() { return dirty.size > 0; },
    // Store every file changed since the last flush; on failure they stay to be stored by the next one.
    async flush() {
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
      } catch (e) {
        paths.forEach((p) => dirty.add(p));
        throw e;
      }
      return paths.length;
    },
  };
})
