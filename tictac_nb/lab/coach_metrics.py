"""Design measures that need a judge of positions: the coach's analysis of every game of a batch.

Ludii's lead-change and decisiveness concepts are the anchor, read off the coach's win chances rather than
the score: a game whose best move is obvious at every turn, or that one early move decides, is a weaker
design, and these measures show it. Each measure takes a list of `Analysis` (one variant's games); the
first line of its docstring is its definition (`lab.definitions()` shows it beside today's).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from ..coach.analysis import Analysis, analyse
from ..coach.words import MARKS
from ..core.bots import MCTSBot, default_bot
from ..core.engine import Game, State
from ..core.registry import game_named
from .selfplay import row_record

CLEAR = dict(MARKS)["inaccuracy"]
"""A best move is clearly best when every other move's chance is at least this much lower: any other
move would be an inaccuracy or worse."""
DECIDED = 0.8
"""The eventual winner's chance that, once reached for good, decides the game."""
LEAD_BAND = 0.05
"""A side leads when its chance beats every other side's by this much (smaller gaps keep the last leader)."""

SUMMARY_BUDGET_SHARE = 4
"""A batch is searched with a quarter of the coach's playouts a move: some 20 games fit in a notebook cell."""


def chance_trace(analysis: Analysis) -> list[list[float]]:
    """Each side's latest chance after every judged move (with two sides, one side's chance is the other's
    complement; with more, a side's chance changes only when it moves), starting even."""
    sides = list(analysis.sides)
    count = len(set(sides))
    current = [1 / count] * count
    trace = []
    for move in analysis.moves:
        if move.chance is None:
            continue
        side = sides[move.seat]
        current = current[:]
        current[side] = move.chance
        if count == 2:
            current[1 - side] = 1 - move.chance
        trace.append(current)
    return trace


def decision_tension(analyses: list[Analysis]) -> float:
    """Share of judged decisions with one clearly best move: every other move at least 10 points of win chance worse."""
    clear = [m.best_chance - m.runner_chance >= CLEAR - 1e-9 for a in analyses for m in a.moves
             if m.best_chance is not None and m.runner_chance is not None]
    return sum(clear) / len(clear) if clear else math.nan


def decided_after(analyses: list[Analysis]) -> float:
    """Mean share of a won game's moves played before the winner's chance passes 80% and stays there (Decisiveness)."""
    shares = []
    for analysis in analyses:
        if not analysis.winners or not analysis.total:
            continue
        side = list(analysis.sides)[analysis.winners[0]]
        numbers = [m.number for m in analysis.moves if m.chance is not None]
        series = [chances[side] for chances in chance_trace(analysis)]
        decided = len(series)
        while decided and series[decided - 1] >= DECIDED:
            decided -= 1
        shares.append(1.0 if decided == len(series) else numbers[decided] / analysis.total)
    return sum(shares) / len(shares) if shares else math.nan


def coach_lead_changes(analyses: list[Analysis]) -> float:
    """Mean per game of lead changes per judged move by the coach's chances (a lead: 5 points ahead; LeadChange)."""
    rates = []
    for analysis in analyses:
        trace = chance_trace(analysis)
        if not trace:
            continue
        leader, changes = None, 0
        for chances in trace:
            order = sorted(range(len(chances)), key=lambda s: -chances[s])
            if chances[order[0]] - chances[order[1]] >= LEAD_BAND and order[0] != leader:
                changes += leader is not None
                leader = order[0]
        rates.append(changes / len(trace))
    return sum(rates) / len(rates) if rates else math.nan


COACH_METRICS: dict[str, Callable[[list[Analysis]], float]] = {
    "decision_tension": decision_tension,
    "decided_after": decided_after,
    "coach_lead_changes": coach_lead_changes,
}
"""The coach's measures by name, in the order tables show them."""


def _records(games: Any) -> list[Any]:
    if isinstance(games, pd.DataFrame):
        return [row_record({str(column): value for column, value in row.items()}) for _, row in games.iterrows()]
    if isinstance(games, (State, dict)):
        return [games]
    return list(games)


def batch_settings(game: Game) -> dict[str, Any]:
    """`analyse` options for a batch of `game` from its `coach_playouts`: a heuristic coach plays out every
    choice where that is cheap (TIC TOC), only the move played and its own choice where it is not (Tic Tac
    K.O.: no decision tension)."""
    playouts = game.coach_playouts
    settings: dict[str, Any] = {}
    if playouts.batch is not None:
        settings["playouts"] = playouts.batch
    if playouts.batch_every_choice:
        settings["every_choice"] = True
    return settings


def analyse_batch(games: Any, *, budget: int | None = None, seed: int = 0,
                  progress: Callable[[int, int], Any] | None = None,
                  should_stop: Callable[[], bool] | None = None) -> list[Analysis]:
    """The coach's analysis of every game (a `play_games` frame, records or states), with the batch settings
    (`batch_settings`, a quarter of a search coach's playouts); `progress(done, total)` after each game, and
    `should_stop()` or an interrupt ends the batch with the games done (a game cut short is left out)."""
    records = _records(games)
    done: list[Analysis] = []
    try:
        for number, record in enumerate(records, 1):
            if should_stop is not None and should_stop():
                break
            name = record.game.name if isinstance(record, State) else record["game"]
            game = game_named(name)
            settings = batch_settings(game)
            coach = default_bot(game, seed)
            if isinstance(coach, MCTSBot):
                settings["budget"] = budget or max(1, coach.iterations // SUMMARY_BUDGET_SHARE)
            analysis = analyse(record, seed=seed + number, should_stop=should_stop, **settings)
            if analysis.interrupted:
                break
            done.append(analysis)
            if progress is not None:
                progress(number, len(records))
    except KeyboardInterrupt:
        pass
    return done


def coach_summary(games_or_records: Any, *, budget: int | None = None, seed: int = 0,
                  progress: Callable[[int, int], Any] | None = None,
                  should_stop: Callable[[], bool] | None = None) -> pd.Series | pd.DataFrame:
    """The coach's measures of one batch (a `play_games` frame, records or states), or, given a mapping of
    labels to batches, of each side by side (one column per variant, like `compare`)."""
    if isinstance(games_or_records, Mapping) and "moves" not in games_or_records:
        return pd.DataFrame({label: coach_summary(batch, budget=budget, seed=seed, progress=progress,
                                                  should_stop=should_stop)
                             for label, batch in games_or_records.items()})
    analyses = analyse_batch(games_or_records, budget=budget, seed=seed, progress=progress, should_stop=should_stop)
    values = {"games": float(len(analyses))}
    values.update({name: metric(analyses) for name, metric in COACH_METRICS.items()})
    return pd.Series(values, dtype=float)
