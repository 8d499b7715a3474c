"""tictac_nb: five modern tic-tac-toe variants to read, play and redesign in Jupyter.

    >>> import tictac_nb
    >>> state = tictac_nb.new_game("tic-tac-two", seed=1)
    >>> state.play("5")

This module is the kit's public surface: every name in `__all__`, grouped by purpose below, and the public
subpackages `lab`, `coach`, `rooms`, `adapters`, `grid`, `cards` and `games`. The layer folders behind it
(`core`, `trust`, `notebook`, `web`, `classroom`, `checks`) are internal: their names may move. Importing the
package loads only the core; everything else loads when it is first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .core import browser, moved
from .core.bots import MCTSBot, RandomBot, default_bot
from .core.engine import (
    Choice,
    Game,
    IllegalAction,
    InvalidGame,
    InvalidOption,
    InvalidRecord,
    Option,
    Outcome,
    State,
    Target,
    WholeNumber,
    boolean,
    choice_of,
    int_between,
)
from .core.registry import GAMES, from_record, game_named, new_game, register, unregister
from .core.version import VERSION

if TYPE_CHECKING:
    from . import adapters, cards, coach, games, grid, lab, rooms
    from .cards import CardTableError, card_game
    from .checks import GameCheckFailed, GameReport, check_game
    from .classroom import exercises, printing
    from .classroom.printing import players_rules, print_and_play
    from .grid import GridState, grid_game
    from .notebook.export import export_html
    from .notebook.play import PlayPage
    from .notebook.replay import Replay
    from .notebook.widget import Board
    from .trust.sandbox import as_bot
    from .web.sharing import open_shared, share

__version__ = VERSION
moved.install()

if browser.IN_A_PAGE:
    browser.offline_plots()
    browser.without_ipython()


LAZY = {
    "check_game": "checks", "GameReport": "checks", "GameCheckFailed": "checks",
    "grid_game": "grid", "GridState": "grid", "card_game": "cards", "CardTableError": "cards",
    "as_bot": "trust.sandbox",
    "Board": "notebook.widget", "Replay": "notebook.replay", "PlayPage": "notebook.play",
    "export_html": "notebook.export",
    "share": "web.sharing", "open_shared": "web.sharing",
    "print_and_play": "classroom.printing", "players_rules": "classroom.printing",
}
"""Each public name that lives above the core, and its module: loaded when first asked for, so that a room
server or a game's rules never load widgets, plots or the checks."""
SUBPACKAGES = {"lab": "lab", "coach": "coach", "rooms": "rooms", "adapters": "adapters", "grid": "grid",
               "cards": "cards", "games": "games", "exercises": "classroom.exercises",
               "printing": "classroom.printing"}
"""The public subpackages (and the classroom's two modules), loaded when first asked for."""


def __getattr__(name: str) -> Any:
    if name in SUBPACKAGES:
        return importlib.import_module(f".{SUBPACKAGES[name]}", __name__)
    if name in LAZY:
        return getattr(importlib.import_module(f".{LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'tictac_nb' has no attribute {name!r}")


__all__ = [
    # the games: find one, start one, read a record back
    "GAMES", "from_record", "game_named", "new_game", "register", "unregister",
    # a position and its rules (the protocol every game implements)
    "Game", "State", "Outcome", "Target", "IllegalAction", "InvalidRecord",
    # a game's options, for a game's author
    "Option", "Choice", "WholeNumber", "boolean", "choice_of", "int_between", "InvalidOption",
    # a game of your own: the grid and card families, and the checks it must pass
    "grid_game", "GridState", "card_game", "CardTableError", "check_game", "GameReport", "GameCheckFailed",
    "InvalidGame",
    # bots, and a student's bot played safely
    "RandomBot", "MCTSBot", "default_bot", "as_bot",
    # boards and pages in a notebook
    "Board", "Replay", "PlayPage", "export_html",
    # sharing a game, and the class
    "share", "open_shared", "print_and_play", "players_rules", "exercises", "printing",
    # the public subpackages
    "lab", "coach", "rooms", "adapters", "grid", "cards", "games",
]
