"""A Tic Tac K.O. bot that plays from its own seat's view.

`KOBot` samples what it cannot see (`determinize`), tries each legal action on the sample, lets the
decisions that follow play out by a simple default (nobody answers, "you may" steps are done, the first
target is taken) until the next turn or the next choice of a phase, and scores the result with
`evaluate`: Objectives completed, progress on its own Objective, the expected threat on the opponents'
(their Objective is sampled too, so over several samples it is an expectation), cards on the Grid, cards
in hand, and the cards left in each deck (a deck that runs out loses the game, so drawing has a price).
It beats random play clearly and is quick enough for a few hundred games in a notebook; the generic
`MCTSBot` also plays the game.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, cast

from ...core.engine import State

if TYPE_CHECKING:
    from .rules import TicTacKO

WIN = 100_000.0
DECK_WEIGHT, DECK_WATCH = 2.0, 20  # each card under 20 left in a deck costs 2 points (then much more under 8)


def objective_progress(state, team: int) -> float:
    """How far `team` is towards its current Objective (as far as this state says)."""
    index = state.objective[team]
    if index is None:
        return 0.0
    spaces = state.objective_spaces[index]
    mine = blocked = 0
    for space in spaces:
        cell = state.grid[space]
        if cell is None:
            continue
        if cell[0] == team and cell[2]:
            mine += 1
        else:
            blocked += 1
    return 25.0 * mine + (20.0 if mine == len(spaces) - 1 and not blocked else 0.0) - 12.0 * blocked


TERMS = {
    "objectives": "Objectives completed",
    "progress": "progress on its Objective against the threat on the opponents'",
    "grid": "cards on the Grid",
    "hands": "cards in hand",
    "decks": "cards left in the decks",
}
"""The words of each part of `evaluate`, in the order it adds them up."""


def evaluate(state, team: int) -> float:
    """The position for `team`: higher is better."""
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return WIN if state.team_of[state.outcome.winners[0]] == team else -WIN
    return sum(terms(state, team).values())


def terms(state, team: int) -> dict[str, float]:
    """The parts of `evaluate` for an unfinished game, keyed as in `TERMS`."""
    other = 1 - team
    grid = 0.0
    for cell in state.grid:
        if cell is not None:
            sign = 1.0 if cell[0] == team else -1.0
            grid += sign * (3.0 if cell[2] else -1.0)
    hands = 0.0
    for player, hand in enumerate(state.hands):
        sign = 1.0 if state.team_of[player] == team else -1.0
        hands += sign * 2.5 * min(len(hand), 7)
    decks = 0.0
    for side, sign in ((team, 1.0), (other, -1.0)):
        pile = len(state.piles[side])
        short = max(0, 8 - pile)
        decks -= sign * (6.0 * short * short + DECK_WEIGHT * max(0, DECK_WATCH - pile))
    return {
        "objectives": 400.0 * (len(state.completed[team]) - len(state.completed[other])),
        "progress": objective_progress(state, team) - 0.8 * objective_progress(state, other),
        "grid": grid,
        "hands": hands,
        "decks": decks,
    }


CHANCE_SCALE = 400.0
"""Points of `evaluate` (one Objective's worth) that make a lead worth about 73% to win."""


def chance(state, team: int) -> float:
    """`team`'s chance to win read off `evaluate` by a logistic curve (as `bots.score_value` reads a score):
    the coach's estimate of a position whose playout it cut short."""
    return 1 / (1 + math.exp(max(-60.0, min(60.0, -evaluate(state, team) / CHANCE_SCALE))))


def settle(state, limit: int = 40) -> None:
    """Play the decisions after an action by the default until a phase decision (or the end)."""
    for _ in range(limit):
        if state.outcome is not None or not state.stack:
            return
        legal = state.legal_actions()
        if "pass" in legal:
            state.apply("pass")
        else:
            state.apply(next((a for a in legal if a != "skip"), legal[0]))


class KOBot:
    """Greedy over sampled worlds: `samples` determinizations per decision (more: steadier, slower)."""

    def __init__(self, samples: int = 2, seed: int | None = None) -> None:
        if type(samples) is not int or samples < 1:
            raise ValueError(f"samples must be a whole number of 1 or more, not {samples!r}")
        self.samples = samples
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"KOBot(samples={self.samples})"

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals, _ = self._score(state, legal, False)
        return self._pick(legal, totals)

    def chance(self, state: State, seat: int) -> float:
        """The chance that `seat`'s team wins, estimated from the position alone (see `chance`)."""
        return chance(state, cast("TicTacKO", state).team_of[seat])  # a K.O. bot is given K.O. states

    def explain(self, state: State) -> tuple[str, str]:
        """The action `choose` plays and why, in words: the best total over the sampled worlds, how far
        ahead of the runner-up, and the part of `evaluate` (`TERMS`) that gained most over it."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], "its only legal action"
        totals, parts = self._score(state, legal, True)
        action = self._pick(legal, totals)
        runner = max((a for a in legal if a != action), key=lambda a: totals[a])
        gap = (totals[action] - totals[runner]) / self.samples
        worlds = f"{self.samples} sampled world{'s' * (self.samples != 1)}"
        if abs(totals[action]) >= WIN / 2 * self.samples:
            return action, f"it wins (or avoids losing) at once in the {worlds}"
        gains = {key: parts[action][key] - parts[runner][key] for key in TERMS}
        key = max(gains, key=lambda k: gains[k])
        ahead = f"{gap:.0f} points ahead of" if gap >= 0.5 else "level with (a tie broken at random)"
        why = f"the best score of {len(legal)} actions over {worlds}, {ahead} {state.describe(runner)}"
        return action, why + (f", mostly for {TERMS[key]}" if gains[key] > 0 else "")

    def _score(self, state: State, legal, keep: bool) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
        """Each action's total over `samples` determinized worlds (and, with `keep`, its summed parts)."""
        me = state.to_move
        assert me is not None  # a bot is asked to move in a game not over
        team = cast("TicTacKO", state).team_of[me]
        totals = dict.fromkeys(legal, 0.0)
        parts: dict[str, dict[str, float]] = {action: dict.fromkeys(TERMS, 0.0) for action in legal} if keep else {}
        for _ in range(self.samples):
            world = state.determinize(me, self.rng)
            for action in legal:
                trial = world.clone()
                trial.apply(action)
                settle(trial)
                totals[action] += evaluate(trial, team)
                if keep and trial.outcome is None:
                    for key, value in terms(trial, team).items():
                        parts[action][key] += value
        return totals, parts

    def _pick(self, legal, totals: dict[str, float]) -> str:
        jitter = {action: self.rng.random() * 1e-6 for action in legal}
        return max(legal, key=lambda action: totals[action] + jitter[action])
