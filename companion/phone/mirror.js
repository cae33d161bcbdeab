// The data folder of the app, kept in the browser's IndexedDB (run in Pyodide's worker by storage.py).
//
// Pyodide's files live in memory and vanish with the tab. This copies the folder in from IndexedDB when the
// app starts, notes every file written, moved or deleted under it (the file system's tracking hooks), and
// `flush()` stores exactly those files in one transaction: the whole folder (the games' database and its
// write-ahead log, the settings, decks, drafts) is stored as of one moment, never half of a step.
// The value of this script is a function of (FS, folder) returning the mirror.
(function (FS, folder) {
  const DB_NAME = "treasure-companion";
  const STORE = "files";
  const LOCK = "treasure-companion-data";
  const dirty = new Set();
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
      keys.forEach((key, i) => {
        const path = folder + "/" + key;
        makeParents(path);
        FS.writeFile(path, values[i]);
      });
      // A write that the browser refuses (no quota, private mode) is found now, not at the first step.
      const probe = db.transaction(STORE, "readwrite", { durability: "strict" });
      probe.objectStore(STORE).put(new Uint8Array(1), ".probe");
      probe.objectStore(STORE).delete(".probe");
      await answered(done(probe), "a first write");
      install();
      return keys.length;
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
        for (const path of paths) {
          let data = null;
          try {
            if (FS.isFile(FS.stat(path).mode)) data = FS.readFile(path);
          } catch (e) { /* gone: deleted or moved away */ }
          const key = path.slice(folder.length + 1);
          if (data === null) store.delete(key); else store.put(data, key);
        }
        await done(tx);
      } catch (e) {
        paths.forEach((p) => dirty.add(p));
        throw e;
      }
      return paths.length;
    },
  };
})
