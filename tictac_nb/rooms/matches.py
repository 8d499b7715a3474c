"""The arena's scheduler: an asyncio task of the server that keeps at most `limit` matches running on an
executor (a local process pool by default, as sweeps use; a Dask client's executor where given), draws the
next match whenever one ends or a bot arrives, and records each result. A submission's trial runs on the same
executor, so the jails at work never outnumber its workers."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from concurrent.futures import Executor, Future
from typing import Any

from ..trust.pool import default_executor
from .arena import Arena, Assignment, Submission, play_match, trial

log = logging.getLogger("tictac_nb.rooms.arena")
BACKOFF = 5.0
"""Seconds before the next draw after a match that failed (not a bot's fault: a bug, no worker could start)."""


class Scheduler:
    """Matches of every open assignment of `arena`, at most `limit` at once, on `executor` (made on first use
    when None: a local pool of `limit` processes, ended with the scheduler)."""

    def __init__(self, arena: Arena, limit: int = 1, executor: Executor | None = None) -> None:
        self.arena, self.limit = arena, max(1, limit)
        self.executor, self._own = executor, executor is None
        self.running = 0
        self.played = 0
        self.failed = 0
        self.rng = random.Random(secrets.randbits(64))
        self.wake: asyncio.Event | None = None

    def nudge(self) -> None:
        """Draw again now (a bot arrived, a deadline moved)."""
        if self.wake is not None:
            self.wake.set()

    async def run(self) -> None:
        self.wake = asyncio.Event()
        try:
            while True:
                self.fill()
                await self.wake.wait()
                self.wake.clear()
        finally:
            if self._own and self.executor is not None:
                self.executor.shutdown(wait=False, cancel_futures=True)

    def fill(self) -> None:
        """Start matches, the open assignments in turn, till `limit` run or none can be drawn."""
        open_ones = [a for a in self.arena.assignments() if not a.frozen()]
        while self.running < self.limit and open_ones:
            for assignment in list(open_ones):
                if self.running >= self.limit:
                    break
                entries = self.arena.draw(assignment, self.rng)
                if entries is None:
                    open_ones.remove(assignment)
                else:
                    self.start(assignment, entries)

    def pool(self) -> Executor:
        """The executor, made on first use."""
        if self.executor is None:
            self.executor = default_executor(self.limit)
        return self.executor

    async def trial(self, submission: Submission, assignment: Assignment) -> str | None:
        """A submission's trial (`arena.trial`) on the executor: jails at work stay within its workers."""
        future = self.pool().submit(trial, submission, assignment.game, assignment.options)
        return await asyncio.wrap_future(future)

    def start(self, assignment: Assignment, entries: list[int]) -> None:
        entrants, versions = self.arena.entrants(entries)
        self.arena.busy.update(entries)
        self.running += 1
        future = self.pool().submit(play_match, assignment.game, assignment.options, entrants, secrets.randbits(63))
        asyncio.wrap_future(future).add_done_callback(lambda done: self.done(assignment, entries, versions, done))

    def done(self, assignment: Assignment, entries: list[int], versions: list[int], future: Future | Any) -> None:
        self.arena.busy.difference_update(entries)
        self.running -= 1
        if future.cancelled():  # the server is stopping
            return
        try:
            self.arena.record(assignment, entries, versions, future.result())
            self.played += 1
        except Exception:
            self.failed += 1
            log.exception("a match of assignment %s failed; the next draw waits %g s", assignment.id, BACKOFF)
            asyncio.get_running_loop().call_later(BACKOFF, self.nudge)
            return
        self.nudge()
