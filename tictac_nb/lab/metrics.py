"""Design metrics over a batch of self-play games, defined as in Ludii's game evaluation where they overlap.

Every function takes the results of ONE variant (the DataFrame of `play_games`, or one `variant` group
of a sweep) and returns a number; `summary` gathers them all and `compare` sets variants side by side.
The first line of each docstring is the metric's definition, shown by `definitions()` in notebooks.

Win shares: a game gives its winners one point shared between them and a draw or tie (or a turn cap)
gives every player an equal share, as the kit's bots score games. For two players this is Ludii's
"draws count as half a win"; for more players Ludii uses rank utilities, the kit equal shares.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from ..core.registry import GAMES
from .cards import CARD_METRICS
from .coach_metrics import COACH_METRICS


def _seat_count(results: pd.DataFrame) -> int:
    counts = results["players"].unique()
    if len(counts) != 1:
        raise ValueError("these results mix player counts: compute metrics per variant (see compare)")
    return int(counts[0])


def _shares(results: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(results["shares"].tolist(), index=results.index, columns=range(_seat_count(results)))


def win_rates(results: pd.DataFrame) -> pd.Series:
    """Each seat's mean win share (a win 1, a draw or tie an equal share, a loss 0), by seat."""
    if results.empty:
        return pd.Series(dtype=float)
    return _shares(results).mean()


def first_player_advantage(results: pd.DataFrame) -> float:
    """Mean win share of the player who moved first (neutral: 0.5 with two players, 1/n with n)."""
    shares = _first_mover_shares(results)
    return float(shares.mean()) if len(shares) else math.nan


def _first_mover_shares(results: pd.DataFrame) -> pd.Series:
    # a game decided before anyone moved (e.g. a winning deal) has no first mover and is left out
    return pd.Series([shares[int(first)] for shares, first in zip(results["shares"], results["first_mover"],
                                                                   strict=True) if not pd.isna(first)], dtype=float)


def first_player_advantage_margin(results: pd.DataFrame) -> float:
    """Half-width of a 95% confidence interval for the first-player advantage (1.96 standard errors)."""
    shares = _first_mover_shares(results)
    if len(shares) < 2:
        return math.nan
    return float(1.96 * shares.std(ddof=1) / math.sqrt(len(shares)))


def balance(results: pd.DataFrame) -> float:
    """1 minus the largest gap between two seats' win rates (1: perfectly balanced; Ludii's Balance)."""
    rates = win_rates(results)
    if len(rates) < 2:
        return math.nan
    return float(1 - (rates.max() - rates.min()))


def draw_rate(results: pd.DataFrame) -> float:
    """Share of games that ended without a winner by the rules (draw or tie), turn caps excluded (Drawishness)."""
    return float(results["draw"].mean()) if len(results) else math.nan


def completion(results: pd.DataFrame) -> float:
    """Share of games decided by the rules, not stopped by a turn cap or a forfeit (1 minus Ludii's Timeouts)."""
    return float(results["completed"].mean()) if len(results) else math.nan


def duration_mean(results: pd.DataFrame) -> float:
    """Mean length of a game in turns (a turn: consecutive actions by one player; Ludii's DurationTurns)."""
    return float(results["turns"].mean()) if len(results) else math.nan


def duration_std(results: pd.DataFrame) -> float:
    """Spread of game length: standard deviation of the number of turns."""
    return float(results["turns"].std(ddof=1)) if len(results) > 1 else math.nan


def actions_mean(results: pd.DataFrame) -> float:
    """Mean length of a game in actions (every decision counts, e.g. a Peek choice)."""
    return float(results["actions"].mean()) if len(results) else math.nan


def branching_mean(results: pd.DataFrame) -> float:
    """Mean number of legal actions over every decision of every game (Ludii's BranchingFactorAverage)."""
    actions = results["actions"].sum()
    if not actions:
        return math.nan
    return float((results["branching_mean"].fillna(0) * results["actions"]).sum() / actions)


def branching_max(results: pd.DataFrame) -> float:
    """Largest number of legal actions met at any decision (Ludii's BranchingFactorMaximum)."""
    return float(results["branching_max"].max()) if len(results) else math.nan


def lead_changes(results: pd.DataFrame) -> float:
    """Mean per game of lead changes per turn, from current scores after every turn (Ludii's LeadChange)."""
    scored = results.dropna(subset=["lead_changes"])
    scored = scored[scored["turns"] > 0]
    if scored.empty:
        return math.nan
    return float((scored["lead_changes"] / scored["turns"]).mean())


def decisiveness(results: pd.DataFrame) -> float:
    """Mean share of turns played before the winners' lead beat any lead the others ever had (DecisivenessMoves)."""
    values = results["decisiveness"].dropna()
    return float(values.mean()) if len(values) else math.nan


METRICS = {
    "first_player_advantage": first_player_advantage,
    "first_player_advantage_margin": first_player_advantage_margin,
    "balance": balance,
    "draw_rate": draw_rate,
    "completion": completion,
    "duration_mean": duration_mean,
    "duration_std": duration_std,
    "actions_mean": actions_mean,
    "branching_mean": branching_mean,
    "branching_max": branching_max,
    "lead_changes": lead_changes,
    "decisiveness": decisiveness,
}
"""Every batch metric by name, in the order tables show them."""


def seat_names(results: pd.DataFrame) -> list[str]:
    """Names of the seats (the game's player names, else "P1", "P2", ...)."""
    n = _seat_count(results)
    names = []
    if results["game"].nunique() == 1 and results["game"].iloc[0] in GAMES:
        names = list(GAMES[results["game"].iloc[0]].state_class.player_names)
    return [names[p] if p < len(names) else f"P{p + 1}" for p in range(n)]


def summary(results: pd.DataFrame) -> pd.Series:
    """All metrics of one variant's results, plus the games played and each seat's win rate."""
    values: dict[str, Any] = {"games": len(results)}
    values.update({name: metric(results) for name, metric in METRICS.items()})
    if len(results):
        for name, rate in zip(seat_names(results), win_rates(results), strict=True):
            values[f"win_rate_{name}"] = float(rate)
    return pd.Series(values, dtype=float)


def compare(results: pd.DataFrame | Mapping[str, pd.DataFrame], by: str = "variant") -> pd.DataFrame:
    """Metrics side by side: one column per variant (a mapping label -> results, or one frame grouped `by`)."""
    groups: dict[Any, pd.DataFrame] = dict(results) if isinstance(results, Mapping) else dict(
        iter(results.groupby(by, sort=False)))
    return pd.DataFrame({label: summary(group) for label, group in groups.items()})


def definitions() -> pd.DataFrame:
    """The one-line definition of every metric (the first line of its docstring)."""
    rows = {name: (metric.__doc__ or "").strip().splitlines()[0] for name, metric in METRICS.items()}
    rows["win_rate_<seat>"] = (win_rates.__doc__ or "").strip().splitlines()[0]
    rows.update({name: (metric.__doc__ or "").strip().splitlines()[0] for name, metric in COACH_METRICS.items()})
    rows.update({f"card_report: {name}": words for name, words in CARD_METRICS.items()})
    return pd.DataFrame({"definition": rows})
