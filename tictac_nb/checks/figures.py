"""Warnings and figures, never failures: a game no random game is won in (or one seat always wins), random
moves a second and the default bot's ms a move against the kit's aims."""

from __future__ import annotations

import random
import time

from ..core.engine import Game, Outcome, excerpt
from .report import AIM_BOT_MS, AIM_MOVES_PER_SECOND
from .run import Run

WINS_SEEN = 6
"""Ended random games needed before `check_game` warns that none was won, or all by one seat."""


def results(run: Run) -> None:
    """Warn about a game no random game is won in, or that one seat wins every time."""
    outcomes = [line.outcome for line in run.lines if isinstance(line.outcome, Outcome)]
    if len(outcomes) < WINS_SEEN:
        return
    won = [outcome.winners for outcome in outcomes if outcome.winners]
    if not won:
        run.warnings.append(f"none of {len(outcomes)} random games was won (each ended: "
                             f"{excerpt(outcomes[0].reason, 80)}): do the rules let anybody win? (a grid "
                             "game's wins() returns the cells of the line it completes)")
    elif len(won) == len(outcomes) and len(set(won)) == 1:
        names = run.game.start(run.seed, {})
        who = ", ".join(names.player_name(p) for p in won[0])
        run.warnings.append(f"{who} won all {len(outcomes)} random games: can the other seats ever win?")


def speed(run: Run) -> None:
    if run.deadline is None:
        moves, seconds = random_moves_per_second(run.game, run.seed)
        if seconds:
            run.figures["random moves/s"] = moves / seconds
    if run.bot_seconds:
        run.figures["bot ms/move"] = 1000 * sum(run.bot_seconds) / len(run.bot_seconds)
    run.warnings += speed_warnings(run.figures)


def speed_warnings(figures: dict[str, float]) -> list[str]:
    """Sentences for figures under the kit's aims (warnings, never failures: a slow game still plays)."""
    said = []
    rate = figures.get("random moves/s")
    if rate is not None and rate < AIM_MOVES_PER_SECOND:
        said.append(f"random play runs {rate:,.0f} moves a second, under the kit's aim of {AIM_MOVES_PER_SECOND:,}: "
                    "the design lab's batches will take longer; legal_actions() and apply() are what random play "
                    "runs, so keep them cheap (compute legal actions once per position)")
    ms = figures.get("bot ms/move")
    if ms is not None and ms > AIM_BOT_MS:
        said.append(f"the default bot takes {ms:,.0f} ms a move, over the kit's aim of {AIM_BOT_MS} ms: give the "
                    "Game a default_bot with fewer iterations (grid_game(..., default_bot=...) takes one), or make "
                    "random play faster")
    return said


def random_moves_per_second(game: Game, seed: int, budget: float = 0.25) -> tuple[int, float]:
    """Random moves played and the seconds they took, in about `budget` seconds of whole games."""
    moves, started, number = 0, time.perf_counter(), seed
    try:
        while time.perf_counter() - started < budget:
            state, rng = game.start(number, {}), random.Random(number)
            choice, legal, play = rng.choice, state.legal_actions, state.play
            for _ in range(game.move_cap):
                if state.outcome is not None:
                    break
                play(choice(legal()))
                moves += 1
            number += 1
    except Exception:  # a broken game is named by the checks; the figure is only what it measured
        pass
    return moves, time.perf_counter() - started



