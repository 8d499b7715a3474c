"""Speed of the copies bots make: `clone()` and `determinize()` of every game, in microseconds.

    python bench/copies.py                 # every game
    python bench/copies.py --games tic-toc --count 20000

Per game, on positions taken from random games (a few moves in, mid-game and late), the best of
`--repeats` runs of `--count` copies each: MCTS clones once per iteration and information-set MCTS
determinizes once per iteration, so these two are the hot path of every search bot.
"""

from __future__ import annotations

import argparse
import random
import time

import tictac_nb


def sample_positions(name: str, count: int = 12) -> list:
    """`count` positions of random games of `name`, spread from the opening to the end."""
    rng = random.Random(7)
    found = []
    for seed in range(count):
        state = tictac_nb.new_game(name, seed=seed)
        stop = rng.randrange(40)
        while state.outcome is None and len(state.history) < stop:
            state.play(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def us_per_copy(make, states: list, count: int, repeats: int) -> float:
    best = float("inf")
    per_state = max(1, count // len(states))
    for _ in range(repeats):
        start = time.perf_counter()
        for state in states:
            for _ in range(per_state):
                make(state)
        best = min(best, (time.perf_counter() - start) / (per_state * len(states)))
    return best * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(tictac_nb.GAMES), help="game names (default: all)")
    parser.add_argument("--count", type=int, default=20_000, help="copies per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (the best counts)")
    args = parser.parse_args(argv)
    print(f"{'game':<14}{'clone us':>10}{'determinize us':>16}")
    for name in args.games:
        states = sample_positions(name)
        rng = random.Random(1)
        clone = us_per_copy(lambda s: s.clone(), states, args.count, args.repeats)
        sample = us_per_copy(lambda s, rng=rng: s.determinize(s.to_move, rng), states, args.count, args.repeats)
        print(f"{name:<14}{clone:>10.2f}{sample:>16.2f}")


if __name__ == "__main__":
    main()
