"""The kit's public surface: `tictac_nb.__all__` lists exactly what the package offers, every name in it
resolves (and type checkers see it), and the notebooks import only from that surface."""

from __future__ import annotations

import ast
import json
import types
from pathlib import Path

import pytest

import tictac_nb

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_PACKAGES = {"lab", "coach", "rooms", "adapters", "grid", "cards", "games"}
"""Subpackages a notebook may import from by their own path (a game's folder is its public face)."""
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))


def test_all_is_exactly_what_the_package_offers():
    bound = {name for name, value in vars(tictac_nb).items()
             if not name.startswith("_") and not isinstance(value, types.ModuleType)
             and name not in {"annotations", "importlib", "Any", "TYPE_CHECKING", "LAZY", "SUBPACKAGES", "VERSION"}}
    offered = bound | set(tictac_nb.LAZY) | set(tictac_nb.SUBPACKAGES)
    assert len(tictac_nb.__all__) == len(set(tictac_nb.__all__))
    assert set(tictac_nb.__all__) == offered
    for name in tictac_nb.__all__:
        assert getattr(tictac_nb, name) is not None


def test_type_checkers_see_every_name_loaded_when_asked_for():
    tree = ast.parse((ROOT / "tictac_nb" / "__init__.py").read_text())
    guarded = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    seen = {alias.asname or alias.name for node in guarded.body for alias in node.names}
    assert seen == set(tictac_nb.LAZY) | set(tictac_nb.SUBPACKAGES)


def imports_of(notebook: Path) -> list[ast.Import | ast.ImportFrom]:
    found = []
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "code":
            source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            found += [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import | ast.ImportFrom)]
    return found


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebooks_import_only_from_the_public_surface(notebook):
    outside = []
    for node in imports_of(notebook):
        if isinstance(node, ast.ImportFrom) and node.module == "tictac_nb":
            outside += [alias.name for alias in node.names if alias.name not in tictac_nb.__all__]
        else:
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            outside += [name for name in names if name.startswith("tictac_nb.")
                        and name.split(".")[1] not in PUBLIC_PACKAGES]
    assert not outside, f"{notebook.name} imports {outside} from outside tictac_nb's public surface"


def test_the_check_sees_an_internal_import(tmp_path):
    notebook = tmp_path / "lesson.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": [
        "from tictac_nb.core.engine import Option\n", "from tictac_nb import GAMES, engine\n"]}]}))
    with pytest.raises(AssertionError, match=r"\['engine', 'tictac_nb.core.engine'\]|\['tictac_nb.core.engine', "
                                             r"'engine'\]"):
        test_notebooks_import_only_from_the_public_surface(notebook)
