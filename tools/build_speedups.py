"""Compile the kit's optional speed-ups with mypyc, in place (`make speedups`): `python tools/build_speedups.py`.

Every game folder's `core.py` is compiled, and the observation trackers (`core/tracker.py` and every game
folder's `tracker.py`; see tictac_nb/core/speedups.py). Each compiled module sits beside its source, which
stays the reference (the tests run both), and Python imports it first; `--clean` removes them.
Needs mypy (which brings mypyc), setuptools and a C compiler: `pip install -e ".[speedups]"`.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = [*sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("tictac_nb/games/*/core.py")),
           "tictac_nb/core/tracker.py",
           *sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("tictac_nb/games/*/tracker.py"))]


def built() -> list[Path]:
    """The compiled files now in the package: beside the sources, and any left beside a module no longer
    compiled (the adapters' `incremental.py` was, before the trackers moved to the game folders), which Python
    would still import before its source."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in (ROOT / "tictac_nb").rglob("*") if p.name.endswith(suffixes))


def up_to_date() -> bool:
    """Whether every core is compiled for this Python, after its source last changed, and nothing else is."""
    compiled = {ROOT / module for module in MODULES}
    if any(p.with_name(p.name.split(".")[0].removesuffix("__mypyc") + ".py") not in compiled for p in built()):
        return False
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in MODULES:
        source = ROOT / module
        compiled = source.with_name(source.stem + suffix)
        if not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime:
            return False
    return True


def clean() -> None:
    for path in built():
        path.unlink()


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    clean()
    with tempfile.TemporaryDirectory() as tmp:  # setuptools reads the working folder's pyproject: use a bare one
        os.symlink(ROOT / "tictac_nb", Path(tmp) / "tictac_nb")
        here = os.getcwd()
        os.chdir(tmp)
        try:
            modules = mypycify(["--follow-imports=silent", *MODULES], opt_level="3", separate=True)
            setup(name="tictac-nb-speedups", packages=[], py_modules=[], ext_modules=modules,
                  script_args=["--quiet", "build_ext", "--inplace"])
        finally:
            os.chdir(here)
    print("compiled:", ", ".join(str(p.relative_to(ROOT)) for p in built()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--force", action="store_true", help="compile even where the compiled module is up to date")
    args = parser.parse_args()
    if args.clean:
        clean()
    elif args.force or not up_to_date():
        build()
    else:
        print("compiled cores are up to date:", ", ".join(str(p.relative_to(ROOT)) for p in built()))


if __name__ == "__main__":
    sys.exit(main())
