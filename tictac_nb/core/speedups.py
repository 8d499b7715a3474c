"""Compiled cores: which games run on one, and the same games on their plain-Python source.

A game folder may hold a `core.py`: the hot part of its rules (the position, its legal moves, a move's
effect), plain Python and the reference, written so that mypyc can compile it; so are the observation
trackers (`core/tracker.py`, and a game folder's `tracker.py`). `make speedups` (tools/build_speedups.py) puts each
compiled module beside its source, where Python finds it first. Nothing needs it: without a C compiler, in
Pyodide or from the wheel, the same source runs as it is.
"""

from __future__ import annotations

import dataclasses
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from .engine import Game


def stale(sources: Iterable[Path]) -> list[Path]:
    """The `sources` whose compiled module is older than they are: Python would still import the compiled
    one, so an edit would not count until `make speedups`."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return sorted(source for source in sources
                  if source.with_name(source.stem + suffix).exists()
                  and source.with_name(source.stem + suffix).stat().st_mtime < source.stat().st_mtime)


def warn_stale(sources: Iterable[Path]) -> None:
    """A warning for each of `sources` that is `stale`, naming it and the way out."""
    for source in stale(sources):
        warnings.warn(f"{source} changed after it was compiled, and the compiled module still runs: "
                      "`make speedups` compiles it again (`python tools/build_speedups.py --clean` drops it)",
                      stacklevel=3)


def _package(game: Game) -> str:
    return game.state_class.__module__.rsplit(".", 1)[0]


def has_core(game: Game) -> bool:
    """Whether the game's folder holds a `core.py`."""
    return importlib.util.find_spec(f"{_package(game)}.core") is not None


def compiled(game: Game) -> bool:
    """Whether the game's states run on a compiled core."""
    files = (getattr(sys.modules[cls.__module__], "__file__", None) or "" for cls in game.state_class.__mro__)
    return any(file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for file in files)


def plain_game(game: Game) -> Game:
    """`game` with its rules module run once more on the plain-Python source of its core (for tests and
    benchmarks that compare the two)."""
    package = _package(game)
    folder = Path(sys.modules[package].__file__).parent  # type: ignore[arg-type]
    core = _load(f"{package}.core_plain", folder / "core.py")
    current = sys.modules[f"{package}.core"]
    sys.modules[f"{package}.core"] = core  # what the rules' `from .core import ...` reads, for this load only
    try:
        rules = _load(f"{package}.rules_plain", folder / "rules.py")
    finally:
        sys.modules[f"{package}.core"] = current
    return dataclasses.replace(game, state_class=getattr(rules, game.state_class.__name__))


def plain_module(module: ModuleType, instead: dict[str, ModuleType] | None = None) -> ModuleType:
    """`module` (compiled or not) loaded once more from its plain-Python source, as `<name>_plain`; `instead`
    names modules its imports read in place of the loaded ones, for this load only (a plain class cannot
    build on a compiled one: a game's plain tracker needs the plain `core.tracker`)."""
    source = Path(module.__file__).with_name(module.__name__.rsplit(".", 1)[1] + ".py")  # type: ignore[arg-type]
    current = {name: sys.modules.get(name) for name in instead or {}}
    sys.modules.update(instead or {})
    try:
        return _load(f"{module.__name__}_plain", source)
    finally:
        for name, loaded in current.items():
            if loaded is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = loaded


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
