"""Bots that decide from what their seat may know.

Each bot first asks the state for `determinize(seat, rng)`: a copy in which every secret of the
other seats is resampled. A bot never reads the real hidden state, so it cannot cheat (the flaw
users report in other kits), and it plays hidden-information games by sampling what it cannot see
(single-observer information-set MCTS).
"""

from __future__ import annotations

import math
import random
from typing import Protocol

from .engine import Outcome, State


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
    """Plays a uniformly random legal action."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> str:
        sample = state.determinize(state.to_move, self.rng)
        return self.rng.choice(sample.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class _Node:
    __slots__ = ("children", "visits", "reward", "available", "mover")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.mover = mover


class MCTSBot:
    """Monte Carlo tree search over determinizations (SO-ISMCTS) with random playouts.

    `iterations` is the strength: more iterations, stronger and slower play.
    """

    def __init__(self, iterations: int = 500, seed: int | None = None, exploration: float = 0.7,
                 max_playout: int = 10_000) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a whole number of 1 or more, not {iterations!r}")
        self.iterations = iterations
        self.exploration = exploration
        self.max_playout = max_playout
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations})"

    def choose(self, state: State) -> str:
        me = state.to_move
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng, c = self.rng, self.exploration
        root = _Node(None)
        for _ in range(self.iterations):
            sim = state.determinize(me, rng)
            node, path = root, [root]
            while sim.outcome is None:
                actions = sim.legal_actions()
                untried = [a for a in actions if a not in node.children]
                if untried:
                    action = rng.choice(untried)
                    child = node.children[action] = _Node(sim.to_move)
                    sim.apply(action)
                    path.append(child)
                    break
                best, best_value = None, -1.0
                for a in actions:
                    child = node.children[a]
                    child.available += 1
                    value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                    if value > best_value:
                        best, best_value = a, value
                node = node.children[best]
                sim.apply(best)
                path.append(node)
            steps = 0
            while sim.outcome is None and steps < self.max_playout:
                sim.apply(rng.choice(sim.legal_actions()))
                steps += 1
            rewards = payoff(sim.outcome, sim.num_players) if sim.outcome else [1 / sim.num_players] * sim.num_players
            for visited in path:
                visited.visits += 1
                if visited.mover is not None:
                    visited.reward += rewards[visited.mover]
        return self._best(root, legal)

    def _best(self, root: _Node, legal) -> str:
        """The most visited action; ties go to the better mean reward, then to chance, never to
        the order of the legal actions (which would bias a short search towards square 1, letter A)."""
        tried = [a for a in legal if a in root.children]
        self.rng.shuffle(tried)
        return max(tried, key=lambda a: (root.children[a].visits, root.children[a].reward / root.children[a].visits))
