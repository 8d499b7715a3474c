"""Replays: every position of a played game, rebuilt from its record, and `Replay`, the widget that steps
through them.

A replay is always seen by someone: the onlooker (None) or one seat, who is shown only what that seat
knew after each move (`render_svg(viewer)` of that position). The record itself (seed, setup, options,
hidden cards) stays in Python: the browser gets the frame on show and the public move list.
"""

from __future__ import annotations

import html
import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets
import traitlets

from . import coach
from .coach.chart import MARK_STYLE
from .engine import IllegalAction, InvalidRecord, State, excerpt
from .frontend import FRONTEND
from .registry import from_record
from .sandbox import as_bot
from .svg import still_picture
from .table import _shape
from .widget import Board

if TYPE_CHECKING:
    from .bots import Bot

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


class Replay(anywidget.AnyWidget):
    """Step through a played game: `Replay(state_or_record, viewer=None)`.

    First / back / forward / last, a slider, the arrow keys and the move list move through the game;
    the "Seen by" control switches between the onlooker and the seats in `viewers` (default: all).
    `play_from_here(bots=...)` (or the button, with the `bots` given here) opens a live `Board` at the
    position shown; the record is never changed. `analyse()` (or the Analyse button) judges every move with
    the coach in the background (a progress bar, then the analysis board in the replay: `analysis_html`);
    `stop_analysis()` (or the button, then "Stop analysis") stops it.
    Only the shown frame, for the shown viewer, and the public move list reach the browser.
    """

    _esm = FRONTEND / "replay.js"
    _css = FRONTEND / "replay.css"

    title = traitlets.Unicode("").tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    moves = traitlets.List().tag(sync=True)
    viewer = traitlets.Int(None, allow_none=True).tag(sync=True)
    viewers = traitlets.List().tag(sync=True)
    live = traitlets.Bool(True).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    analysing = traitlets.Bool(False).tag(sync=True)
    """An analysis runs (the page's Analyse button reads "Stop analysis")."""
    analysis_html = traitlets.Unicode("").tag(sync=True)
    """The analysis shown under the board (`analysis_html`): its chart and marked moves, which go to a move."""
    marks = traitlets.Dict().tag(sync=True)
    """The marked moves' marks by step, shown in the move list."""

    def __init__(self, source: RecordSource, viewer: int | None = None, *, step: int = 0,
                 viewers: Sequence[int | None] | None = None, bots: dict[int, Bot] | None = None,
                 **kwargs: Any) -> None:
        timeline = Timeline(source)
        final = timeline.final
        allowed = [None, *range(final.num_players)] if viewers is None else list(dict.fromkeys(viewers))
        for seat in allowed:
            final.check_viewer(seat)
        final.check_viewer(viewer)
        if viewer not in allowed:
            raise ValueError(f"viewer {viewer!r} is not among the viewers this replay offers ({allowed!r})")
        self.timeline = timeline
        self.bots = check_bots(final, bots)
        self._allowed = allowed
        self._shown: State | None = None
        self.analysis: coach.Analysis | None = None
        """The last analysis (`analyse`), as far as it got."""
        self._analysis_box: ipywidgets.VBox | None = None
        self._analysis_run: tuple[threading.Thread, threading.Event] | None = None
        super().__init__(
            title=timeline.game.title, count=len(timeline), moves=move_lines(timeline.positions()),
            viewers=[{"value": v, "label": viewer_label(final, v)} for v in allowed],
            step=timeline.check_step(step), viewer=viewer, **kwargs)
        self.boxed = ipywidgets.VBox([self])
        """What a notebook shows: this replay, and below it the board "Play from here" opened."""
        self.on_msg(self._on_message)
        if not self.svg:  # neither step nor viewer changed from its default, which draws
            self._draw()

    @classmethod
    def of_board(cls, board: Board, **options: Any) -> Replay:
        """The replay of a board's game so far, at its last move, seen as the board shows it, with the
        board's bots for "Play from here".

        In a game with hidden information it offers the onlooker and the board's own seat only, even once
        the game is over (the rules reveal no hand at the end); `Replay(board.state)` offers every view.
        """
        state = board.state
        seats = range(state.num_players)
        if state.game.hidden_information:
            seats = [] if board.seat is None else [board.seat]
        options.setdefault("viewers", [None, *seats])
        options.setdefault("step", len(state.history))
        options.setdefault("bots", board.bots)
        return cls(state, board.seat, **options)

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        try:
            return self.timeline.check_step(proposal["value"])
        except ValueError as error:
            raise traitlets.TraitError(str(error)) from None

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal: Any) -> int | None:
        value = proposal["value"]
        if value is not None and type(value) is not int or value not in self._allowed:
            names = ", ".join(repr(v) for v in self._allowed)
            raise traitlets.TraitError(f"this replay is seen by one of {names}, not {excerpt(value, 40)}")
        return value

    @traitlets.observe("step", "viewer")
    def _redraw(self, change: Any) -> None:
        if change["name"] == "step":
            self._shown = None
        self._draw()

    def _draw(self) -> None:
        state = self.position()
        self.svg = state.render_svg(self.viewer)
        self.status = state.status()
        self.message = ""

    def position(self) -> State:
        """A fresh copy of the state shown (after `step` moves)."""
        if self._shown is None:
            self._shown = self.timeline.position(self.step)
        return self._shown.clone()

    @property
    def record(self) -> dict:
        """The record of the whole game (a fresh copy: the replay never changes it)."""
        return self.timeline.final.record()

    # ---- stepping ------------------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show the position after `step` moves (the step and its frame reach the browser together)."""
        self.timeline.check_step(step)
        with self.hold_sync():
            self.step = step

    def show(self, viewer: int | None) -> None:
        """Show the game as `viewer` saw it: None (the onlooker) or a seat this replay offers."""
        with self.hold_sync():
            self.viewer = viewer

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.count)

    def forward(self) -> None:
        self.go(min(self.step + 1, self.count))

    def back(self) -> None:
        self.go(max(self.step - 1, 0))

    # ---- branching -----------------------------------------------------------------------------------
    def play_from_here(self, bots: dict[int, Bot] | None = None, seat: int | None = None, **options: Any) -> Board:
        """A live `Board` at the position shown: `bots` play their seats, the others are human.

        `seat` (default: this replay's viewer) is whose view the board shows; it must be one this replay
        may show, and a board without a seat shows each human seat's view, so all of them must be.
        """
        state = self.position()
        seat = self.viewer if seat is None else seat
        state.check_viewer(seat)
        humans = [p for p in range(state.num_players) if p not in (bots or {})]
        hidden = [p for p in ([seat] if seat is not None else humans) if p not in self._allowed]
        if hidden:
            raise ValueError(f"this replay does not show {state.player_name(hidden[0])}'s view, "
                             "so a board from here cannot show it either")
        return Board(state, bots=bots, seat=seat, **options)

    def _branch(self) -> None:
        """The button: a board from here below the replay, in place of (and stopping) the one it opened before."""
        board = self.play_from_here(self.bots)
        for old in self.boxed.children[1:]:
            if old is not self._analysis_box:
                old.close()
        self.boxed.children = (self, *self._analysis_shown(), board)

    def _analysis_shown(self) -> tuple:
        return () if self._analysis_box is None else (self._analysis_box,)

    def analyse(self, budget: int | None = None) -> threading.Thread:
        """Judge every move with the coach (`coach.analyse`) in a background thread, from the knowledge of the
        seat shown (in a game with hidden information; else each mover's): a progress bar under the replay,
        then the chart and the marked moves in it (`analysis_html`, `marks`), which go to a move when clicked.
        Returns the thread; `stop_analysis()` interrupts it."""
        seat = analysis_seat(self.timeline.final, self.viewer)
        self.stop_analysis()
        record = self.record
        bar = ipywidgets.FloatProgress(value=0, min=0, max=max(len(self.timeline), 1), description="Analysis")
        chart = ipywidgets.HTML("")  # says a failure; the analysis itself is drawn in the replay
        box = ipywidgets.VBox([bar, chart])
        self.analysis_html, self.marks = "", {}
        old, self._analysis_box = self._analysis_box, box
        self.boxed.children = (self, box, *(c for c in self.boxed.children[1:] if c is not old))
        if old is not None:
            old.close()
        stop = threading.Event()

        def run() -> None:
            try:
                found = coach.analyse(record, seat_of_view=seat, budget=budget, should_stop=stop.is_set,
                                      progress=lambda done, _total: setattr(bar, "value", done))
            except Exception as error:  # a bug must not die unseen in a thread
                chart.value = f"<p>The analysis failed: {html.escape(type(error).__name__)}: " \
                              f"{html.escape(str(error)[:200])}</p>"
                bar.bar_style = "danger"
            else:
                self.analysis = found
                self._show_analysis()
                bar.bar_style = "warning" if found.interrupted else "success"
            finally:
                self.analysing = False

        thread = threading.Thread(target=run, name="tictac-analysis", daemon=True)
        self._analysis_run = (thread, stop)
        self.analysing = True
        thread.start()
        return thread

    @traitlets.observe("viewer")
    def _show_analysis(self, _change: Any = None) -> None:
        """The analysis drawn from the side of the seat shown (where nothing is hidden, any seat may choose);
        an analysis judged from one seat's knowledge is shown to that seat only."""
        if self.analysis is not None and self.analysis.seat_of_view not in (None, self.viewer):
            self.analysis_html, self.marks = "", {}
        elif self.analysis is not None:
            self.analysis_html = analysis_html(self.analysis, self.viewer)
            self.marks = analysis_marks(self.analysis)

    def stop_analysis(self) -> coach.Analysis | None:
        """Interrupt a running analysis and wait for it: the moves judged so far stay shown (and in
        `analysis`)."""
        if self._analysis_run is not None:
            thread, stop = self._analysis_run
            stop.set()
            thread.join()
            self._analysis_run = None
        return self.analysis

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Messages from the browser; a malformed one changes nothing and says why, and nothing a message
        holds escapes as an exception."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            if kind == "go":
                self.go(content.get("step"))
            elif kind == "viewer":
                self.show(content.get("viewer"))
            elif kind == "branch":
                self._branch()
            elif kind == "analyse":
                self.analyse()
            elif kind == "stop_analysis":
                self.stop_analysis()
            else:
                raise ValueError(f"ignored a malformed message from the browser ({_shape(content)})")
        except (ValueError, IllegalAction, traitlets.TraitError) as error:
            self.message = str(error)[:200]
        except Exception as error:  # a bug (in a renderer, a rule, a bot): the replay stays and says so
            self.message = f"the replay could not handle that: {type(error).__name__}: {str(error)[:120]}"

    def _repr_mimebundle_(self, **kwargs: Any):
        """The replay with the room below it for a board, plus its position as a still picture where no widget
        runs (see `svg.still_picture`)."""
        data = self.boxed._repr_mimebundle_(**kwargs)
        data, metadata = data if isinstance(data, tuple) else (data, {})
        words = f"{self.title}, move {self.step} of {self.count}: {self.status}"
        return {**data, **still_picture(self.svg, words)}, metadata

    def __repr__(self) -> str:
        seen = viewer_label(self.timeline.final, self.viewer)
        return f"<Replay of {self.title}: move {self.step} of {self.count}, seen by {seen}>"
