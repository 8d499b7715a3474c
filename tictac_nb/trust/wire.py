"""The wire between the parent and a worker: frames of pickled requests out, small JSON replies back
(never unpickled), a bot's texts made safe to show (`clean`), and its prints kept within a cap (`Output`)."""


from __future__ import annotations

import io
import json
import pickle
import re
import struct
from typing import Any

import cloudpickle

from ..core.engine import MAX_ACTION_CHARS, Game, State, excerpt
from ..core.registry import GAMES, is_builtin

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,79}")
MAX_FRAME = 64 * 1024
"""The largest answer a worker may send, in bytes; a longer one forfeits."""
HEADER = struct.Struct(">I")


class WorkerFault(Exception):
    """The worker did not answer as it must (ended, too slow, a malformed answer); `reason` says so in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason



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


def fault_words(reply: dict[str, Any], notation: str = "the game's") -> str:
    """Words for a worker's answer that is not an action: the bot raised, or answered something else."""
    if "error" in reply:
        kind = reply["error"] if NAME.fullmatch(reply["error"]) else "an exception"
        return f"raised {kind}: {excerpt(clean(reply['message'], 120), 120)}"
    if "not_text" in reply:
        kind = reply["not_text"] if NAME.fullmatch(reply["not_text"]) else "?"
        return (f"answered the illegal action (an object of type {kind}): an action is written in {notation} "
                f"notation as text")
    return f"answered a text of {reply['too_long']} characters: no action is longer than {MAX_ACTION_CHARS}"
