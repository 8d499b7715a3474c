"""Card tables for the card family's tests, and a helper to register a game of one while a test runs."""

from __future__ import annotations

from contextlib import contextmanager

import tictac_nb
from tictac_nb.cards import card_game

EVERY_EFFECT = [
    {"name": "Mark", "count": 10, "effect": "place", "type": "Basic", "colour": "blue", "cost": 1},
    {"name": "Top Row", "count": 2, "effect": "place row 1", "text": "Place your mark in the top row."},
    {"name": "Eraser", "count": 3, "effect": "remove", "colour": "red"},
    {"name": "Shift", "count": 2, "effect": "move"},
    {"name": "Swap", "count": 2, "effect": "swap"},
    {"name": "Wall", "count": 2, "effect": "block corner"},
    {"name": "Rush", "count": 2, "effect": "draw 1; place"},
    {"name": "Trade", "count": 2, "effect": "discard; draw 2"},
    {"name": "Thief", "count": 2, "effect": "steal; place edge"},
    {"name": "Twice", "count": 2, "effect": "place; again"},
    {"name": "Gold", "count": 2, "effect": "points 2"},
    {"name": "Dud", "count": 1, "effect": "nothing"},
]
"""One card of each effect of the vocabulary, and a few combined."""


@contextmanager
def registered(name: str = "test-deck", table=None, **options):
    """A card game of `table` (every effect by default) registered under `name` while the block runs."""
    game = tictac_nb.register(card_game(name, "Test Deck", EVERY_EFFECT if table is None else table, **options))
    try:
        yield game
    finally:
        tictac_nb.unregister(name)
