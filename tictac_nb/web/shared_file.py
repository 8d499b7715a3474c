"""One self-contained HTML file that plays a shared game from `file://`, offline: the site's shared page
with its styles, its scripts, Pyodide's core, the wheels the kit needs and the game itself inside (each file
gzip and base64: the page unpacks them with the browser's `DecompressionStream`).

The files come from a built site (`make site` writes build/site): `share(game, "x.html")` finds it beside a
checkout of the kit, or is told where with `files=`. A kit installed from PyPI, and JupyterLite, have no
built site: there `share(game)` gives the link, which needs nothing of the sort.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from pathlib import Path


class ShareError(ValueError):
    """A game that cannot be shared as it is, or a link or file that holds no good game: one sentence."""


TEMPLATE = "play/shared.template.html"
PYODIDE = "static/pyodide"
PLAY_FILES = ("board.js", "shared.js", "shared-worker.js")
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "play-lock.json")
STYLES = ("board.css", "play.css")
SITE_POLICY = ("default-src 'self'; script-src 'self' blob: 'wasm-unsafe-eval' 'unsafe-eval'; worker-src blob:; "
               "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob:; "
               "object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'")
"""The site's shared page: scripts only from the site and the page's own blobs, never inline, so that no
text the worker sends can run in the page (whose origin also holds JupyterLite's notebooks)."""
BOOT = """
const said = (words) => {
  document.getElementById("ttp-status").textContent = words;
  document.documentElement.dataset.ready = "stopped";
};
let packed = null;
try { packed = JSON.parse(document.getElementById("ttp-files").textContent); } catch { packed = null; }
async function read(name) {
  if (!(name in packed)) throw new Error(`${name} is missing from this file`);
  const text = atob(packed[name]);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}
const module = async (name) => import(URL.createObjectURL(new Blob([await read(name)], { type: "text/javascript" })));
if (!packed) said("This file is cut short or damaged: the game cannot start. Ask for the file again.");
else {
  const { default: board, pageModel } = await module("board.js");
  const { start } = await module("shared.js");
  start({ board, pageModel, read, payload: JSON.parse(document.getElementById("ttp-game").textContent) });
}
"""
"""The file's one script: it unpacks the page's scripts and starts them; a file cut short (its packed files
come last, after this script) gets a sentence."""


def file_policy(script: str) -> str:
    """The file's Content-Security-Policy: its one inline script by its hash, the rest from its own blobs."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return (f"default-src 'none'; script-src 'sha256-{digest}' blob: 'wasm-unsafe-eval' 'unsafe-eval'; "
            f"worker-src blob:; style-src 'unsafe-inline'; img-src data: blob:; connect-src blob:; "
            f"base-uri 'none'; form-action 'none'")


def site_files(files: str | Path | None = None) -> Path:
    """The built site a file is made from: `files`, else build/site beside the kit's checkout."""
    folder = Path(files) if files is not None else Path(__file__).resolve().parents[2] / "build" / "site"
    if not (folder / TEMPLATE).is_file() or not (folder / PYODIDE / "play-lock.json").is_file():
        raise ShareError(f"a shared file is made from a built site, and {folder} is none: run `make site` in the "
                         f"kit's checkout, or pass share(game, path, files=the folder of a built site); "
                         f"share(game) gives a link that needs none")
    return folder


def packed_files(folder: Path) -> dict[str, str]:
    """Every file the page needs, by name, gzip and base64."""
    lock = json.loads((folder / PYODIDE / "play-lock.json").read_text())
    paths = [folder / "play" / name for name in PLAY_FILES]
    paths += [folder / PYODIDE / name for name in CORE]
    paths += [folder / PYODIDE / entry["file_name"] for entry in lock["packages"].values()]
    return {path.name: base64.b64encode(gzip.compress(path.read_bytes(), 6, mtime=0)).decode() for path in paths}


def write_file(doc: dict, payload: str, path: Path, files: str | Path | None = None) -> Path:
    """Write the shared file of `doc` (its link payload inside) to `path`."""
    folder = site_files(files)
    styles = "\n".join((folder / "play" / name).read_text() for name in STYLES)
    script = (f'<script type="application/json" id="ttp-game">"{payload}"</script>\n'
              f'<script type="module">{BOOT}</script>\n'
              f'<script type="application/json" id="ttp-files">{json.dumps(packed_files(folder))}</script>')
    page = (folder / TEMPLATE).read_text()
    page = page.replace("{csp}", file_policy(BOOT)).replace("{styles}", f"<style>\n{styles}</style>")
    path = path.with_suffix(".html") if path.suffix.lower() not in (".html", ".htm") else path
    path.write_text(page.replace("{script}", script), encoding="utf-8")
    return path
