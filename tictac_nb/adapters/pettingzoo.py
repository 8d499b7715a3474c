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
  (`tictac_nb.adapters.observations`: exactly what that seat may know); for the games with a board (the
  grid family, Tic Tac Two, Tyc) `board`, the same numbers laid out as planes, rows x columns x channels,
  as `pettingzoo.classic`'s board games give them; and `action_mask`, int8 over the game's fixed
  numbering of actions (`tictac_nb.adapters.actions`), 1 for the mover's legal actions. The observation
  and board are new arrays each call, the caller's own (for the kit's five games copied from numbers kept
  up to date move by move: `tictac_nb.adapters.incremental`); a mask is read-only, shared by the steps
  with the same legal actions.
- `state()` is every seat's observation, one after another: all that any seat knows, and nothing that none
  does (Tic Tac Trek's bag order, the order of the piles).
- Action spaces are `Discrete(action_count)`. Rewards come at the end, from the outcome: the winners
  share +1 and the other seats share -1 (so they sum to 0); a draw or a tie gives 0 to every seat.
- A game the rules end is a termination; a game stopped by a turn or action cap (TIC TOC's `turn_cap`,
  Tic Tac K.O.'s `action_cap`) is a truncation, with rewards 0.
- `reset(seed=s)` deals the kit's game with seed `s`; a `reset()` without a seed takes the next seed from
  a generator seeded by the last seed given (or by the system, if none was).
- `render()`: `render_mode="svg"` returns the kit's SVG of the board as an onlooker sees it,
  `"rgb_array"` that SVG rasterised by resvg (`resvg-py`, a wheel with no native library to install) as an
  H x W x 3 uint8 array, and `"human"` shows the SVG in the notebook (IPython's display) and returns None.

`env()` behaves as pettingzoo.classic's wrapped environments do (an illegal action ends the game with -1
for the seat that made it and 0 for the others; out-of-range actions are refused with AssertionError;
calls before `reset()` raise AttributeError), built into one class rather than three wrappers, for speed;
`raw_env()` refuses an illegal action with ValueError and leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.engine import SEED_LIMIT, IllegalAction, State
from .actions import game_of, numbering, start_options
from .incremental import tracker
from .observations import array, encoder


def shares(state: State) -> list[float]:
    """Each seat's return at the end: the winners share +1, the rest share -1; 0 each for a draw."""
    n = state.num_players
    outcome = state.outcome
    if outcome is None or not outcome.winners or len(outcome.winners) == n:
        return [0.0] * n
    winners = set(outcome.winners)
    return [1.0 / len(winners) if seat in winners else -1.0 / (n - len(winners)) for seat in range(n)]


RENDER_MODES = ("svg", "rgb_array", "human")
INTEGERS = (int, np.integer)
"""The types of an action number."""
FLOAT32 = np.dtype(np.float32)
"""A tracker's numbers' dtype, as a dtype (`np.frombuffer` reads one faster than the type `np.float32`)."""
INT8 = np.dtype(np.int8)
"""The masks' dtype, as a dtype (`np.frombuffer` reads one faster than the type `np.int8`)."""


class raw_env(AECEnv):  # noqa: N801 (the name pettingzoo.classic gives it)
    """One game of the kit under fixed rule options, as an AEC environment."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = game_of(game)
        self.numbering = numbering(self.game, options)
        self.encoder = encoder(self.game, options)
        self.rule_options = dict(self.numbering.options)
        self._start_options = start_options(self.game, self.rule_options)
        probe = self.game.start(0, dict(self.rule_options))
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"tictac_nb_{self.game.name.replace('-', '_')}_v0",
                         "is_parallelizable": False}
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat + 1}" for seat in range(probe.num_players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = self._count = len(self.numbering)
        self._numbers = {action: number for number, action in enumerate(self.numbering.actions)}
        self._places = board_places(probe, self.encoder)
        spaces_of: dict[str, spaces.Space] = {"observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                     "action_mask": spaces.Box(0, 1, (count,), np.int8)}
        if self._places is not None:
            spaces_of["board"] = spaces.Box(0.0, 1.0, self._places.shape, np.float32)
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.observation_spaces = {agent: spaces.Dict(spaces_of) for agent in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (probe.num_players * self.encoder.size,), np.float32)
        self.game_state: State | None = None
        self._seeds: np.random.Generator | None = np.random.default_rng()
        self._last_seed: int | None = None
        self._masks: dict[tuple, np.ndarray] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self._seat[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; `options` is ignored, as in pettingzoo.classic (rule options go to `env()`)."""
        if seed is not None:
            self._seeds, self._last_seed = None, seed  # the generator made only when a reset() needs it
            kit_seed = seed % SEED_LIMIT
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng(self._last_seed)
            kit_seed = int(self._seeds.integers(2**63))
        self.game_state = self.game.start(kit_seed, dict(self._start_options))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self._trackers = [tracker(self.game_state, seat, self.encoder) for seat in range(len(self.agents))]
        self._settle()

    def _settle(self) -> None:
        """After an action: whose turn it is, or the end (every seat terminated or truncated, rewards).
        Rewards come only at the end, so before it every reward is 0 already and none needs clearing."""
        state = self.game_state
        assert state is not None  # called by reset() and step(), after the game is made
        outcome = state.outcome
        if outcome is None:
            assert state.to_move is not None  # the game runs
            self.agent_selection = self.possible_agents[state.to_move]
            return
        ends = self.truncations if outcome.timed_out else self.terminations
        for agent, reward in zip(self.possible_agents, shares(state), strict=True):
            self.rewards[agent] = reward
            ends[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _mask(self, seat: int) -> np.ndarray:
        """The seat's action mask, read-only (numpy over bytes), shared by every step with the same legal
        actions while the cache has room (Tic Tac Two's few hundred sets fit; Tyc's and K.O.'s do not)."""
        state = self.game_state
        assert state is not None  # observe() reaches here only after reset() made the trackers
        legal = tuple(state.legal_actions()) if state.to_move == seat and state.outcome is None else ()
        mask = self._masks.get(legal)
        if mask is None:
            ones, numbers = bytearray(self._count), self._numbers
            try:
                for action in legal:
                    ones[numbers[action]] = 1
            except KeyError:
                self.numbering.legal(state)  # raises its ValueError naming the action that has no number
                raise
            mask = np.frombuffer(bytes(ones), INT8)
            if len(self._masks) < 4096:
                self._masks[legal] = mask
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's observation: new observation and board arrays, and the shared read-only mask."""
        seat = self._seat[agent]
        follow = self._trackers[seat]
        state = self.game_state
        assert state is not None  # the trackers are made by reset(), with the game
        if follow is None:
            observation = array(self.encoder, state.view(seat))
        else:
            follow.update(state)
            observation = np.frombuffer(follow.store, FLOAT32).copy()
        seen = {"observation": observation, "action_mask": self._mask(seat)}
        if self._places is not None:
            seen["board"] = observation[self._places]
        return seen

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict]:
        """The agent to act's observation, cumulative reward, termination, truncation and info."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Turns:
        return Turns(self, max_iter)

    def state(self) -> np.ndarray:
        """Every seat's observation vector, seat after seat."""
        return np.concatenate([self.observe(agent)["observation"] for agent in self.possible_agents])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        notation = self.numbering.action(action)  # None, for an agent still in the game, raises ValueError
        state = self.game_state
        assert state is not None  # agent_selection is set by reset(), with the game
        try:
            state.play(notation)  # an illegal action raises IllegalAction, changing nothing
        except IllegalAction:
            raise ValueError(f"action {action} ({notation!r}) is not legal for {agent} now; "
                             f"legal: {self.numbering.legal(state)[:12]}") from None
        self._settle()

    def render(self) -> str | np.ndarray | None:
        """The board as an onlooker sees it: SVG text, an RGB array, or shown in the notebook (None)."""
        if self.render_mode is None or self.game_state is None:
            return None
        svg = self.game_state.render_svg(None)
        if self.render_mode == "svg":
            return svg
        if self.render_mode == "human":
            from IPython.display import SVG, display

            display(SVG(svg))
            return None
        return rasterise(svg)

    def close(self) -> None:
        pass


def rasterise(svg: str) -> np.ndarray:
    """SVG text as an H x W x 3 uint8 array on white (resvg; the `rl` extra installs resvg-py and Pillow)."""
    import io

    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff")
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB"))


def board_places(state: State, encoding: Any) -> np.ndarray | None:
    """For a game with a board (`Encoding.board`, which the game's observation declares), where each entry of
    its rows x columns x channels planes lies in the observation vector (the board planes are
    `vector[places]`, one gather); None for the others."""
    if encoding.board is None:
        return None
    rows, cols, places = encoding.board
    return np.array(places).reshape(rows, cols, -1)


class Turns:
    """`agent_iter()`: the agent to act, while any is left, at most `most` times (pettingzoo's `AECIterable`,
    its iterator a generator, which resumes faster than a `__next__` method is called)."""

    def __init__(self, environment: raw_env, most: int) -> None:
        self.environment, self.most = environment, most

    def __iter__(self) -> Iterator[str]:
        environment = self.environment
        for _ in range(self.most):
            if not environment.agents:
                return
            yield environment.agent_selection


class BeforeReset:
    """A class attribute that `reset()` hides with the instance's own: reading it before then is an
    AttributeError, as in pettingzoo.classic's wrapped environments. (A `__getattr__` would do the same, but
    makes every attribute read of the environment several times slower.)"""

    def __init__(self, message: str | None = None) -> None:
        self.message = message

    def __set_name__(self, owner: type, name: str) -> None:
        self.message = self.message or f"{name} cannot be accessed before reset"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        raise AttributeError(self.message)


class env(raw_env):  # noqa: N801 (the name pettingzoo.classic gives it)
    """`raw_env` with pettingzoo.classic's wrappers' behaviour built in: an illegal action ends the game
    (-1 for the seat that made it, 0 for the others), an action out of range is an AssertionError, and
    the environment refuses use before `reset()`."""

    rewards = BeforeReset()
    terminations = BeforeReset()
    truncations = BeforeReset()
    infos = BeforeReset()
    agent_selection = BeforeReset()
    _cumulative_rewards = BeforeReset()
    _trackers = BeforeReset("observe cannot be called before reset")

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__(game, render_mode=render_mode, **options)
        self._reset_yet = False

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._reset_yet = True
        super().reset(seed, options)

    def render(self) -> str | np.ndarray | None:
        if not self._reset_yet:
            raise AttributeError("render cannot be called before reset")
        return super().render()

    def step(self, action: int | None) -> None:
        if not self._reset_yet:
            raise AttributeError("step cannot be called before reset")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            assert action is None, "the game is over for this agent: step(None)"
            self._was_dead_step(action)
            return
        assert isinstance(action, INTEGERS) and 0 <= action < self._count, \
            f"action {action!r} is outside the action space"
        assert self.game_state is not None  # reset() made it
        try:
            self.game_state.play(self.numbering.actions[action])
        except IllegalAction:
            pass
        else:
            self._settle()
            return
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()
