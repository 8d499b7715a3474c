"""Every game of the kit as a PettingZoo AEC environment, in the manner of `pettingzoo.classic` (tictactoe).

    from tictac_nb.adapters.pettingzoo import env
    e = env("tic-tac-ko", players=4, grid="advanced")
    e.reset(seed=7)                     # the kit's game new_game("tic-tac-ko", seed=7, ...)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        e.step(None if termination or truncation else e.action_space(agent).sample(mask))

- Agents are the seats, `player_1` ... `player_N`; `agent_selection` is the seat to move (in TIC TOC a
  seat acts several times in a row, and in Tic Tac K.O. an answer window asks the other seats in turn).
- `observe(agent)` is a dict: `observation`, the seat's view as a float32 vector of fixed length
  (`tictac_nb.adapters.observations`: exactly what that seat may know), and `action_mask`, int8 over the
  game's fixed numbering of actions (`tictac_nb.adapters.actions`), 1 for the mover's legal actions.
- Action spaces are `Discrete(action_count)`. Rewards come at the end, from the outcome: the winners
  share +1 and the other seats share -1 (so they sum to 0); a draw or a tie gives 0 to every seat.
- A game the rules end is a termination; a game stopped by a turn or action cap (TIC TOC's `turn_cap`,
  Tic Tac K.O.'s `action_cap`) is a truncation, with rewards 0.
- `reset(seed=s)` deals the kit's game with seed `s`; a `reset()` without a seed takes the next seed from
  a generator seeded by the last seed given (or by the system, if none was).
- `render()` returns the kit's SVG of the board as an onlooker sees it (`render_mode="svg"`). There is no
  `rgb_array`: rasterising SVG well needs a native library (cairosvg needs libcairo), which the kit does
  not want to require; pass the SVG to one if you need pixels.

`env()` wraps the raw environment as pettingzoo.classic does (an illegal action ends the game with -1 for
the seat that made it; out-of-range actions are refused; calls out of order are refused); `raw_env()`
refuses an illegal action with ValueError and leaves the game as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine import SEED_LIMIT, State
from .actions import game_of, numbering
from .observations import encoder


def shares(state: State) -> list[float]:
    """Each seat's return at the end: the winners share +1, the rest share -1; 0 each for a draw."""
    n = state.num_players
    outcome = state.outcome
    if outcome is None or not outcome.winners or len(outcome.winners) == n:
        return [0.0] * n
    winners = set(outcome.winners)
    return [1.0 / len(winners) if seat in winners else -1.0 / (n - len(winners)) for seat in range(n)]


class raw_env(AECEnv):  # noqa: N801 (the name pettingzoo.classic gives it)
    """One game of the kit under fixed rule options, as an AEC environment."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = game_of(game)
        self.numbering = numbering(self.game, options)
        self.encoder = encoder(self.game, options)
        self.rule_options = dict(self.numbering.options)
        probe = self.game.start(0, dict(self.rule_options))
        self.metadata = {"render_modes": ["svg"], "name": f"tictac_nb_{self.game.name.replace('-', '_')}_v0",
                         "is_parallelizable": False}
        if render_mode not in (None, "svg"):
            raise ValueError(f"render_mode must be None or 'svg', not {render_mode!r} (no rgb_array: see the docs)")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat + 1}" for seat in range(probe.num_players)]
        self.agents = self.possible_agents[:]
        count = len(self.numbering)
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8),
        }) for agent in self.possible_agents}
        self.game_state: State | None = None
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; `options` is ignored, as in pettingzoo.classic (rule options go to `env()`)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            kit_seed = seed % SEED_LIMIT
        else:
            kit_seed = int(self._seeds.integers(2**63))
        self.game_state = self.game.start(kit_seed, dict(self.rule_options))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._settle()

    def _settle(self) -> None:
        """After an action: whose turn it is, or the end (every seat terminated or truncated, rewards)."""
        state = self.game_state
        outcome = state.outcome
        if outcome is None:
            self.agent_selection = self.possible_agents[state.to_move]
            return
        ends = self.truncations if outcome.timed_out else self.terminations
        for agent, reward in zip(self.possible_agents, shares(state), strict=True):
            self.rewards[agent] = reward
            ends[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        observation = np.asarray(self.encoder.encode(self.game_state.view(seat)), dtype=np.float32)
        mask = np.zeros(len(self.numbering), dtype=np.int8)
        if self.game_state.outcome is None and self.game_state.to_move == seat:
            mask[self.numbering.legal(self.game_state)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        notation = self.numbering.action(action)
        if notation not in self.game_state.legal_actions():
            raise ValueError(f"action {action} ({notation!r}) is not legal for {agent} now; "
                             f"legal: {self.numbering.legal(self.game_state)[:12]}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game_state.play(notation)
        self._settle()

    def render(self) -> str | None:
        """The board as an onlooker sees it, as SVG (None without `render_mode="svg"`)."""
        if self.render_mode is None or self.game_state is None:
            return None
        return self.game_state.render_svg(None)

    def close(self) -> None:
        pass


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment of `game` under rule `options`, wrapped as pettingzoo.classic wraps its games."""
    wrapped: AECEnv = raw_env(game, render_mode=render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
