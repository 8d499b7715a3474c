"""What the kit does when Python runs in a web page (Pyodide: the JupyterLite site and its play pages).

Plots need numpy, pandas and matplotlib, which the static site loads from Pyodide's CDN. Where the CDN
cannot be reached, `offline_plots` makes a missing plotting package a stand-in whose first use says so in
one line, instead of a traceback, and the boards play on. The site's play pages run no shell and install
no IPython: `without_ipython` stands in for the little of it that ipywidgets imports. `import tictac_nb`
calls both in the browser.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
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


class UnreachableFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
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


class NoShell(RuntimeError):
    """Something asked for IPython's display or shell in a page that runs none (a play page of the site)."""


def no_shell(*args, **kwargs):
    raise NoShell("this page runs no IPython shell to display in")


def ipython_installed() -> bool:
    try:
        return importlib.util.find_spec("IPython") is not None
    except ImportError:
        return False


def without_ipython() -> None:
    """Where IPython is not installed, stand in for what ipywidgets imports from it: `get_ipython` (None:
    no shell, as ipywidgets expects outside a kernel), and `display`, `clear_output` and `InteractiveShell`,
    which only its interact and Output widgets call, and which say there is no shell. A play page then loads
    and imports neither IPython nor what it needs: 3 of the 5 seconds the kit took to import there
    (bench/play_pages.py). Where IPython is installed (JupyterLite's kernel), nothing changes."""
    if "IPython" in sys.modules or ipython_installed():
        return
    names = ("IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")
    modules = {name: types.ModuleType(name, "A stand-in for IPython in a page that runs no shell "
                                            "(tictac_nb.core.browser.without_ipython).") for name in names}
    for name in ("IPython", "IPython.core"):
        modules[name].__path__ = []
    modules["IPython"].__dict__.update(get_ipython=lambda: None)
    modules["IPython.display"].__dict__.update(display=no_shell, clear_output=no_shell)
    modules["IPython.core.interactiveshell"].__dict__.update(InteractiveShell=type("InteractiveShell", (), {
        "instance": classmethod(no_shell)}))
    sys.modules.update(modules)
