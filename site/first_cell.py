# This copy runs Python in your browser (JupyterLite); the boards play from the site's own files.
# Plots load numpy, pandas and matplotlib from Pyodide's CDN: where it cannot be reached, a cell that
# needs them says so in one line.
import importlib.machinery
import sys
import types

from IPython import get_ipython

PLOTTING = {"numpy", "pandas", "matplotlib"}
OFFLINE_NOTE = "plots need the online site or a local install"


class OnlineOnly(ImportError):
    pass


class Unreachable(types.ModuleType):
    """Stands in for a plotting package that could not be downloaded: using it says why, once per cell."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise OnlineOnly(OFFLINE_NOTE)


class UnreachableFinder:
    """Consulted last, so only when the real package failed to load."""

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in PLOTTING:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        return Unreachable(spec.name)

    def exec_module(self, module):
        pass


sys.meta_path.append(UnreachableFinder())
get_ipython().set_custom_exc((OnlineOnly,), lambda shell, etype, value, tb, tb_offset=None: print(value))
