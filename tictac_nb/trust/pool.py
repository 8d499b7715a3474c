"""The local process pool that plays games out (`playout.play_game`) for the lab's sweeps and tournaments and the
arena's matches: each process ignores interrupts and knows the games the notebook registered."""

from __future__ import annotations

import os
import pickle
import signal
from concurrent.futures import ProcessPoolExecutor

import cloudpickle

from ..core.registry import GAMES, is_builtin, register


def _start_worker(registered: bytes) -> None:
    """A pool process's start: it ignores interrupts (the notebook's stop button reaches the whole process
    group: the workers finish their chunk and the main process decides what to keep), and registers the games
    the notebook had registered, which a spawned process (or a forkserver's) would not have."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for game in pickle.loads(registered):
        register(game)


def default_executor(workers: int | None = None) -> ProcessPoolExecutor:
    """A local process pool with `workers` processes (default: every core), knowing the games registered now."""
    registered = cloudpickle.dumps([game for game in GAMES.values() if not is_builtin(game)])
    return ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, initializer=_start_worker,
                               initargs=(registered,))
