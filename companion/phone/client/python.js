// The phone site's copy of flet-web 1.0.5's python.js (companion/phone/client/README.md): Python's worker is
// made as the page loads, so the runtime loads, and the app is unpacked and imported, while Flutter starts.
// Pyodide URL is injected per build by flet-web's patch_index.py
// (sets flet.pyodideUrl). Falls back to the local pyodide/ directory that
// flet build web / flet publish drop next to the page.
let _apps = {};
let _documentUrl = document.URL;

// Treasure Mountain Companion: the address of a script of the site (a worker's), for the Python worker and the
// snapshot's maker alike.
function _siteScript(name) {
    return (flet.entrypointBaseUrl.endsWith("/") ?
        flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/" + name;
}

function _newPythonWorker() {
    return new Worker(_siteScript("python-worker.js"), { type: "module" });
}

// Treasure Mountain Companion: the Python runtime's snapshot in Chromium only (`navigator.userAgentData` is
// Chromium's alone). In WebKit a restored runtime failed under load ("Out of bounds memory access" as the app
// started), so Safari, and Firefox (untried), always start Python plainly.
const _pythonSnapshotKey = navigator.userAgentData ? flet.pythonSnapshotKey : null;

// Treasure Mountain Companion: the runtime loads (from its kept snapshot when there is one), and the app's
// archive is unpacked and its modules imported (companion.phone.browser, which main.py runs), while Flutter
// starts; the first connection takes this worker.
let _earlyWorker = _newPythonWorker();
_earlyWorker.postMessage({
    loadRuntimeNow: true, pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
    snapshotKey: _pythonSnapshotKey, appPackageUrl: flet.appPackageUrl, prepareModule: "companion.phone.browser",
});

// Treasure Mountain Companion: a while after the app has started, a worker of its own keeps the Python runtime's
// snapshot for the next start, unless it is kept already (python-snapshot.js).
const _SNAPSHOT_AFTER_MS = 3000;

function _keepPythonSnapshot() {
    if (!_pythonSnapshotKey) return;
    const maker = new Worker(_siteScript("python-snapshot.js"), { type: "module", name: "python-snapshot" });
    maker.onmessage = () => maker.terminate();
    maker.onerror = () => maker.terminate();
    maker.postMessage({ pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs", key: _pythonSnapshotKey });
}

function _takeEarlyWorker() {
    const worker = _earlyWorker;
    _earlyWorker = null;
    return worker;
}

// This method is called from Dart on backend.connect()
// dartOnMessage is called on backend.onMessage
// it accepts "data" of type JSUint8Array
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    let app = {
        "dartOnMessage": dartOnMessage
    };
    console.log(`Starting up Python worker: ${appId}, args: ${args}`);
    _apps[appId] = app;
    // Module worker (type: "module") is required by Pyodide >= 0.29 — the
    // runtime throws "Classic web workers are not supported" inside any
    // worker where `importScripts` is callable. Module workers don't have
    // `importScripts`, so the check passes. Older Pyodide lines (0.27.x)
    // accept module workers too, so this is forward-compatible across all
    // supported Python versions (3.12 → Pyodide 0.27.7, 3.13 → 0.29.4,
    // 3.14 → 314.0.0).
    app.worker = _takeEarlyWorker() || _newPythonWorker();

    var error;
    app.worker.onmessage = (event) => {
        if (typeof event.data === "string") {
            if (event.data != "initialized") {
                error = event.data;
            }
            app.onPythonInitialized();
        } else {
            app.dartOnMessage(event.data);
        }
    };

    let pythonInitialized = new Promise((resolveCallback) => app.onPythonInitialized = resolveCallback);

    // initialize worker
    app.worker.postMessage({
        // `.mjs` is the ES-module variant. python-worker.js (now a module
        // worker) loads it via dynamic `import()`. The legacy `.js`
        // variant relied on `importScripts`, which doesn't exist in a
        // module worker.
        pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
        args: args,
        documentUrl: _documentUrl,
        appPackageUrl: flet.appPackageUrl,
        micropipIncludePre: flet.micropipIncludePre,
        pythonModuleName: flet.pythonModuleName
    });

    await pythonInitialized;

    if (error) {
        console.error("Python worker init error:", error);
        await jsDisconnect(appId);
        throw error;
    } else {
        console.log(`Python worker initialized: ${appId}`);
        setTimeout(_keepPythonSnapshot, _SNAPSHOT_AFTER_MS);
    }
}

// Called from Dart on backend.send
// data is a message serialized to JSUint8Array
globalThis.jsSend = async function (appId, data) {
    if (appId in _apps) {
        const app = _apps[appId];
        // Transfer the converted array's actual buffer. On Wasm, converting
        // the Dart packet's buffer separately would produce a different copy.
        // The sender must not access data after this call.
        app.worker.postMessage(data, [data.buffer]);
    }
}

// Called from Dart on channel.disconnect
globalThis.jsDisconnect = async function (appId) {
    if (appId in _apps) {
        console.log(`Terminating Python worker: ${appId}`);
        const app = _apps[appId];
        delete _apps[appId];
        app.worker.terminate();
        app.worker.onmessage = null;
        app.worker.onerror = null;
    }
}
