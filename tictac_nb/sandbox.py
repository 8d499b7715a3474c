"""The sandbox: a student's bot runs in a worker process of its own, where the real game is not.

In-process Python cannot be made safe against code that runs in it (a frame walk, `gc.get_objects()` or a
monkeypatch reaches the real game), so the kit does what contest judges do: every bot that is not one of
the kit's own runs in a fresh interpreter (`tictac_nb.sandbox_worker`, started once per bot per batch, never
forked from the game) and is sent only its seat copy (`seat_copy`, made up by randomness kept here). What
comes back is a small JSON object, never a pickle, and the answer counts only if it is plain text, no longer
than any action, and legal in the real state. The time limit is real (the worker is ended when it runs
out), a worker that dies forfeits its game only, and the next game gets a fresh worker.

Which bots are the kit's own (`kit_bots`, `is_kit_bot`: those of the kit's own games, never a registered
game's), readying any bot to play (`as_bot`, `player`) and asking one for a move (`decide`) live here too,
so that every trust decision is made in one module.

It is not an operating-system jail: a bot can read the files its account can read, use the CPU between its
moves, and start processes of its own. Where processes cannot start (Pyodide, JupyterLite) bots run in this
process (`bots.SeatBot`) and the kit says so once (`IN_BROWSER`).
"""

from __future__ import annotations

import copy
import functools
import hashlib
import hmac
import inspect
import io
import json
import math
import os
import pickle
import random
import re
import select
import signal
import struct
import subprocess
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cloudpickle

from . import bots
from .bots import Bot, Forfeit, RandomRollout, SeatBot, score_value, seat_copy
from .engine import MAX_ACTION_CHARS, Game, IllegalAction, State, excerpt
from .registry import BUILTIN, GAMES, is_builtin

MAX_FRAME = 64 * 1024
"""The largest answer a worker may send, in bytes; a longer one forfeits."""
MEMORY_LIMIT = 2**30
"""The address space of a worker (bytes, `resource.RLIMIT_AS`) where the platform can limit it."""
START_LIMIT = 60.0
"""Seconds for a worker to start and load its bot."""
BOARD_TIME_LIMIT = 10.0
"""Seconds a student's bot may think for a move on a `Board`: the kernel waits for it meanwhile."""
IN_BROWSER = ("in the browser, bots share the page with the game: use a local or Binder kernel for a "
              "tournament that counts")

processes = sys.platform != "emscripten" and os.name == "posix" and hasattr(select, "poll")
"""Whether bots of students run in worker processes: off where processes cannot start (Pyodide), and where the
sandbox's pipes and process groups are not POSIX ones (Windows); tests switch it."""

HEADER = struct.Struct(">I")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,79}")


class WorkerFault(Exception):
    """The worker did not answer as it must (ended, too slow, a malformed answer); `reason` says so in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---- what a student's bot is, and its name -----------------------------------------------------------
def kit_bots() -> set[type]:
    """The bots of the kit that already decide only from their seat's knowledge (the protocol test checks them)."""
    own = {bot for name in BUILTIN for bot in GAMES[name].bots.values() if isinstance(bot, type)}
    return {bots.RandomBot, bots.MCTSBot} | own


def is_kit_bot(bot: Any) -> bool:
    """Whether `bot` (an object, a class or a factory) is the kit's own, which runs in this process for speed:
    a kit bot class, an object of exactly such a class holding only plain settings (an `MCTSBot` only with the
    kit's evaluator), or a `functools.partial` of a kit class with plain settings. A subclass, or a kit bot
    holding anything of a student's, is a student's bot."""
    kit = kit_bots()

    def of_kit(cls: Any) -> bool:  # by identity: a class of a student may claim to equal anything
        return any(cls is own for own in kit)

    if type(bot) is functools.partial:
        return of_kit(bot.func) and all(type(v) in _PLAIN for v in (*bot.args, *bot.keywords.values()))
    if isinstance(bot, type):
        return of_kit(bot)
    if not of_kit(type(bot)):
        return False
    settings = vars(bot) if hasattr(bot, "__dict__") else {}
    return all(type(v) in _PLAIN or type(v) is random.Random or (key == "evaluator" and _kit_evaluator(v))
               for key, v in settings.items())


_PLAIN = (int, float, bool, str, type(None))
_SCORE_VALUE = score_value(1.0).__code__


def _kit_evaluator(evaluator: Any) -> bool:
    if type(evaluator) is not RandomRollout or type(evaluator.depth) is not int:
        return False
    value = evaluator.value
    return value is None or (type(value) is types.FunctionType and value.__code__ is _SCORE_VALUE
                             and value.__globals__ is vars(bots)
                             and all(type(cell.cell_contents) in (int, float) for cell in value.__closure__ or ()))


def safe_name(bot: Any) -> str:
    """A student's bot's name for tables, read without running any of its code: a plain text `name`
    attribute, else the name of its function or class, cut to 60 characters."""
    name = inspect.getattr_static(bot, "name", None)
    if type(name) is not str or not name.strip():
        target = bot.func if type(bot) is functools.partial else bot
        if type(target) is types.FunctionType:
            name = types.FunctionType.__dict__["__name__"].__get__(target)
        else:
            cls = target if isinstance(target, type) else type(target)
            name = type.__dict__["__name__"].__get__(cls)
            if not isinstance(target, type):  # as `bots.bot_name` says it: "ScriptedBot" -> "scripted bot"
                stem = name.removesuffix("Bot") or "custom"
                if len(stem) > 1 and stem[1].islower():
                    stem = stem[0].lower() + stem[1:]
                name = f"{stem} bot"
    name = "".join(c if c.isprintable() else "?" for c in str.__str__(name)).strip() or "bot"
    return name if len(name) <= 60 else name[:59] + "…"


@dataclass(frozen=True)
class Entrant:
    """A student's bot packed for a worker: `payload` is the bot cloudpickled once (so lambdas, closures and
    notebook classes travel by value, to any executor), `kind` says how a game gets a fresh one ("object":
    a deep copy, "factory": `factory(seed=...)`), and `name` was read without running its code."""

    payload: bytes
    kind: str
    name: str
    bot: Any = field(default=None, compare=False, repr=False)
    """The bot itself, in the process that packed it (not sent anywhere): the browser's way plays it."""

    def __reduce__(self) -> tuple:
        return Entrant, (self.payload, self.kind, self.name)

    @classmethod
    def of(cls, bot: Any, factory: bool | None = None) -> Entrant:
        if isinstance(bot, Entrant):
            return bot
        if factory is None:
            factory = isinstance(bot, type) or (callable(bot) and _takes_seed(bot))
        try:
            payload = cloudpickle.dumps(bot)
        except Exception as error:
            raise TypeError(f"the bot {safe_name(bot)!r} cannot be sent to its sandbox: "
                            f"{type(error).__name__}: {str(error)[:120]}") from None
        return cls(payload, "factory" if factory else "object", safe_name(bot), bot)

    @functools.cached_property
    def key(self) -> str:
        return hashlib.sha256(self.payload).hexdigest()

    def __call__(self, seed: int | None = None) -> Any:
        """A fresh bot in this process (the browser's way: see `IN_BROWSER`)."""
        bot = pickle.loads(self.payload) if self.bot is None else self.bot
        return SeatBot(bot(seed=seed) if self.kind == "factory" else copy.deepcopy(bot), seed)

    def __str__(self) -> str:
        return self.name


def _takes_seed(function: Any) -> bool:
    try:
        return "seed" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


# ---- randomness a bot sees -------------------------------------------------------------------------
def game_key(batch_seed: int, game_seed: int) -> bytes:
    """The secret of one game of a batch, from which its bots' seeds and seat copies are drawn (HMAC-SHA256):
    the same seeds deal the same again, and nothing a bot sees leads back to the game's own seed."""
    return hmac.new(b"tictac_nb.sandbox", f"{batch_seed} {game_seed}".encode(), hashlib.sha256).digest()


def draw(key: bytes, *words: Any) -> int:
    """A 63-bit number from `key` for `words` (a seat, a decision number)."""
    digest = hmac.new(key, " ".join(map(str, words)).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# ---- the wire --------------------------------------------------------------------------------------
class _CopyPickler(pickle.Pickler):
    """Pickles a seat copy small: one of the kit's own games goes by its name; any other `Game` (one a notebook
    registered, which a worker never had), and a position of one, by value (cloudpickle), so that a state class
    defined in a notebook reaches the worker too (plain pickle names a class by its module, and a notebook's
    `__main__` is not the worker's)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            if is_builtin(obj):
                return kit_game, (obj.name,)
            return pickle.loads, (cloudpickle.dumps(obj),)
        if isinstance(obj, State) and not is_builtin(obj.game):
            return pickle.loads, (cloudpickle.dumps(obj),)
        return NotImplemented


def kit_game(name: str) -> Game:
    """One of the kit's own games by its name, as a seat copy names it (every process has those)."""
    return GAMES[name]


def pack(message: Any) -> bytes:
    buffer = io.BytesIO()
    _CopyPickler(buffer, pickle.HIGHEST_PROTOCOL).dump(message)
    body = buffer.getvalue()
    return HEADER.pack(len(body)) + body


def read_reply(body: bytes) -> dict[str, Any]:
    """The worker's answer, parsed as plain data and checked for one of its four shapes."""
    try:
        reply = json.loads(body)
    except (ValueError, RecursionError):
        raise WorkerFault("sent an answer that is not the sandbox's JSON") from None
    if type(reply) is dict and len(reply) == 1:
        (field, value), = reply.items()
        if (field == "answer" and type(value) is str) or (field in ("not_text", "too_long")
                                                          and type(value) in (str, int)):
            return reply
    if type(reply) is dict and set(reply) == {"error", "message"} and all(type(v) is str for v in reply.values()):
        return reply
    raise WorkerFault("sent an answer of a shape the sandbox does not accept")


def _worker_env() -> dict[str, str]:
    path = [os.getcwd() if entry == "" else entry for entry in sys.path if isinstance(entry, str)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def _end(process: subprocess.Popen) -> None:
    """End a worker and its process group, and reap it (no zombie is left)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass
    process.wait()


def exit_words(code: int | None) -> str:
    if code is None:
        return "its process stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"its process was killed by {name} (a crash, or out of memory)"
    return f"its process ended with exit code {code} (os._exit, a crash, or out of memory)"


def _readable(fd: int, wait: float | None) -> bool:
    """Whether `fd` has data (or its end) within `wait` seconds; `poll`, which has no limit on descriptor numbers."""
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    return bool(poller.poll(None if wait is None else math.ceil(wait * 1000)))


class Worker:
    """The parent's side of one worker process holding one student's bot."""

    def __init__(self, entrant: Entrant, memory_limit: int | None = MEMORY_LIMIT) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tictac_nb.sandbox_worker", str(memory_limit or 0)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, start_new_session=True,
            env=_worker_env(), close_fds=True)
        self._finalizer = weakref.finalize(self, _end, self.process)
        reply = self.request(("bot", entrant.payload, entrant.kind), START_LIMIT)
        if "answer" not in reply:
            self.close()
            raise WorkerFault(fault_words(reply))

    @property
    def alive(self) -> bool:
        return self._finalizer.alive and self.process.poll() is None

    def close(self) -> None:
        self._finalizer()

    def request(self, message: Any, limit: float | None) -> dict[str, Any]:
        """Send one request and wait at most `limit` seconds (None: no limit) for its answer; a worker that
        overruns, dies or answers out of shape is ended, and `WorkerFault` says why. An interrupt of this
        process (the teacher's) ends the worker too, and goes on."""
        try:
            deadline = None if limit is None else time.monotonic() + limit
            try:
                self._send(pack(message))
            except OSError:  # a worker that ended: its pipe is closed
                raise WorkerFault(self._ended(deadline)) from None
            size = HEADER.unpack(self._read(HEADER.size, deadline, limit))[0]
            if size > MAX_FRAME:
                raise WorkerFault(f"sent an answer of {size} bytes, over the sandbox's limit of {MAX_FRAME}")
            return read_reply(self._read(size, deadline, limit))
        except BaseException:
            self.close()
            raise

    def _read(self, size: int, deadline: float | None, limit: float | None) -> bytes:
        fd = self.process.stdout.fileno()
        data = bytearray()
        while len(data) < size:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not _readable(fd, wait):
                raise WorkerFault(f"thought for more than {limit:g} s, over the limit of {limit:g} s for a move: "
                                  f"the sandbox stopped it")
            chunk = os.read(fd, size - len(data))
            if not chunk:
                raise WorkerFault(self._ended(deadline))
            data += chunk
        return bytes(data)

    def _send(self, data: bytes) -> None:
        view, fd = memoryview(data), self.process.stdin.fileno()
        while view:
            view = view[os.write(fd, view):]

    def _ended(self, deadline: float | None) -> str:
        """Words for a worker whose pipe closed: how it ended (waiting for it at most until `deadline`)."""
        wait = 5.0 if deadline is None else min(5.0, max(0.1, deadline - time.monotonic()))
        try:
            code = self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            code = None
        return exit_words(code)


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
        self._key = b""
        self._count = 0

    def __repr__(self) -> str:
        return f"SandboxBot({self.name!r})"

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def __enter__(self) -> SandboxBot:
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def _ready_worker(self, seat: int | None) -> Worker:
        if self.broken:
            raise Forfeit(seat, self.broken)
        if self.worker is None or not self.worker.alive:
            try:
                self.worker = Worker(self.entrant, self.memory_limit)
            except WorkerFault as fault:
                self.broken = f"could not be loaded in its sandbox: {fault.reason}"
                raise Forfeit(seat, self.broken) from None
            except OSError as error:  # no process could start: not the bot's fault
                raise RuntimeError(f"the sandbox could not start a worker process: {error}") from error
        return self.worker

    def start_game(self, seed: int, key: bytes, seat: int | None = None, limit: float | None = None) -> None:
        """A fresh bot for a new game, seeded with `seed`; its seat copies drawn from `key`."""
        self._key, self._count = key, 0
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
        try:
            reply = worker.request(("choose", sample), time_limit)
        except WorkerFault as fault:
            raise Forfeit(seat, fault.reason) from None
        if "answer" not in reply:
            raise Forfeit(seat, fault_words(reply, state.game.title))
        return checked(reply["answer"], state)


def decide(bot: Bot, state: State, time_limit: float | None = None) -> str:
    """The action `bot` chooses for the mover, checked; a bot at fault raises `Forfeit`.

    A student's bot in its sandbox (a `SandboxBot`) is stopped when its time runs out. A
    bot in this process cannot be stopped safely mid-move: a move that took longer than `time_limit`
    seconds is discarded after the fact. A `SeatBot` (a student's bot in this process, as in the browser)
    that raises forfeits; the kit's own bots do not raise, so an error of theirs is a bug of the kit, and
    an interrupt is the person's who runs the game: both go on up.
    """
    if isinstance(bot, SandboxBot):
        return bot.decide(state, time_limit)
    seat = state.to_move
    start = time.perf_counter()
    if isinstance(bot, SeatBot):
        try:
            action = bot.choose(state)
        except Exception as error:
            words = _read(lambda e: excerpt(str(e), 120), error)
            raise Forfeit(seat, f"raised {type(error).__name__}: {words}") from error
    else:
        action = bot.choose(state)
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


def fault_words(reply: dict[str, Any], notation: str = "the game's") -> str:
    """Words for a worker's answer that is not an action: the bot raised, or answered something else."""
    if "error" in reply:
        kind = reply["error"] if _NAME.fullmatch(reply["error"]) else "an exception"
        return f"raised {kind}: {excerpt(reply['message'], 120)}"
    if "not_text" in reply:
        kind = reply["not_text"] if type(reply["not_text"]) is str and _NAME.fullmatch(reply["not_text"]) else "?"
        return (f"answered the illegal action (an object of type {kind}): an action is written in {notation} "
                f"notation as text")
    return f"answered a text of {reply['too_long']} characters: no action is longer than {MAX_ACTION_CHARS}"


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
    kernel (in the browser: the page) with the game."""
    if not processes and not _said[0]:
        _said[0] = True
        print(IN_BROWSER if sys.platform == "emscripten" or os.name == "posix" else IN_PROCESS)


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
