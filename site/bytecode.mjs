// Compiles the site's pure-Python wheels to bytecode with Pyodide's own Python (site/bytecode.py says why):
//   node site/bytecode.mjs FOLDER WHEEL...
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [folder, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/wheels");
pyodide.runPython(readFileSync(new URL("bytecode.py", import.meta.url), "utf8"));
const compileWheel = pyodide.globals.get("compile_wheel");
const counts = wheels.map((wheel) => `${wheel.split("-")[0]} ${compileWheel(`/wheels/${wheel}`)}`);
console.log(`bytecode compiled by Pyodide's Python, modules per wheel: ${counts.join(", ")}`);
