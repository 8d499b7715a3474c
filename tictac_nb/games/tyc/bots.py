"""Tyc's default bot: `MCTSBot` whose playouts stop after a few moves and read the score.

A random playout of Tyc runs some fifty moves to the end, and how it ends (which long line fills, who
holds each board then) says little about the position it started from; the score so far (threes,
majorities, letters: `current_scores`) says more, at a fraction of the cost. So each playout makes
`DEPTH` random moves, then values the position by the score difference (`score_value`), and the time
saved buys more iterations.
"""

from __future__ import annotations

from ...core.bots import MCTSBot, RandomRollout, score_value

ITERATIONS = 1000
DEPTH = 6
SCALE = 4.0
"""Points of lead worth about 73% to win."""


def default_bot(seed: int | None = None) -> MCTSBot:
    """The bot that plays Tyc unless told otherwise."""
    return MCTSBot(ITERATIONS, seed=seed, evaluator=RandomRollout(DEPTH, score_value(SCALE)))
