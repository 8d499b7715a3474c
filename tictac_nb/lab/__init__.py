"""The design lab: self-play metrics, rule variants side by side, sweeps at scale.

    >>> from tictac_nb import lab
    >>> games = lab.play_games("tic-tac-two", 500, options={"peek": False})
    >>> lab.summary(games)                                   # first-player advantage, balance, ...
    >>> lab.compare({"Peek": lab.play_games("tic-tac-two", 500), "no Peek": games})
    >>> lab.sweep(lab.grid("tic-tac-two", peek=[True, False], wild=[True, False]), 2000)  # every core
    >>> lab.replay(games, 12)                                # step through the game in row 12
    >>> lab.DesignLab()                                      # the widget
    >>> lab.tournament({"mine": my_bot, **lab.builtin_bots("tyc")}, "tyc", 20).ratings   # a class tournament
    >>> lab.coach_summary({"Peek": games, "no Peek": others})   # decision tension, how soon decided, lead changes
    >>> lab.card_report(lab.play_games("tic-toc", 200))      # per card: drawn, played, dead, win rates, intervals
    >>> lab.check_claim(lab.Variant("tyc"), "first_player_advantage", about=0.5)   # a claim against the noise

It works for every registered game through the game protocol only.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy  # noqa: F401
    import pandas  # noqa: F401
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(f"the design lab needs {missing.name}, which comes with the kit's lab extra: "
                              f"pip install 'tictac-nb[lab]'", name=missing.name) from None

from .cards import CARD_METRICS, card_changes, card_report, deadest, plot_card_report, strongest, wilson
from .claims import check_claim
from .coach_metrics import COACH_METRICS, analyse_batch, coach_summary
from .metrics import (
    METRICS,
    actions_mean,
    balance,
    branching_max,
    branching_mean,
    compare,
    completion,
    decisiveness,
    definitions,
    draw_rate,
    duration_mean,
    duration_std,
    first_player_advantage,
    first_player_advantage_margin,
    lead_changes,
    summary,
    win_rates,
)
from .plots import outcome_shares, plot_comparison, plot_leaderboard, plot_win_rates
from .selfplay import (
    MAX_ACTIONS,
    BotFactory,
    bot_factory,
    ended_by_turn_cap,
    final_state,
    play_game,
    play_games,
    replay,
    row_record,
)
from .sweeps import Variant, default_executor, grid, sweep
from .tournaments import Standings, builtin_bots, ratings, tournament


def __getattr__(name: str) -> Any:
    if name == "DesignLab":  # ipywidgets only when asked for
        from .widget import DesignLab

        return DesignLab
    raise AttributeError(name)


__all__ = [
    "MAX_ACTIONS", "METRICS", "BotFactory", "DesignLab", "Standings", "Variant", "actions_mean", "balance",
    "bot_factory", "builtin_bots", "check_claim",
    "branching_max", "branching_mean", "compare", "completion", "decisiveness", "default_executor", "definitions",
    "draw_rate", "duration_mean", "duration_std", "ended_by_turn_cap", "first_player_advantage",
    "final_state", "first_player_advantage_margin", "grid", "lead_changes", "outcome_shares", "play_game",
    "play_games", "plot_comparison", "plot_leaderboard", "plot_win_rates", "ratings", "replay", "row_record",
    "summary", "sweep", "tournament", "win_rates",
]
__all__ += ["COACH_METRICS", "analyse_batch", "coach_summary"]  # the coach's measures (coach_metrics)
__all__ += ["CARD_METRICS", "card_changes", "card_report", "deadest", "plot_card_report", "strongest",
            "wilson"]  # the card report (cards)
