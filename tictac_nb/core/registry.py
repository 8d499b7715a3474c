"""The kit's games by name: the five found in `tictac_nb.games`, and any game a notebook registers; and
`new_game`/`from_record`, which start a game by its name.

Every tool (`new_game`, records, `Board`, the design lab, tournaments, `Replay`, `export_html`,
`print_and_play`, `PlayPage`, rooms) finds a game here, so a registered game is served like the five.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .engine import Game, InvalidOption, State, excerpt, load_record
from .speedups import warn_stale

PACKAGE = "tictac_nb.games"
"""Where the kit's own games are: each subpackage with a `GAME` is one. The core knows no game: it finds them."""


def discover() -> dict[str, Game]:
    """Every game folder's `GAME`, the five in the order `tictac_nb.games.ORDER` gives, then any other by name."""
    games = importlib.import_module(PACKAGE)
    warn_stale(path for folder in games.__path__ for path in Path(folder).glob("*/core.py"))
    found = {}
    for module in pkgutil.iter_modules(games.__path__):
        if module.ispkg:
            game = getattr(importlib.import_module(f"{PACKAGE}.{module.name}"), "GAME", None)
            if isinstance(game, Game):
                found[game.name] = game
    order = tuple(getattr(games, "ORDER", ()))
    ranked = sorted(found, key=lambda name: (order.index(name) if name in order else len(order), name))
    return {name: found[name] for name in ranked}


GAMES: dict[str, Game] = discover()
BUILTIN: frozenset[str] = frozenset(GAMES)
"""The names of the kit's own games, which no registered game may take."""

HOOKS: list[Callable[[Game], Any]] = []
"""Called with each game `register` adds (the OpenSpiel adapter, once imported, registers it with OpenSpiel);
one that raises takes the game out again, leaving the kit as it was."""

NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?")


def game_named(name: Any) -> Game:
    """The registered game called `name`; any other name raises `InvalidOption` listing the known ones."""
    game = GAMES.get(name) if type(name) is str else None
    if game is None:
        raise InvalidOption(f"unknown game {excerpt(name)}; the kit has {', '.join(GAMES)}")
    return game


def new_game(name: str, /, seed: int | None = None, **options: Any) -> State:
    """A new game of `name` (one of `GAMES`), seeded for reproducible chance, with rule options."""
    game = game_named(name)
    return game.new_game(seed, **options) if seed is None else game.start(seed, options)


def from_record(record: dict) -> State:
    """Rebuild the state a `record()` describes; a malformed record raises `InvalidRecord`."""
    return load_record(record, GAMES)


def is_builtin(game: Game) -> bool:
    """Whether `game` is one of the kit's own games (the very object), which any process can import."""
    return game.name in BUILTIN and GAMES.get(game.name) is game


def register(game: Game) -> Game:
    """Add `game` to the kit, so every tool serves it; registering a game of the same name again (a notebook
    cell run twice) replaces it. Returns the game."""
    if not isinstance(game, Game):
        raise InvalidOption(f"register takes a Game, not {type(game).__name__} {excerpt(game)}")
    if type(game.name) is not str or not NAME.fullmatch(game.name):
        raise InvalidOption(f"a game's name is 1 to 40 small letters, digits and dashes, such as 'connect-3', "
                            f"not {excerpt(game.name)}")
    if game.name in BUILTIN:
        raise InvalidOption(f"{game.name!r} is one of the kit's own games: give yours another name")
    if not (isinstance(game.state_class, type) and issubclass(game.state_class, State)):
        raise InvalidOption(f"a game's state_class is a subclass of State, not {excerpt(game.state_class)}")
    before = GAMES.get(game.name)
    GAMES[game.name] = game
    try:
        for hook in HOOKS:
            hook(game)
    except BaseException:
        if before is None:
            del GAMES[game.name]
        else:
            GAMES[game.name] = before
        raise
    return game


def unregister(name: str) -> None:
    """Take a registered game out of the kit again (the kit's own games stay)."""
    if name in BUILTIN:
        raise InvalidOption(f"{name!r} is one of the kit's own games: it cannot be taken out")
    GAMES.pop(name, None)
