"""`Board`: the one notebook widget every game plays in.

Python draws the SVG from the viewer's view and keeps every rule; the browser shows that SVG and
sends back which target was clicked. The synced state holds only what the viewer may see.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .bots import Bot
from .engine import IllegalAction, State


def _frontend() -> Path:
    """`widgets/` ships inside the wheel as tictac_nb/widgets; in a checkout it sits beside the package."""
    here = Path(__file__).parent
    for folder in (here / "widgets", here.parent / "widgets"):
        if (folder / "board.js").is_file():
            return folder
    raise FileNotFoundError("tictac_nb's front end (widgets/board.js) is missing from this install")


FRONTEND = _frontend()
MESSAGE_TYPES = {"act", "undo", "new", "reveal", "cancel"}


class Board(anywidget.AnyWidget):
    """A playable board: `Board(state, bots={1: MCTSBot()})`; seats without a bot are human.

    With one human seat the board shows that seat's view. With several human seats in a game with
    hidden information, a "pass to ..." cover hides the board between their turns.
    """

    _esm = FRONTEND / "board.js"
    _css = FRONTEND / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)
    cover = traitlets.Unicode("").tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, state: State, bots: dict[int, Bot] | None = None, seat: int | None = None,
                 bot_delay: float = 0.25, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        bots = dict(bots or {})
        for player in bots:
            if type(player) is not int or not 0 <= player < state.num_players:
                raise ValueError(f"bots are keyed by seat, 0 to {state.num_players - 1}, not {player!r}")
        if seat is not None:
            state.check_viewer(seat)
        self.state = state
        self.bots = bots
        self.humans = [p for p in range(state.num_players) if p not in bots]
        self.seat = seat if seat is not None else (self.humans[0] if len(self.humans) == 1 else None)
        self.bot_delay = bot_delay
        self.pending: str | None = None
        self._shown: int | None = None
        self._generation = 0
        self._games = random.Random(state.seed)
        self.on_msg(self._on_message)
        self.refresh()
        self._schedule_bot()

    # ---- what the board shows ------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return self.seat is None and len(self.humans) > 1

    def viewer(self) -> int | None:
        """Whose view is drawn: the human seat, or in hot-seat play the human to move."""
        if self.hot_seat:
            if self.state.outcome is not None and self.state.game.hidden_information:
                return None  # the game is over: nobody's secrets are shown to the table
            return self.state.to_move if self.state.to_move in self.humans else self._shown
        return self.seat

    def refresh(self) -> None:
        state = self.state
        viewer = self.viewer()
        needs_cover = (
            self.hot_seat and state.game.hidden_information and state.outcome is None
            and state.to_move in self.humans and self._shown not in (None, state.to_move)
        )
        if needs_cover:
            name = state.player_name(state.to_move)
            self.cover = f"Pass the screen to {name}. {name}: show my board"
            self.svg = state.render_svg(None)
        else:
            self.cover = ""
            if self.hot_seat and state.to_move in self.humans:
                self._shown = state.to_move
            self.svg = state.render_svg(viewer, self.pending)
        self.status = self._status()
        self.turn = len(state.history)
        self.can_undo = bool(state.history) and any(p in self.humans for p in range(state.num_players))

    def _status(self) -> str:
        state = self.state
        if state.outcome is None and state.to_move in self.bots:
            return f"{state.player_name(state.to_move)} ({self.bots[state.to_move]!r}) is thinking…"
        return state.status()

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live widget, plus a static SVG for GitHub, nbviewer and nbconvert."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = {**data, "image/svg+xml": self.svg}
        return data, metadata

    # ---- what the board does -------------------------------------------------------------------
    def act(self, target: str) -> None:
        """A click on `target`: play it if it is a legal action, or open it as the first part of one
        (clicking that first part again closes it)."""
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome.reason}); start a new game")
        if state.to_move not in self.humans:
            raise IllegalAction(f"it is {state.player_name(state.to_move)}'s turn, played by a bot")
        if self.cover:
            raise IllegalAction("the board is covered: reveal it first")
        if not isinstance(target, str):
            raise IllegalAction(f"a target is text, not {type(target).__name__}")
        legal = state.legal_actions()
        if target and target not in legal and any(a.startswith(target) for a in legal):
            self.pending = None if target == self.pending else target  # a second click takes it back
        else:
            state.play(target)
            self.pending = None
        self.message = ""
        self.refresh()
        self._schedule_bot()

    def undo(self) -> None:
        """Take back moves until a human is to move again (at least one move)."""
        if not self.state.history:
            raise IllegalAction("there is nothing to undo")
        self._generation += 1
        self.state.undo()
        while self.state.history and self.state.to_move not in self.humans:
            self.state.undo()
        self.pending = None
        self.message = ""
        self.refresh()
        self._schedule_bot()

    def new_game(self) -> None:
        """A fresh game with the same rules and seats, seeded from the first game's seed."""
        self._generation += 1
        self.state = self.state.game.new_game(self._games.randrange(2**32), **self.state.options)
        self.pending = None
        self._shown = None
        self.message = ""
        self.refresh()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        """Let the bots move: on the notebook's event loop after a short pause, so the page shows
        each move as it comes; at once where no event loop runs (scripts, tests)."""
        if self.state.outcome is not None or self.state.to_move not in self.bots:
            self.thinking = False
            return
        self.thinking = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run_bots()
        else:
            loop.call_later(self.bot_delay, self._bot_move, self._generation)

    def run_bots(self) -> None:
        """Play every bot move due now, until a human is to move or the game ends."""
        while self.state.outcome is None and self.state.to_move in self.bots:
            if not self._play_bot():
                return
        self.thinking = False

    def _bot_move(self, generation: int) -> None:
        if generation == self._generation and self.state.outcome is None and self.state.to_move in self.bots:
            if self._play_bot():
                self._schedule_bot()

    def _play_bot(self) -> bool:
        """One bot move; a bot is anyone's code, so its failure is shown rather than left hanging."""
        player = self.state.to_move
        try:
            self.state.play(self.bots[player].choose(self.state))
        except Exception as error:
            self.message = f"{self.state.player_name(player)}'s bot failed: {error}"
            self.thinking = False
            return False
        self.refresh()
        return True

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Messages from the browser; a malformed or refused one changes nothing and says why."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
                raise IllegalAction(f"ignored a malformed message from the browser: {content!r:.80}")
            if kind == "act":
                turn = content.get("turn")
                if type(turn) is not int:
                    raise IllegalAction("ignored a click without the position it was made on")
                if turn != self.turn:
                    raise IllegalAction("that click was made on an earlier position; the board has moved on")
                self.act(content.get("target"))
            elif kind == "undo":
                self.undo()
            elif kind == "new":
                self.new_game()
            elif kind == "cancel":
                self.pending = None
                self.refresh()
            elif kind == "reveal" and self.cover:
                self._shown = self.state.to_move
                self.refresh()
        except IllegalAction as error:
            self.message = str(error)
