"""Shared test helpers: random positions of any registered game."""

from __future__ import annotations

import random

import pytest

import tictac_nb
from tictac_nb import IllegalAction

ALL_GAMES = list(tictac_nb.GAMES)
VARIANTS = [(name, label, options) for name, game in tictac_nb.GAMES.items()
            for label, options in {"as printed": {}, **game.variants}.items()]
MAX_ACTIONS = 20_000


def random_game(name: str, seed: int, stop_after: int | None = None, **options):
    """A game of `name` played by uniformly random actions, to the end or for `stop_after` actions."""
    state = tictac_nb.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    limit = MAX_ACTIONS if stop_after is None else stop_after
    while state.outcome is None and len(state.history) < limit:
        state.play(rng.choice(state.legal_actions()))
    return state


def variant_game(variant: tuple[str, str, dict], seed: int, stop_after: int | None = None):
    """`random_game` for one of `VARIANTS`."""
    name, _, options = variant
    return random_game(name, seed, stop_after, **options)


def play(state, *actions: str):
    """Play scripted actions in order; returns the state."""
    for action in actions:
        state.play(action)
    return state


def refused(state, action) -> str:
    """The refusal message for `action`, checking that the refusal changed nothing."""
    before, record = state.key(), state.record()
    with pytest.raises(IllegalAction) as error:
        state.play(action)
    assert state.key() == before and state.record() == record
    return str(error.value)
