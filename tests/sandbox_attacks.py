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
from tictac_nb.bots import MCTSBot, RandomBot
from tictac_nb.engine import Outcome, State


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
    tictac_nb.bots.seat_copy = lambda real, seat, rng: real
    type(state).determinize = lambda self, player, rng: self
    time.perf_counter = lambda: 0.0
    time.monotonic = lambda: 0.0
    report(moves=len(state.history), patched=True)
    return first_legal(state)


def dawdles(state: State) -> str:
    time.sleep(0.03)
    return first_legal(state)


def patches_the_clock_then_dawdles(state: State) -> str:
    time.perf_counter = time.monotonic = time.time = lambda: 0.0
    time.sleep(0.6)
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
