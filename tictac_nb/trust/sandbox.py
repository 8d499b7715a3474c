"""The sandbox: a student's bot runs in a worker process of its own, where the real game is not.

In-process Python cannot be made safe against code that runs in it (a frame walk, `gc.get_objects()` or a
monkeypatch reaches the real game), so the kit does what contest judges do: every bot that is not one of
the kit's own runs in a fresh interpreter (`tictac_nb.trust.worker`, started once per bot per batch, never
forked from the game) and is sent only its seat copy (`seat_copy`, made up by randomness kept here). What
comes back is a small JSON object, never a pickle, and the answer counts only if it is plain text, no longer
than any action, and legal in the real state. The time limit is real (the worker is ended when it runs
out), a worker that dies forfeits its game only, and the next game gets a fresh worker.

Which bots are the kit's own (`kit_bots`, `is_kit_bot`: those of the kit's own games, never a registered
game's), readying any bot to play (`as_bot`, `player`) and asking one for a move (`decide`) live here too,
so that every trust decision is made in one module.

The worker runs in its jail (`tictac_nb.trust.jail`: namespaces, read-only files, limits, a cgroup, a seccomp
filter) where one can start, and unjailed elsewhere, said once (`jail.UNJAILED`, `jail.gaps`). The parent never
waits on it past its clock (`MoveClock`: what the jail does, never the machine's other work), keeps its prints
(`Output`), stops its processes between moves and gives it a clock per game. Where processes cannot start
(Pyodide, JupyterLite) bots run in this process (`bots.SeatBot`) and the kit says so once (`IN_BROWSER`).
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
from typing import Any, TypeGuard

import cloudpickle

from ..core import bots
from ..core.bots import Bot, Forfeit, RandomRollout, SeatBot, score_value, seat_copy
from ..core.engine import MAX_ACTION_CHARS, Game, IllegalAction, State, excerpt
from ..core.registry import BUILTIN, GAMES, is_builtin
from . import cgroup, jail, syscalls
from .worker import BOOT

MAX_FRAME = 64 * 1024
"""The largest answer a worker may send, in bytes; a longer one forfeits."""
MEMORY_LIMIT = jail.LIMITS["memory"]
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
Clock = float | tuple[float, float] | None
"""A game's clock for a student's bot: seconds over the game, or (seconds, seconds added after each move)."""
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
    holding anything of a student's, is a student's bot. The kit's games' own factories (`default_bot`, `bots`)
    are the kit's."""
    if any(bot is GAMES[name].default_bot or any(bot is own for own in GAMES[name].bots.values())
           for name in BUILTIN):
        return True
    kit = kit_bots()

    def of_kit(cls: Any) -> TypeGuard[type]:  # by identity: a class of a student may claim to equal anything
        return any(cls is own for own in kit)

    if type(bot) is functools.partial:
        if not of_kit(bot.func) or not all(type(v) in _PLAIN for v in (*bot.args, *bot.keywords.values())):
            return False
        try:
            settings = inspect.signature(bot.func).bind_partial(*bot.args, **bot.keywords).arguments
        except TypeError:  # a setting the class does not take: it would raise in the teacher's process
            return False
        return _ready(bot.func, settings)
    if isinstance(bot, type):
        return of_kit(bot)
    if not of_kit(type(bot)):
        return False
    settings = vars(bot) if hasattr(bot, "__dict__") else {}
    return _ready(type(bot), settings) and all(
        type(v) in _PLAIN or type(v) is random.Random or (key == "evaluator" and _kit_evaluator(v))
        for key, v in settings.items())


KIT_ITERATIONS = 2000
"""The most iterations of an `MCTSBot` that plays in the teacher's process: the kit's strongest ready bot
(Tic Tac Two's default bot); a stronger one is a student's, stopped on time in its jail."""
_PLAIN = (int, float, bool, str, type(None))


def _ready(cls: type, settings: dict[str, Any]) -> bool:
    """Whether `settings` of the kit's class `cls` stay within the kit's own ready bots."""
    if not issubclass(cls, bots.MCTSBot):
        return True
    iterations, playout = settings.get("iterations", 500), settings.get("max_playout", 10_000)
    exploration = settings.get("exploration", 0.7)
    return (type(iterations) is int and 1 <= iterations <= KIT_ITERATIONS and type(playout) is int
            and 0 <= playout <= 10_000 and type(exploration) in (int, float) and math.isfinite(exploration))
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

    @functools.cached_property
    def modules(self) -> list[tuple[str, str]]:
        """The bot's own modules its worker needs (bound read-only in its jail)."""
        return jail.bot_modules(self.payload)

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
        if (type(value) is str and field in ("answer", "not_text")) or (field == "too_long" and type(value) is int):
            return reply
    if type(reply) is dict and set(reply) == {"error", "message"} and all(type(v) is str for v in reply.values()):
        return reply
    raise WorkerFault("sent an answer of a shape the sandbox does not accept")


WORKER_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
"""A worker's whole environment: none of the teacher's variables (tokens, credentials) reaches a bot."""
MAX_OUTPUT = 64 * 1024
"""The characters of a bot's prints kept per batch (the rest is counted, not kept)."""
MAX_TEXT = 200
"""The characters of one text of a bot (an answer, an error's message) shown in a reason."""


def clean(text: Any, limit: int = MAX_TEXT, lines: bool = False) -> str:
    """A text from a bot, safe to show, store or print: every control or format character and lone surrogate
    a "?" (newlines and tabs kept where `lines`), at most `limit` characters (cut with "…")."""
    if type(text) is not str:
        text = str.__str__(text) if isinstance(text, str) else "(not text)"
    keep = "\n\t" if lines else ""
    text = text[:limit + 1]
    text = "".join(c if c.isprintable() or c in keep else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Output:
    """A worker's prints, kept up to `MAX_OUTPUT` bytes; the rest only counted."""

    def __init__(self) -> None:
        self.kept = bytearray()
        self.dropped = 0

    def add(self, data: bytes) -> None:
        room = MAX_OUTPUT - len(self.kept)
        self.kept += data[:max(room, 0)]
        self.dropped += max(len(data) - max(room, 0), 0)

    def last_line(self) -> str:
        """The last line printed, cleaned (kept for `take`)."""
        lines = self.kept.decode("utf-8", errors="replace").strip().splitlines()
        return clean(lines[-1]) if lines else ""

    def take(self) -> str:
        """What was printed since the last `take`, cleaned."""
        text = clean(self.kept.decode("utf-8", errors="replace"), MAX_OUTPUT, lines=True)
        if self.dropped:
            text += f"\n… ({self.dropped} more bytes of output were not kept)"
        self.kept, self.dropped = bytearray(), 0
        return text


def _end(process: subprocess.Popen, group: cgroup.Group | None = None) -> None:
    """End a worker (its cgroup as a whole; in its jail, the jail's init: the kernel then ends every process of
    its pid namespace) and its process group, and reap it without waiting on it (no zombie is left: one that is
    slow to die is reaped by a thread of its own)."""
    if process.poll() is None:
        if group is not None:
            group.kill()
        for pid in _tree(process.pid):
            _signal(pid, signal.SIGKILL)
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass
    try:
        process.wait(timeout=REAP_WAIT)
    except subprocess.TimeoutExpired:
        threading.Thread(target=process.wait, name="tictac-reaper", daemon=True).start()
    if group is not None:
        group.remove()


REAP_WAIT = 0.05
"""Seconds the parent waits for a killed worker to be gone before a thread of its own reaps it."""


def _signal(pid: int, number: int) -> None:
    try:
        os.kill(pid, number)
    except (ProcessLookupError, PermissionError):
        pass


def _tree(root: int, single: frozenset[int] = frozenset()) -> list[int]:
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


def exit_words(code: int | None, jailed: bool = False) -> str:
    """Words for how a worker ended, from its exit code (a jail's bubblewrap says a signal as 128 + its number)."""
    if code is None:
        return "its process stopped answering"
    if jailed and code > 128:
        code = 128 - code
    if code == -signal.SIGSYS:
        return f"its process {syscalls.FORBIDDEN_WORDS}"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"its process was killed by {name} (a crash, out of memory, or over its CPU limit)"
    return f"its process ended with exit code {code} (os._exit, a crash, or out of memory)"


class Deadline(WorkerFault):
    """The worker did not answer in time."""


def _wait(fds: list[int], events: int, wait: float | None) -> list[tuple[int, int]]:
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

class Worker:
    """The parent's side of one worker process holding one student's bot, in its jail (`tictac_nb.trust.jail`)
    where one can start, and in a cgroup of its own where one can be had (`tictac_nb.trust.cgroup`). The parent
    never waits on it past a move's clock, writing as well as reading (its pipes are non-blocking), drains its
    prints into `output`, and stops every process of it between its moves (its cgroup's freezer, or SIGSTOP to
    each, SIGCONT when it is asked again), so that it uses no CPU while another bot thinks. Its clock is what
    its whole jail does (`MoveClock`): its CPU time, or the time it slept, never the machine's other work."""

    def __init__(self, entrant: Entrant, memory_limit: int | None = MEMORY_LIMIT, output: Output | None = None) -> None:
        self.jailed = not jail.missing()
        modules = entrant.modules
        root = hasattr(os, "geteuid") and os.geteuid() == 0
        limits = {"RLIMIT_NPROC": jail.LIMITS["processes"], "RLIMIT_AS": memory_limit or 0,
                  "RLIMIT_FSIZE": jail.LIMITS["file_size"], "RLIMIT_CPU": jail.LIMITS["cpu_seconds"]}
        path, bots_path = jail.worker_path(modules, self.jailed)
        config = {"path": path, "bots": bots_path, "limits": limits, "jailed": self.jailed,
                  "uid": jail.worker_uid() if root else None, "parent": os.getpid()}
        self.group = self._group() if self.jailed else None
        seccomp = jail.filter_file() if self.jailed else None
        python = jail.command(modules, seccomp) if self.jailed else [sys.executable, "-I", "-S"]
        if self.group is not None:
            python = jail.joined(self.group.join(), python)
        try:
            self.process = subprocess.Popen(
                [*python, "-c", BOOT, json.dumps(config)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, start_new_session=True, env=WORKER_ENV, close_fds=True,
                cwd=None if self.jailed else os.sep, pass_fds=() if seccomp is None else (seccomp,))
        except BaseException:
            if self.group is not None:
                self.group.remove()
            raise
        finally:
            if seccomp is not None:
                os.close(seccomp)
        self._finalizer = weakref.finalize(self, _end, self.process, self.group)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            assert stream is not None  # each a pipe
            os.set_blocking(stream.fileno(), False)
        self.output = Output() if output is None else output
        self.frozen: list[int] = []
        self.bubblewrap: frozenset[int] = frozenset()
        self.printed_all = False
        self.clock = MoveClock(None, self.cpu_seconds, self.waited)
        self.spent = 0.0
        try:
            reply = self.request(("bot", entrant.payload, entrant.kind), START_LIMIT)
        except WorkerFault as fault:  # its last words say why (a jail that could not be made, say)
            said = self.output.last_line()
            raise WorkerFault(f"{fault.reason} (it said: {said})" if said else fault.reason) from None
        if "answer" not in reply:
            self.close()
            raise WorkerFault(fault_words(reply))

    @staticmethod
    def _group() -> cgroup.Group | None:
        """A cgroup for the jail as a whole, with the jail's limits (its bubblewrap and init count among its
        processes)."""
        where = cgroup.place()
        if isinstance(where, str):
            return None
        try:
            return cgroup.Group(where, jail.LIMITS["memory"], jail.LIMITS["processes"] + 2, jail.LIMITS["cpus"])
        except OSError:  # the hierarchy refused a new group (a limit of its own): this worker has none
            return None

    @property
    def alive(self) -> bool:
        return self._finalizer.alive and self.process.poll() is None

    def close(self) -> None:
        if self._finalizer.alive:
            self._drain()
        self._finalizer()

    def cpu_seconds(self) -> float | None:
        """The CPU time of every process of the worker so far (its cgroup's; else read from /proc for its process
        tree, ended processes included as their parents' children); None where neither can be read."""
        try:
            if self.group is not None:
                return self.group.cpu_seconds()
            return _tree_cpu(self.process.pid) if os.path.isdir(f"/proc/{self.process.pid}") else None
        except (OSError, ValueError):
            return None

    def waited(self) -> float:
        """The seconds every live thread of the worker, and this thread (which reads its answer: a busy machine
        keeps it waiting too), have spent waiting for a core so far (the kernel's schedstat; 0 where it keeps
        none), and those its cgroup's quota held it back (it is charged the CPU it used, not the wait)."""
        throttled = 0.0
        try:
            if self.group is not None:
                threads, throttled = self.group.threads(), self.group.throttled_seconds()
            else:
                threads = _threads_below(self.process.pid)
        except OSError:
            threads = []
        return _run_delay(["thread-self", *threads]) / 1e9 + throttled

    def request(self, message: Any, limit: float | None) -> dict[str, Any]:
        """Send one request and wait for its answer at most until the worker's jail has used `limit` seconds of
        CPU (None: no limit) or thought and slept that long (`MoveClock`); a worker that overruns, dies or
        answers out of shape is ended, and `WorkerFault` says why (`Deadline` when it overran). The seconds
        charged to it are kept in `spent`. An interrupt of this process (the teacher's) ends the worker too, and
        goes on."""
        try:
            request = pack(message)
            cores = jail.LIMITS["cpus"] if self.group is not None else os.cpu_count() or 1
            self.clock = MoveClock(limit, self.cpu_seconds, self.waited, cores)
            self._thaw()
            self._send(request)
            size = HEADER.unpack(self._read(HEADER.size))[0]
            if size > MAX_FRAME:
                raise WorkerFault(f"sent an answer of {size} bytes, over the sandbox's limit of {MAX_FRAME}")
            reply = read_reply(self._read(size))
            self._freeze()
            self.spent = self.clock.spent()[0]
            return reply
        except BaseException:
            self.close()
            raise

    def _ready(self, fd: int, events: int) -> bool:
        """Wait until the pipe `fd` is ready for `events` or the worker prints (drained either way), at most until
        the clock's next check; `Deadline` once the request is over its clock, whatever the pipes do. False:
        only prints came, or the clock is not spent yet: wait again."""
        wait, began = self.clock.left(), time.monotonic()
        ready = _wait([fd, *self._prints()], events, wait)
        self.clock.polled += time.monotonic() - began
        self._drain()
        if any(got == fd for got, _ in ready):
            return True
        self.clock.left()
        return False

    def _read(self, size: int) -> bytes:
        assert self.process.stdout is not None  # a pipe
        fd = self.process.stdout.fileno()
        data = bytearray()
        while len(data) < size:
            if not self._ready(fd, select.POLLIN | select.POLLHUP | select.POLLERR):
                continue
            try:
                chunk = os.read(fd, size - len(data))
            except BlockingIOError:
                continue
            if not chunk:
                raise WorkerFault(self._ended())
            data += chunk
        return bytes(data)

    def _send(self, data: bytes) -> None:
        assert self.process.stdin is not None  # a pipe
        view, fd = memoryview(data), self.process.stdin.fileno()
        while view:
            if not self._ready(fd, select.POLLOUT):
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
            except OSError:  # a worker that ended: its pipe is closed
                raise WorkerFault(self._ended()) from None

    def _prints(self) -> list[int]:
        """The worker's print pipe, while it is open (a closed one would wake every poll)."""
        stream = self.process.stderr
        return [] if self.printed_all or stream is None or stream.closed else [stream.fileno()]

    def _drain(self) -> None:
        """Move what the worker printed into `output` (its pipe never fills, nothing reaches this process's own);
        at most 1 MiB a call, so that a bot printing without end cannot hold the parent past a deadline."""
        for fd in self._prints():
            for _ in range(16):
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # BlockingIOError: nothing more for now
                    return
                if not chunk:
                    self.printed_all = True
                    return
                self.output.add(chunk)

    def _freeze(self) -> None:
        """Stop every process of the worker until its next request: its cgroup's freezer stops them all at once;
        without one, SIGSTOP to each (one that forks meanwhile is caught again, eight times at most), bubblewrap's
        own (the jail's init, which only reaps) going on."""
        if self.group is not None:
            self.group.freeze()
            return
        if self.jailed and not self.bubblewrap:  # the jail's init: the first child of bubblewrap, for its life
            self.bubblewrap = frozenset([self.process.pid, *_tree(self.process.pid, frozenset([self.process.pid]))[:1]])
        seen: set[int] = set()
        for _ in range(8):
            found = [pid for pid in _tree(self.process.pid, self.bubblewrap) if pid not in seen | self.bubblewrap]
            if not found:
                break
            for pid in found:
                _signal(pid, signal.SIGSTOP)
            seen.update(found)
        self.frozen = list(seen)

    def _thaw(self) -> None:
        if self.group is not None:
            self.group.freeze(False)
        for pid in self.frozen:
            _signal(pid, signal.SIGCONT)
        self.frozen = []

    def _ended(self) -> str:
        """Words for a worker whose pipe closed: how it ended (waiting for it at most until the clock's next
        check, and 5 s at most)."""
        try:
            left = self.clock.left()
        except Deadline:
            left = 0.0
        try:
            code = self.process.wait(timeout=5.0 if left is None else min(5.0, max(0.1, left)))
        except subprocess.TimeoutExpired:
            code = None
        if self.group is not None and self.group.out_of_memory():
            return (f"its jail went over its memory of {jail.LIMITS['memory'] // 2**20} MiB (every process of it and "
                    f"its /tmp together): the kernel ended a process of it")
        return exit_words(code, self.jailed)


def _tree_cpu(root: int) -> float:
    """The CPU seconds of `root` and every process below it, with those of their children that ended and were
    waited for (a process's `cutime`, `cstime`), read from `/proc` (Linux)."""
    ticks = 0
    for pid in [root, *_tree(root)]:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(word) for word in fields[11:15])
    return ticks / TICKS


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _threads_below(root: int) -> list[int]:
    """Every thread of `root` and of the processes below it."""
    found = []
    for pid in [root, *_tree(root)]:
        try:
            found += [int(thread) for thread in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            continue
    return found


def _run_delay(threads: list[int | str]) -> int:
    """The nanoseconds `threads` have waited on a run queue, for those still alive."""
    total = 0
    for thread in threads:
        try:
            with open(f"/proc/{thread}/schedstat", "rb") as stat:
                total += int(stat.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total


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


def fault_words(reply: dict[str, Any], notation: str = "the game's") -> str:
    """Words for a worker's answer that is not an action: the bot raised, or answered something else."""
    if "error" in reply:
        kind = reply["error"] if _NAME.fullmatch(reply["error"]) else "an exception"
        return f"raised {kind}: {excerpt(clean(reply['message'], 120), 120)}"
    if "not_text" in reply:
        kind = reply["not_text"] if _NAME.fullmatch(reply["not_text"]) else "?"
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
