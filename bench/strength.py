"""How much stronger MCTS is than random play: MCTS in each seat in turn, random bots in the others.

    python bench/strength.py                         # tic-tac-two, 200 games per seat
    python bench/strength.py --game tyc --games 300 --iterations 200 --workers 2

Games run through the design lab's sweep (a local process pool), seeded: the same command prints the
same figures. Each line gives MCTS's wins, draws (no winner, turn caps included), shared wins and losses.
"""

from __future__ import annotations

import argparse
import time

import tictac_nb
from tictac_nb import lab


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tic-tac-two", choices=list(tictac_nb.GAMES))
    parser.add_argument("--games", type=int, default=200, help="games per seat (default 200)")
    parser.add_argument("--iterations", type=int, default=500, help="MCTS iterations per move (default 500)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    state = tictac_nb.new_game(args.game, seed=args.seed)
    seats = range(state.num_players)
    mcts = f"mcts:{args.iterations}"
    variants = [lab.Variant(args.game, {}, {seat: mcts}, label=f"MCTS as {state.player_name(seat)}")
                for seat in seats]
    start = time.perf_counter()
    results = lab.sweep(variants, args.games, seed=args.seed, workers=args.workers, progress=False)
    elapsed = time.perf_counter() - start
    print(f"{tictac_nb.GAMES[args.game].title}: MCTSBot({args.iterations}) against random play, {args.games} games "
          f"per seat, seeds {args.seed}..{args.seed + args.games - 1} ({elapsed:.0f} s)")
    for seat, variant in zip(seats, variants, strict=True):
        games = results[results["variant"] == variant.name]
        wins = int((games["winner"] == seat).sum())
        shared = int(games["winners"].map(lambda w, seat=seat: len(w) > 1 and seat in w).sum())
        draws = int(games["winners"].map(len).eq(0).sum())
        losses = len(games) - wins - shared - draws
        n = len(games)
        print(f"  {variant.name:<22} wins {wins:>4} ({wins / n:6.1%})   draws {draws:>4} ({draws / n:6.1%})   "
              f"shared {shared:>3}   losses {losses:>4} ({losses / n:6.1%})")


if __name__ == "__main__":
    main()
