"""How strong a bot is: MCTS against random play per seat, or one bot against another with seats swapped.

    python bench/strength.py                         # tic-tac-two, MCTS(500) against random, 200 games per seat
    python bench/strength.py --game tyc --games 300 --iterations 200 --workers 2
    python bench/strength.py --game tyc --bot default --against classic --games 200
    python bench/strength.py --game tic-toc --bot default --against random --games 200 --workers 1

Without `--bot`, games run through the design lab's sweep (a local process pool), seeded: the same
command prints the same figures; each line gives MCTS's wins, draws (no winner, turn caps included),
shared wins and losses.

With `--bot`, it is a match: game `i` (seed `seed + i`) seats the bot on side `i % 2` (seat 0 or 1; in a
team game, the team of that seat) and the opponent on the other, so each side gets half the games. A
bot is "default" (the game's `default_bot`), "classic" (`MCTSBot.classic()`, the kit's first default),
"random" (`RandomBot`), "mcts:N" (`MCTSBot(N)`) or the name of one of the game's own bots (`Game.bots`).
The score counts a win 1, a draw or a shared win 1/2; it prints the score per side, the wins, draws
and losses, and the mean milliseconds per decision of each bot.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import tictac_nb
from tictac_nb import MCTSBot, RandomBot, lab


def make_bot(game: str, spec: str, seed: int):
    """A fresh seeded bot from a spec (see the module docstring)."""
    info = tictac_nb.GAMES[game]
    if spec == "default":
        return info.default_bot(seed=seed)
    if spec == "classic":
        return MCTSBot.classic(seed=seed)
    if spec == "random":
        return RandomBot(seed)
    if spec.startswith("mcts:"):
        return MCTSBot(int(spec[5:]), seed=seed)
    if spec in info.bots:
        return info.bots[spec](seed=seed)
    raise SystemExit(f"unknown bot {spec!r} for {game}: default, classic, random, mcts:N or one of {list(info.bots)}")


def side_of(state, seat: int) -> int:
    """The side (0 or 1) a seat plays for: its team where the game has teams, else its seat."""
    team_of = getattr(state, "team_of", None)
    return team_of[seat] if team_of is not None else seat % 2


def play_match_game(game: str, bot: str, against: str, seed: int) -> dict:
    """One game of the match: the bot on side `seed % 2`. Its score, and decision times of both bots."""
    state = tictac_nb.new_game(game, seed=seed)
    side = seed % 2
    players = {seat: make_bot(game, bot if side_of(state, seat) == side else against, seed * 8 + seat)
               for seat in range(state.num_players)}
    spent = {True: 0.0, False: 0.0}
    decisions = {True: 0, False: 0}
    while state.outcome is None:
        mine = side_of(state, state.to_move) == side
        start = time.perf_counter()
        action = players[state.to_move].choose(state)
        spent[mine] += time.perf_counter() - start
        decisions[mine] += 1
        state.play(action)
    winners = {side_of(state, seat) for seat in state.outcome.winners}
    score = 0.5 if winners in (set(), {0, 1}) else float(side in winners)
    return {"seed": seed, "side": side, "score": score, "bot_s": spent[True], "bot_n": decisions[True],
            "other_s": spent[False], "other_n": decisions[False]}


def match(game: str, bot: str, against: str, games: int, seed: int, workers: int | None, report_every: int) -> None:
    start = time.perf_counter()
    seeds = [seed + i for i in range(games)]
    rows = []
    args = ([game] * games, [bot] * games, [against] * games, seeds)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for row in pool.map(play_match_game, *args):
            rows.append(row)
            if report_every and len(rows) % report_every == 0 and len(rows) < games:
                summarize(game, bot, against, rows, time.perf_counter() - start, partial=True)
    summarize(game, bot, against, rows, time.perf_counter() - start)


def summarize(game: str, bot: str, against: str, rows: list[dict], elapsed: float, partial: bool = False) -> None:
    title = tictac_nb.GAMES[game].title
    state = tictac_nb.new_game(game, seed=0)
    n = len(rows)
    score = sum(r["score"] for r in rows)
    wins = sum(r["score"] == 1 for r in rows)
    draws = sum(r["score"] == 0.5 for r in rows)
    bot_ms = 1000 * sum(r["bot_s"] for r in rows) / max(1, sum(r["bot_n"] for r in rows))
    other_ms = 1000 * sum(r["other_s"] for r in rows) / max(1, sum(r["other_n"] for r in rows))
    print(f"{'(so far) ' if partial else ''}{title}: {bot} against {against}, {n} games, seeds from "
          f"{rows[0]['seed'] if rows else 0}, sides swapped ({elapsed:.0f} s)")
    print(f"  score {score:g}/{n} ({score / max(1, n):.1%}): wins {wins}, draws {draws}, losses {n - wins - draws}")
    for side in (0, 1):
        mine = [r for r in rows if r["side"] == side]
        if mine:
            won = sum(r["score"] == 1 for r in mine)
            s = sum(r["score"] for r in mine)
            print(f"  as {state.player_name(side):<12} score {s:g}/{len(mine)} ({s / len(mine):.1%}), "
                  f"wins {won} ({won / len(mine):.1%})")
    print(f"  ms per decision: {bot} {bot_ms:.1f}, {against} {other_ms:.1f}", flush=True)


def against_random(args: argparse.Namespace) -> None:
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tic-tac-two", choices=list(tictac_nb.GAMES))
    parser.add_argument("--games", type=int, default=200, help="games per seat (a match: games in all; default 200)")
    parser.add_argument("--iterations", type=int, default=500, help="MCTS iterations per move (default 500)")
    parser.add_argument("--bot", help="a match: this bot against --against, sides swapped")
    parser.add_argument("--against", default="classic", help="the opponent in a match (default: classic)")
    parser.add_argument("--report-every", type=int, default=20, help="in a match, print the score so far this often")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.bot is None:
        against_random(args)
    else:
        match(args.game, args.bot, args.against, args.games, args.seed, args.workers, args.report_every)


if __name__ == "__main__":
    main()
