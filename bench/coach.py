"""How fast the coach answers, whether its chances mean what they say, and what its design measures say.

    python bench/coach.py                        # every game: times, calibration and noise, then the measures
    python bench/coach.py --game tyc --positions 20 --games 6
    python bench/coach.py --fit                  # fit the calibration anew and write coach/calibration.json
    python bench/coach.py --store-noise          # the noise measured is the one the marks use

Per game: the hint's time (median and 95th percentile over `--positions` positions of default-bot games,
the default bot's budget), the analysis time of one whole default-bot game (at least 60 actions where the
game lasts that long: games are strung together until they reach it, each analysed whole); the calibration:
the coach's chance for every judged move of default-bot games (`--judged` a game, from games the fit never
saw) against how often the mover went on to win, as a reliability table by tenths and a Brier score, raw
and calibrated; the noise: how far 19 moves in 20 differ in their drop (or, as a drop between two moves,
in their chance) between two analyses of the same game; and the coach's measures (`lab.coach_summary`)
over `--games` default-bot games of the rules as printed. Times are wall time on this machine, one process;
the same command plays the same games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import pandas as pd

import tictac_nb
from tictac_nb import coach, lab
from tictac_nb.coach import calibration

ANALYSED_ACTIONS = 60
ENOUGH = 40
"""A tenth holding fewer judged positions than this is too thin to judge the calibration by."""
FIT_SEEDS, TEST_SEEDS = 10_000, 20_000
"""The fit and the measure play different games: the calibration is judged on games it was not fitted to."""


def default_game(name: str, seed: int):
    """A game of `name` played to the end by the default bot in every seat."""
    state = tictac_nb.new_game(name, seed=seed)
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


def judged_positions(name: str, count: int, seed: int, *, twice: bool = False) -> tuple[list, list]:
    """(chance, outcome) for every judged move of default-bot games of `name` until `count` are gathered
    (and at least 20 games); with `twice`, each game analysed again with another seed, and the pairs of
    (chance, best chance) the two analyses gave each move judged in both."""
    points, pairs, game = [], [], 0
    while len(points) < count or game < 20:
        final = default_game(name, seed + game)
        first = coach.analyse(final, seed=seed + game)
        points += [(m.chance, outcome_for(final, m.seat)) for m in first.moves if m.chance is not None]
        if twice:
            again = coach.analyse(final, seed=seed + game + 7_777)
            pairs += [((a.chance, a.best_chance), (b.chance, b.best_chance))
                      for a, b in zip(first.moves, again.moves, strict=True)
                      if a.drop is not None and b.drop is not None]
        game += 1
    return points, pairs


def noise_of(name: str, pairs: list) -> tuple[float, int]:
    """The coach's noise in `name`, and the moves it rests on: 19 moves in 20 analysed twice differ by no
    more than this in their drop, or in a drop between two moves whose chances differ as the played move's
    did (the square root of 2 times that spread: a bot game's moves are mostly the coach's own choice, with
    no drop in either analysis). Chances are taken through the game's calibration, as the marks are."""
    def cal(chance: float) -> float:
        return calibration.calibrate(name, chance)  # type: ignore[return-value]

    def p95(values: list[float]) -> float:
        return sorted(values)[int(0.95 * (len(values) - 1))] if values else 0.0

    drops = [abs(max(0.0, cal(a[1]) - cal(a[0])) - max(0.0, cal(b[1]) - cal(b[0]))) for a, b in pairs]
    chances = [abs(cal(a[0]) - cal(b[0])) for a, b in pairs]
    return max(p95(drops), 2 ** 0.5 * p95(chances)), len(pairs)


def reliability(points: list) -> tuple[pd.DataFrame, float, float]:
    """The table by tenths of the chance (positions, mean chance, how often the mover won, the gap in
    points), the Brier score, and the largest gap among tenths holding `ENOUGH` positions."""
    rows = []
    for tenth in range(10):
        inside = [(c, o) for c, o in points if tenth / 10 <= c < (tenth + 1) / 10 or (tenth == 9 and c >= 1)]
        if not inside:
            continue
        said = statistics.fmean(c for c, _ in inside)
        won = statistics.fmean(o for _, o in inside)
        rows.append({"chance": f"{tenth * 10}-{tenth * 10 + 10}%", "positions": len(inside),
                     "said": round(100 * said, 1), "won": round(100 * won, 1), "gap": round(100 * (won - said), 1)})
    table = pd.DataFrame(rows)
    brier = statistics.fmean((c - o) ** 2 for c, o in points)
    worst = max((abs(r["gap"]) for r in rows if r["positions"] >= ENOUGH), default=0.0)
    return table, brier, worst


def fit_all(names: list[str], count: int) -> None:
    """Fit every game's curve on raw chances, measure its noise through it, and write `calibration.json`."""
    data = dict(calibration.table())
    for name in names:
        with calibration.raw():
            points, pairs = judged_positions(name, count, FIT_SEEDS, twice=True)
        data[name] = {"knots": calibration.fit(points), "positions": len(points)}
        calibration.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        calibration.table.cache_clear()
        noise, moves = noise_of(name, pairs)
        data[name]["noise"] = round(noise, 3)
        calibration.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        calibration.table.cache_clear()
        print(f"{name}: fitted on {len(points)} positions, noise {100 * noise:.1f} points over {moves} moves")


def calibration_report(name: str, count: int) -> float:
    """The reliability table raw and calibrated on games the fit never saw, and the noise measured anew."""
    with calibration.raw():
        raw_points, pairs = judged_positions(name, count, TEST_SEEDS, twice=True)
    points = [(calibration.calibrate(name, c), o) for c, o in raw_points]
    noise, moves = noise_of(name, pairs)
    for label, found in (("raw", raw_points), ("calibrated", points)):
        table, brier, worst = reliability(found)
        print(f"\n{name}, {label}: {len(found)} positions, Brier {brier:.3f}, largest gap {worst:.1f} points "
              f"(tenths of {ENOUGH}+)")
        print(table.to_string(index=False))
    print(f"{name}: noise (95th percentile of {moves} moves analysed twice) {100 * noise:.1f} points; "
          f"stored {100 * calibration.noise(name):.1f}")
    return noise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(tictac_nb.GAMES), help="one game (default: all)")
    parser.add_argument("--positions", type=int, default=20, help="hinted positions per game")
    parser.add_argument("--games", type=int, default=6, help="default-bot games measured per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judged", type=int, default=500, help="judged positions per game for the calibration")
    parser.add_argument("--fit", action="store_true", help="fit the calibration anew (writes calibration.json)")
    parser.add_argument("--store-noise", action="store_true", help="store the noise measured in calibration.json")
    args = parser.parse_args()
    names = [args.game] if args.game else list(tictac_nb.GAMES)
    if args.fit:
        fit_all(names, 2 * args.judged)
    print(f"{'game':14} {'hint median':>12} {'hint p95':>9} {'analysis':>9} {'actions':>8} {'s per 60':>9}")
    for name in names:
        times = sorted(hint_times(name, args.positions, args.seed))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        spent, actions = analysis_time(name, args.seed)
        print(f"{name:14} {1000 * statistics.median(times):9.0f} ms {1000 * p95:6.0f} ms {spent:7.1f} s "
              f"{actions:8d} {60 * spent / actions:7.1f} s")
    measured = {name: calibration_report(name, args.judged) for name in names}
    if args.store_noise:
        data = {name: {**fitted, "noise": round(measured.get(name, fitted["noise"]), 3)}
                for name, fitted in calibration.table().items()}
        calibration.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        calibration.table.cache_clear()
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
