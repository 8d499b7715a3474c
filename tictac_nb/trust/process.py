"""A worker process seen from the parent: started in its jail (or unjailed, said once), sent requests,
waited on under its clock, stopped between moves and ended with every process it started."""


from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from typing import Any

from . import cgroup, jail, syscalls
from .clock import Deadline, MoveClock, process_tree, run_delay, threads_below, tree_cpu, wait_for
from .entrant import Entrant
from .wire import HEADER, MAX_FRAME, Output, WorkerFault, fault_words, pack, read_reply
from .worker import BOOT

MEMORY_LIMIT = jail.LIMITS["memory"]
"""The address space of a worker (bytes, `resource.RLIMIT_AS`) where the platform can limit it."""
START_LIMIT = 60.0
"""Seconds for a worker to start and load its bot."""
WORKER_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
"""A worker's whole environment: none of the teacher's variables (tokens, credentials) reaches a bot."""


def _end(process: subprocess.Popen, group: cgroup.Group | None = None) -> None:
    """End a worker (its cgroup as a whole; in its jail, the jail's init: the kernel then ends every process of
    its pid namespace) and its process group, and reap it without waiting on it (no zombie is left: one that is
    slow to die is reaped by a thread of its own)."""
    if process.poll() is None:
        if group is not None:
            group.kill()
        for pid in process_tree(process.pid):
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
            return tree_cpu(self.process.pid) if os.path.isdir(f"/proc/{self.process.pid}") else None
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
                threads = threads_below(self.process.pid)
        except OSError:
            threads = []
        return run_delay(["thread-self", *threads]) / 1e9 + throttled

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
        ready = wait_for([fd, *self._prints()], events, wait)
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
            pid = self.process.pid
            self.bubblewrap = frozenset([pid, *process_tree(pid, frozenset([pid]))[:1]])
        seen: set[int] = set()
        for _ in range(8):
            found = [pid for pid in process_tree(self.process.pid, self.bubblewrap)
                     if pid not in seen | self.bubblewrap]
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


