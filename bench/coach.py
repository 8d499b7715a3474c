"""How fast the coach answers, and what its design measures say of each game's default rules.

    python bench/coach.py                        # every game: hint and analysis times, then the measures
    python bench/coach.py --game tyc --positions 20 --games 6

Per game: the hint's time (median and 95th percentile over `--positions` positions of default-bot games,
the default bot's budget), the analysis time of one whole default-bot game (at least 60 actions where the
game lasts that long: games are strung together until they reach it, each analysed whole), and the coach's
measures (`lab.coach_summary`) over `--games` default-bot games of the rules as printed. Times are wall
time on this machine, one process; the same command plays the same games.
"""

from __future__ import annotations

import argparse
import statistics
import time

import pandas as pd

import tictac_nb
from tictac_nb import coach, lab

ANALYSED_ACTIONS = 60


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(tictac_nb.GAMES), help="one game (default: all)")
    parser.add_argument("--positions", type=int, default=20, help="hinted positions per game")
    parser.add_argument("--games", type=int, default=6, help="default-bot games measured per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = [args.game] if args.game else list(tictac_nb.GAMES)
    print(f"{'game':14} {'hint median':>12} {'hint p95':>9} {'analysis':>9} {'actions':>8} {'s per 60':>9}")
    for name in names:
        times = sorted(hint_times(name, args.positions, args.seed))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        spent, actions = analysis_time(name, args.seed)
        print(f"{name:14} {1000 * statistics.median(times):9.0f} ms {1000 * p95:6.0f} ms {spent:7.1f} s "
              f"{actions:8d} {60 * spent / actions:7.1f} s")
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
