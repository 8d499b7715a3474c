"""The grid family's speed: each workshop variant's lines of code, random moves a second and default bot
milliseconds a move, beside Tic Tac Two's (the anchor) in the same run.

The variants are the workshop notebook's own cells (notebooks/design-your-own.ipynb, the code cells tagged
`variant`), run here as they stand, so the figures are those of the code a student reads. Aims: 50,000 random
moves a second or more, and a default bot's move in 100 ms or less (CPU time: wall time on a busy machine is
longer). Connect Four and a 10 x 10 grid follow, for the default bot's budget on larger grids.
`python bench/grid.py --quick` runs short slices.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmark import best_rate, bot_ms_per_move, kit_playouts

import tictac_nb
from tictac_nb.grid import grid_game

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "design-your-own.ipynb"
TARGET_MOVES = 50_000
TARGET_BOT_MS = 100.0
IMPORTS = "import tictac_nb\nfrom tictac_nb.grid import GridState, grid_game\n"


def code_lines(source: str) -> int:
    """Lines that hold code: not blank, not only a comment, not a docstring's own lines."""
    count, in_doc = 0, False
    for line in source.splitlines():
        text = line.strip()
        if in_doc:
            in_doc = not text.endswith('"""')
        elif text.startswith('"""'):
            in_doc = len(text) < 6 or not text.endswith('"""')
        elif text and not text.startswith("#"):
            count += 1
    return count


def workshop_variants() -> list[tuple[str, int]]:
    """Run the notebook's variant cells; the name each registers and its lines of code, in order."""
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    found: list[tuple[str, int]] = []
    space: dict = {}
    exec(IMPORTS, space)
    for cell in cells:
        if cell["cell_type"] != "code" or "variant" not in cell["metadata"].get("tags", []):
            continue
        source = "".join(cell["source"])
        before = set(tictac_nb.GAMES)
        exec(compile(source, "<variant cell>", "exec"), space)
        found += [(name, code_lines(source)) for name in tictac_nb.GAMES if name not in before]
    return found


def larger_grids() -> list[str]:
    """Two grids larger than the workshop's, for the default bot's budget: Connect Four and 10 x 10, 5 in a row."""
    games = [grid_game("bench-connect-four", "Connect Four (6 x 7)", rows=6, cols=7, k=4, gravity=True),
             grid_game("bench-ten", "10 x 10, 5 in a row", rows=10, cols=10, k=5)]
    return [tictac_nb.register(game).name for game in games]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short slices (a smoke run, rough figures)")
    args = parser.parse_args(argv)
    seconds, repeats, positions, budget = (0.3, 1, 4, 3.0) if args.quick else (1.0, 3, 12, 20.0)
    rows = [("tic-tac-two", None)] + workshop_variants() + [(name, None) for name in larger_grids()]
    print(f"random moves/s: best of {repeats} slices of {seconds:g} s; bot: default bot, mean of up to "
          f"{positions} positions (wall and CPU)")
    print(f"{'game':<26}{'lines':>6}{'moves/s':>11}{'bot ms/move':>13}{'(CPU)':>8}  default bot")
    failures = []
    for name, lines in rows:
        game = tictac_nb.GAMES[name]
        rate = best_rate(lambda game=game: kit_playouts(game, seconds=seconds), repeats)
        ms, cpu, _ = bot_ms_per_move(name, positions, budget)
        bot = game.default_bot(seed=0)
        print(f"{game.title[:25]:<26}{'-' if lines is None else lines:>6}{rate:>11,.0f}{ms:>13.1f}{cpu:>8.1f}  {bot!r}")
        if lines is not None and (rate < TARGET_MOVES or cpu > TARGET_BOT_MS):
            failures.append(game.title)
    verdict = "every variant meets" if not failures else f"{', '.join(failures)} miss"
    print(f"aims: >= {TARGET_MOVES:,} random moves/s and <= {TARGET_BOT_MS:g} ms CPU a bot move: {verdict} them")


if __name__ == "__main__":
    main()
