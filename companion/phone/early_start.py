"""Python's runtime starts loading with the page, beside Flutter's own start, instead of after it.

Flet's web client makes its Python worker only when the Flutter app connects, about a second and a half into a
load on a phone-sized screen; loading Pyodide then takes two seconds more. The site's copy of ``python.js``
makes the worker as the page loads and tells it to load the runtime at once; the first connection takes that
worker, whose ``python-worker.js`` then waits for the runtime already on its way instead of starting to load
it. A client whose files changed shape stops the build (see ``site._substitute``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

Substitute = Callable[[str, str, str, str], str]

_MAKE_WORKER = '''    app.worker = new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });
'''

_PAGE_START = '''let _documentUrl = document.URL;
'''

_EARLY_WORKER = '''let _documentUrl = document.URL;

function _newPythonWorker() {
    return new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });
}

// Treasure Mountain Companion: the runtime loads while Flutter starts; the first connection takes this worker.
let _earlyWorker = _newPythonWorker();
_earlyWorker.postMessage({ loadRuntimeNow: true, pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs" });

function _takeEarlyWorker() {
    const worker = _earlyWorker;
    _earlyWorker = null;
    return worker;
}
'''

_LOAD_RUNTIME = '''        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
'''

_INIT = '''self.initPyodide = async function () {'''

_RUNTIME_FUNCTION = '''self.loadRuntime = async function (url) {
    const pyodideModule = await import(url);
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    return await loadPyodide({
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    });
};

self.initPyodide = async function () {'''

_ON_MESSAGE = '''self.onmessage = async (event) => {
    // run only once
    if (!self.initialized) {'''

_EARLY_MESSAGE = '''self.onmessage = async (event) => {
    if (event.data && event.data.loadRuntimeNow) {  // the page's start: load the runtime before the app connects
        self.runtimeLoading = self.loadRuntime(event.data.pyodideUrl);
        self.runtimeLoading.catch(() => {});  // a failure is reported when the app connects and waits for it
        return;
    }
    // run only once
    if (!self.initialized) {'''


def patch(site: Path, substitute: Substitute) -> None:
    """Patch the site's ``python.js`` and ``python-worker.js`` in place."""
    page = site / "python.js"
    text = page.read_text(encoding="utf-8")
    text = substitute(text, _MAKE_WORKER, "    app.worker = _takeEarlyWorker() || _newPythonWorker();\n",
                      "python.js's worker")
    text = substitute(text, _PAGE_START, _EARLY_WORKER, "python.js's start")
    page.write_text(text, encoding="utf-8")
    worker = site / "python-worker.js"
    text = worker.read_text(encoding="utf-8")
    text = substitute(text, _LOAD_RUNTIME,
                      "        self.pyodide = await (self.runtimeLoading || self.loadRuntime(self.pyodideUrl));\n",
                      "python-worker.js's runtime load")
    text = substitute(text, _INIT, _RUNTIME_FUNCTION, "python-worker.js's start")
    text = substitute(text, _ON_MESSAGE, _EARLY_MESSAGE, "python-worker.js's messages")
    worker.write_text(text, encoding="utf-8")
