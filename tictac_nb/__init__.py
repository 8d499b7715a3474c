"""tictac_nb: five modern tic-tac-toe variants to read, play and redesign in Jupyter.

    >>> import tictac_nb
    >>> state = tictac_nb.new_game("tic-tac-two", seed=1)
    >>> state.play("5")
"""

from __future__ import annotations

import importlib
from typing import Any

from . import browser
from .bots import MCTSBot, RandomBot
from .checks import GameCheckFailed, GameReport, check_game
from .engine import Game, IllegalAction, InvalidOption, InvalidRecord, Outcome, State, Target
from .printing import print_and_play
from .registry import GAMES, from_record, game_named, new_game, register, unregister
from .version import VERSION

__version__ = VERSION

if browser.IN_A_PAGE:
    browser.offline_plots()
    browser.without_ipython()


LAZY = {"Board": "widget", "Replay": "replay", "PlayPage": "play", "export_html": "export", "share": "sharing",
        "open_shared": "sharing"}
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
