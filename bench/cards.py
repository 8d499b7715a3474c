"""The card family's speed: random actions a second and the default bot's milliseconds a move of the workshop
deck (notebooks/design-a-card-game.ipynb, its cell tagged `deck`, run as it stands) and two variants of it,
beside Tic Tac Two's (the anchor) in the same run; then the card report's seconds over 500 games of each game
with cards (random play), the games themselves played first.

Aims: 50,000 random actions a second or more, a default bot's move in 100 ms or less (CPU time: wall time on
a busy machine is longer), and a card report over 500 games in 10 s or less.
`python bench/cards.py --quick` runs short slices.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from benchmark import best_rate, bot_ms_per_move, kit_playouts

import tictac_nb
from tictac_nb import lab
from tictac_nb.cards import card_game

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "design-a-card-game.ipynb"
TARGET_MOVES = 50_000
TARGET_BOT_MS = 100.0
TARGET_REPORT_S = 10.0
IMPORTS = "import pandas as pd\nimport tictac_nb\nfrom tictac_nb.cards import card_game\n"


def workshop_deck() -> str:
    """Run the notebook's cell tagged `deck`; the name of the game it registers."""
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    before = set(tictac_nb.GAMES)
    space: dict = {}
    exec(IMPORTS, space)
    for cell in cells:
        if cell["cell_type"] == "code" and "deck" in cell["metadata"].get("tags", []):
            exec(compile("".join(cell["source"]), "<deck cell>", "exec"), space)
    return next(name for name in tictac_nb.GAMES if name not in before)


def variants(name: str) -> list[str]:
    """Two variants of the workshop deck: four players on a 5 x 5 grid, and points with two plays a turn."""
    game = tictac_nb.GAMES[name]
    made = []
    for suffix, title, options in (("4p", "4 players, 5 x 5, 4 in a row", {"players": 4, "rows": 5, "cols": 5, "k": 4}),
                                   ("points", "points, 2 plays a turn", {"win": "points", "plays": 2})):
        deck = [{"name": c.name, "count": c.count, "effect": c.effect, "text": c.text, **dict(c.extra)}
                for c in game.deck.cards]
        made.append(tictac_nb.register(card_game(f"{name}-{suffix}", f"{game.title}: {title}", deck, **options)).name)
    return made


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short slices (a smoke run, rough figures)")
    args = parser.parse_args(argv)
    seconds, repeats, positions, budget, games = (0.3, 1, 4, 3.0, 100) if args.quick else (1.0, 3, 12, 20.0, 500)
    deck = workshop_deck()
    rows = ["tic-tac-two", deck, *variants(deck)]
    print(f"random actions/s: best of {repeats} slices of {seconds:g} s; bot: default bot, mean of up to "
          f"{positions} positions (wall and CPU)")
    print(f"{'game':<44}{'actions/s':>11}{'bot ms/move':>13}{'(CPU)':>8}  default bot")
    failures = []
    for name in rows:
        game = tictac_nb.GAMES[name]
        rate = best_rate(lambda game=game: kit_playouts(game, seconds=seconds), repeats)
        ms, cpu, _ = bot_ms_per_move(name, positions, budget)
        print(f"{game.title[:43]:<44}{rate:>11,.0f}{ms:>13.1f}{cpu:>8.1f}  {game.default_bot(seed=0)!r}")
        if name != "tic-tac-two" and (rate < TARGET_MOVES or cpu > TARGET_BOT_MS):
            failures.append(game.title)
    print(f"\ncard report over {games} games of random play (the games played first, timed apart):")
    print(f"{'game':<44}{'play s':>9}{'report s':>10}{'cards':>7}")
    for name in (deck, "tic-toc", "tic-tac-ko", "tic-tac-trek"):
        start = time.perf_counter()
        results = lab.play_games(name, games, progress=False)
        played = time.perf_counter() - start
        start = time.perf_counter()
        report = lab.card_report(results)
        seconds_taken = time.perf_counter() - start
        print(f"{tictac_nb.GAMES[name].title[:43]:<44}{played:>9.2f}{seconds_taken:>10.2f}{len(report):>7}")
        if seconds_taken > TARGET_REPORT_S * games / 500:
            failures.append(f"{name} card report")
    verdict = "every one meets" if not failures else f"{', '.join(failures)} miss"
    print(f"aims: >= {TARGET_MOVES:,} random actions/s, <= {TARGET_BOT_MS:g} ms CPU a bot move, a card report of "
          f"500 games in <= {TARGET_REPORT_S:g} s: {verdict} them")


if __name__ == "__main__":
    main()
