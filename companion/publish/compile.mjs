// Compiles the phone site's Python files with the site's own Python (Pyodide under Node), so the phone reads
// bytecode instead of compiling every module at every start. Usage: node compile.mjs PYODIDE_DIR APP_DIR
// Each module's bytecode goes to its __pycache__ as an unchecked hash-based .pyc: used whatever the files'
// times after unpacking, and the same bytes at every build.
import { pathToFileURL } from "node:url";

const [runtime, app] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${runtime}/` });
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: app }, "/app");
const ok = py.runPython(`
import compileall, py_compile
compileall.compile_dir("/app", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
if (!ok) {
  console.error("a module of the app did not compile");
  process.exit(1);
}
