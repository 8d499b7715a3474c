"""The sandbox: a student's bot runs in a worker process of its own, where the real game is not.

In-process Python cannot be made safe against code that runs in it (a frame walk, `gc.get_objects()` or a
monkeypatch reaches the real game), so the kit does what contest judges do: every bot that is not one of
the kit's own runs in a fresh interpreter (`tictac_nb.trust.worker`, started once per bot per batch, never
forked from the game) and is sent only its seat copy (`seat_copy`, made up by randomness kept here). What
comes back is a small JSON object, never a pickle, and the answer counts only if it is plain text, no longer
than any action, and legal in the real state. The time limit is real (the worker is ended when it runs
out), a worker that dies forfeits its game only, and the next game gets a fresh worker.

Which bots are the kit's own and what a student's bot is (`entrant`), the wire to a worker and the words for
its replies (`wire`), the worker process seen from the parent (`process`) and a move's clock (`clock`) each
have a module of their own; readying any bot to play (`as_bot`, `player`) and asking one for a move (`decide`)
are here.

The worker runs in its jail (`tictac_nb.trust.jail`: namespaces, read-only files, limits, a cgroup, a seccomp
filter) where one can start, and unjailed elsewhere, said once (`jail.UNJAILED`, `jail.gaps`). The parent never
waits on it past its clock (`clock.MoveClock`: what the jail does, never the machine's other work), keeps its
prints (`wire.Output`), stops its processes between moves and gives it a clock per game. Where processes cannot
start (Pyodide, JupyterLite) bots run in this process (`bots.SeatBot`) and the kit says so once (`IN_BROWSER`).
"""

from __future__ import annotations

import os
import random
import select
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ..core.bots import Bot, Forfeit, SeatBot, seat_copy
from ..core.engine import MAX_ACTION_CHARS, IllegalAction, State, excerpt
from . import jail
from .clock import Deadline
from .entrant import Entrant, draw, is_kit_bot, kit_bots
from .process import MEMORY_LIMIT, Worker
from .wire import Output, WorkerFault, clean, fault_words

BOARD_TIME_LIMIT = 10.0
"""Seconds a student's bot may think for a move on a `Board`: the kernel waits for it meanwhile."""
IN_BROWSER = ("in the browser, bots share the page with the game: use a local or Binder kernel for a "
              "tournament that counts")

processes = sys.platform != "emscripten" and os.name == "posix" and hasattr(select, "poll")
"""Whether bots of students run in worker processes: off where processes cannot start (Pyodide), and where the
sandbox's pipes and process groups are not POSIX ones (Windows); tests switch it."""

Clock = float | tuple[float, float] | None
"""A game's clock for a student's bot: seconds over the game, or (seconds, seconds added after each move)."""


# ---- a student's bot at a seat ---------------------------------------------------------------------
class SandboxBot:
    """A student's bot playing from its worker: `decide(state, time_limit)` sends the seat copy (made up
    by randomness drawn from this bot's secret `key`) and returns a checked, legal action, or raises
    `Forfeit` with the reason worded here. The worker lives until `close()` (or until it must be ended:
    the next game then starts a fresh one)."""

    def __init__(self, bot: Any, *, time_limit: float | None = None, memory_limit: int | None = MEMORY_LIMIT) -> None:
        self.entrant = Entrant.of(bot)
        self.name = self.entrant.name
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.worker: Worker | None = None
        self.broken = ""  # why the bot cannot even be loaded: every game forfeits at once
        self.output = Output()
        self._key = b""
        self._count = 0
        self._clock: Any = None
        self._budget: float | None = None
        self._increment = 0.0

    def __repr__(self) -> str:
        return f"SandboxBot({self.name!r})"

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def take_output(self) -> str:
        """What the bot printed since the last call (cleaned, capped: see `Output`)."""
        if self.worker is not None and self.worker.alive:
            self.worker._drain()
        return self.output.take()

    def __enter__(self) -> SandboxBot:
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def _ready_worker(self, seat: int | None) -> Worker:
        if self.broken:
            raise Forfeit(seat, self.broken)
        if self.worker is None or not self.worker.alive:
            try:
                self.worker = Worker(self.entrant, self.memory_limit, self.output)
            except WorkerFault as fault:
                self.broken = f"could not be loaded in its sandbox: {fault.reason}"
                raise Forfeit(seat, self.broken) from None
            except OSError as error:  # no process could start: not the bot's fault
                raise RuntimeError(f"the sandbox could not start a worker process: {error}") from error
        return self.worker

    def start_game(self, seed: int, key: bytes, seat: int | None = None, limit: float | None = None,
                   clock: Clock = None) -> None:
        """A fresh bot for a new game, seeded with `seed`; its seat copies drawn from `key`; `clock`: the
        seconds it may think over the whole game, or (seconds, seconds added after each of its moves), as a
        chess clock with Fischer's increment (None: only the limit of each move)."""
        self._key, self._count = key, 0
        self._clock, self._increment = clock if isinstance(clock, tuple) else (clock, 0.0)
        self._budget = self._clock
        worker = self._ready_worker(seat)
        try:
            reply = worker.request(("game", seed), limit)
        except WorkerFault as fault:
            raise Forfeit(seat, f"could not be made: {fault.reason}") from None
        if "answer" not in reply:
            raise Forfeit(seat, f"could not be made: {fault_words(reply).removeprefix('raised ')}")

    def choose(self, state: State) -> str:
        return self.decide(state, self.time_limit)

    def decide(self, state: State, time_limit: float | None) -> str:
        seat = state.to_move
        if not self._key:
            self.start_game(random.SystemRandom().getrandbits(63), os.urandom(32), seat, time_limit)
        worker = self._ready_worker(seat)
        self._count += 1
        sample = seat_copy(state, seat, random.Random(draw(self._key, "copy", seat, self._count)))
        limit = time_limit
        if self._clock is not None:
            limit = self._clock if limit is None else min(limit, self._clock)
        try:
            reply = worker.request(("choose", sample), limit)
        except Deadline as fault:
            if time_limit is not None and limit == time_limit:
                raise Forfeit(seat, fault.reason) from None
            more = f" and {self._increment:g} s a move" if self._increment else ""
            spent = f"used up its clock of {self._budget:g} s{more} for the game: the sandbox stopped it"
            raise Forfeit(seat, spent) from None
        except WorkerFault as fault:
            raise Forfeit(seat, fault.reason) from None
        if self._clock is not None:
            self._clock = max(0.0, self._clock - worker.spent) + self._increment
        if "answer" not in reply:
            raise Forfeit(seat, fault_words(reply, state.game.title))
        return checked(reply["answer"], state)


def decide(bot: Bot, state: State, time_limit: float | None = None) -> str:
    """The action `bot` chooses for the mover, checked; a bot at fault raises `Forfeit`.

    A student's bot in its sandbox (a `SandboxBot`) is stopped when its time runs out. A
    bot in this process cannot be stopped safely mid-move: a move that took longer than `time_limit`
    seconds is discarded after the fact. A bot in this process that raises (a `SeatBot`, a student's bot
    as in the browser, or one of the kit's, whose error is a bug of the kit) forfeits with the error as its
    reason, so one game ends, never the batch; an interrupt is the person's who runs the game: it goes on up.
    """
    if isinstance(bot, SandboxBot):
        return bot.decide(state, time_limit)
    seat = state.to_move
    start = time.perf_counter()
    try:
        action = bot.choose(state)
    except Exception as error:
        words = _read(lambda e: excerpt(str(e), 120), error)
        raise Forfeit(seat, f"raised {_read(lambda e: clean(type(e).__name__, 60), error)}: {words}") from error
    took = time.perf_counter() - start
    if time_limit is not None and took > time_limit:
        raise Forfeit(seat, f"took {took:.2f} s for a move, over the limit of {time_limit:g} s")
    if not state.is_legal(action):
        try:
            state.clone().play(action)
            why = "not a legal action"
        except Exception as refused:  # IllegalAction, or whatever a malformed answer makes the rules raise
            why = _read(str, refused)
        raise Forfeit(seat, f"answered the illegal action {_read(excerpt, action)}: {why}")
    return action


def _read(words: Callable[[Any], str], value: Any) -> str:
    """`words(value)` for a bot's answer or error, which may be anything: a text that cannot be read says so."""
    try:
        text = words(value)
        return text[:120] if type(text) is str else "(could not be read)"
    except Exception:
        return "(could not be read)"


def checked(answer: str, state: State) -> str:
    """`answer` (plain text from a worker) if it is legal in the real `state`, else the forfeit why not."""
    if type(answer) is str and len(answer) <= MAX_ACTION_CHARS and state.is_legal(answer):
        return answer
    try:
        state.clone().play(answer)
        why = "not a legal action"
    except IllegalAction as refused:
        why = str(refused)[:120]
    raise Forfeit(state.to_move, f"answered the illegal action {excerpt(answer, 40)}: {why}")


# ---- the lab's workers -----------------------------------------------------------------------------
_threads = threading.local()
"""Each thread's workers: an executor may run two batches at once in one process (Dask's threads), and a
worker answers one game at a time."""
_every: list[dict[tuple[str, int], SandboxBot]] = []
_owner = [0]
_said = [False]


def _live() -> dict[tuple[str, int], SandboxBot]:
    """This thread's workers, by entrant and slot; none in a process forked from one that had workers."""
    if _owner[0] != os.getpid():
        _owner[0] = os.getpid()
        _every.clear()
        _close_at_exit()
    mine = getattr(_threads, "live", None)
    if mine is None or mine[0] != os.getpid():
        mine = _threads.live = (os.getpid(), {})
        _every.append(mine[1])
    return mine[1]


def lab_bot(entrant: Entrant, slot: int) -> SandboxBot:
    """The sandboxed bot of `entrant` for this batch in this thread (`slot`: a second seat of the same
    entrant in one game gets a worker of its own, so two seats never share a process)."""
    live = _live()
    bot = live.get((entrant.key, slot))
    if bot is None:
        bot = live[entrant.key, slot] = SandboxBot(entrant)
    return bot


def close_workers(every_thread: bool = False) -> None:
    """End the lab's workers of this thread (a game played on its own calls it), or of every thread of this
    process (a batch, once its executor has run every task: a thread pool's threads are done with theirs)."""
    mine = _live()
    for live in _every if every_thread else [mine]:
        _close(live)


def _close(live: dict[tuple[str, int], SandboxBot]) -> None:
    for bot in list(live.values()):
        bot.close()
    live.clear()


def _close_at_exit() -> None:
    # A pool process of an executor leaves through multiprocessing, which runs its finalizers but not atexit.
    try:
        from multiprocessing import util
    except ImportError:
        return
    util.Finalize(None, close_workers, args=(True,), exitpriority=50)


IN_PROCESS = ("the kit cannot sandbox bots on this system: they share the kernel with the game; use a Linux or "
              "macOS kernel (local or Binder) for a tournament that counts")


def say_in_process_once() -> None:
    """Say once, when a batch with a student's bot starts where bots cannot have a sandbox, that they share the
    kernel (in the browser: the page) with the game; where they have one but no jail (`jail.missing`), or a jail
    without a cgroup or a seccomp filter (`jail.gaps`), what protection is missing."""
    if _said[0]:
        return
    if not processes:
        _said[0] = True
        print(IN_BROWSER if sys.platform == "emscripten" or os.name == "posix" else IN_PROCESS)
    elif jail.missing():
        _said[0] = True
        print(jail.UNJAILED.format(why=jail.missing()))
    elif jail.gaps():
        _said[0] = True
        print("; ".join(jail.gaps()))


def as_bot(bot: Any, seed: int | None = None) -> Bot:
    """Any bot, ready to play: the kit's own bots as they are, anything else wrapped in a `SeatBot`."""
    if isinstance(bot, SeatBot) or type(bot) in kit_bots():
        return bot
    if not callable(bot) and not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot is a function of a state or an object with choose(state), not {bot!r:.60}")
    return SeatBot(bot, seed)


def player(bot: Any, time_limit: float | None = BOARD_TIME_LIMIT) -> Any:
    """A bot ready for a `Board`: the kit's own as it is, a student's in a sandbox (in the browser: in
    this process, said once)."""
    if isinstance(bot, SandboxBot | SeatBot) or is_kit_bot(bot):
        return bot
    if not callable(bot) and not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot is a function of a state or an object with choose(state), not {excerpt(bot)}")
    if not processes:
        say_in_process_once()
        return SeatBot(bot)
    return SandboxBot(bot, time_limit=time_limit)
