"""Bytecode for the site's pure-Python wheels, compiled by the very Python its pages run (Pyodide's, which
site/bytecode.mjs runs under Node at build time): a page that imports a module reads its bytecode instead of
compiling its source, which was some 40% of the seconds importing the kit took in a play page
(bench/play_pages.py). The sources stay, for tracebacks; the bytecode is never checked against them
(unchecked-hash), as nothing edits a page's installed packages.
"""

from __future__ import annotations

import compileall
import py_compile
import tempfile
import zipfile
from pathlib import Path

STAMP = (1980, 1, 1, 0, 0, 0)  # the same wheel from the same sources, whenever it is built


def compile_wheel(path: str) -> int:
    """Add a `__pycache__` entry beside every module of the wheel at `path` that compiles; how many."""
    with tempfile.TemporaryDirectory() as folder:
        with zipfile.ZipFile(path) as wheel:
            if any("/__pycache__/" in name for name in wheel.namelist()):
                return 0
            wheel.extractall(folder)
        compileall.compile_dir(folder, quiet=2, workers=1,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        compiled = sorted(Path(folder).rglob("*.pyc"))
        with zipfile.ZipFile(path, "a") as wheel:
            for pyc in compiled:
                entry = zipfile.ZipInfo(pyc.relative_to(folder).as_posix(), date_time=STAMP)
                entry.compress_type = zipfile.ZIP_DEFLATED
                wheel.writestr(entry, pyc.read_bytes())
    return len(compiled)
