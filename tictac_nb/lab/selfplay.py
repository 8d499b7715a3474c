"""Self-play: many seeded games of any registered game, one result row per game.

Everything here goes through the game protocol only (`new_game`, `to_move`, `legal_actions`, `play`,
`outcome`, `current_scores`), so a game added to the kit later works without a change here.

Reproducibility: game `i` of a batch uses seed `seed + i` for its own chance (deal, shuffle, who
starts), and each seat gets a fresh bot made by its factory with a seed derived from that game seed
and the seat (`bot_seed`). A game is therefore fully fixed by (game, options, bots, seed), whatever
order or process it is played in: that is what lets a sweep split work over any executor.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.bots import Bot, Forfeit, MCTSBot, RandomBot, payoff
from ..core.engine import Outcome, State, excerpt
from ..core.registry import from_record, game_named, new_game
from ..trust import entrant, sandbox, wire
from ..trust.entrant import Entrant
from ..trust.sandbox import as_bot, decide

if TYPE_CHECKING:
    import pandas as pd

    from ..notebook.replay import Replay

MAX_ACTIONS = 20_000
"""The lab's own safety cap: a game still running after this many actions is stopped as a turn cap."""

BotFactoryLike = Any  # "random", "mcts:200", a BotFactory, a factory(seed=...) -> Bot, a bot function or object
BotsSpec = Any  # one BotFactoryLike for every seat, a sequence of them (one per seat), or {seat: spec}


@dataclass(frozen=True)
class BotFactory:
    """A picklable recipe for a fresh seeded bot of the kit: `kind` is "random" or "mcts"."""

    kind: str = "random"
    iterations: int = 200

    def __post_init__(self) -> None:
        if self.kind not in ("random", "mcts"):
            raise ValueError(f"a bot kind is 'random' or 'mcts', not {self.kind!r}")
        if type(self.iterations) is not int or self.iterations < 1:
            raise ValueError(f"iterations must be a whole number of 1 or more, not {self.iterations!r}")

    def __call__(self, seed: int | None = None) -> Bot:
        if self.kind == "random":
            return RandomBot(seed)
        return MCTSBot(self.iterations, seed=seed)

    def __str__(self) -> str:
        return "random" if self.kind == "random" else f"mcts({self.iterations})"


_SPEC = re.compile(r"^\s*(random|mcts)\s*(?:[:(]\s*(\d+)\s*\)?)?\s*$", re.IGNORECASE)


def _takes_seed(factory: Callable[..., Any]) -> bool:
    try:
        return "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def bot_factory(spec: BotFactoryLike) -> Callable[..., Bot]:
    """A bot factory from a spec: "random", "mcts", "mcts:300" / "mcts(300)", a bot class, a factory, or a bot.

    "random" is `RandomBot`; "mcts:N" is `MCTSBot(N)` (200 iterations when N is not given). The kit's own
    bot classes (and `functools.partial` of them with plain settings) are factories called as
    `factory(seed=...)` for every game, in this process. Anything else is a student's bot, packed once
    (`entrant.Entrant`) to play in a sandbox of its own: a class, or a function with a `seed` parameter,
    makes a fresh seeded bot for every game; any other function (`my_bot(state) -> action`) or object with
    `choose(state)` plays each game as a fresh copy. Lambdas, closures and notebook classes work on any
    executor (cloudpickle sends them by value).
    """
    if isinstance(spec, BotFactory | Entrant):
        return spec
    if isinstance(spec, str):
        match = _SPEC.match(spec)
        if not match:
            raise ValueError(f"unknown bot {excerpt(spec)}: write 'default', 'random', 'mcts' or 'mcts:ITERATIONS'")
        kind, iterations = match.group(1).lower(), match.group(2)
        return BotFactory(kind, int(iterations) if iterations else 200)
    if entrant.is_kit_bot(spec) and (isinstance(spec, type) or callable(spec) and _takes_seed(spec)):
        return spec
    if callable(spec) or callable(getattr(spec, "choose", None)):
        return Entrant.of(spec)
    raise ValueError(f"a bot is 'random', 'mcts:N', a factory called as factory(seed=...), a function of a state "
                     f"or an object with choose(state), not {excerpt(spec)}")


def with_default(bots: BotsSpec, game: str) -> BotsSpec:
    """`bots` with the name "default" made `game`'s own default bot (`Game.default_bot`)."""
    def one(spec: Any) -> Any:
        return game_named(game).default_bot if isinstance(spec, str) and spec.strip() == "default" else spec

    if isinstance(bots, Mapping):
        return {seat: one(spec) for seat, spec in bots.items()}
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        return [one(spec) for spec in bots]
    return one(bots)


def pack_bots(bots: BotsSpec) -> BotsSpec:
    """`bots` with every spec made a factory once (`bot_factory`): what a batch sends to every game."""
    if isinstance(bots, Mapping):
        return {seat: bot_factory(spec) for seat, spec in bots.items()}
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        return [bot_factory(spec) for spec in bots]
    return bot_factory(bots)


def has_students(bots: BotsSpec) -> bool:
    """Whether a packed `bots` spec has a student's bot (one that plays in a sandbox)."""
    specs = bots.values() if isinstance(bots, Mapping) else bots if isinstance(bots, Sequence) else [bots]
    return any(isinstance(spec, Entrant) for spec in specs)


def bot_label(factory: Callable[..., Bot]) -> str:
    """Short words for a bot factory, for tables and plot legends."""
    if isinstance(factory, BotFactory | Entrant):
        return str(factory)
    func = getattr(factory, "func", None)  # functools.partial
    if func is not None:
        args = [repr(a) for a in getattr(factory, "args", ())]
        args += [f"{k}={v!r}" for k, v in getattr(factory, "keywords", {}).items()]
        return f"{getattr(func, '__name__', 'bot')}({', '.join(args)})"
    return getattr(factory, "__name__", None) or repr(factory)


def seat_factories(bots: BotsSpec, num_players: int) -> list[Callable[..., Bot]]:
    """One factory per seat: `bots` is one spec for all seats, a list (one per seat) or {seat: spec}."""
    if isinstance(bots, Mapping):
        bad = [seat for seat in bots if type(seat) is not int or not 0 <= seat < num_players]
        if bad:
            raise ValueError(f"seat {bad[0]!r} does not exist: seats are 0 to {num_players - 1}")
        return [bot_factory(bots.get(seat, "random")) for seat in range(num_players)]
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        if len(bots) != num_players:
            raise ValueError(f"{len(bots)} bots given for {num_players} seats")
        return [bot_factory(spec) for spec in bots]
    return [bot_factory(bots)] * num_players


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` for the game with `game_seed`: distinct for every pair, stable everywhere."""
    digest = hashlib.sha256(f"tictac_nb.lab bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


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


def make_players(factories: Sequence[Callable[..., Bot]], seed: int, key: bytes | None = None,
                 time_limit: float | None = None, clock: sandbox.Clock = None,
                 players: list[Bot] | None = None) -> list[Bot]:
    """A fresh bot per seat for the game with `seed`, ready to play; a bot that cannot be made forfeits its seat.

    The kit's bots are seeded with `bot_seed`. A student's bot (an `Entrant`) gets a seed, and its seat copies
    their randomness, drawn from `key` (the game's secret, `entrant.game_key`), so that nothing it is handed
    leads back to the game's seed; it plays from its sandbox's worker (`clock`: the seconds it may think over
    the game), or in this process where none can start (`sandbox.processes`). `players`: the list to fill, as
    the bots are made (a game whose bot cannot be made still reads what the others printed).
    """
    key = key if key is not None else entrant.game_key(seed, seed)
    players = [] if players is None else players
    slots: dict[str, int] = {}
    for seat, factory in enumerate(factories):
        if isinstance(factory, Entrant) and sandbox.processes:
            slot = slots[factory.key] = slots.get(factory.key, -1) + 1
            bot = sandbox.lab_bot(factory, slot)
            players.append(bot)
            bot.start_game(entrant.draw(key, "bot", seat), key, seat, time_limit, clock)
            continue
        made = entrant.draw(key, "bot", seat) if isinstance(factory, Entrant) else bot_seed(seed, seat)
        try:
            players.append(as_bot(factory(seed=made), made))
        except Exception as error:
            raise Forfeit(seat, f"could not be made: {type(error).__name__}: {str(error)[:120]}") from error
    return players


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
        winners, scores, completed = tuple(p for p in range(n) if p != forfeit.seat), state.current_scores(), False
        reason = (f"{state.player_name(forfeit.seat)} ({bot_label(factories[forfeit.seat])}) forfeits: "
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


def replay(results: pd.DataFrame | Mapping[str, Any], row: Any = None, viewer: int | None = None,
           **options: Any) -> Replay:
    """The `Replay` widget of one game of a results table, to step through it and branch from any move.

    `replay(results, 12)` opens the row labelled 12 (the label the table shows); `replay(results, row)`
    and `replay(row)` also take a row itself (`results.iloc[3]`, a row of `itertuples` as a dict).
    `viewer` and `options` (`viewers`, `bots`, `step`) go to `Replay`.
    """
    from ..notebook.replay import Replay

    if row is None:
        found = results
    elif hasattr(row, "keys"):
        found = row
    else:
        try:
            found = results.loc[row]
        except KeyError:
            raise KeyError(f"the results have no row labelled {row!r:.40}") from None
        if getattr(found, "ndim", 1) != 1:
            raise ValueError(f"{row!r:.40} labels {len(found)} rows; give the label of one row")
    return Replay(row_record(found), viewer, **options)


def results_frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """Result rows as a DataFrame (one row per game), `winner` as a nullable integer."""
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=COLUMNS)
    frame["winner"] = frame["winner"].astype("Int64")
    frame["first_mover"] = frame["first_mover"].astype("Int64")
    frame["forfeit"] = frame["forfeit"].astype("Int64")
    for column in ("seed", "players", "actions", "turns", "branching_max"):
        frame[column] = frame[column].astype("int64")
    return frame


COLUMNS = (
    "game", "variant", "seed", "options", "bots", "players", "first_mover", "winners", "winner", "shares", "draw",
    "completed", "forfeit", "scores", "margin", "actions", "turns", "branching_mean", "branching_max", "lead_changes",
    "decisiveness", "reason", "moves",
)


def play_games(game: str, n: int = 100, *, options: Mapping[str, Any] | None = None, bots: BotsSpec = "random",
               seed: int = 0, variant: str | None = None, max_actions: int = MAX_ACTIONS,
               time_limit: float | None = None, clock: sandbox.Clock = None, progress: bool = True) -> pd.DataFrame:
    """Play `n` games of `game` (seeds `seed` .. `seed + n - 1`) in this process: one DataFrame row per game.

    `bots`: one spec for every seat ("default", "random", "mcts:200", a factory), a list with one per seat, or
    {seat: spec} (other seats random). A bot at fault forfeits its game and the batch goes on (see
    `play_game`). With `progress`, a tqdm bar shows in the notebook. Interrupting (the kernel's stop
    button, Ctrl-C) drops the game being played and returns the finished ones;
    `frame.attrs["interrupted"]` then says so.
    """
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a whole number of 0 or more, not {n!r}")
    new_game(game, seed=seed, **dict(options or {}))  # refuse a bad game or option before the bar shows
    bots = pack_bots(with_default(bots, game))
    if has_students(bots):
        sandbox.say_in_process_once()
    rows: list[dict[str, Any]] = []
    interrupted = False
    bar = _progress_bar(n, f"{game}: {variant or options_label(options or {})}") if progress else None
    try:
        for i in range(n):
            rows.append(play_game(game, seed + i, options, bots, max_actions, variant, time_limit, seed, clock))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        sandbox.close_workers()
        if bar is not None:
            bar.close()
    return finished_frame(rows, n, interrupted)


def finished_frame(rows: Sequence[Mapping[str, Any]], planned: int, interrupted: bool) -> pd.DataFrame:
    """The results frame of a batch, saying aloud if it was interrupted or if bots forfeited; what each
    student's bot printed is kept as `attrs["output"]` ({bot's name: text}, see `bot_output`)."""
    frame = results_frame(rows)
    frame.attrs["interrupted"] = interrupted
    frame.attrs["output"] = bot_output(rows)
    if interrupted:
        print(f"interrupted: kept the {len(rows)} finished games of {planned}")
    forfeits = frame[frame["forfeit"].notna()]
    if len(forfeits):
        first = forfeits.iloc[0]
        print(f"{len(forfeits)} of {len(frame)} games ended by a forfeit (see the forfeit and reason columns); "
              f"the first: {first['variant']}, seed {first['seed']}: {first['reason']}")
    return frame


def bot_output(rows: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """What each student's bot printed over `rows`, by its name in the table (its seat in a tournament), at
    most `wire.MAX_OUTPUT` characters each; nothing of it reaches this process's own output."""
    printed: dict[str, list[str]] = {}
    for row in rows:
        names = row.get("seats") or row["bots"].split(" vs ")
        for seat, text in row.get("output", {}).items():
            printed.setdefault(names[seat] if seat < len(names) else f"seat {seat}", []).append(text)
    return {name: wire.clean("".join(texts), wire.MAX_OUTPUT, lines=True) for name, texts in printed.items()}


def _progress_bar(total: int, description: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit="game")
