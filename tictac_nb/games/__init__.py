"""The registry: every subpackage here with a `GAME` is a game of the kit.

A sixth game is a new folder, shaped as docs/architecture.md ("A game folder") describes; nothing outside it
changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from ..core.engine import Game
from ..core.speedups import warn_stale

ORDER = ("tic-tac-two", "tyc", "tic-tac-trek", "tic-toc", "tic-tac-ko")


def discover() -> dict[str, Game]:
    warn_stale(Path(__file__).parent.glob("*/core.py"))
    found = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
            if isinstance(game, Game):
                found[game.name] = game
    ranked = sorted(found, key=lambda name: (ORDER.index(name) if name in ORDER else len(ORDER), name))
    return {name: found[name] for name in ranked}
