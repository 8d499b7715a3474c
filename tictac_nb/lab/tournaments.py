"""Tournaments: a round robin of bots, with a rating and its uncertainty for each.

    >>> standings = lab.tournament({"mine": my_bot, **lab.builtin_bots("tic-tac-two")}, "tic-tac-two", 20)
    >>> standings.ratings                    # rating ± standard error, wins, draws, losses, forfeits, per seat
    >>> standings.plot()                     # the leaderboard with 95% intervals

Seats are swapped fairly: every group of bots (a pair for two players; every combination for 3 and 4)
plays in every seat order, and each deal (game seed) is played once in every order. Games run on any
`concurrent.futures` executor through the sweep's machinery (`sweeps.run_tasks`), and the same seed
gives the same table on any executor (a bot's time limit aside: wall time is not reproducible).

Ratings are a Bradley-Terry fit on all games at once (not an order-dependent online update), on the
Elo scale (400 points: 10 to 1 odds), centred on the field's mean at 1500. Each game is split into
pairwise results between the seats of different bots: a winner beats a non-winner, and two seats with
the same result (both won, both lost, or no winner: a draw or a turn cap) draw; a draw counts half a
win each way. A game of n players gives each pair a weight of 1/(n - 1), so every game weighs the same
for each bot in it. In Tic Tac K.O.'s team games teammates share their result, so they draw with each
other. A forfeit is personal: the bot at fault loses to every other seat (its teammate included).
A virtual draw of each bot against an average player keeps the ratings of bots that won or lost every
game finite; the standard error comes from the Fisher information of the fit. The fit lives in
`tictac_nb.core.ratings` (plain Python, shared with the arena's ladder); this module makes the tables.
"""

from __future__ import annotations

import functools
import itertools
import math
import secrets
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.bots import RandomBot, default_bot
from ..core.ratings import CENTRE, ELO, PRIOR_GAMES, add_pairs, bradley_terry, elo, result_of, square
from ..core.registry import game_named, new_game
from ..trust import sandbox
from ..trust.entrant import Entrant
from .metrics import seat_names
from .selfplay import MAX_ACTIONS, BotFactory, bot_factory, bot_label, finished_frame, play_game
from .sweeps import chunk_size, run_tasks

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["CENTRE", "CLOCK", "DEFAULT_BOT", "ELO", "PRIOR_GAMES", "Standings", "add_pairs", "bradley_terry",
           "builtin_bots", "pairwise", "play_seating", "ratings", "result_of", "seatings", "tournament"]

DEFAULT_BOT = "default bot"
CLOCK = (1.0, 0.25)
"""A student's bot's chess clock over one game of a tournament, beside the limit of each move: 1 s, and 0.25 s
more after each of its moves (Fischer's increment, so a long game of quick moves, such as the default bot's
Tyc, never runs short). A bot answering just under the move's limit forfeits once it is spent, so a class
tournament of 30 bots on Tic Tac Two stays within about two minutes whatever one bot does (`bench/sandbox.py`
measures it)."""


class Standings(NamedTuple):
    """What a tournament returns: one row per game, and one row per bot (best first)."""

    games: pd.DataFrame
    ratings: pd.DataFrame

    @property
    def seed(self) -> int | None:
        """The tournament's seed: `tournament(..., seed=standings.seed)` deals the same games again."""
        return self.games.attrs.get("seed")

    def output(self, name: str) -> str:
        """What the bot `name` printed over the tournament (cleaned, capped); its prints reach nothing else."""
        if name not in self.ratings.index:
            raise KeyError(f"no bot named {name!r:.60} played in this tournament")
        return self.games.attrs.get("output", {}).get(name, "")

    def plot(self) -> Figure:
        """The leaderboard: each bot's rating with its 95% interval."""
        from .plots import plot_leaderboard

        return plot_leaderboard(self.ratings)


def builtin_bots(game: str, mcts: Sequence[int] = (30, 100, 300)) -> dict[str, Any]:
    """Ready opponents for `game`: RandomBot, MCTSBot at each strength in `mcts`, and the game's own bots, its
    default bot always among them (under its own name, or as "default bot", as the notebooks call it)."""
    rules = game_named(game)
    bots: dict[str, Any] = {"RandomBot": RandomBot}
    bots |= {f"MCTSBot({iterations})": BotFactory("mcts", iterations) for iterations in mcts}
    bots |= dict(rules.bots)
    if rules.default_bot is None:
        bots[DEFAULT_BOT] = functools.partial(default_bot, rules)
    elif rules.default_bot not in rules.bots.values():
        bots[DEFAULT_BOT] = rules.default_bot
    return bots


def seatings(names: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Every seat order of every group of `num_players` different bots, group by group."""
    if len(names) < num_players:
        raise ValueError(f"a {num_players}-player game needs at least {num_players} bots, not {len(names)}: "
                         f"add some of lab.builtin_bots(game)")
    return [order for group in itertools.combinations(names, num_players)
            for order in itertools.permutations(group)]


def play_seating(game: str, options: Mapping[str, Any], entrants: tuple[tuple[str, Any], ...], seeds: list[int],
                 max_actions: int, time_limit: float | None, batch_seed: int = 0,
                 clock: sandbox.Clock = None) -> list[dict[str, Any]]:
    """The games of one seat order (`entrants`: (name, factory) per seat): the unit of work sent out."""
    names = tuple(name for name, _ in entrants)
    rows = []
    for seed in seeds:
        row = play_game(game, seed, options, [factory for _, factory in entrants], max_actions, None, time_limit,
                        batch_seed, clock)
        row["bots"] = " vs ".join(names)
        row["seats"] = names
        rows.append(row)
    return rows


def _entrants(bots: Mapping[str, Any] | Sequence[Any]) -> dict[str, Any]:
    if isinstance(bots, Mapping):
        named = {str(name): bot_factory(spec) for name, spec in bots.items()}
        if len(named) != len(bots):
            raise ValueError("two bots share a name: give each its own")
        return named
    factories = [bot_factory(spec) for spec in bots]
    named = {bot_label(factory): factory for factory in factories}
    if len(named) != len(factories):
        raise ValueError("two bots share a name: pass a dict {name: bot}")
    return named


def tournament(bots: Mapping[str, Any] | Sequence[Any], game: str, games_per_pair: int = 10, *,
               options: Mapping[str, Any] | None = None, seed: int | None = None, executor: Executor | None = None,
               workers: int | None = None, time_limit: float | None = 5.0, clock: sandbox.Clock = CLOCK,
               max_actions: int = MAX_ACTIONS, progress: bool = True) -> Standings:
    """A round robin of `bots` ({name: bot} or a list) at `game` with rule `options`.

    A bot is anything `play_games` takes: a function `my_bot(state) -> action`, an object with
    `choose(state)`, a bot class or factory, "random", "mcts:N" (see `builtin_bots`). Every group of
    bots (a pair with two players) plays `games_per_pair` games, rounded up so that every seat order
    plays each deal once: with 2 players, a pair plays each deal twice, seats swapped; with 3 or 4, in
    all 6 or 24 orders. A bot that raises, answers an illegal action or takes longer than `time_limit`
    seconds for a move (wall time, measured after the move), or a student's bot more than its `clock` over
    a game (`CLOCK`: seconds, or seconds and an increment per move; None: no clock), forfeits that game; the
    tournament goes on. What a student's bot prints is kept for `standings.output(name)`.
    Runs on `executor` like `sweep` (default: a local process pool; `workers=1`: in this process),
    sent out round by round, so an interrupted tournament keeps games of every seat order.

    A student's bot plays from a sandbox of its own (see `tictac_nb.trust.sandbox`). `seed=None` (the default)
    draws a fresh secret seed, printed and kept as `standings.seed`, so that no bot can guess the deals;
    pass it back as `seed=` to deal the same games again.
    """
    if type(games_per_pair) is not int or games_per_pair < 1:
        raise ValueError(f"games_per_pair must be a whole number of 1 or more, not {games_per_pair!r}")
    options = dict(options or {})
    entrants = _entrants(bots)
    drawn = seed is None
    if seed is None:
        seed = secrets.randbits(63)
    players = new_game(game, seed=seed, **options).num_players
    if any(isinstance(factory, Entrant) for factory in entrants.values()):
        sandbox.say_in_process_once()
    if drawn:
        print(f"tournament seed {seed} (drawn at random: pass seed={seed} to deal these games again)")
    orders = seatings(list(entrants), players)
    per_group = math.factorial(players)
    deals = math.ceil(games_per_pair / per_group)
    chunk = chunk_size(deals, executor, workers)
    first_deal = {order: seed + (index // per_group) * deals for index, order in enumerate(orders)}
    tasks = [(game, options, tuple((name, entrants[name]) for name in order),
              [first_deal[order] + deal for deal in range(start, min(start + chunk, deals))], max_actions, time_limit,
              seed, clock)
             for start in range(0, deals, chunk)  # round by round, so an interrupt leaves seats balanced
             for order in orders]
    rows, interrupted = run_tasks(play_seating, tasks, deals * len(orders), f"{game} tournament of {len(entrants)}",
                                  executor, workers, progress)
    position = {order: i for i, order in enumerate(orders)}
    rows.sort(key=lambda row: (position[row["seats"]], row["seed"]))
    games = finished_frame(rows, deals * len(orders), interrupted)
    games.insert(list(games.columns).index("bots") + 1, "seats", [row["seats"] for row in rows])
    games.attrs["seed"] = seed
    table = ratings(games, list(entrants))
    table.attrs["seed"] = seed
    return Standings(games, table)


def pairwise(games: pd.DataFrame, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Weighted pairwise results: `score[i, j]` is what bot i scored against bot j (a win 1, a draw 1/2)
    and `played[i, j]` how much they met, each game of n players weighing 1/(n - 1) per pair."""
    score, played = _pairs(games, names)
    return np.array(score), np.array(played)


def _pairs(games: pd.DataFrame, names: Sequence[str]) -> tuple[list[list[float]], list[list[float]]]:
    """`pairwise` as lists of rows, as `bradley_terry` reads them."""
    index = {name: i for i, name in enumerate(names)}
    score, played = square(len(names)), square(len(names))
    for seats, winners in zip(games["seats"], games["winners"], strict=True):
        add_pairs(score, played, [index[name] for name in seats], winners)
    return score, played


def _result_counts(games: pd.DataFrame, names: Sequence[str]) -> pd.DataFrame:
    counts = {name: dict.fromkeys(("games", "wins", "draws", "losses", "forfeits", "score"), 0.0) for name in names}
    by_seat: dict[str, dict[int, list[float]]] = {name: {} for name in names}
    for seats, winners, shares, forfeit in zip(games["seats"], games["winners"], games["shares"], games["forfeit"],
                                               strict=True):
        for seat, name in enumerate(seats):
            row = counts[name]
            row["games"] += 1
            row[result_of(seat, winners, len(seats))] += 1
            row["forfeits"] += int(not pd.isna(forfeit) and forfeit == seat)
            row["score"] += shares[seat]
            by_seat[name].setdefault(seat, []).append(shares[seat])
    table = pd.DataFrame.from_dict(counts, orient="index")
    table["score"] = table["score"] / table["games"].where(table["games"] > 0)
    seats = seat_names(games) if len(games) else []
    for seat, label in enumerate(seats):
        table[f"score as {label}"] = [float(np.mean(by_seat[name][seat])) if by_seat[name].get(seat) else math.nan
                                      for name in names]
    return table


def ratings(games: pd.DataFrame, names: Sequence[str] | None = None) -> pd.DataFrame:
    """The ratings table of a tournament's games: one row per bot, best first.

    rating (Elo scale, the field's mean at 1500) and error (one standard error, Elo points); games,
    wins, draws, losses (a game without a winner, or won by every seat, is a draw), forfeits, score
    (mean win share: a win 1, shared or drawn games an equal share) and the score in each seat.
    """
    if names is None:
        names = sorted({name for seats in games["seats"] for name in seats})
    names = list(names)
    strength, errors = bradley_terry(*_pairs(games, names))
    table = _result_counts(games, names)
    table.insert(0, "rating", elo(strength))
    table.insert(1, "error", [ELO * error for error in errors])
    for column in ("games", "wins", "draws", "losses", "forfeits"):
        table[column] = table[column].astype("int64")
    table = table.sort_values("rating", ascending=False, kind="stable")
    table.index.name = "bot"
    return table
