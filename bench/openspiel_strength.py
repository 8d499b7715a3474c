"""OpenSpiel's own bots against each game's default bot, through the OpenSpiel adapter, seats swapped.

    python bench/openspiel_strength.py                       # every game, 200 games each, 2 workers
    python bench/openspiel_strength.py --game tyc --games 50 --simulations 100 --minutes 10

OpenSpiel plays with `open_spiel.python.algorithms`: `MCTSBot` where the adapter's game type says
perfect information (Tyc), `ISMCTSBot` (information-set MCTS over the adapter's `resample_from_infostate`, which
is the kit's `determinize`) where it has secrets; both with random-rollout evaluation (one rollout per leaf) and
UCT constant 2. The kit plays `GAMES[name].default_bot`. Game `i` (kit seed `seed + i`) seats OpenSpiel
on side `i % 2` (seat 0 or 1; in Tic Tac K.O., that seat's team: every seat of the team is an OpenSpiel
bot), so each side gets half the games. A win counts 1, a draw, tie or shared win 1/2; the table gives each
score with its 95% interval (Wilson's) and the games it counts.

The games run on a process pool under one time budget (`--minutes`): a game not started when the budget
is spent is not played, and the table says how many were (run one game at a time to give each its own
budget, as the README's figures were made). It needs the `bench`
extra (open-spiel) and numpy.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import tictac_nb

SIMULATIONS = {"tic-tac-two": 1000, "tyc": 200, "tic-tac-trek": 200, "tic-toc": 30, "tic-tac-ko": 30}
"""OpenSpiel's simulations per decision, cut to fit a shared 2-core machine (Python games are slow to search)."""


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a score (wins and half draws) over `games` games; with draws it errs wide,
    since a draw's half point varies less than a win or a loss."""
    if games == 0:
        return 0.0, 1.0
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def side_of(state, seat: int) -> int:
    """The side (0 or 1) a seat plays for: its team where the game has teams, else its seat."""
    team_of = getattr(state, "team_of", None)
    return team_of[seat] if team_of is not None else seat % 2


def openspiel_bot(game, name: str, simulations: int, seed: int):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if game.get_type().information == game.get_type().information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng,
                            solve=False)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng,
                            allow_inconsistent_action_sets=True)


def play(name: str, simulations: int, seed: int, deadline: float) -> dict | None:
    """One game: OpenSpiel on side `seed % 2`. None if the time budget was spent before it began."""
    if time.time() > deadline:
        return None
    from tictac_nb.adapters import openspiel

    game = openspiel.load(name, rng_seed=seed)
    kit_state = tictac_nb.new_game(name, seed=seed)
    state = game.from_kit(kit_state)
    side = seed % 2
    theirs = {seat: openspiel_bot(game, name, simulations, seed * 8 + seat)
              for seat in range(kit_state.num_players) if side_of(kit_state, seat) == side}
    ours = {seat: tictac_nb.GAMES[name].default_bot(seed=seed * 8 + seat)
            for seat in range(kit_state.num_players) if seat not in theirs}
    spent = {True: 0.0, False: 0.0}
    decisions = {True: 0, False: 0}
    while not state.is_terminal():
        seat = state.current_player()
        start = time.process_time()
        if seat in theirs:
            action = theirs[seat].step(state)
        else:
            action = game.numbering.index(ours[seat].choose(state.kit))
        spent[seat in theirs] += time.process_time() - start
        decisions[seat in theirs] += 1
        state.apply_action(action)
    winners = {side_of(kit_state, seat) for seat in state.kit.outcome.winners}
    score = 0.5 if winners in (set(), {0, 1}) else float(side in winners)
    return {"game": name, "seed": seed, "side": side, "score": score, "theirs_s": spent[True],
            "theirs_n": decisions[True], "ours_s": spent[False], "ours_n": decisions[False]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="a game (repeat for several; default: all five)")
    parser.add_argument("--games", type=int, default=200, help="games per game, seats swapped (default 200)")
    parser.add_argument("--simulations", type=int, help="OpenSpiel's simulations per decision (default: per game)")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget for the whole run (default 60)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.game or list(tictac_nb.GAMES)
    deadline = time.time() + 60 * args.minutes
    tasks = [(name, args.simulations or SIMULATIONS[name], args.seed + i) for i in range(args.games) for name in names]
    rows: dict[str, list[dict]] = {name: [] for name in names}
    started = time.time()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play, *task, deadline) for task in tasks]
        for future in as_completed(futures):
            row = future.result()
            if row is not None:
                rows[row["game"]].append(row)
                done = sum(map(len, rows.values()))
                if done % 10 == 0:
                    print(f"  {done} games in {time.time() - started:.0f} s", flush=True)
    print(f"\n{'game':<14}{'OpenSpiel bot':<22}{'games':>6}{'OpenSpiel score (95% interval)':>32}{'as side 0':>11}"
          f"{'as side 1':>11}{'ms/decision OS':>16}{'ms/decision kit':>17}")
    for name in names:
        played = rows[name]
        if not played:
            print(f"{name:<14}no game finished within the budget")
            continue
        information = pyspiel_information(name)
        kind = "MCTSBot" if information == "PERFECT_INFORMATION" else "ISMCTSBot"
        bot = f"{kind}({args.simulations or SIMULATIONS[name]})"
        total = sum(r["score"] for r in played)
        score = total / len(played)
        low, high = wilson(total, len(played))
        per_side = []
        for side in (0, 1):
            mine = [r["score"] for r in played if r["side"] == side]
            per_side.append(f"{100 * sum(mine) / len(mine):.1f}%" if mine else "-")
        theirs = 1000 * sum(r["theirs_s"] for r in played) / max(1, sum(r["theirs_n"] for r in played))
        ours = 1000 * sum(r["ours_s"] for r in played) / max(1, sum(r["ours_n"] for r in played))
        interval = f"{100 * score:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"
        print(f"{name:<14}{bot:<22}{len(played):>6}{interval:>32}{per_side[0]:>11}{per_side[1]:>11}"
              f"{theirs:>16.1f}{ours:>17.1f}")


def pyspiel_information(name: str) -> str:
    from tictac_nb.adapters import openspiel

    return openspiel.load(name).get_type().information.name


if __name__ == "__main__":
    main()
