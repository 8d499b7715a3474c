"""How long `check_game` takes: on the kit's five games and the workshop's variants (notebooks/design-your-own,
the cells tagged `variant`), wall and CPU seconds, beside the anchor measured in the same run (Tic Tac Two's
random moves a second: a busy machine slows both alike). The aim is a few seconds a game on an idle core.
`python bench/check_game.py --quick` checks two games a variant instead of six.
"""

from __future__ import annotations

import argparse
import time

from benchmark import best_rate, kit_playouts
from grid import workshop_variants

import tictac_nb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two games a variant (the tests' setting)")
    args = parser.parse_args(argv)
    games = 2 if args.quick else 6
    anchor = best_rate(lambda: kit_playouts(tictac_nb.GAMES["tic-tac-two"], seconds=0.5), 3)
    print(f"anchor: Tic Tac Two random play {anchor:,.0f} moves a second; check_game(game, games={games})")
    print(f"{'game':<26}{'wall s':>8}{'CPU s':>8}  verdict")
    names = list(tictac_nb.GAMES)[:5] + [name for name, _ in workshop_variants()]
    for name in names:
        game = tictac_nb.GAMES[name]
        wall, cpu = time.perf_counter(), time.process_time()
        report = tictac_nb.check_game(game, games=games, progress=None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        verdict = "every check passed" if report.ok else f"{len(report.failures)} failed"
        print(f"{game.title[:25]:<26}{wall:>8.2f}{cpu:>8.2f}  {verdict}, {len(report.warnings)} warnings")


if __name__ == "__main__":
    main()
