"""A fixed numbering of each game's actions under its options, for tools that speak in integers.

Actions are their notation (`"5"`, `"peek 3"`, `"51A"`); reinforcement-learning and search libraries want
a fixed range of integers instead. `numbering(game, options)` lists every action the game can ever make
under those options, each once, in an order that depends on the options only (never on the seed), so
index `i` means the same action in every deal:

- A game whose state class has an `every_action()` (each of the kit's five has, in its folder's `rules.py`,
  with Tic Tac Trek's ruling on the window of its open country): that list, in that order.
- The grid family: every square, then every square with each mark.
- Any other game: the actions met in random play (`_sampled`), so a new game needs no edit here.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..core.engine import Game, State
from ..core.registry import game_named
from ..grid import MARKS, GridState


class Numbering:
    """Every action of one game under one set of options, numbered from 0 (`action(i)`, `index(a)`)."""

    def __init__(self, game: Game, options: dict[str, Any], actions: Sequence[str]) -> None:
        self.game = game
        self.options = options
        self.actions = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise AssertionError(f"{game.title}'s numbering lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: str) -> int:
        """The number of `action`; an action outside the numbering raises ValueError naming it."""
        found = self._index.get(action)
        if found is None:
            raise ValueError(f"{action!r} is not an action of {self.game.title} under these options")
        return found

    def action(self, index: Any) -> str:
        """The action numbered `index`; a number out of range, or anything else (None, a bool), raises ValueError."""
        try:
            number = operator.index(index)
        except TypeError:
            number = -1
        if isinstance(index, bool) or not 0 <= number < len(self.actions):
            raise ValueError(f"{self.game.title} numbers its actions 0 to {len(self.actions) - 1}, not {index!r}")
        return self.actions[number]

    def legal(self, state: State) -> list[int]:
        """The numbers of the mover's legal actions, ascending."""
        index = self._index
        try:
            return sorted(map(index.__getitem__, state.legal_actions()))
        except KeyError as missing:
            raise ValueError(f"{self.game.title}'s legal action {missing.args[0]!r} has no number under these "
                             "options (give its state class an `every_action()` that lists it)") from None


def _grid(state: Any) -> list[str]:
    """Every square, then every square with each mark named ('b2 O'), for variants with a choice of marks."""
    names = state.geometry.names
    return [*names, *(f"{name} {mark}" for name in names for mark in MARKS)]


SAMPLED_GAMES = 200
"""Random games (seeds 0, 1, ...) whose legal actions number a game that lists none of its own."""


def _sampled(state: Any) -> list[str]:
    """Every action legal somewhere in `SAMPLED_GAMES` random games under the state's options, sorted: the
    numbering of a game with no list of its own (`State.every_action`). An action those games never met has
    no number, and `Numbering.legal` names it."""
    game, options = state.game, dict(state.options)
    seen: set[str] = set()
    for seed in range(SAMPLED_GAMES):
        rng = random.Random(seed)
        play = game.start(seed, options)
        for _ in range(game.move_cap):
            if play.outcome is not None:
                break
            legal = play.legal_actions()
            seen.update(legal)
            play.play(rng.choice(legal))
    return sorted(seen)


def enumerator(game: Game) -> Callable[[Any], list[str]]:
    """How `game`'s actions are listed: the state's own `every_action()` if its class has one (each of the kit's
    games has, in its folder), else the grid family's list, else the actions met in random play."""
    listed = getattr(game.state_class, "every_action", None)
    if callable(listed):
        return lambda state: list(listed(state))
    return _grid if issubclass(game.state_class, GridState) else _sampled


def game_of(game: str | Game) -> Game:
    return game if isinstance(game, Game) else game_named(game)


def start_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """Checked `options` as `game.start` takes them fastest: none where they are the defaults (the engine's
    fast path, which skips checking them again)."""
    return {} if options == game.check_options({}) else dict(options)


def numbering(game: str | Game, options: dict[str, Any] | None = None) -> Numbering:
    """The numbering of `game`'s actions under `options` (checked like `new_game`'s)."""
    game = game_of(game)
    return _numbering(game.name, json.dumps(game.check_options(options or {}), sort_keys=True, default=list))


@lru_cache(maxsize=64)
def _numbering(name: str, options_json: str) -> Numbering:
    game = game_of(name)
    options = json.loads(options_json)
    state = game.start(0, options)
    return Numbering(game, state.options, enumerator(game)(state))


def action_count(game: str | Game, options: dict[str, Any] | None = None) -> int:
    """How many actions `game` numbers under `options`."""
    return len(numbering(game, options))
