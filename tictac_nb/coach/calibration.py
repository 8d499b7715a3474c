"""The coach's chances made to mean what they say: a mapping per game and seat count, fitted to the outcomes
of bot games.

A search's mean reward, or a heuristic bot's playouts, is its own estimate, not a measured frequency.
`bench/coach.py --fit` plays default-bot games (at every seat count the game allows), asks the coach at every
position, and fits, per game and seat count, one of three maps from the raw estimate to how often the mover
went on to win, each strictly increasing in the raw estimate:
- an isotonic curve (pool-adjacent-violators on blocks of at least `least` positions, so that it follows
  the outcomes' shape, not a few games' noise), stored as its breakpoints `knots` and read between them by
  straight lines, as scikit-learn's `IsotonicRegression` does;
- a logistic curve on the logit of the raw estimate (Platt scaling: two numbers, `chance = 1 / (1 + e^-(a *
  logit(raw) + b))`, by maximum likelihood), the way lichess maps engine scores to win chances with a
  curve fitted to real games, for games with too few games for a free-form curve;
- a phased logistic curve, the same on the logit `L` and the game's `phase` `t` (the actions played before
  the position over the median length of the games fitted, at most 1): `chance = sigmoid(a L + b + c t +
  d t L)`, four numbers by maximum likelihood, its slope in `L` kept positive at every phase. The raw
  estimate says more than it knows early in a game (TIC TOC, 2 players: a raw chance under 10% is won 37%
  of the time in a game's first third, 9% in its last), which a map of the estimate alone cannot follow.
The bench keeps whichever judges games the fit never saw best, or none, the raw chance. A 2-player and a
4-player chance of the same raw value need not mean the same, so each seat count has its own map, and a
seat count without one keeps the raw chance. The maps are stored in `calibration.json` beside this module,
with the coach's own noise (the spread of its chance for the same move in two analyses of the same game), so
that a move is marked only where its drop is beyond that noise. Every map is strictly increasing in the raw
estimate and every move of one position shares its phase, so a map never changes which move ranks first;
they are applied with `math` and `bisect` only (Pyodide). On games from seeds no fit has seen, the chance is
within 5 points of how often the mover won in every tenth of 40 or more positions, the chart's and the hint's,
for every game at every seat count; so it is on the held-out half of the games each map was fitted with, but
for TIC TOC's 4-player hint, 5.2 points off in a tenth inside its 95% interval (the figures:
docs/calibration.md).
"""

from __future__ import annotations

import json
import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("calibration.json")
EDGE = 0.005
"""Raw estimates are read as at least this far from 0 and 1: a search's 0 or 1 is a few playouts, not a proof."""
KEPT = 0.01
"""The share of the raw estimate a map keeps: where the curve is level (an isotonic curve's flat stretches, a
logistic curve's clipped ends) moves still rank as the raw estimate ranks them, at most a point off the curve."""


@cache
def table() -> dict[str, dict[str, Any]]:
    """Each game's `noise` and its `fits` by seat count ("2", "3", ...): each fit holds its `method` and
    `knots` (an isotonic curve's breakpoints `[raw, chance]`), `platt` (`[a, b]`) or `phased` (`[a, b, c, d]`
    and the game `length` its phase is read by), or none of them (the raw chance), and the `positions` and
    `games` it rests on."""
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


def clipped(chance: float) -> float:
    return min(1 - EDGE, max(EDGE, chance))


def logit(chance: float) -> float:
    chance = clipped(chance)
    return math.log(chance / (1 - chance))


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def mapped(a: float, b: float, chance: float) -> float:
    """`chance` through the logistic curve `(a, b)`, strictly inside (0, 1)."""
    return sigmoid(a * logit(chance) + b)


def through(knots: Sequence[Sequence[float]], chance: float) -> float:
    """`chance` through the isotonic curve with breakpoints `knots` (raw strictly increasing, chance never
    decreasing): straight lines between them, level beyond the ends."""
    xs = [x for x, _ in knots]
    at = bisect_right(xs, chance)
    if at == 0:
        curve = knots[0][1]
    elif at == len(knots):
        curve = knots[-1][1]
    else:
        (x0, y0), (x1, y1) = knots[at - 1], knots[at]
        curve = y0 + (y1 - y0) * (chance - x0) / (x1 - x0)
    return curve


KINDS = {"analysis": "fits", "hint": "hint fits"}
"""Where each kind of chance keeps its maps in a game's entry: an analysis judges the move played with
the game's `coach_playouts.analysis` trial games (or the bot's search), a hint picks the best of every legal move's
estimates, which says more than it knows (the best of many noisy estimates is the luckiest: a winner's
curse), so each may have maps of its own, fitted on its own games (a hint without one takes the analysis's:
the bench keeps a hint's own map only where it judges held-out hinted games better)."""


def fitted(game: str, players: int, kind: str = "analysis") -> dict[str, Any] | None:
    """The fit stored for `kind` ("analysis" or "hint") chances of `game` at `players` seats (None: none,
    the raw chance is kept). A hint without a map of its own takes the analysis's: nearer than the raw
    estimate, if above it by the winner's curse."""
    found = table().get(game, {}).get(KINDS[kind], {}).get(str(players))
    return fitted(game, players) if found is None and kind != "analysis" else found


def phase(played: int, length: float) -> float:
    """How far into a game a position is: the actions `played` before it over a game's `length` (the median
    of the games a phased map was fitted on), at most 1."""
    return min(1.0, played / length)


def apply(fit: dict[str, Any] | None, chance: float, played: int = 0) -> float:
    """`chance` (0 to 1) through a stored fit (its `knots`, its `platt` pair, or its `phased` curve read at
    `played` actions into the game) blended with `KEPT` of itself: strictly increasing and strictly inside
    (0, 1); unchanged without a fit."""
    if fit and fit.get("knots"):
        curve = through(fit["knots"], chance)
    elif fit and fit.get("platt"):
        curve = mapped(fit["platt"][0], fit["platt"][1], chance)
    elif fit and fit.get("phased"):
        a, b, c, d = fit["phased"]
        t = phase(played, fit["length"])
        curve = mapped(a + d * t, b + c * t, chance)
    else:
        return chance
    return (1 - KEPT) * clipped(curve) + KEPT * chance


def calibrate(game: str, players: int, chance: float | None, played: int = 0, kind: str = "analysis") -> float | None:
    """`chance` (the coach's raw estimate of `kind`, in `game` played by `players` seats, in a position
    `played` actions into the game: `len(state.history)`) through the map fitted for that kind, game and seat
    count; unchanged where there is none. Every move of one position shares `played`, so the map never changes
    which ranks first."""
    if chance is None or _RAW[0]:
        return chance
    return apply(fitted(game, players, kind), chance, played)


def noise(game: str) -> float:
    """The coach's own noise in `game`: a drop no larger is not marked (0 where none was measured)."""
    return float(table().get(game, {}).get("noise", 0.0))


def _solved(matrix: list[list[float]], vector: list[float]) -> list[float] | None:
    """`x` with `matrix x = vector`, by Gaussian elimination with partial pivoting (None: singular)."""
    n = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector, strict=True)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(rows[r][i]))
        if abs(rows[pivot][i]) < 1e-12:
            return None
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for r in range(i + 1, n):
            factor = rows[r][i] / rows[i][i]
            for col in range(i, n + 1):
                rows[r][col] -= factor * rows[i][col]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (rows[i][n] - sum(rows[i][col] * x[col] for col in range(i + 1, n))) / rows[i][i]
    return x


def _likeliest(rows: list[list[float]], ys: list[float], start: list[float],
               kept: Callable[[list[float]], list[float]], steps: int = 50) -> list[float]:
    """The weights `w` of greatest likelihood for outcomes `ys` (an outcome may be a draw's share) with
    `P(win) = sigmoid(w . row)`, by Newton's method, each step's weights passed through `kept` (the bounds
    that keep the curve increasing)."""
    w, k = list(start), len(start)
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(rows, ys, strict=True):
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            r = p * (1 - p) + 1e-12
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(i + 1):
                    hess[i][j] += r * x[i] * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solved(hess, grad)
        if step is None:
            break
        w = kept([wi + si for wi, si in zip(w, step, strict=True)])
        if sum(abs(si) for si in step) < 1e-9:
            break
    return w


def fit(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The logistic curve `(a, b)` of greatest likelihood for `(raw, outcome)` points; `a` kept positive,
    so the curve is increasing."""
    a, b = _likeliest([[logit(x), 1.0] for x, _ in points], [y for _, y in points], [1.0, 0.0],
                      lambda w: [max(1e-3, w[0]), w[1]])
    return round(a, 4), round(b, 4)


def fit_phased(points: Sequence[tuple[float, float, float]]) -> tuple[float, float, float, float]:
    """The phased curve `(a, b, c, d)`, `chance = sigmoid(a L + b + c t + d t L)` with `L` the raw estimate's
    logit and `t` the position's `phase`, of greatest likelihood for `(raw, outcome, t)` points; the slope in
    `L`, `a + d t`, kept positive at every phase from 0 to 1 (`a` and `a + d`), so the curve is increasing
    in the raw estimate wherever the game is."""
    def kept(w: list[float]) -> list[float]:
        a = max(1e-3, w[0])
        return [a, w[1], w[2], max(1e-3 - a, w[3])]

    rows = [[(L := logit(x)), 1.0, t, t * L] for x, _, t in points]
    a, b, c, d = _likeliest(rows, [y for _, y, _ in points], [1.0, 0.0, 0.0, 0.0], kept)
    return round(a, 4), round(b, 4), round(c, 4), round(d, 4)


def isotonic(points: Sequence[tuple[float, float]], least: int) -> list[list[float]]:
    """The isotonic curve of `(raw, outcome)` points, by pool-adjacent-violators: the points in order of the
    raw estimate, in blocks of at least `least` (equal estimates always in one block: a few trial games give
    few distinct values), neighbouring blocks pooled while the later one's outcomes are no higher; its
    breakpoints are each block's lowest and highest raw estimate at the block's mean outcome, as
    scikit-learn keeps them, so every fitted position reads its own block's frequency."""
    ordered = sorted(points)
    blocks: list[list[float]] = []  # [lowest raw, highest raw, sum of outcomes, positions]
    start = 0
    while start < len(ordered):
        end = min(len(ordered), start + max(1, least))
        while end < len(ordered) and ordered[end][0] == ordered[end - 1][0]:
            end += 1
        if len(ordered) - end < least:
            end = len(ordered)
        chunk = ordered[start:end]
        blocks.append([chunk[0][0], chunk[-1][0], sum(y for _, y in chunk), len(chunk)])
        start = end
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][3] >= blocks[-1][2] / blocks[-1][3]:
            last = blocks.pop()
            blocks[-1] = [blocks[-1][0], last[1], blocks[-1][2] + last[2], blocks[-1][3] + last[3]]
    knots: list[list[float]] = []
    for low, high, won, n in blocks:
        knots += [[low, round(won / n, 4)]] + ([[high, round(won / n, 4)]] if high > low else [])
    return knots
