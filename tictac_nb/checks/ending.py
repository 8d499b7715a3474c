"""Every game ends: played at random within `move_cap` to a proper outcome, checking every step on the way.
The games played here are the lines every other promise visits."""

from __future__ import annotations

import random
import time
from typing import Any

from ..core.engine import IllegalAction, Outcome, State, excerpt
from .run import Broken, Line, OutOfTime, Promise, Run, Spot
from .sentences import raised


def ending(run: Run) -> None:
    """Plays the lines every other check visits: each game to its end, checking every step on the way."""
    game, cap = run.game, run.game.move_cap
    variants = {"as printed": {}, **{name: dict(options) for name, options in game.variants.items()}}
    problem, moves, seconds = None, 0, 0.0
    for variant, options in variants.items():
        for seed in range(run.seed, run.seed + run.games):
            line = Line(variant, options, seed)
            run.lines.append(line)
            run.game_seconds = 0.0
            found = play_line(run, line, cap)
            if len(run.lines) > 1:  # the first game pays for what runs once
                moves, seconds = moves + len(line.moves), seconds + run.game_seconds
                run.slow(moves, seconds)
            problem = problem or found
    if problem:
        raise Broken(problem)


def play_line(run: Run, line: Line, cap: int) -> str | None:
    """Play `line` at random to the end; the first problem met, in a sentence (None if it ended well)."""
    rng = random.Random(line.seed)
    run.at, run.doing = Spot(line, 0), "new_game"
    state = run.game.start(line.seed, dict(line.options))
    try:
        while True:
            run.on_time()
            spot = Spot(line, len(line.moves))
            run.at, run.doing = spot, "legal_actions"
            legal = state.legal_actions()
            if state.outcome is not None:
                line.ended, line.outcome = True, state.outcome
                return proper_end(run, spot, state, legal)
            run.doing = "phase"
            phase = state.phase()
            if phase not in run.game.phases:
                return (f"{spot.where()}: phase() says {excerpt(phase)}, which is not one of the phases the Game "
                        f"declares ({', '.join(map(repr, run.game.phases))}): add it to phases=(...) in the "
                        f"Game, or return one of those")
            if not legal:
                return (f"{spot.where()}: legal_actions() is empty, but the game has no outcome: when nobody can "
                        "move, apply() must end the game (set self.outcome = Outcome(...) and to_move = None)")
            if not (type(state.to_move) is int and 0 <= state.to_move < state.num_players):
                return (f"{spot.where()}: to_move is {excerpt(state.to_move)} while the game runs; it must be "
                        f"the seat to move, 0 to {state.num_players - 1}")
            if len(line.moves) >= cap:
                return (f"{spot.where()}: the game has lasted move_cap ({cap}) actions and has not ended. Either "
                        "the rules never end it (apply() must set self.outcome when the game is over, and a game "
                        "that could go on for ever needs a cap of its own), or real games are this long: then "
                        "declare a larger move_cap in the Game")
            action = rng.choice(legal)
            run.doing = f"play({action!r})"
            started = time.perf_counter()
            try:
                state.play(action)
            except IllegalAction as refused:
                return (f"{spot.where()}: legal_actions() lists {excerpt(action)} but play() refuses it "
                        f"({refused}): is_legal() and legal_actions() must agree, and an action is exactly its "
                        "notation")
            run.game_seconds += time.perf_counter() - started
            line.moves.append(action)
    except OutOfTime:
        raise
    except Exception as error:
        return f"{run.here}, {raised(error, run.doing)}"


def proper_end(run: Run, spot: Spot, state: State, legal: Any) -> str | None:
    outcome, n = state.outcome, state.num_players
    if not isinstance(outcome, Outcome):
        return (f"{spot.where()}: outcome is {excerpt(outcome)}; it must be an Outcome(winners, scores, "
                "reason) from tictac_nb.core.engine")
    if legal:
        return (f"{spot.where()}: the game is over ({outcome.reason}) but legal_actions() still lists "
                f"{excerpt(legal[0])}: it must be empty once self.outcome is set")
    if state.to_move is not None:
        return f"{spot.where()}: the game is over ({outcome.reason}) but to_move is {state.to_move}, not None"
    if type(outcome.reason) is not str or not outcome.reason.strip():
        return f"{spot.where()}: the game ended with no reason: Outcome's reason says how, such as 'X wins'"
    if not all(type(w) is int and 0 <= w < n for w in outcome.winners):
        return (f"{spot.where()}: the winners {excerpt(outcome.winners)} must be seats, whole numbers from 0 "
                f"to {n - 1} (a draw has none)")
    if outcome.scores is not None and len(outcome.scores) != n:
        return f"{spot.where()}: the outcome has {len(outcome.scores)} scores for {n} players: one each, or None"
    return None


GAMES_END = Promise("games end", lambda game: f"every game ends within move_cap ({game.move_cap}) actions with a "
                      "proper outcome", ending)
