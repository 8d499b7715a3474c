"""What a game's chance is, for tools that model it: none at all, a short list of equally likely deals, or
a seed.

Every game draws all its chance from its seed at setup (the deal, the layout, the order of the piles).
`chance_of(game, options)` says how that can be told to a solver:

- `"none"`: the seed decides nothing (the grid family): states started from any seeds are equal.
- `"listed"`: the setup is one of a few equally likely deals, each pinned by options (`deals`), which the
  game lists as a class method `deals(options) -> list[dict]` on its state class: Tic Tac Two's distinct tile
  layouts (the option `tiles`), Tyc's first player (`first_player`).
- `"seed"`: anything else; the seed itself is the chance outcome.

`perfect_information(game, options)`: nothing hidden from any seat and nothing the seed decided hidden
from all (Tic Tac Trek's bag order is, so Trek is not).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

from ..core.engine import Game
from .actions import game_of

PROBE_SEEDS = (0, 1, 2, 3, 7, 2**40 + 5, 2**63 + 11)
"""Seeds whose games are compared to tell what the seed decides."""


def deals(game: str | Game, options: dict[str, Any]) -> list[dict] | None:
    """The equally likely deals of `game` under `options`, each as the options that pin it (None: not listed)."""
    game = game_of(game)
    checked = dict(game.check_options(options))
    listed = getattr(game.state_class, "deals", None)
    return None if listed is None else listed(checked)


def chance_of(game: str | Game, options: dict[str, Any]) -> str:
    """"none", "listed" or "seed" (see the module's docstring)."""
    game = game_of(game)
    return _chance(game.name, json.dumps(dict(game.check_options(options)), sort_keys=True, default=list))


@lru_cache(maxsize=64)
def _chance(name: str, options_json: str) -> str:
    game = game_of(name)
    options = json.loads(options_json)
    first, *others = (game.start(seed, dict(options)) for seed in PROBE_SEEDS)
    if all(other == first and other.setup_record() == first.setup_record() for other in others):
        return "none"
    return "listed" if deals(game, options) is not None else "seed"


def perfect_information(game: str | Game, options: dict[str, Any]) -> bool:
    """Whether nothing is hidden from anyone: no secrets (`Game.hidden_information`), and the kit's
    `determinize` of the onlooker, which resamples what nobody sees, gives back the very position."""
    game = game_of(game)
    return not game.hidden_information and _public(game.name, json.dumps(dict(game.check_options(options)),
                                                                           sort_keys=True, default=list))


@lru_cache(maxsize=64)
def _public(name: str, options_json: str) -> bool:
    game = game_of(name)
    rng = random.Random(0)
    for seed in PROBE_SEEDS:
        state = game.start(seed, json.loads(options_json))
        for _ in range(3):
            if state.determinize(None, rng).key() != state.key():
                return False
            if state.outcome is not None:
                break
            state.play(rng.choice(state.legal_actions()))
    return True
