"""Ratings from game results, in plain Python: the Bradley-Terry fit that the lab's tournaments and the arena's
ladder both use, on the Elo scale.

Each game is split into pairwise results between its seats: a winner beats a non-winner, and two seats with the
same result (both won, both lost, or no winner) draw, a draw counting half a win each way. A game of n players
gives each pair a weight of 1/(n - 1), so every game weighs the same for each player in it. A virtual draw of
each player against an average one keeps the ratings of those who won or lost every game finite; the standard
errors come from the Fisher information of the fit. No array library: a class's field is tens of bots, and the
room server must start without one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, MutableSequence, Sequence

ELO = 400 / math.log(10)
"""Elo points per unit of Bradley-Terry log-strength."""
CENTRE = 1500.0
"""The field's mean rating."""
PRIOR_GAMES = 1.0
"""Virtual games (drawn) of each player against an average player, which keep every rating finite."""

Matrix = Sequence[Sequence[float]]


def square(size: int) -> list[list[float]]:
    """A `size` x `size` table of zeros, for `add_pairs` to fill."""
    return [[0.0] * size for _ in range(size)]


def add_pairs(score: MutableSequence, played: MutableSequence, rows: Sequence[int], winners: Collection[int]) -> None:
    """One game's pairs of seats added to `score` and `played` (`rows`: each seat's row in them), each pair
    weighing 1/(n - 1) in a game of n players: `score[i][j]` is what i scored against j, `played[i][j]` how much
    they met. Lists of lists and 2-D arrays alike."""
    weight = 1 / (len(rows) - 1)
    for a, b in itertools.combinations(range(len(rows)), 2):
        i, j = rows[a], rows[b]
        result = 0.5 if (a in winners) == (b in winners) else float(a in winners)
        score[i][j] += weight * result
        score[j][i] += weight * (1 - result)
        played[i][j] += weight
        played[j][i] += weight


def result_of(seat: int, winners: Collection[int], players: int) -> str:
    """"wins", "draws" or "losses": the column a game counts in for `seat` (a game without a winner, or won
    by every seat, is a draw)."""
    if not winners or len(winners) == players:
        return "draws"
    return "wins" if seat in winners else "losses"


def bradley_terry(score: Matrix, played: Matrix, prior: float = PRIOR_GAMES) -> tuple[list[float], list[float]]:
    """Log-strengths of maximum likelihood, with `prior` drawn games of each against a player of strength 1, and
    the standard errors of the log-strengths less their mean (inverse Fisher information).

    Newton's method on the log-likelihood, which the prior makes strictly concave, a step halved until it gains:
    a handful of steps where Hunter's MM algorithm (the same optimum) takes thousands, which in plain Python is
    the difference between milliseconds and seconds for a class's ladder."""
    n = len(score)
    if not n:
        return [], []
    wins = [sum(float(x) for x in row) + prior / 2 for row in score]
    met = [[float(x) for x in row] for row in played]
    theta = [0.0] * n
    for _ in range(200):
        step = solve(_information(theta, met, prior), _gradient(theta, wins, met, prior))
        before, scale = _likelihood(theta, wins, met, prior), 1.0
        tried = [t + d for t, d in zip(theta, step, strict=True)]
        while scale > 1e-9 and _likelihood(tried, wins, met, prior) < before - 1e-12 * abs(before):
            scale /= 2
            tried = [t + scale * d for t, d in zip(theta, step, strict=True)]
        theta = tried
        if max((abs(scale * d) for d in step), default=0.0) < 1e-13:
            break
    covariance = _centred(inverse(_information(theta, met, prior)))
    return theta, [math.sqrt(max(covariance[i][i], 0.0)) for i in range(n)]


def _beats(theta: Sequence[float], i: int, j: int | None) -> float:
    """The chance that i beats j (None: a player of strength 1, the prior's)."""
    return 1 / (1 + math.exp((0.0 if j is None else theta[j]) - theta[i]))


def _log_sum_exp(a: float, b: float) -> float:
    return max(a, b) + math.log1p(math.exp(-abs(a - b)))


def _likelihood(theta: Sequence[float], wins: Sequence[float], met: Matrix, prior: float) -> float:
    n = len(theta)
    pairs = sum(met[i][j] * _log_sum_exp(theta[i], theta[j]) for i in range(n) for j in range(i + 1, n) if met[i][j])
    return (sum(w * t for w, t in zip(wins, theta, strict=True)) - pairs
            - prior * sum(_log_sum_exp(t, 0.0) for t in theta))


def _gradient(theta: Sequence[float], wins: Sequence[float], met: Matrix, prior: float) -> list[float]:
    n = len(theta)
    return [wins[i] - sum(met[i][j] * _beats(theta, i, j) for j in range(n) if j != i and met[i][j])
            - prior * _beats(theta, i, None) for i in range(n)]


def _information(theta: Sequence[float], met: Matrix, prior: float) -> list[list[float]]:
    """The Fisher information of the log-strengths: minus the log-likelihood's second derivatives."""
    n = len(theta)
    matrix = [[0.0 if i == j or not met[i][j] else -met[i][j] * _beats(theta, i, j) * _beats(theta, j, i)
               for j in range(n)] for i in range(n)]
    for i in range(n):
        q = _beats(theta, i, None)
        matrix[i][i] = -sum(matrix[i]) + prior * q * (1 - q)
    return matrix


def _centred(matrix: list[list[float]]) -> list[list[float]]:
    """C M C with C = I - 1/n: the covariance of values less their mean."""
    n = len(matrix)
    rows = [sum(row) / n for row in matrix]
    columns = [sum(matrix[i][j] for i in range(n)) / n for j in range(n)]
    total = sum(rows) / n
    return [[matrix[i][j] - rows[i] - columns[j] + total for j in range(n)] for i in range(n)]


def inverse(matrix: Matrix) -> list[list[float]]:
    """The inverse of a square matrix; `ValueError` if it is singular."""
    return _eliminate(matrix, [[float(i == j) for j in range(len(matrix))] for i in range(len(matrix))])


def solve(matrix: Matrix, vector: Sequence[float]) -> list[float]:
    """x with `matrix` x = `vector`; `ValueError` if the matrix is singular."""
    return [row[0] for row in _eliminate(matrix, [[float(v)] for v in vector])]


def _eliminate(matrix: Matrix, right: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan elimination with partial pivoting of [matrix | right]: what becomes of `right`."""
    n = len(matrix)
    work = [[float(x) for x in row] + extra for row, extra in zip(matrix, right, strict=True)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(work[r][column]))
        if work[pivot][column] == 0.0:
            raise ValueError("the matrix is singular")
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [x / lead for x in work[column]]
        for r in range(n):
            if r != column and (factor := work[r][column]) != 0.0:
                work[r] = [x - factor * y for x, y in zip(work[r], work[column], strict=True)]
    return [row[n:] for row in work]


def elo(strength: Sequence[float]) -> list[float]:
    """Log-strengths on the Elo scale, the field's mean at `CENTRE`."""
    mean = sum(strength) / len(strength) if strength else 0.0
    return [CENTRE + ELO * (s - mean) for s in strength]
