"""One game between bots, played out to its end, and its result row: the loop the lab's batches, sweeps and
tournaments and the arena's matches all run, with no frame library, so that the room server plays matches too.

Everything goes through the game protocol only (`new_game`, `to_move`, `legal_actions`, `play`, `outcome`,
`current_scores`). Every move is asked through `sandbox.decide`, which holds a bot at fault to a forfeit: a
student's bot plays from its sandbox, seeded from the game's secret (`entrant.game_key`). Game `seed`'s own
chance (deal, shuffle, who starts) and its seats' bots (`lineup.bot_seed`) follow from its seed alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bots import Bot, Forfeit, payoff
from ..core.engine import Outcome, State
from ..core.registry import from_record, new_game
from . import entrant, sandbox, wire
from .lineup import BotsSpec, bot_label, has_students, make_players, seat_factories, with_default
from .sandbox import decide

MAX_ACTIONS = 20_000
"""The safety cap of the lab's games and the arena's: a game still running after this many actions is stopped as a
turn cap."""


def ended_by_turn_cap(state: State) -> bool:
    """Whether a finished game was stopped by a turn cap rather than decided by its rules."""
    return state.outcome is not None and state.outcome.timed_out


def options_label(options: Mapping[str, Any]) -> str:
    """Words for a variant's options: "peek=False", or "rules as printed" for none."""
    return ", ".join(f"{key}={value!r}" for key, value in options.items()) or "rules as printed"


def _leaders(scores: Sequence[float]) -> frozenset[int]:
    best = max(scores)
    return frozenset(p for p, s in enumerate(scores) if s == best)


def score_story(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> tuple[int, float]:
    """Lead changes and decisiveness of one game from its scores after each turn (trace[0]: at the start).

    Lead changes: how often the set of leading players (highest score) differs from the turn before.
    Decisiveness (Ludii's DecisivenessMoves): the share of turns played before the winners' lead (their
    best score minus the best other score) first exceeds the largest lead the others ever had over them;
    NaN for a game without winners. Winners may be several (a team): their lead is the team's lead.
    """
    changes = sum(_leaders(a) != _leaders(b) for a, b in zip(trace, trace[1:], strict=False))
    won = set(winners)
    others = [p for p in range(len(trace[0]) if trace else 0) if p not in won]
    if not won or not others or len(trace) < 2:
        return changes, float("nan")
    gaps = [max(scores[w] for w in won) - max(scores[o] for o in others) for scores in trace]
    threshold = max(-gap for gap in gaps)
    turns = len(trace) - 1
    decided = next((t for t, gap in enumerate(gaps) if gap > threshold), turns)
    return changes, decided / turns


@dataclass
class _Story:
    """What the lab counts while a game is played: turns, branching, scores after every turn."""

    trace: list | None
    players: list | None = None
    turns: int = 0
    branching_sum: int = 0
    branching_max: int = 0


def _play_out(state: State, factories: Sequence[Callable[..., Bot]], max_actions: int,
              time_limit: float | None, story: _Story, key: bytes, clock: sandbox.Clock) -> Forfeit | None:
    """Play `state` to its end or the cap; the forfeit that ended it early, if a bot was at fault."""
    story.players = []
    try:
        players = make_players(factories, state.seed, key, time_limit, clock, story.players)
        mover_before = None
        while state.outcome is None and len(state.history) < max_actions:
            mover = state.to_move
            if mover != mover_before:
                if story.trace is not None and mover_before is not None:
                    story.trace.append(state.current_scores())
                story.turns += 1
                mover_before = mover
            width = len(state.legal_actions())
            story.branching_sum += width
            story.branching_max = max(story.branching_max, width)
            assert mover is not None  # the game runs
            state.play(decide(players[mover], state, time_limit))
    except Forfeit as forfeit:
        return forfeit
    return None


def play_game(game: str, seed: int, options: Mapping[str, Any] | None = None, bots: BotsSpec = "random",
              max_actions: int = MAX_ACTIONS, variant: str | None = None,
              time_limit: float | None = None, batch_seed: int | None = None,
              clock: sandbox.Clock = None) -> dict[str, Any]:
    """Play one game to its end with fresh seeded bots and return its result row (a plain dict).

    A student's bot plays from a sandbox (see `tictac_nb.trust.sandbox`), seeded from the secret of the game
    (`entrant.game_key(batch_seed, seed)`). A game of a batch (`batch_seed` given) leaves the workers
    running for the batch's next games, and the batch ends them; a game on its own ends them.

    A turn is a run of consecutive actions by the same player: a new turn starts whenever `to_move`
    changes. Scores are read with `current_scores()` at the start and after every turn.

    A bot that raises, answers an illegal action, or takes more than `time_limit` seconds (wall time,
    measured after the move; None: no limit) for a move, or a student's bot more than its `clock` over the
    whole game (seconds, or seconds and an increment per move: `sandbox.Clock`; None: no clock), forfeits:
    the game ends there, every other seat shares the win, and the row says who forfeited and why. Any
    other error (a bug in the rules, say) is raised with a note naming the game, variant and seed.

    The row: game, variant (label), seed, options, bots ("random vs mcts(200)"), players, first_mover
    (None if the game was decided before any move), winners (tuple of seats), winner (the seat if only
    one won), shares (each seat's win share: winners split 1, no winner: equal shares), draw (no winner
    by the rules), completed (decided by the rules: not stopped by a turn cap or a forfeit), forfeit
    (the seat that forfeited, or None), scores and margin (winners' best score minus the best other
    score; NaN without scores), actions, turns, branching_mean / branching_max (legal actions per
    decision), lead_changes and decisiveness (see `score_story`; NaN without scores), reason, moves
    (`final_state(row)` rebuilds the game; `replay(results, row)` steps through it); and output, what each
    student's bot printed ({seat: text}, cleaned; a batch's frame keeps it as `attrs["output"]`).
    """
    bots = with_default(bots, game)
    options = dict(options or {})
    label = variant if variant is not None else options_label(options)
    state = new_game(game, seed=seed, **options)
    factories = seat_factories(bots, state.num_players)
    if batch_seed is None and has_students(factories):
        sandbox.say_in_process_once()
    first_mover = state.to_move
    first = state.current_scores()
    story = _Story([first] if first is not None else None)
    key = entrant.game_key(seed if batch_seed is None else batch_seed, seed)
    try:
        forfeit = _play_out(state, factories, max_actions, time_limit, story, key, clock)
    except Exception as error:
        error.add_note(f"in the lab's game of {game} ({label}), seed {seed}, after moves {state.history[-5:]}")
        raise
    finally:
        output = {seat: text for seat, bot in enumerate(story.players or ())
                  if isinstance(bot, sandbox.SandboxBot) and (text := bot.take_output())}
        if batch_seed is None:
            sandbox.close_workers()
    row = _row(state, game, label, options, factories, first_mover, story, forfeit, max_actions)
    row["output"] = output
    return row


def _row(state: State, game: str, label: str, options: dict, factories: Sequence[Callable[..., Bot]],
         first_mover: int | None, story: _Story, forfeit: Forfeit | None, max_actions: int) -> dict[str, Any]:
    n = state.num_players
    outcome = state.outcome
    if forfeit is not None:
        seat = forfeit.seat
        assert seat is not None  # a play-out's forfeit names its seat: the mover's, or one whose bot was not made
        winners, scores, completed = tuple(p for p in range(n) if p != seat), state.current_scores(), False
        reason = (f"{state.player_name(seat)} ({bot_label(factories[seat])}) forfeits: "
                  f"{wire.clean(forfeit.reason, 400)}")
        outcome = Outcome(winners, None, reason)
    elif outcome is None:
        winners, scores, completed = (), state.current_scores(), False
        reason = f"turn cap: the lab stopped the game after {max_actions} actions"
    else:
        winners, scores, completed = outcome.winners, outcome.scores, not ended_by_turn_cap(state)
        reason = outcome.reason
    trace = story.trace
    if trace is not None:
        trace.append(tuple(scores) if scores is not None else state.current_scores())
    lead_changes, decisiveness = score_story(trace, winners) if trace is not None else (float("nan"),) * 2
    shares = tuple(payoff(outcome, n)) if outcome is not None else (1 / n,) * n
    actions = len(state.history)
    margin = float("nan")
    if scores is not None and n > 1:
        others = [s for p, s in enumerate(scores) if p not in winners]
        if winners and others:  # the winners' (or winning team's) best score over the best other score
            margin = max(scores[w] for w in winners) - max(others)
        else:
            ranked = sorted(scores, reverse=True)
            margin = ranked[0] - ranked[1]
    return {
        "game": game,
        "variant": label,
        "seed": state.seed,
        "options": options,
        "bots": " vs ".join(bot_label(f) for f in factories),
        "players": n,
        "first_mover": first_mover,
        "winners": tuple(winners),
        "winner": winners[0] if len(winners) == 1 else None,
        "shares": shares,
        "draw": not winners and completed,
        "completed": completed,
        "forfeit": None if forfeit is None else forfeit.seat,
        "scores": None if scores is None else tuple(scores),
        "margin": margin,
        "actions": actions,
        "turns": story.turns,
        "branching_mean": story.branching_sum / actions if actions else float("nan"),
        "branching_max": story.branching_max,
        "lead_changes": lead_changes,
        "decisiveness": decisiveness,
        "reason": reason,
        "moves": tuple(state.history),
    }


def row_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """The game record (as `State.record()` writes it) of a result row."""
    seed, options = int(row["seed"]), dict(row["options"])
    setup = new_game(row["game"], seed=seed, **options).setup_record()
    return {"game": row["game"], "seed": seed, "options": options, "setup": setup, "moves": list(row["moves"])}


def final_state(row: Mapping[str, Any]) -> State:
    """The final position of a result row's game, rebuilt from its game, seed, options and moves."""
    return from_record(row_record(row))


