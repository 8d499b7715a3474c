"""Modules that moved into the layer folders still answer to their old names.

Notebooks, stored files and pickled bots made before the move name `tictac_nb.engine`, `tictac_nb.sandbox`,
`tictac_nb.widget` and the like: importing such a name gives the very module that now lives in its layer, so a
class pickled as `tictac_nb.bots.MCTSBot` loads as `tictac_nb.core.bots.MCTSBot`.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType

MOVED = {
    "arena": "rooms.submit",
    "bots": "core.bots",
    "browser": "core.browser",
    "cgroup": "trust.cgroup",
    "engine": "core.engine",
    "exercises": "classroom.exercises",
    "export": "notebook.export",
    "frontend": "notebook.frontend",
    "frozen": "core.frozen",
    "jail": "trust.jail",
    "page": "web.page",
    "play": "notebook.play",
    "printing": "classroom.printing",
    "registry": "core.registry",
    "replay": "notebook.replay",
    "sandbox": "trust.sandbox",
    "sandbox_worker": "trust.worker",
    "shared_file": "web.shared_file",
    "sharing": "web.sharing",
    "speedups": "core.speedups",
    "svg": "core.svg",
    "syscalls": "trust.syscalls",
    "table": "notebook.table",
    "version": "core.version",
    "widget": "notebook.widget",
    "words": "core.words",
}
"""Each old module name (below `tictac_nb.`) and where the module lives now."""


class OldNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old name only where no module of that name exists, and hands back the moved module itself."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        package, _, rest = fullname.partition(".")
        if package != "tictac_nb" or rest not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        sys.modules[module.__name__] = importlib.import_module("tictac_nb." + MOVED[module.__name__[10:]])


def install() -> None:
    """Answer to the old names from now on (once, however often the package is loaded)."""
    if not any(isinstance(finder, OldNames) for finder in sys.meta_path):
        sys.meta_path.append(OldNames())
