"""Sweeps: many variants x many seeds, spread over any `concurrent.futures.Executor`.

By default a local process pool with every core; for a class that outgrows one machine, a Dask
cluster with no code change:

    from dask.distributed import Client
    results = lab.sweep(variants, 5000, executor=Client("tcp://scheduler:8786").get_executor())

Work is cut into chunks of seeds, sent out interleaved across variants; each game depends only on
(game, options, bots, seed) (see `selfplay`), and the rows come back sorted by variant and seed, so
any executor, any number of workers and any chunk size give the same table. `run_tasks` is the
executor machinery, shared with `tournament`; the default pool is `tictac_nb.trust.pool`'s, as the arena's.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..core.registry import new_game
from ..trust import sandbox
from ..trust.pool import default_executor
from .selfplay import (
    MAX_ACTIONS,
    BotsSpec,
    _progress_bar,
    finished_frame,
    has_students,
    options_label,
    pack_bots,
    play_game,
)


@dataclass(frozen=True)
class Variant:
    """One rule set to test: a game, its options, the bots per seat, and a label for tables and plots."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: BotsSpec = "random"
    label: str | None = None

    @property
    def name(self) -> str:
        return self.label if self.label is not None else f"{self.game}: {options_label(self.options)}"

    def check(self) -> None:
        """Refuse an unknown game or a bad option now, before any work is sent out."""
        new_game(self.game, seed=0, **dict(self.options))


def grid(game: str, bots: BotsSpec = "random", **option_values: Iterable[Any]) -> list[Variant]:
    """Every combination of the given option values: grid("tic-tac-two", peek=[True, False], wild=[True, False])."""
    names = list(option_values)
    combos = itertools.product(*(list(option_values[name]) for name in names))
    return [Variant(game, dict(zip(names, values, strict=True)), bots) for values in combos]


def play_chunk(variant: Variant, seeds: list[int], max_actions: int = MAX_ACTIONS,
               time_limit: float | None = None, batch_seed: int = 0) -> list[dict[str, Any]]:
    """Play the games of one variant for `seeds`: the unit of work sent to an executor."""
    return [play_game(variant.game, seed, variant.options, variant.bots, max_actions, variant.name, time_limit,
                      batch_seed) for seed in seeds]


def chunk_size(n: int, executor: Executor | None, workers: int | None) -> int:
    """Games per task: about four tasks per worker, at most 200 games each."""
    parallel = 1 if (executor is None and workers == 1) else (workers or os.cpu_count() or 1)
    return max(1, min(200, math.ceil(n / (4 * parallel))))


def run_tasks(function: Callable[..., list[dict[str, Any]]], tasks: Sequence[tuple], total: int, description: str,
              executor: Executor | None = None, workers: int | None = None,
              progress: bool = True) -> tuple[list[dict[str, Any]], bool]:
    """Run `function(*task)` for every task (each returns rows) on `executor`, a local process pool
    (default), or in this process (`workers == 1`); the rows in any order, and whether it was interrupted.

    Interrupting (the stop button, Ctrl-C) keeps the rows of the tasks already finished; tasks are
    sent in the order given, so a caller interleaves its groups for an interrupt to keep a fair sample.
    The sandboxes of students' bots end with the run (in a pool's processes, when those end).
    """
    rows: list[dict[str, Any]] = []
    bar = _progress_bar(total, description) if progress else None
    own = executor is None and workers != 1
    pool = default_executor(workers) if own else executor
    interrupted = False
    try:
        if pool is None:
            for task in tasks:
                done = function(*task)
                rows += done
                if bar is not None:
                    bar.update(len(done))
        else:
            futures: list[Future] = []
            collected: set[Future] = set()
            try:
                for task in tasks:
                    futures.append(pool.submit(function, *task))
                for future in as_completed(futures):
                    done = future.result()
                    collected.add(future)
                    rows += done
                    if bar is not None:
                        bar.update(len(done))
            except KeyboardInterrupt:
                for future in futures:
                    future.cancel()
                rows += [row for future in futures if future not in collected and future.done()
                         and not future.cancelled() and future.exception() is None for row in future.result()]
                raise
    except KeyboardInterrupt:
        interrupted = True
    finally:
        sandbox.close_workers(every_thread=True)
        if bar is not None:
            bar.close()
        if own and pool is not None:
            pool.shutdown(wait=not interrupted, cancel_futures=True)
    return rows, interrupted


def sweep(variants: Iterable[Variant] | Mapping[str, Variant], n: int = 100, *, seed: int = 0,
          executor: Executor | None = None, workers: int | None = None, chunk: int | None = None,
          max_actions: int = MAX_ACTIONS, time_limit: float | None = None, progress: bool = True) -> pd.DataFrame:
    """Play `n` games (seeds `seed` .. `seed + n - 1`) of every variant; one DataFrame row per game.

    `executor`: any concurrent.futures.Executor (a Dask `Client(...).get_executor()` works as is);
    None makes a local process pool of `workers` processes (default every core), or plays in this
    process when `workers == 1`. Work goes out interleaved (the first seeds of every variant, then
    the next), so an interrupted sweep returns a comparable sample of each variant
    (`attrs["interrupted"]`). A bot at fault forfeits its game and the sweep goes on (see `play_game`).
    """
    if isinstance(variants, Mapping):
        variants = [Variant(v.game, v.options, v.bots, label) for label, v in variants.items()]
    variants = [Variant(v.game, v.options, pack_bots(v.bots), v.label) for v in variants]
    names = [v.name for v in variants]
    if len(set(names)) != len(names):
        raise ValueError("two variants share a label: give each its own label")
    for variant in variants:
        variant.check()
    if any(has_students(variant.bots) for variant in variants):
        sandbox.say_in_process_once()
    chunk = chunk or chunk_size(n, executor, workers)
    tasks = [(variant, list(range(start, min(start + chunk, seed + n))), max_actions, time_limit, seed)
             for start in range(seed, seed + n, chunk) for variant in variants]
    rows, interrupted = run_tasks(play_chunk, tasks, n * len(variants), f"sweep of {len(variants)} variants",
                                  executor, workers, progress)
    order = {name: i for i, name in enumerate(names)}
    rows.sort(key=lambda row: (order[row["variant"]], row["seed"]))
    return finished_frame(rows, n * len(variants), interrupted)
