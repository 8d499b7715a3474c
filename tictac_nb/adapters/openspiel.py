"""Every game of the kit registered with OpenSpiel (`pyspiel.register_game`), as its own python games are.

    from tictac_nb.adapters import openspiel
    openspiel.register()                                     # once; loading also registers
    game = pyspiel.load_game("tictac_nb_tic_toc", {"options": '{"players": 3}', "rng_seed": 1})
    state = game.new_initial_state()                         # a chance node: the deal

Names: `tictac_nb_` and the game's name with `_` for `-` (`tictac_nb_tic_tac_two`, `tictac_nb_tyc`, ...).
Parameters: `options`, the rule options as JSON text (default `{}`), and `rng_seed` (-1: from the system).

Chance, modelled as the kit has it (SAMPLED_STOCHASTIC, like OpenSpiel's `negotiation`): the kit's states
draw all their chance from their seed (the deal or layout at setup, every later draw from the shuffled
piles). So the initial state is a chance node with one outcome, "deal", whose effect samples the kit's
seed from the game's generator (seeded by `rng_seed`); after it no chance node comes. The seed never
reaches a player: what it decided and nobody has seen stays hidden (tiles, hands, the order of piles and of
Tic Tac Trek's bag). Hence every game is IMPERFECT_INFORMATION but Tyc, where the seed decides only who
starts, which everybody sees at once. (States with a sampled chance node cannot be serialized from their
history, so OpenSpiel's `random_sim_test` runs with `serialize=False`.)

Per player: the observation string is the seat's view (`state.view(seat)`) as JSON, and its tensor the
seat's view encoded (`tictac_nb.adapters.observations`); the information-state string adds the actions the
seat has played, in order, and its tensor adds which actions of the numbering the seat has played. An
observer without private information (`IIGObservationType(private_info=NONE)`) sees the onlooker's view.
Nothing else of the state reaches a player. Actions are the fixed numbering of `tictac_nb.adapters.actions`;
returns are the outcome's: the winners share +1 and the others -1 (zero-sum), a draw or a tie 0 each.
`resample_from_infostate(player, sampler)` is the kit's `determinize(player, rng)`, so OpenSpiel's IS-MCTS
searches only worlds the player cannot tell from the real one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..engine import SEED_LIMIT, Choice, Game, State
from ..grid import GridState
from ..registry import GAMES
from .actions import game_of, numbering
from .observations import encoder
from .pettingzoo import shares

PERFECT_INFORMATION = frozenset({"tyc"})
"""Games whose seed decides nothing that a player does not see at once."""


def short_name(game: str | Game) -> str:
    return "tictac_nb_" + game_of(game).name.replace("-", "_")


def seat_range(game: Game) -> tuple[int, int]:
    """The fewest and most players the game's options allow."""
    check = game.options["players"].check if "players" in game.options else None
    if isinstance(check, Choice):
        return min(check.values), max(check.values)
    players = game.start(0, {}).num_players
    return players, players


def max_game_length(state: State) -> int:
    """An upper bound on the actions of one game under `state`'s options."""
    name, options = state.game.name, state.options
    if name == "tic-tac-two":
        return 10  # nine marks and the one Peek
    if name == "tyc":
        return 81
    if name == "tic-tac-trek":
        return 2 * (sum(options["mix"].values()) - 2)  # a placement and a campfire decision per tile
    if name == "tic-tac-ko":
        return options["action_cap"]
    if name == "tic-toc":
        # Every action but `end` puts a card from hand onto a table or the discard pile, and a turn's cards
        # come from its draw, the market or the discard pile: a turn cannot act more than about three
        # times per card of the deck.
        return options["turn_cap"] * (3 * sum(state.counts) + 3)
    if isinstance(state, GridState) and type(state).after_place is GridState.after_place:
        return len(state.board)  # a mark a square, none ever taken off
    raise ValueError(f"{state.game.title} has no bound on its length (tictac_nb/adapters/openspiel.py)")


def game_type(game: Game) -> pyspiel.GameType:
    fewest, most = seat_range(game)
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tictac_nb {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(information.PERFECT_INFORMATION if game.name in PERFECT_INFORMATION
                     else information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}", "rng_seed": -1},
    )


class KitGame(pyspiel.Game):
    """One of the kit's games under fixed rule options, for OpenSpiel."""

    kit: Game

    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        text = params.get("options", "{}")
        try:
            options = json.loads(text)
        except (TypeError, ValueError) as error:
            raise ValueError(f"parameter 'options' must be JSON text of rule options, not {text!r}: {error}") from None
        if not isinstance(options, dict):
            raise ValueError(f"parameter 'options' must be a JSON object of rule options, not {text!r}")
        self.numbering = numbering(self.kit, options)
        self.encoder = encoder(self.kit, options)
        self.rule_options = dict(self.numbering.options)
        probe = self.kit.start(0, dict(self.rule_options))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.numbering),
            max_chance_outcomes=1,
            num_players=probe.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(probe),
        )
        super().__init__(game_type(self.kit), info, params)
        seed = params.get("rng_seed", -1)
        self.rng = random.Random(None if seed is None or seed < 0 else seed)

    def new_initial_state(self) -> KitState:
        return KitState(self)

    def from_kit(self, kit_state: State) -> KitState:
        """An OpenSpiel state at `kit_state`'s position (its chance node already taken), for matches against
        the kit's own bots; the moves so far count as unknown seats' (they are not in its history)."""
        state = KitState(self)
        state.apply_action(0)
        state.kit = kit_state
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KitObserver:
        return KitObserver(self, iig_obs_type, params)


class KitState(pyspiel.State):
    """A position: before the deal (a chance node), then the kit's state and which seat played what."""

    def __init__(self, game: KitGame) -> None:
        super().__init__(game)
        self.kit: State | None = None
        self.moves: list[tuple[int, str]] = []

    def current_player(self) -> int:
        kit = self.kit
        if kit is None:
            return pyspiel.PlayerId.CHANCE
        if kit.outcome is not None:
            return pyspiel.PlayerId.TERMINAL
        return kit.to_move

    def _legal_actions(self, player: int) -> list[int]:
        kit = self.kit
        if kit is None or kit.outcome is not None or player != kit.to_move:
            return []
        return self.get_game().numbering.legal(kit)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.kit is None, "only the deal is a chance node"
        return [(0, 1.0)]

    def _apply_action(self, action: int) -> None:
        game = self.get_game()
        if self.kit is None:
            self.kit = game.kit.start(game.rng.randrange(SEED_LIMIT), dict(game.rule_options))
            return
        notation = game.numbering.action(action)
        self.moves.append((self.kit.to_move, notation))
        self.kit.play(notation)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal"
        return self.get_game().numbering.action(action)

    def is_terminal(self) -> bool:
        return self.kit is not None and self.kit.outcome is not None

    def returns(self) -> list[float]:
        if self.kit is None:
            return [0.0] * self.get_game().num_players()
        return shares(self.kit)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> KitState:
        """A state `player` cannot tell from this one: the kit's `determinize(player, rng)`."""
        copy = self.clone()
        if copy.kit is not None:
            copy.kit = self.kit.determinize(player, self.get_game().rng)
        return copy

    def __deepcopy__(self, memo: dict) -> KitState:
        copy = self.clone_shell()
        copy.kit = None if self.kit is None else self.kit.clone()
        copy.moves = self.moves[:]
        return copy

    def clone_shell(self) -> KitState:
        return KitState(self.get_game())

    def __str__(self) -> str:
        if self.kit is None:
            return "before the deal"
        return json.dumps({"record": self.kit.record(), "seats": [seat for seat, _ in self.moves]})


class KitObserver:
    """OpenSpiel's observer of a kit game: the view of one seat (or the onlooker's) as a tensor and as text,
    with the seat's own actions when asked for perfect recall."""

    def __init__(self, game: KitGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the kit's observers take no parameters, not {params!r}")
        self.numbering = game.numbering
        self.encoder = game.encoder
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.private = iig_obs_type is None or iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        size = self.encoder.size + (len(self.numbering) if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[:self.encoder.size]}
        if self.recall:
            self.dict["played"] = self.tensor[self.encoder.size:]

    def _view(self, state: KitState, player: int) -> dict | None:
        if state.kit is None:
            return None
        return state.kit.view(player if self.private else None)

    def set_from(self, state: KitState, player: int) -> None:
        self.tensor.fill(0)
        view = self._view(state, player)
        if view is None:
            return
        self.dict["view"][:] = self.encoder.encode(view)
        if self.recall:
            played = self.dict["played"]
            for seat, action in state.moves:
                if seat == player:
                    played[self.numbering.index(action)] = 1.0

    def string_from(self, state: KitState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return "before the deal"
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.recall:
            mine = [action for seat, action in state.moves if seat == player]
            text += " played:" + json.dumps(mine, separators=(",", ":"))
        return text


def game_class(game: Game) -> type[KitGame]:
    return type(f"{game.name.title().replace('-', '')}Game", (KitGame,), {"kit": game})


def register() -> list[str]:
    """Register every game of the kit with OpenSpiel (those not registered yet); their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game in GAMES.values():
        name = short_name(game)
        if name not in known:
            pyspiel.register_game(game_type(game), game_class(game))
        names.append(name)
    return names


def load(game: str, rng_seed: int = -1, **options: Any) -> KitGame:
    """`pyspiel.load_game` of the kit's `game` under rule `options` (registering the games first)."""
    register()
    return pyspiel.load_game(short_name(game), {"options": json.dumps(options, default=list), "rng_seed": rng_seed})


register()
