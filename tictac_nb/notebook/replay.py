"""`Replay`, the widget that steps through every position of a played game (`timeline.Timeline`).

A replay is always seen by someone: the onlooker (None) or one seat, who is shown only what that seat
knew after each move (`render_svg(viewer)` of that position). The record itself (seed, setup, options,
hidden cards) stays in Python: the browser gets the frame on show and the public move list.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets
import traitlets

from .. import coach
from ..core.engine import IllegalAction, State, excerpt
from ..core.front_end import FRONTEND
from ..core.svg import still_picture
from .table import _shape
from .timeline import (
    RecordSource,
    Timeline,
    analysis_html,
    analysis_marks,
    analysis_seat,
    check_bots,
    move_lines,
    viewer_label,
)
from .widget import Board

if TYPE_CHECKING:
    from ..core.bots import Bot


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
    moves: traitlets.List[Any] = traitlets.List().tag(sync=True)
    viewer = traitlets.Int(None, allow_none=True).tag(sync=True)
    viewers: traitlets.List[Any] = traitlets.List().tag(sync=True)
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
        seats: Sequence[int] = range(state.num_players)
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
