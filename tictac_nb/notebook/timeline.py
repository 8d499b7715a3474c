"""Every position of a played game, rebuilt from its record (`Timeline`), and its moves and analysis in
words: what a replay shows, with no widget (the room server and exported pages use it as they are).

A replay is always seen by someone: the onlooker (None) or one seat, who is shown only what that seat
knew after each move (`render_svg(viewer)` of that position). The record itself (seed, setup, options,
hidden cards) stays in Python: the browser gets the frame on show and the public move list.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .. import coach
from ..coach.chart import MARK_STYLE
from ..core.engine import InvalidRecord, State, excerpt
from ..core.registry import from_record
from ..trust.sandbox import as_bot

RecordSource = State | Mapping[str, Any] | str | os.PathLike
"""A state, a record dict (`State.record()`), the record as JSON text, or the path of a `.json` file."""

CHECKPOINT = 32
"""Positions kept as copies, every this many moves (and after each redeal), so any position is at most this
many moves away."""


def _excerpt(text: str, size: int = 40) -> str:
    return repr(text if len(text) <= size else text[:size] + "…")


def read_record(source: Mapping[str, Any] | str | os.PathLike) -> dict:
    """A record from a dict, JSON text or a `.json` file path; what is not one raises `InvalidRecord`."""
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        text = source
    elif isinstance(source, str | os.PathLike):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
            raise InvalidRecord(f"cannot read the record file {_excerpt(str(path))}: {reason}") from None
    else:
        raise InvalidRecord(
            f"a record is a State, a dict, JSON text or a .json file path, not {type(source).__name__}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"the record is not valid JSON ({error.msg} at line {error.lineno}, "
                            f"column {error.colno})") from None
    if not isinstance(record, dict):
        raise InvalidRecord(f"a record is a dict, not {type(record).__name__}")
    return record


class Timeline:
    """Every position of one game, rebuilt from its record: `position(k)` is the state after k moves.

    A record (dict, JSON, path) is checked exactly as `tictac_nb.from_record` checks it; so is a
    `State`'s own record, and a state that its record does not lead to (one set up by hand) is refused,
    since no replay could show how it came about.
    """

    def __init__(self, source: RecordSource) -> None:
        if isinstance(source, State):
            if not source.replayable:
                raise InvalidRecord("a determinized copy has no past to replay (its hidden parts were made up): "
                                    "replay or export the real game")
            record = source.record()
            final = from_record(record)
            if final.view(None) != source.view(None):
                raise InvalidRecord(f"{source!r} is not where its seed, options and moves lead "
                                    "(was it set up by hand?), so it cannot be replayed")
        else:
            record = read_record(source)
            final = from_record(record)
        self.game = final.game
        self.moves: tuple[str, ...] = tuple(final.history)
        self.final = final
        state = self.game.start(record["seed"], record["options"])
        redeals = final.redeals
        state.redeal_due(redeals)
        self._checkpoints = {0: state.clone()}
        for k, move in enumerate(self.moves, 1):
            state.play(move)
            state.redeal_due(redeals)
            if k % CHECKPOINT == 0 or any(at == k for at, _, _ in redeals):
                self._checkpoints[k] = state.clone()

    def __len__(self) -> int:
        return len(self.moves)

    def check_step(self, step: Any) -> int:
        if type(step) is not int or not 0 <= step <= len(self.moves):
            raise ValueError(f"a step is a whole number of moves from 0 to {len(self.moves)}, not {excerpt(step, 40)}")
        return step

    def position(self, step: int) -> State:
        """A fresh copy of the state after `step` moves."""
        self.check_step(step)
        start = max(k for k in self._checkpoints if k <= step)
        state = self._checkpoints[start].clone()
        for move in self.moves[start:step]:
            state.play(move)
        return state

    def positions(self) -> Iterator[State]:
        """Every position in order, from the start to the end (fresh copies)."""
        state = self._checkpoints[0].clone()
        yield state.clone()
        for k, move in enumerate(self.moves, 1):
            if k in self._checkpoints:  # also where the unseen was dealt again (`State.redeal`)
                state = self._checkpoints[k].clone()
            else:
                state.play(move)
            yield state.clone()


def move_line(before: State, action: str) -> dict[str, str]:
    """One line of the move list: who moved, the notation, and `describe` worded by the state before it."""
    return {"player": before.player_name(before.to_move), "notation": action, "words": before.describe(action)}


def viewer_label(state: State, viewer: int | None) -> str:
    return "Onlooker" if viewer is None else state.player_name(viewer)


def move_lines(positions: Iterable[State]) -> list[dict[str, str]]:
    """The move list of a game from its positions after 0, 1, ... moves."""
    lines, before = [], None
    for state in positions:
        if before is not None:
            lines.append(move_line(before, state.history[-1]))
        before = state
    return lines


def check_bots(state: State, bots: Any) -> dict:
    """`bots` as a dict once every key is a seat of `state` and every value a bot, in the words `Board` uses,
    so that a bad bot is refused when the replay is made, not when "Play from here" is pressed."""
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise TypeError(f"bots is a dict of seat to bot, like {{1: RandomBot()}}, not {excerpt(bots)}")
    for seat, bot in bots.items():
        if type(seat) is not int or not 0 <= seat < state.num_players:
            raise ValueError(f"bots are keyed by seat, 0 to {state.num_players - 1}, not {excerpt(seat)}")
        as_bot(bot)
    return dict(bots)


def analysis_seat(final: State, viewer: int | None) -> int | None:
    """Whose knowledge a game's analysis for `viewer` is judged from: in a game with hidden information the
    viewer's (the onlooker is refused: every move's judgement would use its mover's secrets), else each
    mover's (None)."""
    if not final.game.hidden_information:
        return None
    if viewer is None:
        raise ValueError(f"{final.game.title} hides things from its players: its analysis is judged from one "
                         "seat's knowledge, so choose a seat to see it by")
    return viewer


def analysis_html(analysis: coach.Analysis, seat: int | None = None) -> str:
    """The analysis as HTML for the replay's front end: the evaluation chart seen from `seat`'s side (where
    nothing is hidden; else from the analysis's own seat), drawn wide and narrow (the page shows the one
    that fits), and the marked moves in words, each a button to its move (`data-step`)."""
    marked = analysis.marked
    seen = ("each mover's own knowledge" if analysis.seat_of_view is None
            else f"{analysis.players[analysis.seat_of_view]}'s knowledge")
    done = f"{len(analysis.moves)} of {analysis.total} moves judged from {seen}"
    if analysis.interrupted:
        done += " (stopped early)"
    signs = analysis_marks(analysis)
    items = "".join(f'<li><button type="button" class="ttr-button ttr-mark ttr-{m.mark}" data-step="{m.number}">'
                    f'<span class="ttr-sign" style="background: {signs[str(m.number)]["colour"]}">'
                    f'{signs[str(m.number)]["sign"]}</span> {html.escape(m.words)}</button></li>' for m in marked)
    listed = f'<ul class="ttn-marked">{items}</ul>' if marked else "<p>No move is marked.</p>"
    charts = "".join(f'<div class="ttn-chart-{name}">{coach.evaluation_chart(analysis, seat=seat, width=width)}</div>'
                     for name, width in (("wide", 600), ("narrow", 340)))
    return f'<div class="ttn-analysis">{charts}<p>{html.escape(done)}.</p>{listed}</div>'


def analysis_marks(analysis: coach.Analysis) -> dict[str, dict[str, str]]:
    """Each marked move's mark, sign and colour (the chart's) by its step, for the move list."""
    return {str(m.number): {"mark": m.mark, "sign": coach.words.SYMBOLS[m.mark], "colour": MARK_STYLE[m.mark][1]}
            for m in analysis.marked if m.mark}
