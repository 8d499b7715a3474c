"""What the kit does when Python runs in a web page (Pyodide: the JupyterLite site and its play pages).

Plots need numpy, pandas and matplotlib, which the static site loads from Pyodide's CDN. Where the CDN
cannot be reached, `offline_plots` makes a missing plotting package a stand-in whose first use says so in
one line, instead of a traceback, and the boards play on. `import tictac_nb` calls it in the browser.
"""

from __future__ import annotations

import importlib.machinery
import sys
import types

IN_A_PAGE = sys.platform == "emscripten"
PLOTTING = frozenset({"numpy", "pandas", "matplotlib"})
OFFLINE_NOTE = "plots need the online site or a local install"


class OnlineOnly(ImportError):
    """A plotting package was used where it could not be downloaded."""


class Unreachable(types.ModuleType):
    """Stands in for a plotting package that could not be downloaded: using it says why."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise OnlineOnly(OFFLINE_NOTE)


class UnreachableFinder:
    """Consulted last, so only when the real package failed to load."""

    def find_spec(self, name: str, path=None, target=None):
        if name.partition(".")[0] in PLOTTING:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        return Unreachable(spec.name)

    def exec_module(self, module) -> None:
        pass


def offline_plots() -> None:
    """Let a missing plotting package stand in and say, in one line per cell, why plots do not show."""
    if any(isinstance(finder, UnreachableFinder) for finder in sys.meta_path):
        return
    sys.meta_path.append(UnreachableFinder())
    shell = None
    if "IPython" in sys.modules:
        shell = sys.modules["IPython"].get_ipython()
    if shell is not None:
        shell.set_custom_exc((OnlineOnly,), lambda shell, etype, value, tb, tb_offset=None: print(value))
