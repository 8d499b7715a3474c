"""tictac_nb: five modern tic-tac-toe variants to read, play and redesign in Jupyter.

    >>> import tictac_nb
    >>> state = tictac_nb.new_game("tic-tac-two", seed=1)
    >>> state.play("5")
"""

from __future__ import annotations

from typing import Any

from .bots import MCTSBot, RandomBot
from .engine import Game, IllegalAction, InvalidOption, InvalidRecord, Outcome, State, Target, excerpt, load_record
from .games import discover
from .printing import print_and_play

__version__ = "0.1.0"

GAMES: dict[str, Game] = discover()


def new_game(name: str, /, seed: int | None = None, **options: Any) -> State:
    """A new game of `name` (one of `GAMES`), seeded for reproducible chance, with rule options."""
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidOption(f"unknown game {excerpt(name)}; the kit has {', '.join(GAMES)}")
    return GAMES[name].new_game(seed, **options)


def from_record(record: dict) -> State:
    """Rebuild the state a `record()` describes; a malformed record raises `InvalidRecord`."""
    return load_record(record, GAMES)


def __getattr__(name: str) -> Any:
    if name == "Board":  # the widgets pull in ipywidgets: load them only when asked for
        from .widget import Board

        return Board
    if name == "Replay":
        from .replay import Replay

        return Replay
    if name == "export_html":
        from .export import export_html

        return export_html
    raise AttributeError(name)


__all__ = [
    "GAMES", "Board", "Game", "IllegalAction", "InvalidOption", "InvalidRecord", "MCTSBot", "Outcome",
    "RandomBot", "Replay", "State", "Target", "export_html", "from_record", "new_game", "print_and_play",
]
