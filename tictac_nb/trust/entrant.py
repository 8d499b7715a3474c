"""A student's bot as the kit holds it, and the one decision of what the kit trusts.

Which bots are the kit's own (`kit_bots`, `is_kit_bot`: those of the kit's own games, never a registered
game's, with bounded settings), an `Entrant` (a bot's payload, which the parent never unpickles, and its name),
and the randomness a student's bot sees (`game_key`, `draw`): every trust decision is made here.
"""


from __future__ import annotations

import copy
import functools
import hashlib
import hmac
import inspect
import math
import pickle
import random
import types
from dataclasses import dataclass, field
from typing import Any, TypeGuard

import cloudpickle

from ..core import bots
from ..core.bots import RandomRollout, SeatBot, score_value
from ..core.registry import BUILTIN, GAMES
from . import jail


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


