"""Bots that attack the game they play, as a curious student or an attacker would (issue 20).

Each plays a legal move when its attack finds nothing, and prints what it found as one line "ATTACK {json}":
a worker's prints are kept for the teacher (`frame.attrs["output"]`, `standings.output(name)`), so the test
reads them back and compares the findings with the real game. Kept in a module of their own so that a worker
imports only this (its jail binds this file alone).
"""

from __future__ import annotations

import gc
import hashlib
import inspect
import json
import os
import random
import sys
import time

import tictac_nb
from tictac_nb.core.bots import MCTSBot, RandomBot
from tictac_nb.core.engine import Outcome, State


def fingerprint(state: State) -> str:
    """A short digest of a whole position, hidden parts included."""
    return hashlib.sha256(repr(state.key()).encode()).hexdigest()[:16]


def report(**found) -> None:
    print("ATTACK " + json.dumps(found), flush=True)


def first_legal(state: State) -> str:
    return state.legal_actions()[0]


# ---- the real state is one frame away -------------------------------------------------------------
def _frames_from(frame):
    while frame is not None:
        yield frame
        frame = frame.f_back


def _states_in(frame) -> list:
    return [value for value in frame.f_locals.values() if isinstance(value, State)]


def walks_frames_and_gc(state: State) -> str:
    """Every State it can reach through frames, inspect, a traceback and gc, other than the copy it was given."""
    gc.collect()  # the copies of earlier moves, if a cycle still holds them
    found = []
    for frame in _frames_from(sys._getframe(1)):
        found += _states_in(frame)
    for info in inspect.stack():
        found += _states_in(info.frame)
    try:
        raise RuntimeError
    except RuntimeError as error:
        found += [s for frame in _frames_from(error.__traceback__.tb_frame) for s in _states_in(frame)]
    found += [obj for obj in gc.get_objects() if isinstance(obj, State)]
    foreign = {id(s): s for s in found if s is not state}
    report(moves=len(state.history), copy=fingerprint(state),
           foreign=sorted(fingerprint(s) for s in foreign.values()))
    return first_legal(state)


# ---- seeds lead back to the deal -------------------------------------------------------------------
def _old_bot_seed(game_seed: int, seat: int) -> int:  # what the lab handed bots before the sandbox
    digest = hashlib.sha256(f"tictac_nb.lab bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


CANDIDATES = range(64)


def searches_seeds(state: State) -> str:
    """Replays the copy's making for small game seeds: a match names the game seed, hence the real deal."""
    seat = state.to_move
    matches = []
    for game_seed in CANDIDATES:
        rng = random.Random(_old_bot_seed(game_seed, seat))
        state.determinize(seat, rng)
        if rng.getrandbits(32) == state.seed:
            matches.append(game_seed)
    report(moves=len(state.history), matches=matches)
    return first_legal(state)


def seed_searching_factory(seed: int):
    """A factory: is the seed it is handed one of the lab's public seeds of a small game seed?"""
    matches = [(g, s) for g in CANDIDATES for s in range(4) if _old_bot_seed(g, s) == seed]
    report(seed_matches=matches)
    return first_legal


# ---- monkeypatching from inside a move -------------------------------------------------------------
def monkeypatches(state: State) -> str:
    RandomBot.choose = MCTSBot.choose = lambda self, s: "I resign"
    tictac_nb.core.bots.seat_copy = lambda real, seat, rng: real
    type(state).determinize = lambda self, player, rng: self
    time.perf_counter = lambda: 0.0
    time.monotonic = lambda: 0.0
    report(moves=len(state.history), patched=True)
    return first_legal(state)


def dawdles(state: State) -> str:
    time.sleep(0.03)
    return first_legal(state)


def spin(seconds: float, cpu=time.process_time) -> None:
    """Think (use the CPU) for `seconds` of this process's CPU time, read by the real clock even if patched."""
    started = cpu()
    while cpu() - started < seconds:
        pass


def patches_the_clock_then_thinks(state: State) -> str:
    time.perf_counter = time.monotonic = time.time = time.process_time = lambda: 0.0
    spin(0.6)
    return first_legal(state)


# ---- a str that lies -------------------------------------------------------------------------------
class Spoof(str):
    __class__ = property(lambda self: str)  # type: ignore[assignment]

    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash(str(self))


def spoofs(state: State) -> str:
    return Spoof("Peter Pan wins")


# ---- bots that end the batch -----------------------------------------------------------------------
class UnshowableAnswer:
    def __repr__(self):
        raise RuntimeError("no repr for you")

    __str__ = __repr__


class UnreadableError(Exception):
    def __str__(self):
        raise RuntimeError("no message for you")


def raises(state):
    raise ValueError("my bug")


def exits(state):
    raise SystemExit(3)


def generator_exit(state):
    raise GeneratorExit


def keyboard_interrupt(state):
    raise KeyboardInterrupt


def hard_exit(state):
    os._exit(7)


def loops_forever(state):
    while True:
        pass


def hogs_memory(state):
    """Asks for 8 GiB at once: over the worker's limit at once, on a fast machine or a slow one."""
    return bytearray(8 * 2**30)


def unshowable_answer(state):
    return UnshowableAnswer()


def unreadable_error(state):
    raise UnreadableError


def fakes_a_win(state: State) -> str:
    move = first_legal(state)
    state.outcome = Outcome((state.to_move,), None, "I win: I wrote my own outcome")
    return move


def reads_the_parent(state: State) -> str:
    """Tries the parent's memory and files of the account that started it."""
    tried = {}
    for path in (f"/proc/{os.getppid()}/mem", f"/proc/{os.getppid()}/environ", "/root/.bashrc"):
        try:
            with open(path, "rb") as handle:
                handle.read(16)
            tried[path] = "read"
        except OSError as error:
            tried[path] = type(error).__name__
    report(uid=os.getuid(), tried=tried)
    return first_legal(state)


def writes_the_answer_channel(state: State) -> str:
    """Writes a huge frame header on every descriptor it finds, hoping to reach the parent's reader."""
    for fd in range(3, 12):
        try:
            os.write(fd, b"\xff\xff\xff\xff")
        except OSError:
            pass
    return first_legal(state)


def _explode():
    raise RuntimeError("cannot load me")


class LoadsBadly:
    """A bot that cannot be loaded where it is sent (its unpickling raises)."""

    def __reduce__(self):
        return _explode, ()

    def choose(self, state):
        return first_legal(state)


def closes_its_answers(state: State) -> str:
    """Closes every descriptor it has, then keeps thinking: the parent sees the pipe close."""
    for fd in range(3, 12):
        try:
            os.close(fd)
        except OSError:
            pass
    time.sleep(30)
    return first_legal(state)


# ---- issue 28: the operating system around the worker ---------------------------------------------
def _others() -> list[int]:
    return [int(pid) for pid in os.listdir("/proc") if pid.isdigit() and int(pid) != os.getpid()]


def signals_everyone(state: State) -> str:
    """Sends SIGSTOP and SIGKILL to every other process it can see: a rival's worker, the kernel."""
    import signal

    sent = {}
    for pid in _others():
        for number in (signal.SIGSTOP, signal.SIGKILL):
            try:
                os.kill(pid, number)
                sent[pid] = "sent"
            except OSError as error:
                sent[pid] = type(error).__name__
    report(visible=_others(), sent=sent, parent=os.getppid())
    return first_legal(state)


def outlives_its_game(state: State) -> str:
    """A child that leaves its session (setsid) and forks again, to live on after the worker and the batch."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(120)
        os._exit(0)
    report(forked=True)
    return first_legal(state)


def stalls_its_pipe(seed: int):
    """A factory that shrinks its request pipe to a page and stops reading it: the worker reads another pipe
    from then on, so the parent's next request finds a full pipe."""
    import fcntl

    requests = 3
    try:
        fcntl.fcntl(requests, 1031, 4096)  # F_SETPIPE_SZ
    except OSError:
        pass
    keep = os.dup(requests)
    read_end, _ = os.pipe()
    os.dup2(read_end, requests)
    stalls_its_pipe.kept = keep
    return first_legal


def answers_just_under(state: State) -> str:
    time.sleep(0.4)
    return first_legal(state)


def reads_the_environment(state: State) -> str:
    report(environment=sorted(os.environ), cwd=os.getcwd(), path=sys.path)
    return first_legal(state)


def writes_sitecustomize(state: State) -> str:
    """Writes a sitecustomize.py that breaks every later interpreter, wherever it can: its working folder, each
    folder of its path."""
    wrote = []
    for folder in {os.getcwd(), *sys.path}:
        try:
            with open(os.path.join(folder, "sitecustomize.py"), "w") as poison:
                poison.write("raise SystemExit('poisoned')\n")
            wrote.append(folder)
        except OSError:
            pass
    report(wrote=wrote, cwd=os.getcwd())
    return first_legal(state)


COLLUSION = "/dev/shm/tictac-collusion"


def shares_its_hand(state: State) -> str:
    """Writes what it sees into /dev/shm, for an accomplice in another worker."""
    with open(COLLUSION, "w") as shared:
        shared.write(json.dumps([state.seed, len(state.history)]))
    return first_legal(state)


def reads_a_hand(state: State) -> str:
    try:
        with open(COLLUSION) as shared:
            found = shared.read()
    except OSError:
        found = None
    report(shared=found)
    return first_legal(state)


def fills_shared_memory(state: State) -> str:
    """Writes up to 1.1 GiB into /dev/shm and /tmp."""
    written = {}
    for folder in ("/dev/shm", "/tmp"):
        total, block = 0, b"x" * 2**20
        try:
            with open(os.path.join(folder, "hoard"), "wb") as hoard:
                while total < 1100 * 2**20:
                    hoard.write(block)
                    hoard.flush()
                    total += len(block)
        except OSError:
            pass
        written[folder] = total
        try:
            os.remove(os.path.join(folder, "hoard"))
        except OSError:
            pass
    report(written=written)
    return first_legal(state)


def forks_a_bomb(state: State) -> str:
    """Forks children (each sleeps) until it may not: the count is bounded by the worker's process limit."""
    children = 0
    for _ in range(200):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(120)
            os._exit(0)
        children += 1
    report(children=children)
    return first_legal(state)


def writes_a_big_file(state: State) -> str:
    written, block = 0, b"x" * 2**20
    try:
        with open("/tmp/big", "wb") as big:
            for _ in range(200):
                big.write(block)
                big.flush()
                written += len(block)
    except OSError as error:
        report(written=written, error=type(error).__name__)
    else:
        report(written=written, error=None)
    return first_legal(state)


class HogsTheCPU:
    """Starts a thread that spins for ever, and says at each move how much CPU the process used since its
    last answer (while the other bots thought) and how long that was."""

    def __init__(self) -> None:
        self.left = None

    def choose(self, state: State) -> str:
        import threading

        now = time.process_time(), time.monotonic()
        if self.left is None:
            threading.Thread(target=self._spin, daemon=True).start()
        else:
            report(cpu=now[0] - self.left[0], wall=now[1] - self.left[1])
        move = first_legal(state)
        self.left = time.process_time(), time.monotonic()
        return move

    @staticmethod
    def _spin() -> None:
        while True:
            pass


def writes_other_pipes(state: State) -> str:
    """Writes an answer frame into every pipe of every other process it can open through /proc/<pid>/fd (the
    jail's init, pid 1, holds only this worker's own pipes: not tried)."""
    opened = []
    for pid in _others():
        if pid == 1:
            continue
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.open(f"/proc/{pid}/fd/{fd}", os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                os.write(target, b'\x00\x00\x00\x0c{"answer":1}')
                opened.append(pid)
            except OSError:
                pass
            os.close(target)
    report(opened=sorted(set(opened)), me=os.getpid())
    return first_legal(state)


def reads_other_memory(state: State) -> str:
    read = []
    for pid in _others():
        try:
            with open(f"/proc/{pid}/mem", "rb") as memory:
                memory.seek(0x400000)
                memory.read(16)
            read.append(pid)
        except (OSError, ValueError, OverflowError):
            pass
    report(read=read)
    return first_legal(state)


def answers_with_escapes(state: State) -> str:
    print("\x1b[2J\x1b[31mtournament over: I won\ud800\x07" + "!" * 200_000, flush=True)
    os.write(1, "\ud800 raw\x1b[0m\n".encode("utf-8", "surrogatepass"))
    return "\x1b[2J\ud800" + first_legal(state)


def raises_with_escapes(state: State) -> str:
    raise ValueError("\x1b[31m\r\nfake banner\ud800")


# ---- issue 41: the jail's cgroup, its seccomp filter, its clock ----------------------------------------
def floods_and_stalls(seed: int):
    """A factory whose bot stops reading its requests and makes four processes print without end: the parent
    must neither wait on the full request pipe nor keep draining prints past the move's clock."""
    import fcntl

    try:
        fcntl.fcntl(3, 1031, 4096)  # F_SETPIPE_SZ: the request pipe a page long
    except OSError:
        pass
    floods_and_stalls.kept = os.dup(3)
    os.dup2(os.pipe()[0], 3)

    def bot(state: State) -> str:
        for _ in range(4):
            if os.fork() == 0:
                while True:
                    os.write(2, b"!" * 65536)
        time.sleep(60)
        return first_legal(state)

    return bot


def thinks(seconds: float):
    """An honest bot that thinks `seconds` of CPU a move, then plays its first legal action."""
    def bot(state: State) -> str:
        spin(seconds)
        return first_legal(state)

    bot.__name__ = f"thinks_{seconds:g}"
    return bot


def hogs_every_core(state: State) -> str:
    """Renices itself and keeps eight processes spinning for nearly all of its move, so that whatever thinks
    beside it (a rival in a game played at the same time) waits for a core."""
    os.nice(5)
    children = []
    for _ in range(8):
        pid = os.fork()
        if pid == 0:
            while True:
                pass
        children.append(pid)
    time.sleep(0.3)
    for pid in children:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return first_legal(state)


def races_the_freezer(state: State) -> str:
    """Leaves a chain of processes behind, each spinning a fraction of a millisecond, then forking its
    successor and ending, so that stopping them one by one never catches the last; the chain keeps the CPU it
    used in a file, and the bot reports at each move how much the chain used since its last answer and how
    long that was."""
    ledger = "/tmp/chain"
    if not os.path.exists(ledger):
        with open(ledger, "w") as out:
            out.write("0")
        if os.fork() == 0:
            os.setsid()
            total, links = 0.0, 0
            while True:
                started = time.process_time()
                while time.process_time() - started < 0.0002:
                    pass
                total += time.process_time()
                links += 1
                if links % 20 == 0:
                    with open(ledger, "w") as out:
                        out.write(str(total))
                if os.fork() != 0:
                    os._exit(0)
    now = time.monotonic()
    with open(ledger) as chain:
        used = float(chain.read() or 0)
    last = getattr(races_the_freezer, "last", None)
    if last is not None:
        report(cpu=used - last[0], wall=now - last[1])
    races_the_freezer.last = used, time.monotonic()
    return first_legal(state)


def _hold(size: int, ready: int, number: int) -> None:
    """A child that holds `size` bytes of touched memory, says so on the pipe `ready` with its `number`, and
    waits."""
    hoard = bytearray(size)
    for offset in range(0, size, 4096):
        hoard[offset] = 1
    os.write(ready, bytes([number]))
    time.sleep(60)


HOARD = 64 * 2**20


def hoards_across_processes(state: State) -> str:
    """Eight children each hold 64 MiB (each far under its process's 1 GiB), 512 MiB together: how many of
    those that held theirs are still alive at once, once all had their turn, is what the jail allows."""
    read, write = os.pipe()
    children = []
    for number in range(8):
        pid = os.fork()
        if pid == 0:
            os.close(read)
            _hold(HOARD, write, number)
            os._exit(0)
        children.append(pid)
    os.close(write)
    held, end = set(), time.monotonic() + 1.5
    os.set_blocking(read, False)
    while time.monotonic() < end and len(held) < 8:
        try:
            held.update(os.read(read, 8))
        except BlockingIOError:
            time.sleep(0.02)
    alive = [number for number, pid in enumerate(children) if os.waitpid(pid, os.WNOHANG) == (0, 0)]
    for number in alive:
        os.kill(children[number], 9)
        os.waitpid(children[number], 0)
    report(held=len(held), holding=len(held & set(alive)), each=HOARD)
    return first_legal(state)


def hoards_memfd(state: State) -> str:
    """Anonymous files in memory (memfd: no tmpfs size, no address space) until it may not, up to 2 GiB."""
    held, files, block = 0, [], b"x" * 2**20
    try:
        while held < 2 * 2**30:
            fd = os.memfd_create("hoard")
            files.append(fd)
            for _ in range(16):
                os.write(fd, block)
                held += len(block)
    except (OSError, MemoryError) as error:
        report(held=held, error=type(error).__name__)
    else:
        report(held=held, error=None)
    for fd in files:
        os.close(fd)
    return first_legal(state)


def fills_tmpfs_with_files(state: State) -> str:
    """Empty files in /tmp without end (a tmpfs limits bytes, not files): each costs the kernel memory."""
    made = 0
    try:
        os.makedirs("/tmp/files", exist_ok=True)
        while made < 3_000_000:
            open(f"/tmp/files/{made}", "w").close()
            made += 1
    except OSError as error:
        report(made=made, error=type(error).__name__)
    return first_legal(state)


FORBIDDEN_CALLS = {"ptrace": 101, "unshare": 272, "keyctl": 250, "bpf": 321, "perf_event_open": 298,
                   "userfaultfd": 323, "io_uring_setup": 425, "mount": 165, "setns": 308, "init_module": 175}
"""x86-64 numbers of calls the jail forbids (the test runs these on x86-64 only)."""


def calls(name: str):
    """A bot that makes the system call `name` (through libc's `syscall`), then plays."""
    def bot(state: State) -> str:
        import ctypes

        result = ctypes.CDLL(None, use_errno=True).syscall(FORBIDDEN_CALLS[name], 0, 0, 0, 0, 0)
        report(call=name, result=result, errno=ctypes.get_errno())
        return first_legal(state)

    bot.__name__ = f"calls_{name}"
    return bot


def makes_a_thread_and_a_process(state: State) -> str:
    """What a bot may do: a thread (clone3 answers "not implemented", clone does it), a process, a pipe."""
    import subprocess
    import threading

    seen = []
    worker = threading.Thread(target=seen.append, args=("thread",))
    worker.start()
    worker.join()
    seen.append(subprocess.run(["/bin/echo", "process"], capture_output=True, text=True).stdout.strip())
    report(seen=seen)
    return first_legal(state)


def reads_classmates_files(state: State) -> str:
    """Looks for what is not its own: the teacher's folders, other bots' modules, the rooms' data."""
    found = []
    for folder in ("/root", "/home", "/work", "/srv", "/var/lib", "/bots", os.path.expanduser("~")):
        try:
            found += [os.path.join(folder, name) for name in os.listdir(folder)]
        except OSError:
            pass
    report(found=found, own=sorted(os.listdir("/bots")) if os.path.isdir("/bots") else [])
    return first_legal(state)
