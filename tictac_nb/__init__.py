"""tictac_nb: five modern tic-tac-toe variants to read, play and redesign in Jupyter.

    >>> import tictac_nb
    >>> state = tictac_nb.new_game("tic-tac-two", seed=1)
    >>> state.play("5")
"""

from __future__ import annotations

import importlib
from typing import Any

from .checks import GameCheckFailed, GameReport, check_game
from .classroom.printing import print_and_play
from .core import moved
from .core.bots import MCTSBot, RandomBot
from .core.engine import Game, IllegalAction, InvalidOption, InvalidRecord, Outcome, State, Target
from .core.registry import GAMES, from_record, game_named, new_game, register, unregister
from .core.version import VERSION
from .web import browser

__version__ = VERSION
moved.install()

if browser.IN_A_PAGE:
    browser.offline_plots()
    browser.without_ipython()


LAZY = {"Board": "notebook.widget", "Replay": "notebook.replay", "PlayPage": "notebook.play",
        "export_html": "notebook.export", "share": "web.sharing", "open_shared": "web.sharing"}
"""Names whose modules pull in ipywidgets (a shared game's page serves a board): loaded only when asked for."""


def __getattr__(name: str) -> Any:
    if name == "lab":  # pandas and numpy only when asked for
        return importlib.import_module(".lab", __name__)
    if name in LAZY:
        return getattr(importlib.import_module(f".{LAZY[name]}", __name__), name)
    raise AttributeError(name)


__all__ = [
    "GAMES", "Board", "Game", "GameCheckFailed", "GameReport", "IllegalAction", "InvalidOption", "InvalidRecord",
    "MCTSBot", "Outcome", "PlayPage", "RandomBot", "Replay", "State", "Target", "check_game", "export_html",
    "from_record", "game_named", "new_game", "open_shared", "print_and_play", "register", "share", "unregister",
]
