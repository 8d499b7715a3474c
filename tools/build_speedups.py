"""Compile the kit's optional speed-ups with mypyc, in place (`make speedups`): `python tools/build_speedups.py`.

Every game folder's `core.py` is compiled (see tictac_nb/speedups.py). The compiled module sits beside its
source, which stays the reference (the tests play both), and Python imports it first; `--clean` removes it.
Needs mypy (which brings mypyc), setuptools and a C compiler: `pip install -e ".[speedups]"`.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("tictac_nb/games/*/core.py"))


def built() -> list[Path]:
    """The compiled files now beside the sources."""
    return sorted(p for module in MODULES for p in (ROOT / module).parent.glob("core*.so"))


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
    if parser.parse_args().clean:
        clean()
    else:
        build()


if __name__ == "__main__":
    sys.exit(main())
