"""Tic Tac Trek's default bot: `MCTSBot` with random playouts to the end, 700 iterations.

The score counts the empty cells around each campfire when the bag is empty, so it is decided by how
the map fills in around the fires until the very end: a score read mid-game misleads, and playouts
run to the end. A move costs about 90 ms of one core (the classic's 500 iterations: about 65 ms).
"""

from __future__ import annotations

from ...bots import MCTSBot

ITERATIONS = 700


def default_bot(seed: int | None = None) -> MCTSBot:
    """The bot that plays Tic Tac Trek unless told otherwise."""
    return MCTSBot(ITERATIONS, seed=seed)
