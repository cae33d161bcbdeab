// The app's archive (app.tar.gz, written by companion/publish/archive.py: GNU tar of regular files, a name
// longer than 100 bytes in a GNU "L" entry before its file) unpacked into the Python runtime's file system by
// the browser itself: DecompressionStream for the gzip, the tar's headers read here. Python's tarfile does the
// same inside the runtime at a few times the cost, on the thread that is getting the app ready while Flutter
// starts (python-worker.js).

const BLOCK = 512;
const text = new TextDecoder();

function field(header, start, length) {
    let end = start;
    while (end < start + length && header[end] !== 0) end++;
    return text.decode(header.subarray(start, end));
}

/** The tar's regular files, in order: [path, bytes] (`bytes` a view into `tar`). */
export function* tarFiles(tar) {
    let longName = null;
    for (let offset = 0; offset + BLOCK <= tar.length;) {
        const header = tar.subarray(offset, offset + BLOCK);
        if (header[0] === 0) return;  // the end-of-archive blocks
        const size = parseInt(field(header, 124, 12).trim() || "0", 8);
        const type = header[156] === 0 ? "0" : String.fromCharCode(header[156]);
        const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
        if (Number.isNaN(size) || body.length !== size) throw new Error("the app archive is cut short");
        offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
        if (type === "L") {
            longName = field(body, 0, body.length);
            continue;
        }
        const name = longName ?? field(header, 0, 100);
        longName = null;
        if (type === "5") continue;  // folders are made for the files in them
        if (type !== "0") throw new Error(`the app archive holds ${name}, which is not a plain file`);
        if (name.startsWith("/") || name.split("/").includes("..")) {
            throw new Error(`the app archive names a file outside its folder: ${name}`);
        }
        yield [name, body];
    }
}

/** Unpack the gzipped tar `bytes` into `folder` of Emscripten's file system `FS` (Pyodide's `pyodide.FS`). */
export async function unpackAppArchive(FS, bytes, folder = FS.cwd()) {
    const gunzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const tar = new Uint8Array(await new Response(gunzipped).arrayBuffer());
    const made = new Set();
    for (const [name, body] of tarFiles(tar)) {
        const path = `${folder}/${name}`;
        const parent = path.slice(0, path.lastIndexOf("/"));
        if (!made.has(parent)) {
            FS.mkdirTree(parent);
            made.add(parent);
        }
        FS.writeFile(path, body);
    }
}
