"""Speed of every registered game, and the kit against OpenSpiel in the same harness.

    python bench/benchmark.py            # every game, about two minutes
    python bench/benchmark.py --quick    # a smoke run in a few seconds
    python bench/benchmark.py --games tyc tic-toc

Per game, on one core: random-playout moves per second (the loop `legal_actions()` + `random.choice`
+ `play()`, new games included), the default bot's milliseconds per move (`Game.default_bot`, on
positions taken from random games), and the seconds for 1,000 random self-play games, both as that
bare loop and through the design lab (`lab.play_games` with a `RandomBot` per seat, one row per game).
A second table gives the microseconds of a new game and the bots' milliseconds per move, wall and CPU
time (CPU time: the same on a busy machine), the default bot beside `MCTSBot.classic()`.

OpenSpiel (the optional extra `bench`: `pip install "tictac-nb[bench]"`) runs the very same loop
(`legal_actions()` + `random.choice` + `apply_action()`): Tic Tac Two against `tic_tac_toe`, Tyc against
`ultimate_tic_tac_toe`. The two are measured interleaved, 0.3 s of the kit then 0.3 s of OpenSpiel, so
that the load of other processes hits both alike; the ratio is the kit's moves/s over OpenSpiel's, the
median of 7 such rounds (the line shows that round's two rates). A game with a compiled core (`make
speedups`) is measured twice, compiled and on its plain-Python source. Without open_spiel installed, those
lines are skipped with a note. Aims (issues 2, 7 and 13): Tic Tac Two >= 150,000 moves/s; ratios >= 0.5;
1,000 games of each game < 5 s; a default bot's move <= 100 ms. Last, `bench/sandbox.py` measures the
sandbox of students' bots (its cost per decision, a class tournament of 30 bots; `--no-sandbox` skips it).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import tictac_nb
from tictac_nb import Game, MCTSBot, lab
from tictac_nb.core.speedups import compiled, plain_game

OPENSPIEL_PAIRS = {"tic-tac-two": "tic_tac_toe", "tyc": "ultimate_tic_tac_toe"}
TARGET_MOVES = {"tic-tac-two": 150_000}
TARGET_RATIO = 0.5
TARGET_GAMES_SECONDS = 5.0
TARGET_BOT_MS = 100.0
ROUNDS, SLICE = 7, 0.3


# ---- the harness: the same loop for the kit and for OpenSpiel ----------------------------------------
def kit_playouts(name: str | Game, seconds: float = 0.0, games: int = 0) -> tuple[int, int, float]:
    """Random playouts of kit game `name` (or of a `Game`) for `seconds` (or exactly `games` games):
    (moves, games, elapsed)."""
    new_game = (tictac_nb.GAMES[name] if isinstance(name, str) else name).new_game
    choice = random.Random(0).choice
    moves = played = 0
    start = time.perf_counter()
    while True:
        state = new_game(played)
        legal, play = state.legal_actions, state.play
        while state.outcome is None:
            play(choice(legal()))
            moves += 1
        played += 1
        elapsed = time.perf_counter() - start
        if (games and played >= games) or (not games and elapsed >= seconds):
            return moves, played, elapsed


def openspiel_playouts(name: str, seconds: float = 0.0, games: int = 0) -> tuple[int, int, float]:
    """The same loop on OpenSpiel game `name`: (moves, games, elapsed)."""
    import pyspiel

    new_state, choice = pyspiel.load_game(name).new_initial_state, random.Random(0).choice
    moves = played = 0
    start = time.perf_counter()
    while True:
        state = new_state()
        legal, play, over = state.legal_actions, state.apply_action, state.is_terminal
        while not over():
            play(choice(legal()))
            moves += 1
        played += 1
        elapsed = time.perf_counter() - start
        if (games and played >= games) or (not games and elapsed >= seconds):
            return moves, played, elapsed


def best_rate(run: Callable[[], tuple[int, int, float]], repeats: int) -> float:
    """Moves per second: the best of `repeats` runs (the least disturbed by other processes)."""
    return max(moves / elapsed for moves, _, elapsed in (run() for _ in range(repeats)))


def interleaved(name: str | Game, theirs: str, rounds: int = ROUNDS, seconds: float = SLICE
                ) -> tuple[float, float, float]:
    """The kit's and OpenSpiel's moves/s in alternating slices of `seconds`: (kit, OpenSpiel, ratio) of the
    round whose ratio is the median of `rounds`."""
    results = []
    for _ in range(rounds):
        moves, _, elapsed = kit_playouts(name, seconds)
        kit = moves / elapsed
        moves, _, elapsed = openspiel_playouts(theirs, seconds)
        other = moves / elapsed
        results.append((kit / other, kit, other))
    ratio, kit, other = sorted(results)[len(results) // 2]
    return kit, other, ratio


def positions(name: str, count: int) -> list:
    """Positions with a choice, spread through random games (three per game, from its start to its end)."""
    rng = random.Random(1)
    found: list = []
    seed = 0
    while len(found) < count and seed < 50:
        state = tictac_nb.new_game(name, seed=seed)
        line = []
        while state.outcome is None:
            if len(state.legal_actions()) > 1:
                line.append(state.clone())
            state.play(rng.choice(state.legal_actions()))
        step = max(1, len(line) // 3)
        found += line[::step][:3]
        seed += 1
    return found[:count]


def bot_ms_per_move(name: str, count: int, budget: float, make: Callable | None = None) -> tuple[float, float, int]:
    """Mean milliseconds of one decision, wall and CPU, of `make(seed=i)` (default: the game's default bot)
    over positions spread through random games, for at most `budget` seconds."""
    make = make or tictac_nb.GAMES[name].default_bot
    wall, cpu = [], []
    start = time.perf_counter()
    for i, position in enumerate(positions(name, count)):
        bot = make(seed=i)
        t, c = time.perf_counter(), time.thread_time()
        bot.choose(position)
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - t)
        if time.perf_counter() - start > budget:
            break
    if not wall:
        return float("nan"), float("nan"), 0
    return 1000 * statistics.mean(wall), 1000 * statistics.mean(cpu), len(wall)


def mcts_ms_per_move(name: str, count: int, budget: float, iterations: int | None = None) -> tuple[float, int]:
    """Mean milliseconds of one `MCTSBot` decision (the classic one unless `iterations` is given)."""
    def make(seed: int) -> MCTSBot:
        return MCTSBot.classic(seed=seed) if iterations is None else MCTSBot(iterations, seed=seed)

    ms, _, measured = bot_ms_per_move(name, count, budget, make)
    return ms, measured


def new_game_us(name: str, count: int = 20_000) -> float:
    """Microseconds of CPU time per `new_game(name, seed=...)`, the best of three runs."""
    new_game = tictac_nb.new_game
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        for seed in range(count):
            new_game(name, seed=seed)
        best = min(best, time.thread_time() - start)
    return 1e6 * best / count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(tictac_nb.GAMES), help="game names (default: all)")
    parser.add_argument("--seconds", type=float, default=1.5, help="seconds per playout measurement")
    parser.add_argument("--repeats", type=int, default=3, help="playout measurements per game (the best counts)")
    parser.add_argument("--batch", type=int, default=1000, help="games in the self-play timing")
    parser.add_argument("--mcts-positions", type=int, default=8)
    parser.add_argument("--mcts-budget", type=float, default=10.0, help="seconds of MCTS timing per game at most")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: a smoke run")
    parser.add_argument("--no-sandbox", action="store_true", help="skip the sandbox's figures (bench/sandbox.py)")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.repeats, args.batch, args.mcts_positions, args.mcts_budget = 0.1, 1, 20, 1, 1.0
    unknown = [g for g in args.games if g not in tictac_nb.GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the kit has {', '.join(tictac_nb.GAMES)}")

    print(f"tictac_nb {tictac_nb.__version__}: {len(args.games)} games, one core, best of {args.repeats} x "
          f"{args.seconds:g} s playouts; bots: each game's default bot")
    header = (f"{'game':<14}{'moves/s':>11}{'moves/game':>11}{'bot ms/move':>14}"
              f"{f'{args.batch} games, bare loop':>24}{f'{args.batch} games, lab':>18}")
    print(header)
    print("-" * len(header))
    rates: dict[str, float] = {}
    verdicts: list[str] = []
    bots: dict[str, tuple] = {}
    for name in args.games:
        rate = best_rate(lambda name=name: kit_playouts(name, args.seconds), args.repeats)
        rates[name] = rate
        moves, _, bare = kit_playouts(name, games=args.batch)
        start = time.perf_counter()
        lab.play_games(name, args.batch, progress=False)
        through_lab = time.perf_counter() - start
        ms, cpu, measured = bot_ms_per_move(name, args.mcts_positions, args.mcts_budget)
        classic, classic_cpu, _ = bot_ms_per_move(name, args.mcts_positions, args.mcts_budget, MCTSBot.classic)
        bots[name] = (new_game_us(name, 200 if args.quick else 20_000), ms, cpu, classic, classic_cpu)
        print(f"{name:<14}{rate:>11,.0f}{moves / args.batch:>11.1f}{ms:>11.1f} ({measured}){bare:>22.2f} s"
              f"{through_lab:>16.2f} s", flush=True)
        if name in TARGET_MOVES:
            verdicts.append(_verdict(f"{name} moves/s >= {TARGET_MOVES[name]:,}", rate >= TARGET_MOVES[name]))
        verdicts.append(_verdict(f"{name}: {args.batch} games < {TARGET_GAMES_SECONDS:g} s (bare loop {bare:.2f} s, "
                                 f"lab {through_lab:.2f} s)", max(bare, through_lab) < TARGET_GAMES_SECONDS))
        verdicts.append(_verdict(f"{name}: default bot <= {TARGET_BOT_MS:g} ms a move (CPU {cpu:.1f} ms)",
                                 cpu <= TARGET_BOT_MS))

    print()
    print(f"  {'game':<14}{'new game us':>12}{'default bot':>31}{'ms/move (CPU)':>15}{'classic ms/move (CPU)':>23}")
    for name, (us, ms, cpu, classic, classic_cpu) in bots.items():
        print(f"  {name:<14}{us:>12.2f}{tictac_nb.GAMES[name].default_bot(seed=0)!r:>31}{ms:>8.1f} ({cpu:.1f})"
              f"{classic:>14.1f} ({classic_cpu:.1f})")

    print()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel comparison skipped: open_spiel is not installed (pip install 'tictac-nb[bench]').")
    else:
        rounds, slice_ = (1, 0.05) if args.quick else (ROUNDS, SLICE)
        print(f"interleaved: {rounds} rounds of {slice_:g} s of the kit, then {slice_:g} s of OpenSpiel; "
              f"the median round")
        print(f"{'kit game':<14}{'core':<10}{'OpenSpiel game':<24}{'kit moves/s':>13}{'OpenSpiel moves/s':>19}"
              f"{'ratio':>8}")
        for name, theirs in OPENSPIEL_PAIRS.items():
            if name not in args.games:
                print(f"{name:<14}{'':<10}{theirs:<24}  skipped: {name} is not in this run")
                continue
            game = tictac_nb.GAMES[name]
            runs = [("compiled", game), ("plain", plain_game(game))] if compiled(game) else [("plain", game)]
            for core, runner in runs:
                kit, other, ratio = interleaved(runner, theirs, rounds, slice_)
                print(f"{name:<14}{core:<10}{theirs:<24}{kit:>13,.0f}{other:>19,.0f}{ratio:>8.2f}")
                verdicts.append(_verdict(f"{name} / {theirs} ratio >= {TARGET_RATIO} ({core} core)",
                                         ratio >= TARGET_RATIO))
    if not args.no_sandbox:
        print()
        verdicts += _sandbox_bench().main(["--games", *args.games] + (["--quick"] if args.quick else []))
    print()
    print("aims:")
    for line in verdicts:
        print("  " + line)


def _sandbox_bench():
    spec = importlib.util.spec_from_file_location("bench_sandbox", Path(__file__).with_name("sandbox.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _verdict(text: str, ok: bool) -> str:
    return f"{'met ' if ok else 'MISSED'}  {text}"


if __name__ == "__main__":
    main()
