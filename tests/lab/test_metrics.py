"""Batch metrics on hand-made results whose values are known, and on real batches of every game."""

from __future__ import annotations

import math

import pytest

from tictac_nb import lab
from tictac_nb.lab import selfplay


def row(winners=(0,), first=0, players=2, turns=5, actions=None, completed=True, widths=(3,), lead_changes=math.nan,
        decisiveness=math.nan, variant="v", scores=None):
    n = players
    shares = tuple(1 / len(winners) if p in winners else 0.0 for p in range(n)) if winners else (1 / n,) * n
    actions = actions if actions is not None else len(widths)
    return {
        "game": "tic-tac-two", "variant": variant, "seed": 0, "options": {}, "bots": "random vs random",
        "players": n, "first_mover": first, "winners": tuple(winners),
        "winner": winners[0] if len(winners) == 1 else None, "shares": shares,
        "draw": not winners and completed, "completed": completed, "scores": scores, "margin": math.nan,
        "actions": actions, "turns": turns, "branching_mean": sum(widths) / len(widths),
        "branching_max": max(widths), "lead_changes": lead_changes, "decisiveness": decisiveness,
        "reason": "r", "moves": (),
    }


def frame(*rows):
    return selfplay.results_frame(rows)


def test_first_player_advantage_follows_who_moved_first():
    # seat 0 starts and wins twice; seat 1 starts and wins once; one draw started by seat 1
    results = frame(row((0,), first=0), row((0,), first=0), row((1,), first=1), row((), first=1))
    assert lab.first_player_advantage(results) == pytest.approx((1 + 1 + 1 + 0.5) / 4)
    assert lab.win_rates(results).tolist() == pytest.approx([2.5 / 4, 1.5 / 4])
    assert lab.balance(results) == pytest.approx(1 - 1 / 4)


def test_a_game_won_before_the_first_move_has_no_first_mover():
    results = frame(row((1,), first=None, turns=0, widths=(1,), actions=0), row((0,), first=0), row((0,), first=1))
    assert results["first_mover"].isna().tolist() == [True, False, False]
    assert lab.first_player_advantage(results) == 0.5
    assert lab.win_rates(results).tolist() == pytest.approx([2 / 3, 1 / 3])
    assert math.isnan(lab.first_player_advantage(frame(row((1,), first=None, actions=0))))


def test_balance_and_win_rates_with_three_players_and_a_shared_win():
    results = frame(row((0,), players=3), row((0, 1), players=3), row((), players=3))
    rates = lab.win_rates(results).tolist()
    assert rates == pytest.approx([(1 + 0.5 + 1 / 3) / 3, (0.5 + 1 / 3) / 3, (1 / 3) / 3])
    assert lab.balance(results) == pytest.approx(1 - (rates[0] - rates[2]))
    assert sum(rates) == pytest.approx(1)


def test_margin_shrinks_with_more_games():
    few = frame(*[row((0,)), row((1,))] * 5)
    many = frame(*[row((0,)), row((1,))] * 50)
    assert lab.first_player_advantage(few) == lab.first_player_advantage(many) == 0.5
    assert lab.first_player_advantage_margin(many) < lab.first_player_advantage_margin(few)
    assert lab.first_player_advantage_margin(many) == pytest.approx(1.96 * math.sqrt(0.25 * 100 / 99) / 10)


def test_draws_and_turn_caps_are_counted_apart():
    results = frame(row((0,)), row(()), row(()), row((), completed=False))
    assert lab.draw_rate(results) == 0.5
    assert lab.completion(results) == 0.75


def test_duration_and_branching():
    results = frame(row(turns=4, widths=(9, 8, 7, 6)), row(turns=2, widths=(9, 1)), row(turns=9, widths=(2,) * 9))
    assert lab.duration_mean(results) == 5
    assert lab.duration_std(results) == pytest.approx(math.sqrt(((4 - 5) ** 2 + (2 - 5) ** 2 + (9 - 5) ** 2) / 2))
    assert lab.actions_mean(results) == 5
    # pooled over all 15 decisions, not a mean of per-game means
    assert lab.branching_mean(results) == pytest.approx((30 + 10 + 18) / 15)
    assert lab.branching_max(results) == 9


def test_lead_changes_per_turn_and_decisiveness_average_over_scored_games():
    results = frame(row(turns=4, lead_changes=2, decisiveness=0.5), row(turns=10, lead_changes=1, decisiveness=0.1),
                    row(turns=3))
    assert lab.lead_changes(results) == pytest.approx((2 / 4 + 1 / 10) / 2)
    assert lab.decisiveness(results) == pytest.approx(0.3)
    unscored = frame(row(), row())
    assert math.isnan(lab.lead_changes(unscored)) and math.isnan(lab.decisiveness(unscored))


def test_score_story_counts_changes_of_the_leading_set():
    trace = [(0, 0), (1, 0), (1, 3), (3, 3), (6, 3), (7, 3)]
    # leaders: {0,1} -> {0} -> {1} -> {0,1} -> {0} -> {0}: four changes
    changes, decided = selfplay.score_story(trace, (0,))
    assert changes == 4
    # player 1's best lead was +2 (turn 2); player 0 first leads by more than that at turn 4 (6-3): 4 of 5 turns
    assert decided == pytest.approx(4 / 5)
    # as in Ludii, the first moment counts even if the lead is lost again later
    assert selfplay.score_story([(0, 0), (3, 0), (3, 4), (9, 4)], (0,))[1] == pytest.approx(1 / 3)


def test_score_story_of_a_team_win():
    # seats 0 and 2 are a team and score together; seat 1 and 3 the other team
    trace = [(0, 0, 0, 0), (0, 2, 0, 2), (3, 2, 3, 2), (3, 4, 3, 4), (7, 4, 7, 4)]
    changes, decided = selfplay.score_story(trace, (0, 2))
    assert changes == 4
    # the other team's best lead was 2; the winners first lead by more at turn 4 (7-4): 4 of 4 turns
    assert decided == 1
    assert math.isnan(selfplay.score_story(trace, (0, 1, 2, 3))[1])


def test_score_story_of_a_game_decided_at_once_and_of_a_draw():
    assert selfplay.score_story([(0, 0), (5, 0), (6, 1), (7, 2)], (0,)) == (1, pytest.approx(1 / 3))
    changes, decided = selfplay.score_story([(0, 0), (1, 0), (1, 1)], ())
    assert changes == 2 and math.isnan(decided)


def test_mixed_player_counts_must_be_split_by_variant():
    mixed = frame(row(players=2, variant="two"), row(players=3, variant="three"))
    with pytest.raises(ValueError, match="mix player counts"):
        lab.balance(mixed)
    table = lab.compare(mixed)
    assert list(table.columns) == ["two", "three"]
    assert table.loc["games"].tolist() == [1, 1]


def test_summary_and_compare_agree_with_the_metric_functions():
    a = frame(row((0,)), row(()), row((1,), first=1))
    b = frame(row((1,)), row((1,)))
    table = lab.compare({"A": a, "B": b})
    assert list(table.columns) == ["A", "B"]
    for name, metric in lab.METRICS.items():
        for label, results in (("A", a), ("B", b)):
            expected = metric(results)
            got = table.loc[name, label]
            assert (math.isnan(expected) and math.isnan(got)) or got == pytest.approx(expected)
    assert table.loc["win_rate_X", "B"] == 0 and table.loc["win_rate_O", "B"] == 1


def test_every_metric_has_a_one_line_definition():
    table = lab.definitions()
    assert set(lab.METRICS) <= set(table.index)
    for name, metric in lab.METRICS.items():
        first_line = metric.__doc__.strip().splitlines()[0]
        assert table.loc[name, "definition"] == first_line and len(first_line) > 20


def test_empty_results_give_no_numbers_rather_than_errors():
    empty = frame()
    values = lab.summary(empty)
    assert values["games"] == 0
    assert all(math.isnan(values[name]) for name in lab.METRICS)


def test_real_batches_of_every_game(game_name):
    results = lab.play_games(game_name, 4, progress=False)
    values = lab.summary(results)
    assert values["games"] == 4
    assert 0 <= values["first_player_advantage"] <= 1 and 0 <= values["balance"] <= 1
    assert values["draw_rate"] <= values["completion"]  # draws are decided by the rules, caps are not
    assert values["duration_mean"] >= 1 and values["branching_max"] >= values["branching_mean"] >= 1
    rates = [values[key] for key in values.index if key.startswith("win_rate_")]
    assert len(rates) == results["players"].iloc[0] and sum(rates) == pytest.approx(1)
    scored = results["scores"].notna().all()
    assert math.isnan(values["lead_changes"]) != bool(scored)
