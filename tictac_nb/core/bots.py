"""Bots that decide from what their seat may know, and the wrapper that makes any bot safe to run.

The kit's bots ask the state for `determinize(seat, rng)` (a copy in which every secret of the other
seats is resampled) or read only what their seat knows (`view(seat)`, the mover's legal actions), so
they cannot cheat (the flaw users report in other kits), and they play hidden-information games by
sampling what they cannot see (single-observer information-set MCTS).

A bot of your own is a function `my_bot(state) -> action` or an object with `choose(state)`. It is only
ever handed `seat_copy(state, seat)`: a determinized copy for its seat, so it cannot see a secret by
accident. The lab and the board run it in a sandbox of its own (`tictac_nb.trust.sandbox`), where the real game
is not, so it cannot find one on purpose either; `SeatBot` hands it the same copy in this process (the
browser's way, and a quick try). Which bots the kit trusts, and asking a bot for a move (`decide`, which
turns a student's bot that raises, answers an illegal action or overruns its time into a `Forfeit`), are
the sandbox's (`tictac_nb.trust.sandbox`).

`MCTSBot` values its leaves with an `Evaluator` (OpenSpiel's shape): `RandomRollout` plays at random
to the end, or cuts after a few moves and asks a heuristic such as `score_value`. Each game names its
default bot in its own `bots.py` (`Game.default_bot`; `default_bot(game)` makes it, an `MCTSBot` for a
game that names none), within 100 ms of one core a move and at least as strong as `MCTSBot.classic()`,
the kit's first default.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .engine import KIT_BOT, Game, Outcome, State


class Bot(Protocol):
    def choose(self, state: State) -> str:
        """The action to play for `state.to_move`."""


def payoff(outcome: Outcome, num_players: int) -> list[float]:
    """Winners share 1 point; a draw or tie gives every player an equal share."""
    if not outcome.winners:
        return [1 / num_players] * num_players
    share = 1 / len(outcome.winners)
    return [share if p in outcome.winners else 0.0 for p in range(num_players)]


class RandomBot:
    """Plays a uniformly random legal action.

    It reads only `state.legal_actions()`, which the mover always knows, so it leaks nothing and
    needs no determinized copy: that keeps large self-play batches fast.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> str:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class Evaluator(Protocol):
    """What MCTS asks of a leaf (the shape of OpenSpiel's `Evaluator`): each player's expected reward
    from `state`, a copy the evaluator may play on, using `rng` for any chance it needs."""

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]: ...


class RandomRollout:
    """Uniformly random play from the leaf (OpenSpiel's `RandomRolloutEvaluator`): to the end of the game,
    or for at most `depth` actions and then `value(state)`, a heuristic of each player's expected
    reward (without one, a cut game counts as a draw)."""

    def __init__(self, depth: int = 10_000, value: Callable[[State], Sequence[float]] | None = None) -> None:
        self.depth = depth
        self.value = value

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        choice, apply, legal = rng.choice, state.apply, state.legal_actions
        steps = self.depth
        while state.outcome is None and steps:
            apply(choice(legal()))
            steps -= 1
        if state.outcome is not None:
            return payoff(state.outcome, state.num_players)
        if self.value is not None:
            return self.value(state)
        return [1 / state.num_players] * state.num_players

    def __repr__(self) -> str:
        return f"RandomRollout(depth={self.depth})"


def score_value(scale: float) -> Callable[[State], list[float]]:
    """A leaf value from `current_scores()` for two players: the chance of winning read off the score
    difference by a logistic curve (a lead of `scale` points is worth about 73%)."""

    def value(state: State) -> list[float]:
        scores = state.current_scores()
        assert scores is not None, "score_value needs a game that keeps scores"
        first, second = scores
        p = 1 / (1 + math.exp(max(-60.0, min(60.0, (second - first) / scale))))
        return [p, 1 - p]

    return value

def seat_copy(state: State, seat: int | None, rng: random.Random) -> State:
    """What a bot deciding for `seat` is given: `state.determinize(seat, rng)` with a fresh seed.

    The real seed would rebuild the real deal (through `new_game`, `undo` or `record`), and so would the
    seeds of its redeals (`State.redeals`); the copy's seed is drawn from `rng` and it holds no redeals, so
    nothing it holds leads back to a secret, and its `undo()` (which replays from the seed) is refused: look
    ahead with `clone()` and `play()`.
    """
    sample = state.determinize(seat, rng)
    sample.seed = rng.getrandbits(32)
    sample.replayable = False
    sample.redeals = ()
    return sample


class SeatBot:
    """A bot of your own made safe: `bot` (a function of a state, or an object with `choose(state)`)
    only ever receives a determinized copy for the seat to move (see `seat_copy`)."""

    def __init__(self, bot: Callable[[State], str] | Bot, seed: int | None = None) -> None:
        self.bot = bot
        self.rng = random.Random(seed)
        self._choose = bot.choose if hasattr(bot, "choose") else bot

    def choose(self, state: State) -> str:
        return self._choose(seat_copy(state, state.to_move, self.rng))

    def __repr__(self) -> str:
        return f"SeatBot({bot_name(self.bot)})"


def bot_name(bot: Any) -> str:
    """A bot's name for people: its `name` if it has one, a function's name, else its class's
    ("MCTSBot" -> "MCTS bot"); a wrapped bot goes by the name of what it wraps."""
    if isinstance(bot, SeatBot):
        bot = bot.bot
    name = getattr(bot, "name", None) or getattr(bot, "__name__", None)
    if isinstance(name, str) and name:
        return name
    stem = type(bot).__name__.removesuffix("Bot") or "custom"
    if len(stem) > 1 and stem[1].islower():
        stem = stem[0].lower() + stem[1:]
    return f"{stem} bot"


class Forfeit(Exception):
    """A bot lost its game by its own fault: it raised, answered an illegal action, or overran its time."""

    def __init__(self, seat: int | None, reason: str) -> None:
        super().__init__(reason)
        self.seat, self.reason = seat, reason


class _Node:
    __slots__ = ("children", "visits", "reward", "available", "mover")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.mover = mover


class MCTSBot:
    """Monte Carlo tree search over determinizations (SO-ISMCTS), its leaves valued by `evaluator`.

    `iterations` is the strength: more iterations, stronger and slower play. The evaluator is random
    playouts to the end unless a game plugs in its own (each game's `bots.py` names its default bot).
    `MCTSBot.classic()` is the kit's first default bot, kept as a yardstick.
    """

    def __init__(self, iterations: int = 500, seed: int | None = None, exploration: float = 0.7,
                 max_playout: int = 10_000, evaluator: Evaluator | None = None) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a whole number of 1 or more, not {iterations!r}")
        self.iterations = iterations
        self.exploration = exploration
        self.max_playout = max_playout
        self.evaluator = RandomRollout(max_playout) if evaluator is None else evaluator
        self.rng = random.Random(seed)

    @classmethod
    def classic(cls, seed: int | None = None) -> MCTSBot:
        """The kit's first default bot: 500 iterations of uniform random playouts to the end, kept as the
        yardstick every game's default bot must at least match."""
        return cls(500, seed=seed, exploration=0.7, max_playout=10_000)

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations})"

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._best(self.search(state), legal)

    def search(self, state: State, root: _Node | None = None, iterations: int | None = None) -> _Node:
        """Run the search for `state.to_move` (`iterations`, else the bot's own) and return its root, whose
        children hold each tried action's visits and summed reward for the mover. `state` needs only
        `to_move` and `determinize`; a `root` given is searched further (the coach reads and reuses trees)."""
        me = state.to_move
        rng, c = self.rng, self.exploration
        evaluate, determinize = self.evaluator.evaluate, state.determinize
        log, sqrt = math.log, math.sqrt
        root = _Node(None) if root is None else root
        for _ in range(self.iterations if iterations is None else iterations):
            sim = determinize(me, rng)
            node, path = root, [root]
            while sim.outcome is None:
                actions = sim.legal_actions()
                children = node.children
                untried = [a for a in actions if a not in children]
                if untried:
                    action = rng.choice(untried)
                    child = children[action] = _Node(sim.to_move)
                    sim.apply(action)
                    path.append(child)
                    break
                best, best_value = None, -1.0
                for a in actions:
                    child = children[a]
                    child.available += 1
                    visits = child.visits
                    value = child.reward / visits + c * sqrt(log(child.available) / visits)
                    if value > best_value:
                        best, best_value = a, value
                assert best is not None  # every value is above -1: a reward is a payoff from 0 to 1
                node = children[best]
                sim.apply(best)
                path.append(node)
            rewards = evaluate(sim, rng)
            for visited in path:
                visited.visits += 1
                if visited.mover is not None:
                    visited.reward += rewards[visited.mover]
        return root

    def _best(self, root: _Node, legal) -> str:
        """The most visited action; ties go to the better mean reward, then to chance, never to
        the order of the legal actions (which would bias a short search towards square 1, letter A)."""
        tried = [a for a in legal if a in root.children]
        self.rng.shuffle(tried)
        return max(tried, key=lambda a: (root.children[a].visits, root.children[a].reward / root.children[a].visits))


KIT_BOT.append(MCTSBot)


def default_bot(game: Game, seed: int | None = None) -> Any:
    """The bot that plays `game` unless told otherwise: its own `default_bot(seed=seed)`, or an `MCTSBot` for
    a game that names none (the notebooks, the design lab, the play pages, rooms and the coach take it)."""
    make = game.default_bot
    return MCTSBot(seed=seed) if make is None else make(seed=seed)
