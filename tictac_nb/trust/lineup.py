"""Who plays a game: a bot spec ("random", "mcts:300", a class, a factory, a student's function) made a factory
once, one factory per seat, and a fresh seeded bot per seat for each game.

Here because it decides which bots are the kit's own, made and asked in this process, and which are a student's,
packed once (`entrant.Entrant`) to play from a sandbox: the lab's batches and the arena's matches both seat their
bots through it. Each seat's bot is seeded from the game's seed and the seat (`bot_seed`), so a game is fixed by
(game, options, bots, seed) whatever process plays it.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bots import Bot, Forfeit, MCTSBot, RandomBot
from ..core.engine import excerpt
from ..core.registry import game_named
from . import entrant, sandbox
from .entrant import Entrant
from .sandbox import as_bot

BotFactoryLike = Any  # "random", "mcts:200", a BotFactory, a factory(seed=...) -> Bot, a bot function or object
BotsSpec = Any  # one BotFactoryLike for every seat, a sequence of them (one per seat), or {seat: spec}


@dataclass(frozen=True)
class BotFactory:
    """A picklable recipe for a fresh seeded bot of the kit: `kind` is "random" or "mcts"."""

    kind: str = "random"
    iterations: int = 200

    def __post_init__(self) -> None:
        if self.kind not in ("random", "mcts"):
            raise ValueError(f"a bot kind is 'random' or 'mcts', not {self.kind!r}")
        if type(self.iterations) is not int or self.iterations < 1:
            raise ValueError(f"iterations must be a whole number of 1 or more, not {self.iterations!r}")

    def __call__(self, seed: int | None = None) -> Bot:
        if self.kind == "random":
            return RandomBot(seed)
        return MCTSBot(self.iterations, seed=seed)

    def __str__(self) -> str:
        return "random" if self.kind == "random" else f"mcts({self.iterations})"


_SPEC = re.compile(r"^\s*(random|mcts)\s*(?:[:(]\s*(\d+)\s*\)?)?\s*$", re.IGNORECASE)


def _takes_seed(factory: Callable[..., Any]) -> bool:
    try:
        return "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def bot_factory(spec: BotFactoryLike) -> Callable[..., Bot]:
    """A bot factory from a spec: "random", "mcts", "mcts:300" / "mcts(300)", a bot class, a factory, or a bot.

    "random" is `RandomBot`; "mcts:N" is `MCTSBot(N)` (200 iterations when N is not given). The kit's own
    bot classes (and `functools.partial` of them with plain settings) are factories called as
    `factory(seed=...)` for every game, in this process. Anything else is a student's bot, packed once
    (`entrant.Entrant`) to play in a sandbox of its own: a class, or a function with a `seed` parameter,
    makes a fresh seeded bot for every game; any other function (`my_bot(state) -> action`) or object with
    `choose(state)` plays each game as a fresh copy. Lambdas, closures and notebook classes work on any
    executor (cloudpickle sends them by value).
    """
    if isinstance(spec, BotFactory | Entrant):
        return spec
    if isinstance(spec, str):
        match = _SPEC.match(spec)
        if not match:
            raise ValueError(f"unknown bot {excerpt(spec)}: write 'default', 'random', 'mcts' or 'mcts:ITERATIONS'")
        kind, iterations = match.group(1).lower(), match.group(2)
        return BotFactory(kind, int(iterations) if iterations else 200)
    if entrant.is_kit_bot(spec) and (isinstance(spec, type) or callable(spec) and _takes_seed(spec)):
        return spec
    if callable(spec) or callable(getattr(spec, "choose", None)):
        return Entrant.of(spec)
    raise ValueError(f"a bot is 'random', 'mcts:N', a factory called as factory(seed=...), a function of a state "
                     f"or an object with choose(state), not {excerpt(spec)}")


def each(bots: BotsSpec, make: Callable[[Any], Any]) -> BotsSpec:
    """`make` applied to every spec of `bots`: one for all seats, a list by seat, or {seat: spec}."""
    if isinstance(bots, Mapping):
        return {seat: make(spec) for seat, spec in bots.items()}
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        return [make(spec) for spec in bots]
    return make(bots)


def with_default(bots: BotsSpec, game: str) -> BotsSpec:
    """`bots` with the name "default" made `game`'s own default bot (`Game.default_bot`)."""
    return each(bots, lambda spec: game_named(game).default_bot
                if isinstance(spec, str) and spec.strip() == "default" else spec)


def pack_bots(bots: BotsSpec) -> BotsSpec:
    """`bots` with every spec made a factory once (`bot_factory`): what a batch sends to every game."""
    return each(bots, bot_factory)


def has_students(bots: BotsSpec) -> bool:
    """Whether a packed `bots` spec has a student's bot (one that plays in a sandbox)."""
    specs = bots.values() if isinstance(bots, Mapping) else bots if isinstance(bots, Sequence) else [bots]
    return any(isinstance(spec, Entrant) for spec in specs)


def bot_label(factory: Callable[..., Bot]) -> str:
    """Short words for a bot factory, for tables and plot legends."""
    if isinstance(factory, BotFactory | Entrant):
        return str(factory)
    func = getattr(factory, "func", None)  # functools.partial
    if func is not None:
        args = [repr(a) for a in getattr(factory, "args", ())]
        args += [f"{k}={v!r}" for k, v in getattr(factory, "keywords", {}).items()]
        return f"{getattr(func, '__name__', 'bot')}({', '.join(args)})"
    return getattr(factory, "__name__", None) or repr(factory)


def seat_factories(bots: BotsSpec, num_players: int) -> list[Callable[..., Bot]]:
    """One factory per seat: `bots` is one spec for all seats, a list (one per seat) or {seat: spec}."""
    if isinstance(bots, Mapping):
        bad = [seat for seat in bots if type(seat) is not int or not 0 <= seat < num_players]
        if bad:
            raise ValueError(f"seat {bad[0]!r} does not exist: seats are 0 to {num_players - 1}")
        return [bot_factory(bots.get(seat, "random")) for seat in range(num_players)]
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        if len(bots) != num_players:
            raise ValueError(f"{len(bots)} bots given for {num_players} seats")
        return [bot_factory(spec) for spec in bots]
    return [bot_factory(bots)] * num_players


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` for the game with `game_seed`: distinct for every pair, stable everywhere."""
    digest = hashlib.sha256(f"tictac_nb.lab bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_players(factories: Sequence[Callable[..., Bot]], seed: int, key: bytes | None = None,
                 time_limit: float | None = None, clock: sandbox.Clock = None,
                 players: list[Bot] | None = None) -> list[Bot]:
    """A fresh bot per seat for the game with `seed`, ready to play; a bot that cannot be made forfeits its seat.

    The kit's bots are seeded with `bot_seed`. A student's bot (an `Entrant`) gets a seed, and its seat copies
    their randomness, drawn from `key` (the game's secret, `entrant.game_key`), so that nothing it is handed
    leads back to the game's seed; it plays from its sandbox's worker (`clock`: the seconds it may think over
    the game), or in this process where none can start (`sandbox.processes`). `players`: the list to fill, as
    the bots are made (a game whose bot cannot be made still reads what the others printed).
    """
    key = key if key is not None else entrant.game_key(seed, seed)
    players = [] if players is None else players
    slots: dict[str, int] = {}
    for seat, factory in enumerate(factories):
        if isinstance(factory, Entrant) and sandbox.processes:
            slot = slots[factory.key] = slots.get(factory.key, -1) + 1
            bot = sandbox.lab_bot(factory, slot)
            players.append(bot)
            bot.start_game(entrant.draw(key, "bot", seat), key, seat, time_limit, clock)
            continue
        made = entrant.draw(key, "bot", seat) if isinstance(factory, Entrant) else bot_seed(seed, seat)
        try:
            players.append(as_bot(factory(seed=made), made))
        except Exception as error:
            raise Forfeit(seat, f"could not be made: {type(error).__name__}: {str(error)[:120]}") from error
    return players


