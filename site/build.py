"""Build the static JupyterLite site into build/site/: `make site` runs this.

Everything comes from the package registries, so the site builds on a machine with no other network:
- Pyodide's core (the WebAssembly interpreter and the standard library) from the npm package `pyodide`,
  whose version must be the one jupyterlite-pyodide-kernel is made for;
- every pure-Python wheel the kernel boots with and the kit needs (micropip, IPython, comm, anywidget,
  ipywidgets, svgwrite, the kit's own wheel) from PyPI, written into Pyodide's lock file so that
  `import tictac_nb` loads them from the site itself;
- the anywidget and ipywidgets front ends from the very packages installed here, so they match the
  kernel side;
- a play page per game (`play/<game>.html`, from site/play/) and a landing page listing them, and the page
  that plays a game shared by `tictac_nb.share` (`play/shared.html`, with the template of a shared file):
  Pyodide alone, without JupyterLab, runs the kit and the kit's own board front end (widgets/board.js), so a board is
  playable seconds after the page opens; its own lock file (`play-lock.json`) installs only what a page
  imports (bench/play_pages.py measures where those seconds go).
Packages with compiled code (numpy, pandas, matplotlib) have no WebAssembly wheels on PyPI: their lock
entries point at Pyodide's CDN, so plots work where the site is online, and offline `import tictac_nb`
turns their absence into one line (`tictac_nb.core.browser`). Each notebook opens with one line on how to run
it (site/first_cell.md), and is written as a Jupyter server serves it (multi-line texts joined), which
JupyterLite's renderers and table of contents expect.
"""

from __future__ import annotations

import email.parser
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_VERSION
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

SITE = Path(__file__).resolve().parent
ROOT = SITE.parent
NOTEBOOKS = ROOT / "notebooks"
BUILD = ROOT / "build"
OUTPUT = BUILD / "site"
LITE_DIR = BUILD / "site-src"  # the lite_dir jupyter lite builds from
WHEELS = BUILD / "site-wheels"
NPM_PYODIDE = SITE / "node_modules" / "pyodide"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
SHARE = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
KERNEL_EXTENSION = SHARE / "@jupyterlite" / "pyodide-kernel-extension"
FRONT_ENDS = (SHARE / "anywidget", SHARE / "@jupyter-widgets" / "jupyterlab-manager", KERNEL_EXTENSION)
# What the kernel boots with from Pyodide's lock (micropip, then IPython and jedi through piplite), and
# what it needs that Pyodide's own lock lacks; anywidget and ipywidgets at the versions whose front ends
# are installed here, so both sides of every widget match.
BOOT = ("micropip", "ipython", "jedi", "comm")
WIDGETS = ("anywidget", "ipywidgets", "jupyterlab_widgets")
PLAY_LOCK = "play-lock.json"
PLAY_LEAVES_OUT = ("ipython", "jupyterlab-widgets", "widgetsnbextension")
"""What the kit's wheel needs in a kernel but a play page never imports, left out of the play pages' lock
with all that only they need: IPython (no shell runs there: `tictac_nb.core.browser.without_ipython` stands in)
and the widgets' front ends (the page draws widgets/board.js itself)."""


def run(*args: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(a) for a in args], check=True, cwd=cwd)


def npm_pyodide() -> Path:
    """The npm package's Pyodide, checked against the version the kernel is made for."""
    package = NPM_PYODIDE / "package.json"
    if not package.is_file():
        sys.exit(f"{package} is missing: run `npm ci` in site/ (make site does it)")
    version = json.loads(package.read_text())["version"]
    if version != PYODIDE_VERSION:
        sys.exit(f"site/package.json has pyodide {version}, but jupyterlite-pyodide-kernel "
                 f"{importlib.metadata.version('jupyterlite-pyodide-kernel')} is made for {PYODIDE_VERSION}")
    return NPM_PYODIDE


def kit_wheel() -> Path:
    """The kit's own wheel, built from this checkout."""
    out = BUILD / "site-kit"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, ROOT)
    return next(out.glob("tictac_nb-*.whl"))


def download_wheels(lock: dict, kit: Path) -> list[Path]:
    """Pure-Python wheels from PyPI: what boots the kernel and what the kit imports, resolved for Pyodide's
    Python with the versions Pyodide's own lock pins."""
    pins = [f"{name}=={spec['version']}" for name, spec in lock["packages"].items()
            if spec["file_name"].endswith("-none-any.whl")]
    shutil.rmtree(WHEELS, ignore_errors=True)  # only this build's wheels (pip's cache keeps downloads cheap)
    WHEELS.mkdir(parents=True)
    constraints = WHEELS / "constraints.txt"
    constraints.write_text("\n".join(sorted(pins)) + "\n")
    widgets = [f"{name}=={importlib.metadata.version(name)}" for name in WIDGETS]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    run(sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--platform", "any",
        "--implementation", "py", "--python-version", python, "--dest", WHEELS, "-c", constraints,
        *BOOT, *widgets, kit)
    wheels = {path.name: path for path in WHEELS.glob("*.whl")}
    # ipywidgets' classic-notebook extension is only front end: the kernel extension ships a stand-in.
    for name in [n for n in wheels if n.startswith("widgetsnbextension-")]:
        del wheels[name]
    stand_in = next((KERNEL_EXTENSION / "static" / "pypi").glob("widgetsnbextension-4.*.whl"))
    wheels[stand_in.name] = stand_in
    return [path for name, path in wheels.items() if not name.startswith("tictac_nb-")] + [kit]


def write_pyodide(lite_dir: Path, kit: Path) -> None:
    """Pyodide's core from npm, local wheels beside it (with bytecode compiled by Pyodide's own Python:
    site/bytecode.py), and a lock file naming them; every other package of Pyodide's lock is fetched from
    its CDN when asked for."""
    source = npm_pyodide()
    target = lite_dir / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(source / name, target / name)
    lock = json.loads((source / "pyodide-lock.json").read_text())
    for spec in lock["packages"].values():
        spec["file_name"] = f"{PYODIDE_CDN_URL}/{spec['file_name']}"
    packages = lock["packages"]
    wheels = download_wheels(lock, kit)
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
    run("node", SITE / "bytecode.mjs", target, *(wheel.name for wheel in wheels), cwd=SITE)
    local = [lock_entry(target / wheel.name, lock["info"]["python"]) for wheel in wheels]
    for entry in local:
        packages[entry["name"]] = entry
    known = {canonicalize_name(name) for name in packages}
    for entry in local:
        missing = [name for name in entry["depends"] if name not in known]
        if missing:
            sys.exit(f"{entry['file_name']} needs {', '.join(missing)}, which the site has no wheel for")
    (target / "pyodide-lock.json").write_text(json.dumps(lock, sort_keys=True))
    (target / PLAY_LOCK).write_text(json.dumps(play_lock(lock), sort_keys=True))


def play_lock(lock: dict) -> dict:
    """The lock the play pages load Pyodide with: only the kit's wheel and what it imports in a page, all
    served by the site, so that installing the kit fetches and unpacks nothing else."""
    packages: dict[str, dict] = {}
    wanted = ["tictac-nb"]
    while wanted:
        name = wanted.pop()
        if name in packages or name in PLAY_LEAVES_OUT:
            continue
        entry = dict(lock["packages"][name])
        entry["depends"] = [d for d in entry["depends"] if d not in PLAY_LEAVES_OUT]
        if "://" in entry["file_name"]:
            sys.exit(f"a play page needs {name}, which the site does not serve")
        packages[name] = entry
        wanted += entry["depends"]
    return {"info": lock["info"], "packages": packages}


def lock_entry(wheel: Path, python: str) -> dict:
    """A Pyodide lock entry for a local pure-Python wheel: what it is, what it needs, what it imports."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(meta).decode())
    emscripten = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
                  "python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
                  "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    requires = [Requirement(r) for r in metadata.get_all("Requires-Dist") or []]
    depends = sorted({canonicalize_name(r.name) for r in requires if r.marker is None or r.marker.evaluate(emscripten)})
    tops = {n.split("/")[0] for n in names if n.endswith(".py")}
    imports = sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))
    return {"name": canonicalize_name(name), "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False}


def first_cell() -> dict:
    source = (SITE / "first_cell.md").read_text()
    return {"cell_type": "markdown", "id": "in-the-browser", "metadata": {}, "source": source.strip()}


def write_contents(lite_dir: Path) -> Path:
    """The site's copies of the notebooks: each opens with how to run it in this browser."""
    files = lite_dir / "files"
    shutil.rmtree(files, ignore_errors=True)
    files.mkdir(parents=True)
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        content = nbformat.read(notebook, as_version=4)  # texts joined, as a Jupyter server serves them
        content["cells"].insert(0, first_cell())
        content["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                             "language": "python"}
        (files / notebook.name).write_text(json.dumps(content, indent=1) + "\n")
    return files


def write_play_pages(output: Path) -> list[str]:
    """The play pages and the landing page; a game gets one where it has a play page notebook
    (notebooks/play/), as in Voila. Returns the games."""
    import html

    import tictac_nb
    from tictac_nb.notebook.play import one_line

    play = output / "play"
    play.mkdir(parents=True, exist_ok=True)
    for source in (ROOT / "widgets" / "board.js", ROOT / "widgets" / "board.css", SITE / "play" / "play.js",
                   SITE / "play" / "play.css"):
        shutil.copy2(source, play / source.name)
    page = (SITE / "play" / "page.html").read_text()
    names = [name for name in tictac_nb.GAMES if (NOTEBOOKS / "play" / f"{name}.ipynb").is_file()]
    items = []
    for name in names:
        game = tictac_nb.GAMES[name]
        words = {"{game}": name, "{title}": html.escape(game.title), "{line}": html.escape(one_line(game)),
                 "{notebook}": f"{name}.ipynb"}
        text = page
        for key, value in words.items():
            text = text.replace(key, value)
        (play / f"{name}.html").write_text(text)
        items.append(f'<li><a href="{name}.html">{words["{title}"]}</a>: {words["{line}"]}</li>')
    index = (SITE / "play" / "index.html").read_text().replace("{games}", "\n".join(items))
    (play / "index.html").write_text(index)
    write_shared_page(play)
    return names


def write_shared_page(play: Path) -> None:
    """The page that plays a shared game (`tictac_nb.share`), its scripts, and its template, from which
    `share(game, "x.html")` writes a self-contained file."""
    from tictac_nb.web.shared_file import SITE_POLICY, TEMPLATE

    for name in ("shared.js", "shared-site.js", "shared-worker.js"):
        shutil.copy2(SITE / "play" / name, play / name)
    template = (SITE / "play" / "shared.html").read_text()
    (play.parent / TEMPLATE).write_text(template)
    styles = '<link rel="stylesheet" href="board.css">\n<link rel="stylesheet" href="play.css">'
    page = template.replace("{csp}", SITE_POLICY).replace("{styles}", styles)
    (play / "shared.html").write_text(page.replace("{script}", '<script type="module" src="shared-site.js"></script>'))


def build() -> None:
    lite_dir = LITE_DIR
    if lite_dir.exists():
        shutil.rmtree(lite_dir)
    lite_dir.mkdir(parents=True)
    shutil.copy2(SITE / "jupyter-lite.json", lite_dir / "jupyter-lite.json")
    kit = kit_wheel()
    write_pyodide(lite_dir, kit)
    files = write_contents(lite_dir)
    config = {"LiteBuildConfig": {
        "contents": [str(files)], "output_dir": str(OUTPUT), "no_sourcemaps": True,
        # only the front ends the site needs, from this environment: not whatever else is installed here
        "ignore_sys_prefix": ["federated_extensions"], "federated_extensions": [str(p) for p in FRONT_ENDS],
    }}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    shutil.rmtree(OUTPUT, ignore_errors=True)
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir, cwd=lite_dir)  # its task db too
    games = write_play_pages(OUTPUT)
    size = sum(p.stat().st_size for p in OUTPUT.rglob("*") if p.is_file())
    print(f"site: {OUTPUT.relative_to(ROOT)} ({size / 2**20:.0f} MiB), Pyodide {PYODIDE_VERSION}, "
          f"sha256 of the kit's wheel {hashlib.sha256(kit.read_bytes()).hexdigest()[:12]}, play pages for "
          f"{', '.join(games)}")


if __name__ == "__main__":
    build()
