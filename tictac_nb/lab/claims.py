"""The design lab's exercise: a student's claim about a variant ("the first-player advantage is about 0.5"),
weighed against the noise of a batch of its games, with a verdict in words."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..classroom.exercises import Verdict, quote
from ..core.registry import GAMES
from .metrics import METRICS
from .selfplay import play_games
from .sweeps import Variant

CLAIM_GAMES = (10, 10_000)
"""How many games a claim may be weighed on: fewer give too wide a noise, more take too long in a lesson."""


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def check_claim(variant: Any, metric: Any, *, above: Any = None, below: Any = None, about: Any = None,
                games: Any = 200, seed: Any = 0) -> Verdict:
    """Play `games` games of `variant` (a `lab.Variant`, or a game's name for its rules as printed) and weigh
    the claim about `metric` against the noise.

    Say exactly one of `above`, `below` or `about`: "the first-player advantage is about 0.5" is
    `check_claim(variant, "first_player_advantage", about=0.5)`. The noise is a 95% bootstrap interval.
    Whatever it is given, it answers with a verdict in words, never an error.
    """
    if isinstance(variant, str) and variant in GAMES:
        variant = Variant(variant)
    elif not isinstance(variant, Variant):
        return Verdict(False, f"the variant is a lab.Variant, like lab.Variant(\"tic-tac-two\", {{\"peek\": False}}), "
                              f"or a game's name ({', '.join(GAMES)}), not {quote(variant)}.")
    claims = {"above": above, "below": below, "about": about}
    said = [(word, value) for word, value in claims.items() if value is not None]
    if len(said) != 1:
        return Verdict(False, "say exactly one of above=, below= or about=, with a number.")
    word, value = said[0]
    if not _number(value):
        return Verdict(False, f"{word}= takes a number, like {word}=0.5, not {quote(value)}.")
    names = ", ".join(m for m in METRICS if not m.endswith("_margin"))
    if type(metric) is not str or metric not in METRICS or metric.endswith("_margin"):
        return Verdict(False, f"there is no metric {quote(metric)}; the metrics are {names} (see "
                              f"lab.definitions()).")
    low_games, high_games = CLAIM_GAMES
    if type(games) is not int or not low_games <= games <= high_games:
        return Verdict(False, f"games= is a whole number from {low_games} to {high_games:,}, not {quote(games)}: "
                              f"fewer games give a noise too wide to weigh any claim.")
    try:
        results = play_games(variant.game, games, options=dict(variant.options), bots=variant.bots, seed=seed,
                                 progress=False)
    except Exception as problem:  # a bad game, option, bot spec or seed: said in the engine's words
        return Verdict(False, f"the variant cannot be played: {str(problem)[:200]}")
    forfeits = results[results["forfeit"].notna()]
    if len(forfeits):
        return Verdict(False, f"{len(forfeits)} of {len(results)} games ended because a bot forfeited (the first: "
                              f"{str(forfeits.iloc[0]['reason'])[:160]}). A forfeited game says nothing about the "
                              f"rules: fix the bot, then weigh the claim.")
    if len(results) < low_games:
        return Verdict(False, f"only {len(results)} games were played (the batch was interrupted): too few to weigh "
                              "a claim.")
    return _weigh(results, metric, METRICS[metric], word, value, seed)


def _weigh(results: Any, metric: str, measure: Callable[[Any], float], word: str, value: float, seed: Any) -> Verdict:
    """The verdict on "`metric` is `word` `value`" for a batch's results, against a 95% bootstrap interval."""
    played = len(results)
    value_now = float(measure(results))
    if math.isnan(value_now):
        return Verdict(False, f"{metric} is not defined for this batch (see lab.definitions()): claim another metric.")
    rng = random.Random(seed)
    samples = sorted(float(measure(results.sample(frac=1, replace=True, random_state=rng.randrange(2**31))))
                     for _ in range(200))
    low, high = samples[4], samples[-5]
    figure = f"{metric} is {value_now:.3f} over {played} games (95% of resamples between {low:.3f} and {high:.3f})"
    if word == "about":
        if low <= value <= high:
            return Verdict(True, f"{figure}: {value} is within the noise.")
        return Verdict(False, f"{figure}: {value} lies outside the noise. Change the variant, or the claim.")
    holds = low > value if word == "above" else high < value
    fails = high < value if word == "above" else low > value
    if holds:
        return Verdict(True, f"{figure}: {word} {value}, beyond the noise.")
    if fails:
        return Verdict(False, f"{figure}: the batch says the opposite of the claim.")
    return Verdict(False, f"{figure}: {value} is inside the noise, so the batch cannot tell. Play more games.")


# ---- finding a game's exercises -------------------------------------------------------------------------
