"""The coach's chances made to mean what they say: a mapping per game fitted to the outcomes of bot games.

A search's mean reward, or a heuristic bot's playouts, is its own estimate, not a measured frequency.
`bench/coach.py --fit` plays default-bot games, asks the coach at every position, and fits, per game, an
increasing curve from the raw estimate to how often the mover went on to win (isotonic regression, as
lichess fits its win-chance curve to real games); the knots are stored in `calibration.json` beside this
module, with the coach's own noise (the spread of its chance for the same move in two analyses of the same
game), so that a move is marked only where its drop is beyond that noise. The mapping is increasing, so it
never changes which move ranks first.
"""

from __future__ import annotations

import bisect
import json
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("calibration.json")


@cache
def table() -> dict[str, dict[str, Any]]:
    """Each game's fitted knots (`[raw, chance]` pairs, raw increasing) and its measured `noise`."""
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


def calibrate(game: str, chance: float | None) -> float | None:
    """`chance` (the coach's raw estimate in `game`) mapped through the game's fitted curve (linear between
    knots, flat beyond them); unchanged where the game has no fit."""
    knots = table().get(game, {}).get("knots")
    if chance is None or not knots or _RAW[0]:
        return chance
    xs = [k[0] for k in knots]
    i = bisect.bisect_left(xs, chance)
    if i == 0:
        return knots[0][1]
    if i == len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[i - 1], knots[i]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (chance - x0) / (x1 - x0)


def noise(game: str) -> float:
    """The coach's own noise in `game`: a drop no larger is not marked (0 where none was measured)."""
    return float(table().get(game, {}).get("noise", 0.0))


def fit(points: list[tuple[float, float]], knots: int = 12) -> list[list[float]]:
    """An increasing curve through `(raw, outcome)` points: isotonic regression (pool adjacent violators),
    read off at up to `knots` evenly filled places, ends included."""
    points = sorted(points)
    blocks: list[list[float]] = []  # [sum of raw, sum of outcome, count]
    for x, y in points:
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for k in range(3):
                blocks[-1][k] += last[k]
    curve = [(b[0] / b[2], b[1] / b[2], b[2]) for b in blocks]
    if len(curve) <= knots:
        return [[round(x, 4), round(y, 4)] for x, y, _ in curve]
    total, chosen, seen = len(points), [], 0
    for x, y, n in curve:
        seen += n
        if not chosen or seen >= total * len(chosen) / (knots - 1) or seen == total:
            chosen.append([round(x, 4), round(y, 4)])
    return chosen
