"""How fast the coach answers, whether its chances mean what they say, and what its design measures say.

    python bench/coach.py                        # every game: times, calibration and noise, then the measures
    python bench/coach.py --game tyc --positions 20 --games 6
    python bench/coach.py --fit                  # fit the calibration anew and write coach/calibration.json
    python bench/coach.py --store-noise          # the noise measured is the one the marks use
    python bench/coach.py --fit --keep /tmp/coach-games   # keep the analysed games: a second run refits in seconds
    python bench/coach.py --fit --game tic-toc --seats 3 4 --keep /tmp/coach-games   # refit two seat counts only
    python bench/coach.py --fit --kind hint --keep /tmp/coach-games   # fit the hints' maps only
    python bench/coach.py --unseen --keep /tmp/coach-games   # judge every stored map on games no fit has seen
    python bench/coach.py --fit --kind hint --judged 3000 --jobs 2 --keep /tmp/coach-games   # in 2 processes
    python bench/coach.py --unseen --kind hint --game tyc --judged-games 1500 --keep /tmp/coach-games   # 1,500 games

Per game: the hint's time (median and 95th percentile over `--positions` positions of default-bot games, the
default bot's budget), the analysis time of one whole default-bot game (at least 60 actions where the game
lasts that long: games are strung together until they reach it, each analysed whole); the calibration, at
every seat count the game allows: the coach's chance for every judged move of default-bot games (two halves of
`--judged` positions and `--judged-games` games or more, each half taken through the map fitted on the other:
judged on games its map never saw) against how often the mover went on to win, as a reliability table by
tenths (with each tenth's 95% interval by games, whether the chance said lies in it, whether it is within 5
points, and how likely a map exactly right would be within 5 points on as few games) and a Brier score, raw
and calibrated; the noise: how far 19 moves in 20 differ in their drop (or, as a drop between two moves, in
their chance) between two analyses of the same game; and the coach's measures (`lab.coach_summary`) over
`--games` default-bot games of the rules as printed. Times are wall time on this machine, one process; the
same command plays the same games, in any number of `--jobs`, and reads the first of them from `--keep`'s
folder where it holds them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from functools import partial
from pathlib import Path

import pandas as pd

import tictac_nb
from tictac_nb import MCTSBot, coach, lab
from tictac_nb.coach import calibration

ANALYSED_ACTIONS = 60
ENOUGH = 40
"""A tenth holding fewer judged positions than this is too thin to judge the calibration by."""
AIM = 5.0
"""How far, in points, a calibrated tenth's chance said may lie from how often its mover won."""
Z95 = 1.96
"""The normal quantile of a 95% interval."""
HALF_SEEDS = (10_000, 20_000)
"""Two halves of different games: the calibration is judged on each half with the map fitted on the other."""
UNSEEN_SEED = 30_000
"""Games from here on are those no fit has seen (the halves' seeds are far below): every stored map is judged
on them last, as a class meets it."""
METHODS = ("raw", "platt", "isotonic", "phased")
"""The maps tried, simplest first (the simpler is kept on a tie)."""
ANALYSIS_MAP = "analysis's map"
"""A hint's map is kept only where it judges held-out hinted games better than the analysis's map, which a
hint without one of its own takes: fitted on hundreds of default-bot games, that map can beat a curve fitted
on fewer hinted ones."""
ISOTONIC_BLOCK = 25
"""The fewest positions an isotonic curve's block holds before pooling."""
FEWEST_GAMES = 20
"""A set of calibration games holds at least this many, however few positions it is asked for."""
ROUND = 8
"""Games each process plays before the games so far are kept: a round waits for its slowest game, so one game
a process would leave a core idle a quarter of the time."""


def default_game(name: str, seed: int, players: int | None = None):
    """A game of `name` played to the end by the default bot in every seat (`players`: None, the default count)."""
    state = tictac_nb.new_game(name, seed=seed, **({} if players is None else {"players": players}))
    bots = [state.game.default_bot(seed=seed * 8 + seat) for seat in range(state.num_players)]
    while state.outcome is None:
        state.play(bots[state.to_move].choose(state))
    return state


def hint_times(name: str, positions: int, seed: int) -> list[float]:
    """Seconds per hint over `positions` positions with a choice, drawn from default-bot games."""
    times: list[float] = []
    game = 0
    while len(times) < positions:
        final = default_game(name, seed + game)
        game += 1
        state = tictac_nb.new_game(name, seed=final.seed)
        for number, action in enumerate(final.history):
            if len(times) >= positions:
                break
            if number % 3 == 0 and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                coach.hint(state, seed=number)
                times.append(time.perf_counter() - start)
            state.play(action)
    return times


def analysis_time(name: str, seed: int) -> tuple[float, int]:
    """Seconds to analyse whole default-bot games adding up to `ANALYSED_ACTIONS` actions (or one game
    longer than that), and the actions analysed."""
    spent, actions, game = 0.0, 0, 0
    while actions < ANALYSED_ACTIONS:
        state = default_game(name, seed + 100 + game)
        game += 1
        start = time.perf_counter()
        coach.analyse(state)
        spent += time.perf_counter() - start
        actions += len(state.history)
    return spent, actions


def outcome_for(final, seat: int) -> float:
    """1 if `seat` (or its team) won, 0 if it lost, an equal share per side for a draw."""
    winners = final.outcome.winners
    if not winners:
        return 1 / len(set(getattr(final, "team_of", range(final.num_players))))
    return 1.0 if seat in winners else 0.0


def judged_game(name: str, number: int, players: int | None = None, twice: bool = False) -> dict:
    """Default-bot game `number` of `name` (with `players`: None, the default count) analysed raw: its seat
    count, the (chance, outcome) of every judged move (`points`), the actions played before each (`played`),
    the game's `length`, and with `twice`, the pairs of (chance, best chance) a second analysis with another
    seed gave each move both analyses gave a drop."""
    with calibration.raw():
        final = default_game(name, number, players)
        first = coach.analyse(final, seed=number)
        again = coach.analyse(final, seed=number + 7_777) if twice else None
    pairs = [((a.chance, a.best_chance), (b.chance, b.best_chance))
             for a, b in zip(first.moves, again.moves, strict=True)
             if a.drop is not None and b.drop is not None] if again else []
    judged = [m for m in first.moves if m.chance is not None]
    return {"players": final.num_players, "pairs": pairs,
            "points": [(m.chance, outcome_for(final, m.seat)) for m in judged],
            "played": [m.number - 1 for m in judged], "length": len(final.history)}


def gathered(play: Callable[[int], dict], count: int, seed: int, found: list[dict] | None = None, jobs: int = 1,
             kept: Callable[[list[dict]], None] | None = None, games: int = FEWEST_GAMES) -> list[dict]:
    """Games `play(number)` for the numbers from `seed` on until `count` judged positions and `games` games
    are gathered: the first of those `found` already (as many as that takes), then played; with `jobs` over 1,
    in as many processes, `ROUND` games each a round, and the same games as one at a time (those played past
    enough are dropped). `kept` is given the games after each round: a long run stopped keeps what it played."""
    found, stored = [], list(found or [])

    def enough() -> bool:
        return sum(len(game["points"]) for game in found) >= count and len(found) >= games

    while stored and not enough():
        found.append(stored.pop(0))
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        while not enough():
            numbers = range(seed + len(found), seed + len(found) + jobs * (ROUND if jobs > 1 else 1))
            for game in pool.map(play, numbers) if pool else map(play, numbers):
                if not enough():
                    found.append(game)
            if kept:
                kept(found)
    return found


def judged_games(name: str, count: int, seed: int, *, players: int | None = None, twice: bool = False,
                 found: list[dict] | None = None, jobs: int = 1, kept: Callable | None = None,
                 games: int = FEWEST_GAMES) -> list[dict]:
    """`judged_game`s of `name` from `seed` on, `gathered` (with `twice`, every other game analysed twice)."""
    return gathered(partial(_judged, name, players, twice, seed), count, seed, found, jobs, kept, games)


def _judged(name: str, players: int | None, twice: bool, seed: int, number: int) -> dict:
    return judged_game(name, number, players, twice and (number - seed) % 2 == 0)


HINTED_SHARE = {"tic-toc": 0.25}
"""The share of its choices the hinted seat asks a hint at, by game (all elsewhere; else it plays its default
bot): a TIC TOC hint plays every move out 24 times where its bot is quick, and every position of a game
shares its outcome, so more games with fewer hints each judge the chance better for the same time."""


def hinted_game(name: str, number: int, players: int | None = None) -> dict:
    """Game `number` of `name` (with `players`: None, the default count) in which one seat (the game's number
    modulo the seats) plays the coach's hint at its choices (`HINTED_SHARE` of them) and the others their
    default bot: its seat count, the (raw chance the hint stated, outcome) of every hint (`points`), the
    actions played before each (`played`) and the game's `length`. This is a student playing the bot with the
    coach at their side, and the chance a hint states is judged by how often its seat then won."""
    state = tictac_nb.new_game(name, seed=number, **({} if players is None else {"players": players}))
    hinted = number % state.num_players
    bots = [state.game.default_bot(seed=number * 8 + seat) for seat in range(state.num_players)]
    asks, stated = random.Random(number), []
    while state.outcome is None:
        if state.to_move == hinted and len(state.legal_actions()) > 1 and \
                asks.random() < HINTED_SHARE.get(name, 1.0):
            with calibration.raw():
                hint = coach.hint(state, seed=number * 1_000 + len(state.history))
            if hint.chance is not None:
                stated.append((hint.chance, len(state.history)))
            state.play(hint.best)
        else:
            state.play(bots[state.to_move].choose(state))
    won = outcome_for(state, hinted)
    return {"players": state.num_players, "points": [(chance, won) for chance, _ in stated],
            "played": [before for _, before in stated], "length": len(state.history)}


def hinted_games(name: str, count: int, seed: int, *, players: int | None = None,
                 found: list[dict] | None = None, jobs: int = 1, kept: Callable | None = None,
                 games: int = FEWEST_GAMES) -> list[dict]:
    """`hinted_game`s of `name` from `seed` on, `gathered`."""
    return gathered(partial(hinted_game, name, players=players), count, seed, found, jobs, kept, games)


def hints_state_chances(name: str) -> bool:
    """Whether the hints of `name` state a chance: a search's (`MCTSBot`), or a heuristic bot's trial games
    (the game's `coach_playouts.hint`); K.O.'s state none."""
    game = tictac_nb.GAMES[name]
    return bool(game.coach_playouts.hint) or isinstance(game.default_bot(seed=0), MCTSBot)


KINDS = {"analysis": judged_games, "hint": hinted_games}
"""How the games behind each kind of chance (`calibration.KINDS`) are played and judged."""


def played(name: str, count: int, store: str | None, seed: int, players: int, twice: bool,
           kind: str = "analysis", jobs: int = 1, games: int = FEWEST_GAMES) -> list[dict]:
    """The games behind `kind` chances at `players` seats from `seed` on, `count` judged positions and `games`
    games or more: read from `store` (a folder `--keep` wrote) where it holds them, else played in `jobs`
    processes (more played after them where it holds too few), and kept there as they are played when
    `store` is given."""
    path = Path(store) / f"{name}-{players}-{seed}{'' if kind == 'analysis' else '-' + kind}.json" if store else None
    stored = json.loads(path.read_text(encoding="utf-8")) if path and path.exists() else []

    def kept(games: list[dict]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_suffix(".tmp").write_text(json.dumps(games), encoding="utf-8")
        path.with_suffix(".tmp").replace(path)

    default = tictac_nb.new_game(name, seed=0).num_players
    extra = {"twice": twice} if kind == "analysis" else {}
    return KINDS[kind](name, count, seed, players=None if players == default else players, found=stored,
                       jobs=jobs, kept=kept if path else None, games=games, **extra)


UNPHASED = "games kept before the bench recorded the actions played before each move: a phased map cannot read them"


def points_of(games: list[dict]) -> list[tuple[float, float]]:
    return [tuple(point) for game in games for point in game["points"]]  # type: ignore[misc]


def moves_of(game: dict) -> list[tuple[float, float, int | None]]:
    """A game's judged moves as (chance, outcome, actions played before it: None where not kept)."""
    played = game.get("played") or [None] * len(game["points"])
    return [(chance, outcome, before) for (chance, outcome), before in zip(game["points"], played, strict=True)]


def pairs_of(game: dict) -> list[tuple]:
    """A game's moves analysed twice as (first, second, actions played before it: None where not known). The
    pairs are the judged moves both analyses gave a drop, in order, so where there are as many pairs as judged
    moves they are those moves and share their `played`."""
    moves = moves_of(game)
    played = [p for _, _, p in moves] if len(moves) == len(game["pairs"]) else [None] * len(game["pairs"])
    return [(first, second, before) for (first, second), before in zip(game["pairs"], played, strict=True)]


def calibrated(fit: dict, chance: float, played: int | None) -> float:
    """`chance` through `fit` (none: raw) at `played` actions into the game; a phased map refuses a move whose
    `played` is not known."""
    if played is None and fit.get("phased"):
        raise ValueError(UNPHASED)
    return calibration.apply(fit, chance, played or 0)


def judged_points(halves: tuple[list[dict], list[dict]], fits: tuple[dict, dict] = ({}, {})) -> list[tuple]:
    """Every `(chance, outcome, game)` of both halves, each half's chances through its fit (none: raw)."""
    return [(calibrated(fit, chance, played), outcome, (half, number))
            for half, (games, fit) in enumerate(zip(halves, fits, strict=True))
            for number, game in enumerate(games) for chance, outcome, played in moves_of(game)]


def noise_of(name: str, games: list[dict]) -> tuple[float, int]:
    """The coach's noise in `name`, and the moves it rests on: 19 moves in 20 analysed twice differ by no
    more than this in their drop, or in a drop between two moves whose chances differ as the played move's
    did (the square root of 2 times that spread: a bot game's moves are mostly the coach's own choice, with
    no drop in either analysis). Chances are taken through the calibration of each game's seat count, as
    the marks are."""
    def p95(values: list[float]) -> float:
        return sorted(values)[int(0.95 * (len(values) - 1))] if values else 0.0

    drops, chances = [], []
    for game in games:
        fit = calibration.fitted(name, game["players"]) or {}
        for a, b, played in pairs_of(game):
            (a0, a1), (b0, b1) = [[calibrated(fit, chance, played) for chance in pair] for pair in (a, b)]
            drops.append(abs(max(0.0, a1 - a0) - max(0.0, b1 - b0)))
            chances.append(abs(a0 - b0))
    return max(p95(drops), 2 ** 0.5 * p95(chances)), len(drops)


def by_games(inside: list[tuple[float, float, object]], won: float) -> tuple[float, float]:
    """The 95% interval of a frequency `won` over positions grouped by the game they come from: every position
    of a game shares its outcome, so a game, not a position, is one draw (a cluster-robust interval; with one
    position a game it is the usual normal one)."""
    residual: dict[object, float] = {}
    for _, outcome, game in inside:
        residual[game] = residual.get(game, 0.0) + outcome - won
    half = Z95 * sum(r * r for r in residual.values()) ** 0.5 / len(inside)
    return won - half, won + half


def within_by_chance(low: float, high: float) -> float:
    """How likely a tenth whose 95% interval by games runs from `low` to `high` lands within `AIM` points of
    a chance said that is exactly right: the games' own spread alone moves its frequency that far."""
    spread = (high - low) / (2 * Z95)
    return 2 * statistics.NormalDist().cdf(AIM / 100 / spread) - 1 if spread > 0 else 1.0


def reliability(points: list[tuple[float, float, object]]) -> tuple[pd.DataFrame, float, float]:
    """The table by tenths of the chance said, over `(chance, outcome, game)` points: positions and the games
    they come from, mean chance said, how often the mover won with its 95% interval by games, the gap in
    points, whether the chance said lies inside that interval, whether the gap is within 5 points, and how
    likely a map exactly right would be within 5 points there (`within_by_chance`, in percent); the Brier
    score; and the largest gap among tenths holding `ENOUGH` positions."""
    rows = []
    for tenth in range(10):
        inside = [p for p in points if tenth / 10 <= p[0] < (tenth + 1) / 10 or (tenth == 9 and p[0] >= 1)]
        if not inside:
            continue
        said = statistics.fmean(c for c, _, _ in inside)
        won = statistics.fmean(o for _, o, _ in inside)
        low, high = by_games(inside, won)
        enough = len(inside) >= ENOUGH
        rows.append({"chance": f"{tenth * 10}-{tenth * 10 + 10}%", "positions": len(inside),
                     "games": len({g for _, _, g in inside}), "said": round(100 * said, 1), "won": round(100 * won, 1),
                     "95% interval": f"{max(0.0, 100 * low):.0f}-{min(100.0, 100 * high):.0f}",
                     "gap": round(100 * (won - said), 1),
                     "in interval": ("yes" if low <= said <= high else "no") if enough else "-",
                     f"within {AIM:g}": ("yes" if abs(won - said) <= AIM / 100 else "no") if enough else "-",
                     f"exact map within {AIM:g}": round(100 * within_by_chance(low, high), 1) if enough else None})
    table = pd.DataFrame(rows)
    worst = max((abs(r["gap"]) for r in rows if r["positions"] >= ENOUGH), default=0.0)
    return table, brier(points), worst


def meets_by_chance(table: pd.DataFrame) -> float:
    """How likely a map exactly right would meet the aim in every tenth of `ENOUGH` positions or more of a
    `reliability` table: the product of its tenths' `within_by_chance` (taken as independent, though a game's
    positions fall in several). Where this is low, the games are too few for a miss to show the map wrong."""
    return math.prod(share / 100 for share in table[f"exact map within {AIM:g}"].dropna())


def halves(name: str, count: int, store: str | None, players: int, kind: str = "analysis", jobs: int = 1,
           games: int = FEWEST_GAMES) -> tuple[list[dict], list[dict]]:
    """Two sets of games behind `kind` chances of `name` at `players` seats, `count` judged positions and
    `games` games or more each, played from different seeds."""
    return tuple(played(name, count, store, seed, players, twice=True, kind=kind, jobs=jobs,  # type: ignore[return-value]
                        games=games) for seed in HALF_SEEDS)


def fitted(method: str, games: list[dict]) -> dict:
    """A fit of `method` (one of `METHODS`; "raw": none) on the judged moves of `games`, as `calibration.json`
    stores it: a phased one with the games' median `length`, its phase read by that."""
    if method == "platt":
        return {"platt": list(calibration.fit(points_of(games)))}
    if method == "isotonic":
        return {"knots": calibration.isotonic(points_of(games), ISOTONIC_BLOCK)}
    if method == "phased":
        if any(not {"played", "length"} <= game.keys() for game in games):
            raise ValueError(UNPHASED)
        length = statistics.median(game["length"] for game in games)
        moves = [move for game in games for move in moves_of(game)]
        return {"phased": list(calibration.fit_phased([(chance, outcome, calibration.phase(played, length))
                                                       for chance, outcome, played in moves])),
                "length": length}
    return {}


def cross_fitted(first: list[dict], second: list[dict], method: str) -> list[tuple]:
    """Each half's (chance, outcome, game) with its chance taken through the map of `method` fitted on the
    other half."""
    return judged_points((first, second), (fitted(method, second), fitted(method, first)))


def brier(points: list[tuple]) -> float:
    return statistics.fmean((c - o) ** 2 for c, o, *_ in points)


def held_out(first: list[dict], second: list[dict], fixed: dict[str, dict] | None = None
             ) -> dict[str, tuple[pd.DataFrame, float, float, int]]:
    """Each map of `fixed` (by name: fitted on other games, judged on both halves as it is), then each method
    judged on games its map never saw (each half through the map fitted on the other): its `reliability`
    (table, Brier score, largest gap) and the positions judged."""
    found = {}
    for method, fit in (fixed or {}).items():
        points = judged_points((first, second), (fit, fit))
        found[method] = (*reliability(points), len(points))
    for method in METHODS:
        points = cross_fitted(first, second, method)
        found[method] = (*reliability(points), len(points))
    return found


def scores_of(judged: dict[str, tuple[pd.DataFrame, float, float, int]]) -> dict[str, dict[str, float]]:
    """Each method's held-out Brier score, largest gap in points and tenths whose chance said lies outside their
    95% interval by games (of the tenths of `ENOUGH` positions or more)."""
    return {method: {"brier": round(score, 4), "largest gap": round(worst, 1),
                     "outside": int((table["in interval"] == "no").sum())}
            for method, (table, score, worst, _) in judged.items()}


def chosen(scores: dict[str, dict[str, float]]) -> str:
    """The method kept: the sharpest of the calibrated, as a forecast is judged (Gneiting, Balabdaoui and
    Raftery 2007: sharpness subject to calibration). Of the maps whose held-out chance lies inside every judged
    tenth's 95% interval, the best by Brier; where none does, of those within `AIM` points in every tenth, the
    best by Brier; where none is, the best by Brier (the earlier in `scores`, the simpler, on a tie).
    A gap inside its interval is what the games' spread gives a map exactly right; a gap outside it, however
    small, is the map's own. So on 11,000 hinted games of TIC TOC with 4 players, the phased curve, 5.0 points
    off at most and Brier 0.1731, lay outside its interval in 3 tenths (under 10%, 2.9 points low on 5,301
    positions) where the isotonic curve (5.2 points off on 457, Brier 0.1732) lay inside it in every one: the
    isotonic curve is kept. Brier alone can prefer a map that leaves a tenth off: on 585 games of K.O. with 3 players
    the isotonic curve's was 0.2128 against the phased map's 0.2129, and it left 0-10% 7.5 points off."""
    order = list(scores)
    calibrated = [method for method in order if scores[method]["outside"] == 0]
    within = calibrated or [method for method in order if scores[method]["largest gap"] <= AIM] or order
    return min(within, key=lambda method: (scores[method]["brier"], order.index(method)))


def store_fit(name: str, fits: dict, noise: float | None = None, kind: str = "analysis") -> None:
    """`name`'s maps of `kind` (and its noise, where given) written into `calibration.json`, the rest as the
    file holds it now (another run may have refitted it meanwhile)."""
    calibration.table.cache_clear()
    entry = {**calibration.table().get(name, {}), calibration.KINDS[kind]: fits}
    data = {**calibration.table(), name: entry if noise is None else {**entry, "noise": noise}}
    calibration.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    calibration.table.cache_clear()


def seat_counts(name: str, seats: list[int] | None) -> list[int]:
    """The seat counts of `name` to fit or judge: those of `seats` it allows (None: every one it allows)."""
    return [n for n in tictac_nb.GAMES[name].players if seats is None or n in seats]


def every_seat_count(name: str, seats: list[int] | None) -> bool:
    """Whether `seats` holds every seat count `name` allows: only a noise measured over them all is the game's."""
    return seat_counts(name, seats) == seat_counts(name, None)


def stored_noise(name: str) -> str:
    return f"the stored {100 * calibration.noise(name):.1f}"


def measured_noise(name: str, games: list[dict]) -> tuple[float, int] | None:
    """`noise_of` `games`, or None, said so, where none of them was analysed twice: nothing measures it then."""
    noise, moves = noise_of(name, games)
    if not moves:
        print(f"{name}: no game here was analysed twice, so the noise is not measured; {stored_noise(name)} is kept")
        return None
    return noise, moves


def fit_all(names: list[str], count: int, store: str | None, seats: list[int] | None, kind: str = "analysis",
            jobs: int = 1, games: int = FEWEST_GAMES) -> None:
    """Fit every game's map of `kind` at every seat count it allows (or those of `seats`; the others keep their
    stored maps) on the raw chances of both halves, by the method `chosen` by how its maps fitted on each half
    judge the other, and write `calibration.json`; for the analysis, measure its noise through the maps too
    (stored only where every seat count was fitted, the noise being the game's, and where some of the games
    were analysed twice: with none, there is nothing to measure it by)."""
    for name in names:
        if kind == "hint" and not hints_state_chances(name):
            print(f"{name}: its hints state no chance: nothing to fit")
            continue
        fits, fitted_on = dict(calibration.table().get(name, {}).get(calibration.KINDS[kind], {})), []
        for players in seat_counts(name, seats):
            first, second = halves(name, count, store, players, kind, jobs, games)
            fixed = {ANALYSIS_MAP: calibration.fitted(name, players) or {}} if kind == "hint" else None
            scores = scores_of(held_out(first, second, fixed))
            method = chosen(scores)
            points = points_of(first + second)
            if method == ANALYSIS_MAP:
                fits.pop(str(players), None)
                print(f"{name}, {players} players, {kind}: the analysis's map, judged on {len(points)} positions "
                      f"of {len(first) + len(second)} games, is kept (held-out {scores})")
                continue
            fits[str(players)] = {"method": method, **fitted(method, first + second), "positions": len(points),
                                  "games": len(first) + len(second),
                                  "held-out brier": {m: score["brier"] for m, score in scores.items()},
                                  "held-out largest gap": {m: score["largest gap"] for m, score in scores.items()},
                                  "held-out outside": {m: score["outside"] for m, score in scores.items()}}
            fitted_on += first + second
            print(f"{name}, {players} players, {kind}: {method} on {len(points)} positions of "
                  f"{len(first) + len(second)} games (held-out {scores})")
        store_fit(name, fits, kind=kind)
        if kind == "hint":
            continue
        measured = measured_noise(name, fitted_on)
        if measured is None:
            continue
        noise, moves = measured
        every = every_seat_count(name, seats)
        if every:
            store_fit(name, fits, round(noise, 3))
        print(f"{name}: noise {100 * noise:.1f} points over {moves} moves" + (
            "" if every else f" of these seat counts only; {stored_noise(name)}, measured over every seat count, "
                             "is kept"))


def calibration_report(name: str, count: int, store: str | None, seats: list[int] | None, jobs: int = 1,
                       games: int = FEWEST_GAMES) -> float | None:
    """Per seat count, the reliability table raw and calibrated on games the map never saw: each half's chances
    through the map of the stored method fitted on the other half (the stored map, fitted on both, is judged
    by these two), with every method's held-out Brier and largest gap; and the noise through the stored maps
    (None where no game was analysed twice)."""
    both = []
    for players in seat_counts(name, seats):
        first, second = halves(name, count, store, players, jobs=jobs, games=games)
        both += first + second
        stored = calibration.fitted(name, players) or {}
        method = stored.get("method", "raw")
        judged = held_out(first, second)
        for label, shown in (("raw", "raw"), (f"{method}, fitted on the other half's games", method)):
            table, score, worst, positions = judged[shown]
            print(f"\n{name}, {players} players, {label}: {positions} positions of {len(first) + len(second)} "
                  f"games, Brier {score:.4f}, largest gap {worst:.1f} points (tenths of {ENOUGH}+; a map exactly "
                  f"right would meet {AIM:g} in all {100 * meets_by_chance(table):.0f}% of the time)")
            print(table.to_string(index=False))
        print(f"{name}, {players} players: held-out by method {scores_of(judged)}; stored: {method}")
    measured = measured_noise(name, both)
    if measured is None:
        return None
    noise, moves = measured
    print(f"{name}: noise (95th percentile of {moves} moves analysed twice) {100 * noise:.1f} points; "
          f"{stored_noise(name)}")
    return noise


def unseen_report(name: str, count: int, store: str | None, seats: list[int] | None, kind: str,
                  jobs: int = 1, games: int = FEWEST_GAMES) -> dict[int, float]:
    """Per seat count, the reliability table of `kind` chances through the stored map on games from
    `UNSEEN_SEED`, which no fit has seen, and the largest gap in tenths of `ENOUGH` positions or more."""
    if kind == "hint" and not hints_state_chances(name):
        print(f"\n{name}: its hints state no chance (\"no chance to win is worked out here\"): nothing to judge")
        return {}
    gaps = {}
    for players in seat_counts(name, seats):
        found = played(name, count, store, UNSEEN_SEED, players, twice=False, kind=kind, jobs=jobs, games=games)
        stored = calibration.fitted(name, players, kind) or {}
        own = calibration.table().get(name, {}).get(calibration.KINDS[kind], {}).get(str(players))
        points = [(calibrated(stored, chance, before), outcome, number) for number, game in enumerate(found)
                  for chance, outcome, before in moves_of(game)]
        table, score, gaps[players] = reliability(points)
        label = stored.get("method", "raw") + ("" if own or not stored else ", the analysis's")
        print(f"\n{name}, {players} players, the {kind}'s chance ({label} map) on "
              f"{len(points)} positions of {len(found)} games no fit has seen: Brier {score:.4f}, largest gap "
              f"{gaps[players]:.1f} points (tenths of {ENOUGH}+); a map exactly right would meet {AIM:g} points "
              f"in every such tenth of these games {100 * meets_by_chance(table):.0f}% of the time")
        print(table.to_string(index=False))
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(tictac_nb.GAMES), help="one game (default: all)")
    parser.add_argument("--positions", type=int, default=20, help="hinted positions per game")
    parser.add_argument("--games", type=int, default=6, help="default-bot games measured per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judged", type=int, default=500, help="judged positions per half for the calibration")
    parser.add_argument("--judged-games", type=int, default=FEWEST_GAMES,
                        help="games per half, and on unseen games, for the calibration (at least; and --judged "
                             "positions)")
    parser.add_argument("--unseen-games", type=int, help="games on unseen seeds (default: --judged-games)")
    parser.add_argument("--fit", action="store_true", help="fit the calibration anew (writes calibration.json)")
    parser.add_argument("--kind", choices=list(calibration.KINDS), nargs="+", default=list(calibration.KINDS),
                        help="the chances to fit and judge: the analysis's (the chart's), the hint's (default: both)")
    parser.add_argument("--unseen", action="store_true",
                        help="only judge the stored maps on games no fit has seen (no times, no measures)")
    parser.add_argument("--store-noise", action="store_true",
                        help="store the noise measured in calibration.json (where measured over every seat count)")
    parser.add_argument("--seats", type=int, nargs="+", help="only these seat counts (default: every one allowed)")
    parser.add_argument("--keep", metavar="FOLDER", help="keep the analysed games here, and reuse those found there")
    parser.add_argument("--jobs", type=int, default=1,
                        help="play the calibration's games in this many processes (the same games as one)")
    parser.add_argument("--no-measures", action="store_true", help="skip the design measures")
    args = parser.parse_args()
    names = [args.game] if args.game else list(tictac_nb.GAMES)
    unseen_games = args.unseen_games or args.judged_games
    if args.fit:
        for kind in args.kind:
            fit_all(names, args.judged, args.keep, args.seats, kind, args.jobs, args.judged_games)
    if args.unseen:
        for name in names:
            for kind in args.kind:
                unseen_report(name, args.judged, args.keep, args.seats, kind, args.jobs, unseen_games)
        return
    print(f"{'game':14} {'hint median':>12} {'hint p95':>9} {'analysis':>9} {'actions':>8} {'s per 60':>9}")
    for name in names:
        times = sorted(hint_times(name, args.positions, args.seed))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        spent, actions = analysis_time(name, args.seed)
        print(f"{name:14} {1000 * statistics.median(times):9.0f} ms {1000 * p95:6.0f} ms {spent:7.1f} s "
              f"{actions:8d} {60 * spent / actions:7.1f} s")
    measured = {name: calibration_report(name, args.judged, args.keep, args.seats, args.jobs, args.judged_games)
                for name in names}
    for name in names:
        for kind in args.kind:
            unseen_report(name, args.judged, args.keep, args.seats, kind, args.jobs, unseen_games)
    if args.store_noise:
        game_wide = {name: noise for name, noise in measured.items()
                     if noise is not None and every_seat_count(name, args.seats)}
        data = {name: {**fitted, "noise": round(game_wide.get(name, fitted["noise"]), 3)}
                for name, fitted in calibration.table().items()}
        calibration.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        calibration.table.cache_clear()
    if args.no_measures:
        return
    print()
    print(f"the coach's measures over {args.games} default-bot games of each game's rules as printed:")
    rows = {}
    for name in names:
        games = [default_game(name, args.seed + 200 + i) for i in range(args.games)]
        start = time.perf_counter()
        summary = lab.coach_summary(games, seed=args.seed)
        rows[name] = {**summary.to_dict(), "seconds": time.perf_counter() - start}
    print(pd.DataFrame(rows).round(3).to_string())


if __name__ == "__main__":
    main()
