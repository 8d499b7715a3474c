"""The ratings math shared by the lab's tournaments and the arena's ladder (`tictac_nb.core.ratings`): plain Python,
the maximum-likelihood fit, and the very numbers of the numpy MM fit it replaced."""

from __future__ import annotations

import math

import pytest

from tictac_nb.core import ratings

GAMES = [((0, 1), {0}), ((1, 2), {1}), ((2, 0), set()), ((0, 1, 2), {2}), ((0, 1, 2, 3), {0, 3}), ((3, 1), {3}),
         ((2, 3), {2}), ((0, 3), {0}), ((1, 0), {1}), ((3, 2, 1), {3})]
MM_STRENGTH = [0.720188381922805, -0.8812543776558672, 0.2776488330965139, -0.1383647945873139]
MM_ERROR = [0.6650916964524989, 0.6383105937605678, 0.6165658485233589, 0.6598646841768191]
"""What the lab's numpy fit (Hunter's MM algorithm, numpy.linalg.inv) gave for `GAMES` before it moved here."""


def tables() -> tuple[list[list[float]], list[list[float]]]:
    score, played = ratings.square(4), ratings.square(4)
    for seats, winners in GAMES:
        ratings.add_pairs(score, played, list(seats), winners)
    return score, played


def test_the_fit_gives_the_numbers_the_numpy_fit_gave():
    strength, error = ratings.bradley_terry(*tables())
    assert strength == pytest.approx(MM_STRENGTH, abs=1e-9)
    assert error == pytest.approx(MM_ERROR, abs=1e-9)


def test_the_fit_is_the_likelihoods_maximum():
    score, played = tables()
    strength, _ = ratings.bradley_terry(score, played)
    for i, own in enumerate(strength):  # each player's wins, the prior's half included, are what the fit expects
        expected = sum(played[i][j] / (1 + math.exp(other - own)) for j, other in enumerate(strength) if j != i)
        expected += ratings.PRIOR_GAMES / (1 + math.exp(-own))
        assert sum(score[i]) + ratings.PRIOR_GAMES / 2 == pytest.approx(expected, abs=1e-12)


def test_no_player_no_game_and_clean_sweeps_stay_finite():
    assert ratings.bradley_terry([], []) == ([], []) and ratings.elo([]) == []
    assert ratings.bradley_terry(ratings.square(2), ratings.square(2))[0] == [0.0, 0.0]
    score, played = ratings.square(2), ratings.square(2)
    for _ in range(10_000):
        ratings.add_pairs(score, played, [0, 1], {0})
    strength, error = ratings.bradley_terry(score, played)
    assert all(math.isfinite(x) for x in strength + error) and strength[0] > 0 > strength[1]
    assert ratings.elo(strength) == pytest.approx([ratings.CENTRE + ratings.ELO * strength[0],
                                                   ratings.CENTRE + ratings.ELO * strength[1]])


def test_the_inverse_and_a_singular_matrix():
    first, second = ratings.inverse([[2.0, 1.0], [1.0, 1.0]])
    assert first == pytest.approx([1.0, -1.0]) and second == pytest.approx([-1.0, 2.0])
    with pytest.raises(ValueError, match="singular"):
        ratings.inverse([[1.0, 2.0], [2.0, 4.0]])
