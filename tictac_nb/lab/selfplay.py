"""Self-play: many seeded games of any registered game, one result row per game, as a DataFrame.

One game is played by `tictac_nb.trust.playout.play_game` (its row a plain dict, no frame library, so the
room server's arena plays the same games) with bots seated by `tictac_nb.trust.lineup`; this module batches
them, makes the frame, and names them all for the lab (`lab.play_game`, `lab.final_state`, ...).

Reproducibility: game `i` of a batch uses seed `seed + i` for its own chance (deal, shuffle, who
starts), and each seat gets a fresh bot made by its factory with a seed derived from that game seed
and the seat (`bot_seed`). A game is therefore fully fixed by (game, options, bots, seed), whatever
order or process it is played in: that is what lets a sweep split work over any executor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.registry import new_game
from ..trust import sandbox, wire
from ..trust.lineup import (
    BotFactory,
    BotFactoryLike,
    BotsSpec,
    bot_factory,
    bot_label,
    bot_seed,
    has_students,
    make_players,
    pack_bots,
    seat_factories,
    with_default,
)
from ..trust.playout import (
    MAX_ACTIONS,
    ended_by_turn_cap,
    final_state,
    options_label,
    play_game,
    row_record,
    score_story,
)

if TYPE_CHECKING:
    import pandas as pd

    from ..notebook.replay import Replay

__all__ = [
    "COLUMNS", "MAX_ACTIONS", "BotFactory", "BotFactoryLike", "BotsSpec", "bot_factory", "bot_label", "bot_output",
    "bot_seed", "ended_by_turn_cap", "final_state", "finished_frame", "has_students", "make_players",
    "options_label", "pack_bots", "play_game", "play_games", "replay", "results_frame", "row_record",
    "score_story", "seat_factories", "with_default",
]


def replay(results: pd.DataFrame | Mapping[str, Any], row: Any = None, viewer: int | None = None,
           **options: Any) -> Replay:
    """The `Replay` widget of one game of a results table, to step through it and branch from any move.

    `replay(results, 12)` opens the row labelled 12 (the label the table shows); `replay(results, row)`
    and `replay(row)` also take a row itself (`results.iloc[3]`, a row of `itertuples` as a dict).
    `viewer` and `options` (`viewers`, `bots`, `step`) go to `Replay`.
    """
    from ..notebook.replay import Replay

    found: Any
    if row is None:
        found = results
    elif hasattr(row, "keys"):
        found = row
    elif not hasattr(results, "loc"):  # pandas only when a batch is played
        raise TypeError(f"a row label ({row!r:.40}) is read in a results table (play_games's DataFrame), "
                        f"not in a {type(results).__name__}")
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
