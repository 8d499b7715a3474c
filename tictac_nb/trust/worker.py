"""The worker process of the sandbox: it runs one student's bot and never holds the real game.

Started by `tictac_nb.trust.sandbox` (in its jail where one can start, see `tictac_nb.trust.jail`) as
`python -I -S -c BOOT CONFIG`: CONFIG (JSON) holds its whole `sys.path`, the folders of the bot's own modules
(put last on it once the worker is confined), its limits and, when it starts as root, the uid it becomes.
It reads length-prefixed pickled requests from the parent (the parent is trusted: unpickling its data is
safe here) and answers each with one small JSON object, never a pickle (the parent must not run code the
bot made):

- `("bot", payload, kind)`: load the bot (cloudpickled); `kind` "object" (a fresh deep copy per game) or
  "factory" (called as `factory(seed=...)` per game). Answer `{"answer": ""}`.
- `("game", seed)`: a fresh bot for a new game, kept between its moves. Answer `{"answer": ""}`.
- `("choose", state)`: the bot's action for `state`, its seat copy: `{"answer": text}`.

Anything the bot raises (`BaseException`: `SystemExit` and `KeyboardInterrupt` too) is answered
`{"error": type name, "message": text}`; an answer that is not plain text is `{"not_text": type name}`,
text longer than any action `{"too_long": length}`. End of input ends the worker.
"""

from __future__ import annotations

import copy
import io
import json
import os
import pickle
import struct
import sys
from typing import Any, cast

BOOT = ("import json, sys; config = json.loads(sys.argv[1]); sys.path[:] = config['path']; "
        "from tictac_nb.trust.worker import main; main(config)")
"""The worker's first line: its path from its config, never from the working folder or the environment."""
PR_SET_NO_NEW_PRIVS = 38
MAX_ACTION_CHARS = 200  # tictac_nb.core.engine.MAX_ACTION_CHARS, without importing the kit before the bot needs it
MAX_MESSAGE = 500
HEADER = struct.Struct(">I")


def confine(config: dict[str, Any]) -> None:
    """Give up what a bot must not have, before the bot is loaded: root (for the uid of its config), new
    privileges (no setuid program can give them back) and, where the platform has `resource`, processes,
    memory, file size and CPU beyond the limits."""
    uid = config.get("uid")
    if uid is not None and hasattr(os, "geteuid") and os.geteuid() == 0:
        if not config.get("jailed"):
            keep_installation_readable()
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    except (OSError, AttributeError, ImportError):
        pass
    try:
        import resource
    except ImportError:
        return
    for name, limit in config.get("limits", {}).items():
        if limit and hasattr(resource, name):
            try:
                resource.setrlimit(getattr(resource, name), (limit, limit))
            except (ValueError, OSError):  # a platform that will not lower it (macOS refuses some values)
                pass


def keep_installation_readable() -> None:
    """Let the worker go on importing from Python's own installation once it is nobody, where that
    installation sits under a folder only root may enter (`/root/.pyenv`): each installation folder is
    opened now and reached from then on through `/proc/self/fd`, which skips the folders above it."""
    if not os.path.isdir("/proc/self/fd"):
        return
    roots = {}
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        real = os.path.realpath(prefix)
        if os.path.isdir(real) and real != os.sep:
            roots[real] = f"/proc/self/fd/{os.open(real, os.O_RDONLY | os.O_DIRECTORY)}"

    def reroot(path: str) -> str:
        real = os.path.realpath(path) if path else path
        for root, handle in roots.items():
            if real == root or real.startswith(root + os.sep):
                return handle + real[len(root):]
        return path

    sys.path[:] = [reroot(entry) for entry in sys.path]
    for module in list(sys.modules.values()):
        paths = getattr(module, "__path__", None)
        if type(paths) is list:
            paths[:] = [reroot(entry) if type(entry) is str else entry for entry in paths]
    sys.path_importer_cache.clear()


def read_frame(fd: int) -> bytes | None:
    """One length-prefixed frame, or None at the end of input."""
    header = _read(fd, HEADER.size)
    if header is None:
        return None
    return _read(fd, HEADER.unpack(header)[0])


def _read(fd: int, size: int) -> bytes | None:
    data = bytearray()
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            return None
        data += chunk
    return bytes(data)


def send(fd: int, message: dict[str, Any]) -> None:
    body = json.dumps(message).encode()
    os.write(fd, HEADER.pack(len(body)) + body)


def type_name(value: Any) -> str:
    try:
        return str(type.__dict__["__name__"].__get__(type(value)))[:100]
    except BaseException:
        return "object"


def error_reply(error: BaseException) -> dict[str, Any]:
    try:
        message = str(error)[:MAX_MESSAGE]
        if type(message) is not str:
            raise TypeError
    except BaseException:
        message = "(its message could not be read)"
    return {"error": type_name(error), "message": message}


def answer_reply(answer: Any) -> dict[str, Any]:
    if type(answer) is not str:
        return {"not_text": type_name(answer)}
    if len(answer) > MAX_ACTION_CHARS:
        return {"too_long": len(answer)}
    return {"answer": answer}


class Seat:
    """The bot of this worker: its prototype, and the bot of the game being played."""

    def __init__(self, payload: bytes, kind: str) -> None:
        self.prototype = pickle.loads(payload)
        self.kind = kind
        self.choose: Any = None

    def new_game(self, seed: int) -> None:
        bot = self.prototype(seed=seed) if self.kind == "factory" else copy.deepcopy(self.prototype)
        self.choose = bot.choose if hasattr(bot, "choose") else bot


def handle(seat: Seat | None, message: tuple) -> tuple[Seat | None, dict[str, Any]]:
    kind = message[0]
    if kind == "bot":
        return Seat(message[1], message[2]), {"answer": ""}
    if seat is None:
        raise RuntimeError("no bot loaded")
    if kind == "game":
        seat.new_game(message[1])
        return seat, {"answer": ""}
    if seat.choose is None:
        seat.new_game(0)
    return seat, answer_reply(seat.choose(message[1]))


def main(config: dict[str, Any]) -> None:
    requests, answers = os.dup(0), os.dup(1)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.close(quiet)
    os.dup2(2, 1)  # a bot's prints go to stderr, never into the answers
    for stream in (sys.stdout, sys.stderr):  # text streams here: a lone surrogate printed is no error of the bot's
        cast(io.TextIOWrapper, stream).reconfigure(errors="backslashreplace")
    import cloudpickle  # noqa: F401  (what the bot was packed with: loaded before the limits apply)

    import tictac_nb  # noqa: F401  (the games the seat copies need, loaded while the files are readable)

    confine(config)
    sys.path += config.get("bots", [])
    seat = None
    while True:
        body = read_frame(requests)
        if body is None:
            return
        try:
            seat, reply = handle(seat, pickle.loads(body))
        except BaseException as error:  # the bot's fault, whatever it raised
            reply = error_reply(error)
        flush()
        send(answers, reply)


def flush() -> None:
    """The bot's prints of this move, out to the parent before its answer."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass

