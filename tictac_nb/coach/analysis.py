"""The analysis of a game: the mover's chance after every move, the drops, and the marked moves.

Each move is judged where it was made, from the knowledge of the seat that made it (or, with
`seat_of_view`, of that one seat for every move): the coach searches determinized copies for that seat,
never the full state, weighs the move played against the move it prefers, and marks the drop in the
mover's chance with the words of `words.MARKS` where the drop is beyond the coach's own noise
(`calibration.noise`). A move with a single legal action is no decision and
is not judged. Every move gets a fresh search with the coach's budget: the positions are seen from a
different seat's knowledge from one move to the next, and a tree grown from one seat's worlds would
carry its sampled secrets into the other's estimate.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.engine import State
from ..core.registry import from_record
from . import words
from .calibration import noise
from .hints import default_coach
from .judge import judge


@dataclass(frozen=True)
class MoveJudgement:
    """One move as the coach judged it: the mover's chance after it (the coach's estimate of the move
    chosen), the coach's preferred move and its chance, the drop between them and the mark it earns."""

    number: int
    seat: int
    action: str
    chance: float | None
    best: str | None
    best_chance: float | None
    drop: float | None
    mark: str | None
    forced: bool
    words: str
    runner_chance: float | None = None
    """The chance of the best move other than the coach's choice (None: not estimated)."""


@dataclass
class Analysis:
    """A game's analysis, move by move (as far as it got: `interrupted` says it stopped early)."""

    game: str
    players: tuple[str, ...]
    seat_of_view: int | None
    bot: str
    total: int
    winners: tuple[int, ...] | None
    """The seats that won the game (empty: a draw or tie; None: the game is not over)."""
    sides: tuple[int, ...]
    """Each seat's side: its team (Tic Tac K.O.), else the seat itself."""
    moves: list[MoveJudgement] = field(default_factory=list)
    interrupted: bool = False

    @property
    def marked(self) -> list[MoveJudgement]:
        """The moves with a mark (inaccuracy, mistake, blunder), in order."""
        return [m for m in self.moves if m.mark is not None]

    def to_json(self) -> dict[str, Any]:
        """JSON-safe, for a widget's trait or an exported file."""
        data = asdict(self)
        data["players"] = list(self.players)
        data["winners"] = None if self.winners is None else list(self.winners)
        data["sides"] = list(self.sides)
        return data


def _record_of(record_or_state: Mapping[str, Any] | State) -> dict:
    if isinstance(record_or_state, State):
        if not record_or_state.replayable:
            raise ValueError("this copy cannot be analysed: its hidden parts were made up by determinize, so no "
                             "seed replays its moves; analyse the real game or its record")
        return record_or_state.record()
    if not isinstance(record_or_state, Mapping):
        raise TypeError(f"analyse takes a game record or a state, not {type(record_or_state).__name__}")
    return dict(record_or_state)


def analyse(record_or_state: Mapping[str, Any] | State, *, seat_of_view: int | None = None,
            budget: int | None = None, playouts: int | None = None, every_choice: bool = False, bot: Any = None,
            seed: int = 0, progress: Callable[[int, int], Any] | None = None,
            should_stop: Callable[[], bool] | None = None) -> Analysis:
    """Judge every move of a game (a record, checked as `from_record` checks it, or a state).

    `seat_of_view`: None judges each move from its mover's knowledge; a seat judges every move from that
    seat's knowledge only (what that seat may be shown). `budget`: the search's playouts a move (None: the
    coach's own); `playouts`: a heuristic coach's games per move (None: the game's
    `coach_playouts.analysis`), for the move played and its own choice, or for every legal action with
    `every_choice` (then `runner_chance` is known: the design lab's decision tension needs it). `progress(done,
    total)` is called after each move; `should_stop()` is asked before each one, and a True answer, like a
    KeyboardInterrupt, ends the analysis with the moves done so far (`interrupted`).
    """
    record = _record_of(record_or_state)
    final = from_record(record)  # refuses a malformed record with InvalidRecord
    moves = list(final.history)
    final.check_viewer(seat_of_view)
    position = from_record({**record, "moves": [], "redeals": []})
    coach = default_coach(position, seed) if bot is None else bot
    if playouts is None:
        playouts = position.game.coach_playouts.analysis
    players = tuple(position.player_name(p) for p in range(position.num_players))
    winners = None if final.outcome is None else tuple(final.outcome.winners)
    sides = tuple(getattr(position, "team_of", range(position.num_players)))
    analysis = Analysis(position.game.name, players, seat_of_view, "", len(moves), winners, sides)
    try:
        for number, action in enumerate(moves, 1):
            if should_stop is not None and should_stop():
                analysis.interrupted = True
                break
            position.redeal_due(final.redeals)
            analysis.moves.append(_judge_move(position, number, action, seat_of_view, coach, seed, budget,
                                              playouts, every_choice, analysis))
            position.play(action)
            if progress is not None:
                progress(number, len(moves))
    except KeyboardInterrupt:
        analysis.interrupted = True
    return analysis


def _judge_move(position: State, number: int, action: str, seat_of_view: int | None, coach: Any, seed: int,
                budget: int | None, playouts: int, every_choice: bool, analysis: Analysis) -> MoveJudgement:
    mover = position.to_move
    assert mover is not None  # a position a move was played from
    seat = mover if seat_of_view is None else seat_of_view
    player = position.player_name(mover)
    if seat == mover and len(position.legal_actions()) == 1:
        return MoveJudgement(number, mover, action, None, None, None, None, None, True,
                             words.move_words(number, player, position.describe(action), None, None, None, None)
                             + " (forced)")
    judged = judge(position, seat, coach, seed + number, budget=budget, playouts=playouts, played=action,
                   every_choice=every_choice)
    analysis.bot = analysis.bot or judged.bot
    played = judged.choice(action)
    chance = played.chance if played else None
    best = judged.best or None
    preferred = judged.choice(best) if best else None
    best_chance = preferred.chance if preferred else None
    drop = None
    if chance is not None and best_chance is not None:
        drop = 0.0 if action == best else max(0.0, best_chance - chance)
    mark = words.mark_for(drop, noise(position.game.name)) if action != best else None
    runner = judged.runner_up()
    return MoveJudgement(number, mover, action, chance, best, best_chance, drop, mark, False,
                         words.move_words(number, player, position.describe(action), mark,
                                          position.describe(best) if best else None, best_chance, chance),
                         runner.chance if runner else None)
