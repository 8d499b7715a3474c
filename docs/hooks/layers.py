"""A griffe extension for the API reference: the kit's layer folders (`core/`, `notebook/`, `trust/`, ...) have
no `__init__.py`, and griffe skips such folders inside a regular package. This adds each one to `tictac_nb`
as a namespace subpackage before griffe reads its modules, so `::: tictac_nb.core.engine` finds them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe


class LayerFolders(griffe.Extension):
    """Makes `tictac_nb.<layer>` a namespace subpackage for every folder of modules without `__init__.py`."""

    def on_module_instance(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if mod.path != "tictac_nb" or not isinstance(mod.filepath, Path):
            return
        for folder in sorted(mod.filepath.parent.iterdir()):
            if folder.is_dir() and not (folder / "__init__.py").exists() and any(folder.glob("*.py")):
                mod.set_member(folder.name, griffe.Module(folder.name, filepath=[folder], parent=mod))
