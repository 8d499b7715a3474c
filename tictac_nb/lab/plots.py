"""Matplotlib pictures of self-play results: variants side by side, and a tournament's leaderboard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from .metrics import seat_names, win_rates

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _groups(results: pd.DataFrame | Mapping[str, pd.DataFrame], by: str) -> dict[Any, pd.DataFrame]:
    if isinstance(results, Mapping):
        return dict(results)
    return dict(iter(results.groupby(by, sort=False)))


def outcome_shares(results: pd.DataFrame) -> pd.Series:
    """Share of games won by each seat (sole winner, by the rules), ended without a winner, stopped by a
    turn cap, or ended by a bot's forfeit."""
    n = len(results)
    if not n:
        return pd.Series(dtype=float)
    forfeited = results["forfeit"].notna()
    shares = {}
    for seat, name in enumerate(seat_names(results)):
        shares[f"{name} wins"] = float(((results["winner"] == seat) & ~forfeited).sum()) / n
    shared = results["winner"].isna() & results["winners"].map(len).gt(0) & ~forfeited
    if shared.any():
        shares["shared win"] = float(shared.sum()) / n
    shares["no winner"] = float(results["draw"].sum()) / n
    capped = ~results["completed"] & ~forfeited
    if capped.any():
        shares["turn cap"] = float(capped.sum()) / n
    if forfeited.any():
        shares["forfeit"] = float(forfeited.sum()) / n
    return pd.Series(shares)


def plot_comparison(results: pd.DataFrame | Mapping[str, pd.DataFrame], by: str = "variant") -> Figure:
    """Two panels, variants side by side: how games end (shares) and how long they last (turns)."""
    import matplotlib.pyplot as plt

    groups = _groups(results, by)
    figure, (ends, lengths) = plt.subplots(1, 2, figsize=(11, 3.8), layout="constrained")
    table = pd.DataFrame({label: outcome_shares(group) for label, group in groups.items()}).fillna(0)
    width = 0.8 / max(1, len(groups))
    hatches = ["", "//", "..", "xx", "\\\\", "oo"]
    for i, label in enumerate(table.columns):
        positions = [x + (i - (len(groups) - 1) / 2) * width for x in range(len(table))]
        bars = ends.bar(positions, table[label], width, label=label, hatch=hatches[i % len(hatches)],
                        edgecolor="black", linewidth=0.6)
        ends.bar_label(bars, labels=[f"{v:.0%}" for v in table[label]], fontsize=8, padding=2)
    ends.set_xticks(range(len(table)), table.index, rotation=15)
    ends.set_ylabel("share of games")
    ends.set_ylim(0, min(1.15, max(0.1, table.to_numpy().max() * 1.25)))
    ends.set_title("How games end")
    ends.legend(fontsize=8)
    lengths_seen = [int(t) for g in groups.values() for t in g["turns"]] or [0]
    low, high = min(lengths_seen), max(lengths_seen)
    bins = [t - 0.5 for t in range(low, high + 2)] if high - low <= 40 else 30
    styles = ["-", "--", ":", "-."]
    for i, (label, group) in enumerate(groups.items()):
        lengths.hist(group["turns"], bins=bins, histtype="step", linewidth=1.8, linestyle=styles[i % len(styles)],
                     label=f"{label} (mean {group['turns'].mean():.1f})", density=True)
    lengths.set_xlabel("turns per game")
    lengths.set_ylabel("share of games")
    lengths.set_title("How long games last")
    lengths.legend(fontsize=8)
    return figure


def plot_win_rates(results: pd.DataFrame | Mapping[str, pd.DataFrame], by: str = "variant") -> Figure:
    """Each seat's win rate (draws as equal shares) per variant, with the neutral line."""
    import matplotlib.pyplot as plt

    groups = _groups(results, by)
    figure, axes = plt.subplots(figsize=(6, 3.5), layout="constrained")
    table = pd.DataFrame({label: win_rates(g).set_axis(seat_names(g)) for label, g in groups.items()}).T
    table.plot.barh(ax=axes, edgecolor="black")
    hatches = ["", "//", "..", "xx"]
    for i, bars in enumerate(axes.containers):
        for bar in bars:
            bar.set_hatch(hatches[i % len(hatches)])
    axes.axvline(1 / table.shape[1], color="grey", linestyle="--", linewidth=1, label="neutral")
    axes.set_xlabel("win rate (draws as equal shares)")
    axes.legend(fontsize=8)
    return figure


def plot_leaderboard(ratings: pd.DataFrame) -> Figure:
    """A tournament's ratings, best at the top, each with its 95% interval (1.96 standard errors)."""
    import matplotlib.pyplot as plt

    table = ratings.iloc[::-1]
    figure, axes = plt.subplots(figsize=(7, 0.45 * len(table) + 1.2), layout="constrained")
    positions = range(len(table))
    axes.errorbar(table["rating"], positions, xerr=1.96 * table["error"], fmt="o", color="black", ecolor="grey",
                  elinewidth=2, capsize=4)
    axes.set_yticks(positions, [f"{name}  ({w}-{d}-{lost})" for name, w, d, lost in
                                zip(table.index, table["wins"], table["draws"], table["losses"], strict=True)])
    axes.axvline(1500, color="grey", linestyle="--", linewidth=1)
    axes.set_xlabel("rating (Elo scale; bars: 95% interval)   labels: wins-draws-losses")
    axes.set_title("Leaderboard")
    return figure
