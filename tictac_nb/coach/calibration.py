"""The coach's chances made to mean what they say: a mapping per game fitted to the outcomes of bot games.

A search's mean reward, or a heuristic bot's playouts, is its own estimate, not a measured frequency.
`bench/coach.py --fit` plays default-bot games, asks the coach at every position, and fits, per game, a
logistic curve on the logit of the raw estimate (Platt scaling: two numbers, `chance = 1 / (1 + e^-(a *
logit(raw) + b))`, by maximum likelihood), the way lichess maps engine scores to win chances with a curve
fitted to real games. Two numbers cannot follow the noise of a thousand positions from a few dozen games as
a free-form curve does; where even they do not hold on games the fit never saw, the bench stores `[1, 0]`,
the raw chance. The numbers are stored in `calibration.json`
beside this module, with the coach's own noise (the spread of its chance for the same move in two analyses
of the same game), so that a move is marked only where its drop is beyond that noise. With `a > 0` the
mapping is increasing, so it never changes which move ranks first; it is applied with `math` only.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("calibration.json")
EDGE = 0.005
"""Raw estimates are read as at least this far from 0 and 1: a search's 0 or 1 is a few playouts, not a proof."""


@cache
def table() -> dict[str, dict[str, Any]]:
    """Each game's fitted `platt` pair `[a, b]`, the `positions` and `games` it rests on, and its `noise`."""
    return json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}


_RAW = [False]


@contextmanager
def raw():
    """Inside, the coach gives its uncalibrated estimates: what the fit itself is made from."""
    _RAW[0] = True
    try:
        yield
    finally:
        _RAW[0] = False


def logit(chance: float) -> float:
    chance = min(1 - EDGE, max(EDGE, chance))
    return math.log(chance / (1 - chance))


def mapped(a: float, b: float, chance: float) -> float:
    """`chance` through the logistic curve `(a, b)`, strictly inside (0, 1)."""
    z = a * logit(chance) + b
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def calibrate(game: str, chance: float | None) -> float | None:
    """`chance` (the coach's raw estimate in `game`) through the game's fitted curve; unchanged where the game
    has no fit."""
    pair = table().get(game, {}).get("platt")
    if chance is None or not pair or _RAW[0]:
        return chance
    return mapped(pair[0], pair[1], chance)


def noise(game: str) -> float:
    """The coach's own noise in `game`: a drop no larger is not marked (0 where none was measured)."""
    return float(table().get(game, {}).get("noise", 0.0))


def fit(points: Sequence[tuple[float, float]], steps: int = 50) -> tuple[float, float]:
    """The logistic curve `(a, b)` of greatest likelihood for `(raw, outcome)` points (an outcome may be a
    draw's share), by Newton's method on the two numbers; `a` kept positive, so the curve is increasing."""
    xs = [logit(x) for x, _ in points]
    ys = [y for _, y in points]
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = mapped(a, b, 1 / (1 + math.exp(-x)))
            w = p * (1 - p) + 1e-12
            ga += (y - p) * x
            gb += y - p
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = max(1e-3, a + da), b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return round(a, 4), round(b, 4)
