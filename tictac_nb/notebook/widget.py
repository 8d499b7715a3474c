"""`Board`: the one notebook widget every game plays in.

Python draws the SVG from the viewer's view and keeps every rule; the browser shows that SVG and
sends back which target was clicked. The synced state holds only what the viewer may see.

Every message from the browser is checked (shape, types, sizes) before use; whatever it holds, the
board answers with a message and the game stays as it was unless the message was a legal request.
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from .. import coach
from ..core.bots import Bot
from ..core.engine import IllegalAction, State
from ..core.svg import still_picture
from ..trust import sandbox
from .frontend import BoardFront
from .table import AUTO_PASS_DELAY, Table

if TYPE_CHECKING:
    from ..rooms.client import RemoteBoard

FOLLOW_UP_DELAY = 0.03
"""Seconds before a bot's next action in the same turn (a TIC TOC card, then its end of turn): about two
frames, so the page draws each one and a whole turn of four actions still arrives within half a second."""




class Board(BoardFront, Table):
    """A playable board: `Board(state, bots={1: MCTSBot()})`; seats without a bot are human.

    With one human seat the board shows that seat's view; `seat=` binds the board to one seat (it then
    acts only for that seat). With several human seats in a game with hidden information, a
    "pass the screen" cover hides the board whenever the screen may change hands.

    A human whose only legal action is "pass" (in K.O., an answer window without an Instant that could
    answer) is passed for after `AUTO_PASS_DELAY` seconds, with no cover; `auto_pass=False` asks them.

    A student's bot (anything but the kit's own) thinks in a sandbox of its own (`tictac_nb.trust.sandbox`) that
    lives as long as the board (`close()` ends it), with `sandbox.BOARD_TIME_LIMIT` seconds a move.

    `deals` is where its New game and the deals again after an undo are drawn from: by default a generator
    seeded by the game's seed, so a notebook's board replays; a play page, whose game numbers are secret
    until a game ends, passes the system's randomness, so that one game's number tells nothing of the next.
    """

    def __init__(self, state: State, bots: dict[int, Bot] | None = None, seat: int | None = None,
                 bot_delay: float = 0.25, auto_pass: bool = True, deals: random.Random | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        bots = dict(bots or {})
        for player in bots:
            if type(player) is not int or not 0 <= player < state.num_players:
                raise ValueError(f"bots are keyed by seat, 0 to {state.num_players - 1}, not {player!r}")
        if seat is not None:
            state.check_viewer(seat)
            if seat in bots:
                raise ValueError(f"seat {seat} is played by a bot; a board is bound to a human seat")
        self.state = state
        self.bots = {seat: sandbox.player(bot) for seat, bot in bots.items()}
        self.humans = [p for p in range(state.num_players) if p not in bots]
        self.seat = seat if seat is not None else (self.humans[0] if len(self.humans) == 1 else None)
        self.bot_delay = bot_delay
        self.auto_pass = auto_pass
        self.width: float | None = None
        self.pending: str | None = None
        self._shown: int | None = state.to_move if state.to_move in self.humans else None
        self._stalled = ""  # why the bot to move did not move, until an undo or a new game
        self._movers_seen: tuple[tuple | None, list[tuple[int | None, bool]]] = (None, [])
        self._games = random.Random(state.seed) if deals is None else deals
        self._hint: tuple[State, Any, coach.Hint] | None = None  # the hint drawn, its game and position
        self.turn = len(state.history)
        self.on_msg(self._on_message)
        self.refresh()
        self._schedule_bot()

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live widget, plus static copies where no widget runs: the SVG (GitHub, nbviewer, nbconvert)
        and Markdown holding the SVG as an image with the status (JupyterLab shows it in an untrusted
        notebook, where it draws neither widgets nor SVG)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**(data or {}), **still_picture(self.svg, " ".join(filter(None, (self.cover, self.status))))}, metadata

    # ---- what the board does
    @staticmethod
    def join(link: str) -> RemoteBoard:
        """A board for a room's seat (its secret link) or its onlooker (a spectator link), played on the room
        server that holds the game: `Board.join(link)`; see `tictac_nb.rooms`."""
        from .remote import join

        return join(link)

    def hint(self) -> coach.Hint:
        """The coach's hint for the human to move, drawn on the board (`coach.hinted_svg`) and said under it
        until the position changes. It is that seat's own view (the coach searches from its knowledge, with
        a fixed seed, so twin games get the same hint), and is refused under a "pass the screen" cover."""
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome.reason}): there is nothing to hint")
        if self.cover:
            raise IllegalAction("the board is covered: reveal it first")
        if state.to_move not in self.humans or self.viewer() != state.to_move:
            raise IllegalAction(f"a hint is for the human to move at this board; it is "
                                f"{state.player_name(state.to_move)}'s turn")
        if self._forced_pass():
            raise IllegalAction("passing is all you can do here, and the board passes for you")
        found = coach.hint(state, state.to_move)
        self._hint = (state, state.key(), found)
        self.refresh()
        return found

    def _hint_stands(self) -> bool:
        """Whether the hint drawn is for this game (a new game is another) and this very position: opening or
        closing a first step (Tyc's cell, a K.O. card) changes neither, so the hint survives it."""
        return self._hint is not None and self._hint[0] is self.state and self._hint[1] == self.state.key()

    def refresh(self) -> None:
        """Redraw every synced trait; a hint made on this position stays drawn (at the board's width, with
        the first step open: its second steps carry their own marks)."""
        super().refresh()
        state = self.state
        self.can_hint = (state.outcome is None and not self.cover and state.to_move in self.humans
                         and self.viewer() == state.to_move and not self._stalled and not self._forced_pass())
        if not (self._hint_stands() and self.can_hint):
            self._hint = None
        self.hint_words = self._hint[2].sentence if self._hint else ""
        if self._hint is not None:
            self.svg = coach.hinted_svg(state, self._hint[2], self.pending, self.width)

    def _snapshot(self, game: bool = True) -> tuple:
        return super()._snapshot(game), self._hint

    def _restore(self, snapshot: tuple) -> None:
        table, self._hint = snapshot
        super()._restore(table)

    def _changed(self, schedule: bool = True) -> None:
        """The position or the open choice changed: a new turn number and a redraw, sent to the page in one
        update (so a click never pairs the new board with the old turn), then the bots' turn."""
        with self.hold_sync():
            self.turn += 1
            self.message = ""
            self.refresh()
        if schedule:
            self._schedule_bot()

    def _schedule_bot(self, delay: float | None = None) -> None:
        """Let the bots move: on the notebook's event loop after a short pause (`bot_delay`, or `delay`), so
        the page shows each move as it comes; at once where no event loop runs (scripts, tests)."""
        if self._forced_pass() and not self._stalled:
            self.thinking = False
            self._schedule_pass()
            return
        if self.state.outcome is not None or self.state.to_move not in self.bots or self._stalled:
            self.thinking = False
            return
        self.thinking = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run_bots()
        else:
            loop.call_later(self.bot_delay if delay is None else delay, self._bot_move, self.turn)

    def run_bots(self) -> None:
        """Play every move due now that waits for nobody, the bots' and forced passes, until a human has a
        choice or the game ends."""
        while self.state.outcome is None and not self._stalled:
            if self.state.to_move in self.bots:
                self._play_bot()
            elif self._forced_pass():
                self._pass()
            else:
                break
        self.thinking = False

    def _schedule_pass(self) -> None:
        """Pass for the human to move after `AUTO_PASS_DELAY`, like a bot's move; at once with no event loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run_bots()
        else:
            loop.call_later(AUTO_PASS_DELAY, self._auto_pass, self.turn)

    def _auto_pass(self, turn: int) -> None:
        """A scheduled forced pass, dropped if anything happened since (a click, an undo, a new game)."""
        if turn == self.turn and self._forced_pass() and not self._stalled:
            self._pass()
            self._schedule_bot()

    def _pass(self) -> None:
        """Pass for the human to move, said as their own pass would be (the words tell nothing of the hand)."""
        mover, words = self.state.to_move, self.state.describe("pass")
        self.state.play("pass")
        self.tell(mover, words)
        self.pending = None
        self._changed(schedule=False)

    def close(self) -> None:
        """Stop this board for good: the bot moves it has scheduled are dropped and no new ones come (a page
        that replaces its board calls this, so the old board's bots do not play on unseen), and the sandboxes
        of its students' bots end."""
        self._stalled = "closed"
        self.thinking = False
        for bot in self.bots.values():
            if isinstance(bot, sandbox.SandboxBot):
                bot.close()
        super().close()

    def _bot_move(self, turn: int) -> None:
        """A scheduled bot move on the notebook's event loop; an interrupt stops the bot, not the loop."""
        mover = self.state.to_move
        if turn == self.turn and self.state.outcome is None and mover in self.bots and not self._stalled:
            try:
                self._play_bot()
            except KeyboardInterrupt:
                return
            self._schedule_bot(FOLLOW_UP_DELAY if self.state.to_move == mover else None)

    def _play_bot(self) -> None:
        """One bot move; a bot is anyone's code, so its failure or interruption is shown, not left hanging."""
        state = self.state
        player = state.to_move
        assert player is not None  # a bot is to move
        name = state.player_name(player)
        try:
            action = self.bots[player].choose(state)
            if not state.is_legal(action):
                state.play(action)  # raises the rules' reason
            words = state.describe(action)
            state.play(action)
        except KeyboardInterrupt:
            self._stop_bot("was interrupted: Undo or New game to go on", f"{name}'s bot was interrupted")
            raise
        except Exception as error:
            self._stop_bot("could not move: Undo or New game to go on", f"{name}'s bot failed: {str(error)[:200]}")
            return
        self.tell(player, words)
        self._changed(schedule=False)

    def _stop_bot(self, stalled: str, message: str) -> None:
        self._stalled = stalled
        self.thinking = False
        self.refresh()
        self.message = message

    # ---- messages from the browser -------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Messages from the browser: checked before use; a malformed, stale or refused one changes
        nothing and says why, and nothing a message holds escapes as an exception."""
        self.handle(content)
