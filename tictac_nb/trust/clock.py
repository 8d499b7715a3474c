"""A move's clock: what a worker's move costs, charged from its own processes' counters (CPU, the time
waited less the run-queue waits and the quota's hold), never the machine's other work."""


from __future__ import annotations

import math
import os
import select
import time
from collections.abc import Callable

from .wire import WorkerFault


class Deadline(WorkerFault):
    """The worker did not answer in time."""


def wait_for(fds: list[int], events: int, wait: float | None) -> list[tuple[int, int]]:
    poller = select.poll()
    for fd in fds:
        poller.register(fd, events if fd == fds[0] else select.POLLIN)
    return poller.poll(None if wait is None else math.ceil(wait * 1000))


class MoveClock:
    """One request's clock, charged only for what the bot's jail does: the CPU time of every process of it, or,
    where more, the time this process waited for its answer less the time the jail's threads and this one
    waited for a core or under the jail's CPU quota (so a bot that sleeps or stalls is charged as if it
    thought; a busy machine, and this process's own work between its waits, are not charged, but for a
    `SLACK` at most). Where no CPU time can be read, the time waited for the answer. The jail's counters are
    read only when the request could be over its limit, and at its end."""

    def __init__(self, limit: float | None, cpu: Callable[[], float | None], waited: Callable[[], float],
                 cores: float = 1.0) -> None:
        self.limit, self.cpu, self.waited, self.cores = limit, cpu, waited, cores
        self.polled = 0.0
        self.started = time.monotonic()
        self.cpu_start = cpu() if limit is not None else None
        self.waited_start = waited() if self.cpu_start is not None else 0.0

    def spent(self) -> tuple[float, float]:
        """The seconds charged so far, and of them the CPU's."""
        cpu = self.cpu() if self.cpu_start is not None else None
        if cpu is None or self.cpu_start is None:
            return self.polled, self.polled
        thought = cpu - self.cpu_start
        if self.polled <= thought + SLACK:
            return max(thought, self.polled), thought
        return max(thought, self.polled - (self.waited() - self.waited_start)), thought

    def left(self) -> float | None:
        """Checks the clock: `Deadline` if the request is over it, else the seconds until it could be (None: no
        limit, wait for the answer)."""
        if self.limit is None:
            return None
        most = (time.monotonic() - self.started) * self.cores  # neither its CPU nor its wait can be more
        if most < self.limit:
            return max(MIN_CHECK, (self.limit - most) / self.cores)
        spent, thought = self.spent()
        if spent < self.limit:
            return max(MIN_CHECK, (self.limit - spent) / self.cores)
        if self.cpu_start is None:
            detail = "on the clock on the wall"
        elif thought >= self.limit:
            detail = "all of it on the CPU"
        else:
            detail = (f"{thought:.1f} s of it on the CPU, the rest asleep or stalled; never the time a busy machine "
                      f"kept it waiting")
        raise Deadline(f"thought for more than {self.limit:g} s, over the limit of {self.limit:g} s for a move "
                       f"({detail}): the sandbox stopped it")


SLACK = 0.005
"""Seconds of a request's wait that are charged without reading what the machine kept its threads waiting."""
MIN_CHECK = 0.01
"""The shortest wait between two readings of a worker's CPU time, in seconds."""

def tree_cpu(root: int) -> float:
    """The CPU seconds of `root` and every process below it, with those of their children that ended and were
    waited for (a process's `cutime`, `cstime`), read from `/proc` (Linux)."""
    ticks = 0
    for pid in [root, *process_tree(root)]:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(word) for word in fields[11:15])
    return ticks / TICKS


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def threads_below(root: int) -> list[int]:
    """Every thread of `root` and of the processes below it."""
    found = []
    for pid in [root, *process_tree(root)]:
        try:
            found += [int(thread) for thread in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            continue
    return found


def run_delay(threads: list[int | str]) -> int:
    """The nanoseconds `threads` have waited on a run queue, for those still alive."""
    total = 0
    for thread in threads:
        try:
            with open(f"/proc/{thread}/schedstat", "rb") as stat:
                total += int(stat.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total


def process_tree(root: int, single: frozenset[int] = frozenset()) -> list[int]:
    """Every process below `root` (its children, theirs, ...), read from `/proc` (Linux); [] elsewhere. The
    processes in `single` (bubblewrap's own) have one thread: only it is read."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            tasks = [str(pid)] if pid in single else os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{pid}/task/{task}/children") as children:
                    kids = [int(word) for word in children.read().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found
