"""Every game of the kit registered with OpenSpiel (`pyspiel.register_game`), as its own python games are.

    from tictac_nb.adapters import openspiel
    game = pyspiel.load_game("tictac_nb_tic_toc", {"options": '{"players": 3}'})
    state = game.new_initial_state()                         # chance nodes: the deal

Names: `tictac_nb_` and the game's name with `_` for `-` (`tictac_nb_tic_tac_two`, `tictac_nb_tyc`, ...).
Importing this module registers every game of `tictac_nb.GAMES`, and adds `register_game` to the kit's
registration hooks (`tictac_nb.core.registry.HOOKS`), so a game `tictac_nb.register` adds later (a notebook's grid
game) is registered with OpenSpiel too; nothing of OpenSpiel's is replaced. Parameters: `options`, the rule
options as JSON text (default `{}`; `;` may stand for `,`, as `load` writes it, since OpenSpiel splits game
strings at commas); `chance`, `"seed"` (default) or `"exact"`; and `rng_seed` (-1: from
the system), which seeds only `resample_from_infostate`.

Chance (`tictac_nb.adapters.chance`): a game whose seed decides nothing (the grid family) has no chance
node (DETERMINISTIC). Otherwise the state starts at explicit chance nodes (EXPLICIT_STOCHASTIC): with
`chance="seed"`, four nodes of 256 equally likely outcomes, the bytes of the kit's 32-bit seed; with
`chance="exact"`, where the deals can be listed (Tic Tac Two's tile layouts, Tyc's first player), one node
whose outcomes are the deals themselves. Either way the history fixes the game, so states serialize,
pickle and replay (a state made from the kit's by `from_kit`, or by `resample_from_infostate`, whose position
does not follow from its history, carries the kit's state in its pickle instead). A game with nothing hidden
from anyone (Tyc, the grid family) is PERFECT_INFORMATION; the others IMPERFECT_INFORMATION. The seed and
the deal never reach a player's strings or tensors.

Per player: the observation string is the seat's view (`state.view(seat)`) as JSON, its tensor the view
encoded (`tictac_nb.adapters.observations`; for the kit's five made without a view,
`tictac_nb.adapters.incremental`). A state answers `observation_tensor`, `information_state_tensor`,
`legal_actions` and `is_chance_node` in python with what OpenSpiel's C++ side gives (tested), without the
fresh initial state that side builds to size each tensor of a python game. The information state is perfect
recall: everything the seat observed, in order. Its string lists the seat's opening view, then after each
action the seat's own action (if it was the seat's) and what changed in its view (only the parts that
changed); an action that changed nothing the seat sees adds nothing. Its tensor stacks the encoded view after
each of those steps, up to the game's longest game (`Game.move_cap`), where that stays under `TENSOR_LIMIT`
numbers (Tic Tac Two, Tyc, the grid family; the longer games give the string only). An observer without
private information (`IIGObservationType(private_info=NONE)`) sees the onlooker's view. Actions are the fixed
numbering of `tictac_nb.adapters.actions`; returns are the outcome's: the winners share +1 and the others -1
(zero-sum), a draw or a tie 0 each. `resample_from_infostate(player, sampler)` is the kit's
`determinize(player, rng)`, so OpenSpiel's IS-MCTS searches only worlds the player cannot tell from the real
one.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from ..core.engine import Choice, Game, State
from ..core.registry import GAMES, HOOKS
from .actions import game_of, numbering, start_options
from .chance import chance_of, deals, perfect_information
from .incremental import tracker
from .observations import array, encoder
from .pettingzoo import shares

if TYPE_CHECKING:
    from ..core.tracker import Tracker

SEED_NODES = 4
"""Chance nodes of 256 outcomes each whose bytes make the kit's seed, under `chance="seed"`."""
LISTED_FROM = 256
"""A longer tensor (Tyc's, Trek's, K.O.'s) goes to python as a copy of a list its observer keeps per player,
in which only the numbers that changed since that player's last tensor are written: making a float of every
number costs more."""
TENSOR_LIMIT = 2**17
"""The most numbers an information-state tensor may hold (else the game gives its string only)."""


def short_name(game: str | Game) -> str:
    return "tictac_nb_" + game_of(game).name.replace("-", "_")


def seat_range(game: Game) -> tuple[int, int]:
    """The fewest and most players the game's options allow."""
    check = game.options["players"].check if "players" in game.options else None
    if isinstance(check, Choice):
        return min(check.values), max(check.values)
    players = game.start(0, {}).num_players
    return players, players


def game_type(game: Game, options: dict[str, Any], chance: str, recall_tensor: bool) -> pyspiel.GameType:
    fewest, most = seat_range(game)
    information = pyspiel.GameType.Information
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tictac_nb {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.DETERMINISTIC if chance == "none" else mode.EXPLICIT_STOCHASTIC,
        information=(information.PERFECT_INFORMATION if perfect_information(game, options)
                     else information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=recall_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}", "chance": "seed", "rng_seed": -1},
    )


class KitGame(pyspiel.Game):
    """One of the kit's games under fixed rule options, for OpenSpiel."""

    kit: Game

    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        self.kit = GAMES.get(self.kit.name, self.kit)  # a game registered again under its name: the new rules
        text = params.get("options", "{}")
        try:
            options = json.loads(text if "," in text else text.replace(";", ","))
        except (TypeError, ValueError) as error:
            raise ValueError(f"parameter 'options' must be JSON text of rule options, not {text!r}: {error}") from None
        if not isinstance(options, dict):
            raise ValueError(f"parameter 'options' must be a JSON object of rule options, not {text!r}")
        self.numbering = numbering(self.kit, options)
        self.actions = self.numbering.actions
        self.encoder = encoder(self.kit, options)
        self.rule_options = dict(self.numbering.options)
        self.start_options = start_options(self.kit, self.rule_options)
        asked = params.get("chance", "seed")
        if asked not in ("seed", "exact"):
            raise ValueError(f"parameter 'chance' is 'seed' or 'exact', not {asked!r}")
        self.chance = chance_of(self.kit, self.rule_options)
        self.deals: list[dict] = []
        if self.chance != "none" and asked == "exact":
            if self.chance != "listed":
                raise ValueError(f"{self.kit.title}'s deals cannot be listed under these options: use chance='seed'")
            listed = deals(self.kit, self.rule_options)
            assert listed is not None  # chance "listed": the deals are listed
            self.deals = listed
        elif self.chance == "listed":
            self.chance = "seed"
        count = len(self.deals) or 256
        self.outcomes = [(outcome, 1.0 / count) for outcome in range(count)]
        self.chance_actions = list(range(count))
        self._legal: dict[tuple[str, ...], list[int]] = {}
        self.observers: dict[bool, KitObserver] = {}
        self.tracks = self.encoder.tracker is not None
        probe = self.kit.start(0, dict(self.rule_options))
        self.players = probe.num_players
        self.longest = self.kit.move_cap
        self.recall_size = (self.longest + 1) * self.encoder.size
        recall_tensor = self.recall_size <= TENSOR_LIMIT
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.numbering),
            max_chance_outcomes={"none": 0, "seed": 256, "listed": len(self.deals)}[self.chance],
            num_players=probe.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.longest,
        )
        super().__init__(game_type(self.kit, self.rule_options, self.chance, recall_tensor), info, params)
        seed = params.get("rng_seed", -1)
        self.rng = random.Random(None if seed is None or seed < 0 else seed)

    def new_initial_state(self) -> KitState:
        return KitState(self)

    def from_kit(self, kit_state: State) -> KitState:
        """An OpenSpiel state at `kit_state`'s position (its deal already made), for matches against the
        kit's own bots. Its OpenSpiel history holds no chance outcomes, but its information states hold
        everything since `kit_state`'s start; it pickles and serializes with the kit's state in it."""
        state = KitState(self)
        state.kit = kit_state
        return state

    def numbered(self, kit: State) -> list[int]:
        """The numbers of `kit`'s legal actions (a new list), kept per set of legal actions met."""
        legal = tuple(kit.legal_actions())
        found = self._legal.get(legal)
        if found is None:
            found = self.numbering.legal(kit)
            if len(self._legal) < 4096:
                self._legal[legal] = found
        return found[:]

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KitObserver:
        return KitObserver(self, iig_obs_type, params)

    def tensor_of(self, state: KitState, player: int | None, recall: bool) -> list[float]:
        """`player`'s observation (or, with `recall`, information-state) tensor of `state`, by one observer
        kept per kind, as OpenSpiel's C++ side writes it but without the fresh initial state it builds to
        size each tensor it hands out."""
        if player is None:
            player = state.current_player()
        if not 0 <= player < self.players:
            raise pyspiel.SpielError(f"a tensor is a player's, from 0 to {self.players - 1}, not {player}")
        observer = self.observers.get(recall)
        if observer is None:
            kind = pyspiel.IIGObservationType(perfect_recall=True) if recall else None
            observer = self.observers[recall] = KitObserver(self, kind, None)
        observer.set_from(state, player)
        return observer.numbers(player)

    def max_chance_nodes_in_history(self) -> int:
        return {"none": 0, "seed": SEED_NODES, "listed": 1}[self.chance]


class Held:
    """What a `KitState` holds beside OpenSpiel's history: the seed bytes drawn, the kit's state and each
    seat's recall. A clone copies it (with the kit's own fast `clone`); a pickle (what OpenSpiel's
    serialization writes) holds none of it, and the state replays its history instead, unless the kit's
    state does not follow from that history (`derived`: a state made by `from_kit` or
    `resample_from_infostate`), whose pickle holds the kit's state and the recalls themselves."""

    __slots__ = ("ready", "seed_bytes", "kit", "seen", "trackers", "game", "derived")

    def __init__(self, kit: State | None = None, seed_bytes: list[int] | None = None,
                 seen: dict[int, Recall] | None = None, ready: bool = True, game: KitGame | None = None,
                 derived: bool = False) -> None:
        self.game = game  # the state's game, kept here: OpenSpiel's `get_game` is a call into C++ each time
        self.ready = ready
        self.kit = kit
        self.seed_bytes = seed_bytes or []
        self.seen = seen or {}
        self.trackers: dict[int, Tracker] = {}
        self.derived = derived

    def __deepcopy__(self, memo: dict) -> Held:
        copy = Held(None if self.kit is None else self.kit.clone(), self.seed_bytes[:],
                    {key: recall.copy() for key, recall in self.seen.items()}, self.ready, self.game, self.derived)
        copy.trackers = {seat: follow.copy() for seat, follow in self.trackers.items()}
        return copy

    def __reduce__(self) -> tuple:
        if self.derived:
            return Held, (self.kit, None, self.seen, True, None, True)
        return Held, (None, None, None, False)


class KitState(pyspiel.State):
    """A position: at the deal's chance nodes, then the kit's state (`kit`), and each seat's record of what
    it saw (`recall`), kept up to date once asked for."""

    def __init__(self, game: KitGame) -> None:
        super().__init__(game)
        self.held = Held(ready=False, game=game)  # made on first use: OpenSpiel's clones replace it at once

    def game(self) -> KitGame:
        """`get_game()`, kept after the first call."""
        held = self.held
        if held.game is None:
            held.game = self.get_game()
        return held.game

    @property
    def kit(self) -> State | None:
        """The kit's state (None at the deal); a new state starts it, a deserialized one replays its history."""
        held = self.held
        if not held.ready:
            game = self.game()
            start = game.kit.start(0, dict(game.start_options)) if game.chance == "none" else None
            held = self.held = Held(start, game=game)
            for action in self.history():
                self._advance(game, action)
        return held.kit

    @kit.setter
    def kit(self, kit: State | None) -> None:
        self.held = Held(kit, game=self.held.game, derived=True)

    def current_player(self) -> int:
        held = self.held
        kit = held.kit if held.ready else self.kit  # the property, without its call where it is ready
        if kit is None:
            return pyspiel.PlayerId.CHANCE
        if kit.outcome is not None:
            return pyspiel.PlayerId.TERMINAL
        assert kit.to_move is not None  # the game runs
        return kit.to_move

    def _legal_actions(self, player: int) -> list[int]:
        kit = self.kit
        if kit is None or kit.outcome is not None or player != kit.to_move:
            return []
        return self.game().numbered(kit)

    # OpenSpiel's C++ side answers these by asking the state back up to five times (current player, terminal,
    # chance node); a python caller gets the same answers here at once.
    def legal_actions(self, player: int | None = None) -> list[int]:
        held = self.held
        kit = held.kit if held.ready else self.kit  # the property, without its call where it is ready
        if kit is None:
            return self.game().chance_actions[:]
        if kit.outcome is not None:
            return []
        if player is not None and player != kit.to_move:
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        return (held.game or self.game()).numbered(kit)

    def is_chance_node(self) -> bool:
        held = self.held
        return (held.kit if held.ready else self.kit) is None

    def observation_tensor(self, player: int | None = None) -> list[float]:
        held = self.held
        if held.ready and held.kit is not None and player is not None:  # the seat's tracker, straight to its numbers
            follow = held.trackers.get(player)
            if follow is not None:
                follow.update(held.kit)
                return follow.numbers()
            game = held.game
            if game is not None and game.tracks and type(player) is int and 0 <= player < game.players:
                follow = tracker(held.kit, player, game.encoder, listed=True)
                assert follow is not None  # the game tracks: its encoding has a tracker
                held.trackers[player] = follow
                return follow.numbers()
        return self.game().tensor_of(self, player, recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self.game().tensor_of(self, player, recall=True)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.kit is None, "only the deal is a chance node"
        return self.game().outcomes

    def _apply_action(self, action: int) -> None:
        held = self.held
        if not held.ready:
            self.kit  # noqa: B018 (replays the history first)
            held = self.held
        self._advance(held.game or self.game(), action)

    def _advance(self, game: KitGame, action: int) -> None:
        held = self.held
        kit = held.kit
        if kit is None:
            if game.deals:
                held.kit = game.kit.start(0, {**game.rule_options, **game.deals[action]})
                return
            held.seed_bytes.append(action)
            if len(held.seed_bytes) == SEED_NODES:
                held.kit = game.kit.start(int.from_bytes(bytes(held.seed_bytes), "big"), dict(game.start_options))
            return
        mover = kit.to_move
        actions = game.actions
        notation = actions[action] if 0 <= action < len(actions) else game.numbering.action(action)
        kit.play(notation)
        if held.seen:
            for key, recall in held.seen.items():
                if recall.steps == len(kit.history) - 1:
                    recall.add(kit, notation if key == mover else None, None if key < 0 else key)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            deal = self.game().deals
            return f"deal {json.dumps(deal[action], sort_keys=True)}" if deal else f"seed byte {action}"
        return self.game().numbering.action(action)

    def is_terminal(self) -> bool:
        held = self.held
        kit = held.kit if held.ready else self.kit
        return kit is not None and kit.outcome is not None

    def returns(self) -> list[float]:
        if self.kit is None:
            return [0.0] * self.game().num_players()
        return shares(self.kit)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> KitState:
        """A state `player` cannot tell from this one: the kit's `determinize(player, rng)`, with the player's
        own recall (the made-up world's past is no one's)."""
        copy = self.clone()
        if copy.kit is not None:
            kit = self.kit
            assert kit is not None  # the copy's position is this one's
            copy.kit = kit.determinize(player, self.game().rng)
            copy.held.seen = {player: self.recall(player).copy()}
            copy.held.trackers = {}
        return copy

    def recall(self, player: int | None, private: bool = True) -> Recall:
        """What `player` (None: the onlooker) has observed so far, brought up to date."""
        key = player if private and player is not None else -1  # the onlooker's: -1, private or not
        kit = self.kit
        assert kit is not None, "a recall begins once the game is dealt"
        seen = self.held.seen
        found = seen.get(key)
        if found is None or found.steps != len(kit.history):
            found = seen[key] = Recall.replay(kit, player if private else None)
        return found

    def __str__(self) -> str:
        """The whole position, hidden parts included (as OpenSpiel's games print theirs), not any seat's view."""
        if self.kit is None:
            return f"at the deal: {self.held.seed_bytes}"
        return repr(self.kit.key())


def delta(before: Any, after: Any) -> Any:
    """What changed from `before` to `after` (JSON data): a dict of the changed keys or list places, each
    with its delta, or the new value where its shape changed. Equal values give None."""
    if before == after:
        return None
    if type(before) is dict and type(after) is dict and before.keys() == after.keys():
        return {key: delta(before[key], value) for key, value in after.items() if before[key] != value}
    if type(before) is list and type(after) is list and len(before) == len(after):
        return {str(i): delta(old, new) for i, (old, new) in enumerate(zip(before, after, strict=True)) if old != new}
    return {"=": after}


class Recall:
    """One seat's perfect recall: its opening view, then per action that it noticed, its own action (if it
    made it) and the change to its view, as text; with the view at each of those steps."""

    def __init__(self) -> None:
        self.steps = 0
        self.mover: int | None = None
        self.view: dict = {}
        self.texts: list[str] = []
        self.views: list[dict] = []

    @classmethod
    def replay(cls, kit: State, player: int | None) -> Recall:
        """The recall of `kit`'s game from its start; a made-up copy that cannot replay its past (`determinize`
        of another seat's hand) starts the recall at its present position."""
        recall = cls()
        if not kit.replayable:
            recall.open(kit, player)
            recall.steps = len(kit.history)
            return recall
        start = kit.game.start(kit.seed, dict(kit.options))
        recall.open(start, player)
        for action in kit.history:
            own = action if recall.mover == player else None
            start.play(action)
            recall.add(start, own, player)
        return recall

    def open(self, kit: State, player: int | None) -> None:
        self.view = kit.view(player)
        self.texts.append(json.dumps(self.view, sort_keys=True, separators=(",", ":")))
        self.views.append(self.view)
        self.mover = kit.to_move

    def add(self, kit: State, own: str | None, player: int | None) -> None:
        view = kit.view(player)
        change = delta(self.view, view)
        self.steps += 1
        self.mover = kit.to_move
        if change is None and own is None:
            return
        self.texts.append(("" if own is None else f"I play {own}: ")
                          + json.dumps(change, sort_keys=True, separators=(",", ":")))
        self.views.append(view)
        self.view = view

    def copy(self) -> Recall:
        other = Recall()
        other.steps, other.mover, other.view = self.steps, self.mover, self.view
        other.texts, other.views = self.texts[:], self.views[:]
        return other


class KitObserver:
    """OpenSpiel's observer of a kit game: the view of one seat (or the onlooker's) as a tensor and as text,
    or, asked for perfect recall, everything the seat has observed in order."""

    def __init__(self, game: KitGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the kit's observers take no parameters, not {params!r}")
        self.encoder = game.encoder
        self.opening: dict[int, np.ndarray] = {}
        self.kept: dict[int, tuple[np.ndarray, list[float]]] = {}
        self.tracks = game.tracks
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.private = iig_obs_type is None or iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        if self.recall and game.recall_size > TENSOR_LIMIT:
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}
            return
        steps = game.longest + 1 if self.recall else 1
        self.tensor = np.zeros(steps * self.encoder.size, np.float32)
        self.dict = {"views": self.tensor.reshape(steps, self.encoder.size)} if self.recall else {"view": self.tensor}

    def numbers(self, player: int) -> list[float]:
        """The tensor as written for `player`, as a new list of floats (a long one through `listed`)."""
        if self.tensor.size < LISTED_FROM:
            return self.tensor.tolist()
        return self.listed(player)

    def listed(self, player: int) -> list[float]:
        """The tensor as a new list of floats, from the list kept for `player` with the changed numbers written."""
        tensor = self.tensor
        kept = self.kept.get(player)
        if kept is None:
            kept = self.kept[player] = (tensor.copy(), tensor.tolist())
            return kept[1][:]
        last, numbers = kept
        changed = np.flatnonzero(tensor != last)
        if changed.size:
            values = tensor[changed]
            for place, number in zip(changed.tolist(), values.tolist(), strict=True):
                numbers[place] = number
            last[changed] = values
        return numbers[:]

    def set_from(self, state: KitState, player: int) -> None:
        if not state.held.ready and state.move_number() == 0:
            # OpenSpiel sizes every tensor it hands out on a new initial state: its numbers, once per seat
            opening = self.opening.get(player)
            if opening is None:
                self._write(state, player)
                opening = self.opening[player] = self.tensor.copy()
            self.tensor[:] = opening
            return
        self._write(state, player)

    def _write(self, state: KitState, player: int) -> None:
        kit = state.kit
        if kit is None or not self.tensor.size:
            self.tensor.fill(0)
            return
        if not self.recall:
            if self.private and self.tracks:
                trackers = state.held.trackers
                follow = trackers.get(player)
                if follow is None:
                    follow = tracker(kit, player, self.encoder, listed=True)
                    assert follow is not None  # self.tracks: the encoding has a tracker
                    trackers[player] = follow
                else:
                    follow.update(kit)
                self.tensor[:] = follow.store
                return
            self.tensor[:] = array(self.encoder, kit.view(player if self.private else None))
            return
        self.tensor.fill(0)
        rows = self.dict["views"]
        for row, view in zip(rows, state.recall(player, self.private).views, strict=False):
            row[:] = self.encoder.encode(view)

    def string_from(self, state: KitState, player: int) -> str:
        if state.kit is None:
            return "at the deal"
        if not self.recall:
            return json.dumps(state.kit.view(player if self.private else None), sort_keys=True, separators=(",", ":"))
        return "\n".join(state.recall(player, self.private).texts)


def game_class(game: Game) -> type[KitGame]:
    return type(f"{game.name.title().replace('-', '')}Game", (KitGame,), {"kit": game})


def register_game(game: Game) -> str:
    """Register `game` with OpenSpiel if it is not yet; its short name."""
    name = short_name(game)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game, dict(game.check_options({})), chance_of(game, {}), True),
                              game_class(game))
    return name


def register() -> list[str]:
    """Register every game of the kit with OpenSpiel (those not registered yet); their short names."""
    return [register_game(game) for game in GAMES.values()]


def load(game: str, rng_seed: int = -1, chance: str = "seed", **options: Any) -> KitGame:
    """`pyspiel.load_game` of the kit's `game` under rule `options` (registering the games first)."""
    register()
    return pyspiel.load_game(short_name(game), {"options": options_text(options), "chance": chance,
                                                "rng_seed": rng_seed})


def options_text(options: dict[str, Any]) -> str:
    """Rule options as the `options` parameter: JSON with `;` between items, since OpenSpiel splits a game's
    string (`str(game)`, what `serialize_game_and_state` writes) at commas."""
    return json.dumps(options, separators=(";", ":"), default=list)


register()
if register_game not in HOOKS:
    HOOKS.append(register_game)
