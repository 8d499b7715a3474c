"""`Table`: what one screen shows of a game and what its clicks do, apart from any transport.

`Board` (the notebook widget) and a room's seat (`tictac_nb.rooms`) are both a `Table`: the same
checks of every message, the same act/undo/new rules and the same traits (svg, status, said, message,
turn, played, answers, cover, thinking, can_undo, choosing), computed once here for both. `MESSAGES` is the
one table of what a page may send: each message's fields, its handler, and whether it may change the game. Hints
(can_hint, hint_words) are the notebook `Board`'s own: a plain table refuses a hint message.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from ..core.bots import Bot, bot_name
from ..core.engine import IllegalAction, State
from ..core.words import auto_pass_words
from ..core.words import told as said_as

MAX_TARGET = 200  # characters in a clicked target; every game's notation is far shorter
MAX_TURN = 2**53  # the largest whole number a browser sends exactly
WIDTHS = (120, 20_000)  # CSS px a board may be given; anything else is refused
AUTO_PASS_DELAY = 0.6
"""Seconds before a board (or a room) passes for a human who can only pass: one pause whatever the hand
holds, so it tells nobody what the hand holds, and long enough to see what was played before the game goes on."""


def _shape(content: Any) -> str:
    """A short, safe description of a malformed message (never its repr: it may be huge or deeply nested)."""
    if isinstance(content, dict):
        kind = content.get("type")
        if isinstance(kind, str):
            return f"a message of type {kind[:20]!r}"
        return f"a message with fields {', '.join(repr(str(k)[:20]) for k in list(content)[:4]) or 'none'}"
    name = type(content).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _short(words: str, limit: int = 160) -> str:
    return words if len(words) <= limit else words[:limit - 1] + "…"


def check_message(content: Any) -> dict:
    """The message as {field: value} once its shape, types and sizes are right; else `IllegalAction`."""
    if not isinstance(content, dict) or type(content.get("type")) is not str or content["type"] not in MESSAGES:
        raise IllegalAction(f"ignored a malformed message from the browser ({_shape(content)})")
    fields = MESSAGES[content["type"]].fields
    extra = [str(k)[:20] for k in content if k != "type" and k not in fields]
    if extra:
        raise IllegalAction(f"ignored this {content['type']!r} message: unknown fields ({', '.join(extra[:3])})")
    for name, kind in fields.items():
        value: Any = content.get(name)  # what the page sent, checked here
        if name == "turn" and (type(value) is not int or not 0 <= value <= MAX_TURN):
            raise IllegalAction(f"ignored this {content['type']!r} message: it lacks the position it was made on")
        if name == "target" and (type(value) is not str or len(value) > MAX_TARGET):
            raise IllegalAction(f"a target is text of at most {MAX_TARGET} characters, not {_shape(value)}")
        if kind is float and (type(value) not in (int, float) or not WIDTHS[0] <= value <= WIDTHS[1]):
            raise IllegalAction(f"ignored a width that is not a number of CSS px from {WIDTHS[0]} to {WIDTHS[1]}")
    return content


class Table:
    """The plain part of a board: a subclass (the notebook's `Board`, a room's `View`) provides the attributes
    declared here (the contract, which mypy checks each subclass against: the game and its seats, the board's own
    choices, and the traits, synced to a page by a widget, plain attributes in a room), and may override `_changed`
    (what happens once the position or the open choice changed) and `hold_sync`."""

    state: State
    bots: dict[int, Bot]
    humans: list[int]
    seat: int | None
    """The seat the board is bound to (None: every human seat at one screen, or an onlooker)."""
    width: float | None
    """CSS px the board is drawn for (None: unknown, the wide layout)."""
    pending: str | None
    """The first step of a two-step choice that is open."""
    _shown: int | None
    """The human whose view a hot-seat board shows."""
    _stalled: str
    """Why the bot to move did not move (empty: it did)."""
    _movers_seen: tuple[tuple | None, list[tuple[int | None, bool]]]
    """`_turns()` remembered for a seed, its redeals and its history."""
    _games: random.Random
    """Where new games and the deals again after an undo are drawn from."""
    svg: str
    status: str
    said: str
    message: str
    cover: str
    hint_words: str
    turn: int
    played: int
    answers: int
    thinking: bool
    can_undo: bool
    choosing: bool
    can_hint: bool

    @contextlib.contextmanager
    def hold_sync(self) -> Iterator[None]:
        """Group trait changes into one update (a widget sends them together); plain attributes need nothing."""
        yield

    def _changed(self, schedule: bool = True) -> None:
        with self.hold_sync():
            self.turn += 1
            self.message = ""
            self.refresh()

    told: tuple[int | None, str] | None = None
    """The last action played, as (mover, its `describe()`), which `said` tells from this screen's side."""

    auto_pass = False
    """Whether the board passes for a human whose only legal action is "pass" (a K.O. answer they cannot give)."""

    def _forced_pass(self) -> bool:
        """Whether the board is to pass for the human to move: auto-pass is on and passing is all they can do."""
        state = self.state
        return (self.auto_pass and state.outcome is None and state.to_move in self.humans
                and tuple(state.legal_actions()) == ("pass",))

    @property
    def hot_seat(self) -> bool:
        return self.seat is None and len(self.humans) > 1

    def viewer(self) -> int | None:
        """Whose view is drawn: the board's seat, or in hot-seat play the human holding the screen."""
        if self.hot_seat:
            if self.state.outcome is not None and self.state.game.hidden_information:
                return None  # the game is over: nobody's secrets are shown to the table
            return self._shown
        return self.seat

    def _needs_cover(self) -> bool:
        state = self.state
        return (self.hot_seat and state.game.hidden_information and state.outcome is None
                and state.to_move in self.humans and self._shown != state.to_move and not self._forced_pass())

    def refresh(self) -> None:
        """Redraw every synced trait from the state (the svg for the board's width)."""
        state = self.state
        if not self.hot_seat or not state.game.hidden_information:
            if self.hot_seat and state.to_move in self.humans:
                self._shown = state.to_move
        if self._needs_cover():
            name = state.player_name(state.to_move)
            self.cover = f"Pass the screen to {name}. {name}: show my board"
            self.svg = state.render_svg(None, None, self.width)
        else:
            self.cover = ""
            self.svg = state.render_svg(self.viewer(), self.pending, self.width)
        self.status = self._status()
        self.choosing = self.pending is not None
        self.played = len(state.history)
        self.can_undo = self._undo_target() is not None and not self.cover

    def _status(self) -> str:
        state = self.state
        if state.outcome is None and state.to_move in self.bots:
            who = f"{state.player_name(state.to_move)} ({bot_name(self.bots[state.to_move])})"
            return f"{who} {self._stalled}" if self._stalled else f"{who} is thinking"
        passing = auto_pass_words(state.game)
        if self._forced_pass() and self.viewer() == state.to_move and passing is not None:
            return f"{state.player_name(state.to_move)} is passing: {passing[2]}"
        return state.status()

    def act(self, target: str) -> None:
        """A click on `target`: play it if it is a legal action, or open it as the first step of one
        (clicking that first step again closes it). Whose turn it is is checked before the rules are
        asked, so a refusal never speaks of a hand the viewer may not see."""
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome.reason}); start a new game")
        if state.to_move in self.bots:
            raise IllegalAction(f"it is {state.player_name(state.to_move)}'s turn, played by a bot")
        if self.seat is not None and state.to_move != self.seat:
            raise IllegalAction(f"it is {state.player_name(state.to_move)}'s turn; this board plays "
                                f"{state.player_name(self.seat)}")
        if self.cover:
            raise IllegalAction("the board is covered: reveal it first")
        if type(target) is not str:
            raise IllegalAction(f"a target is text, not {type(target).__name__}")
        if not state.is_legal(target):
            if not self._first_step(target, state.legal_actions()):
                self._refuse(target)
            self.pending = None if target == self.pending else target
            try:
                self._changed()
            except Exception:  # the renderer cannot open it: no first step after all
                raise IllegalAction(f"{target[:30]!r} is not an action you can take now") from None
            return
        mover, words = state.to_move, state.describe(target)
        state.play(target)
        self.tell(mover, words)
        self.pending = None
        self._changed()

    def tell(self, mover: int | None, words: str) -> None:
        """Say the action `mover` just played (its `describe()` words) on this screen: `said`."""
        self.told = (mover, words)
        self.said = self.telling(self.told)

    def telling(self, told: tuple[int | None, str] | None) -> str:
        """An action played, as this screen says it: "You ..." on the mover's own seat, else the mover's name."""
        if told is None:
            return ""
        mover, words = told
        return said_as(self.state.player_name(mover), words, yours=mover is not None and mover == self.seat)

    def _first_step(self, target: str, legal: Any) -> bool:
        """Whether `target` is the first step of a two-step choice: one of the targets that is no action.
        A game that lists no first steps in `targets()` yet is taken at its renderer's word: any prefix of
        a legal action may open (the renderer must then draw it, or the click is refused)."""
        firsts = {t.action for t in self.state.targets()} - set(legal)
        if firsts:
            return target in firsts
        return bool(target) and any(action.startswith(target) for action in legal)

    def _refuse(self, target: str) -> None:
        """Raise the rules' reason for refusing `target`; a rules bug on odd text still refuses plainly."""
        try:
            reason = self.state.refusal(target)
        except Exception:  # the rules failed to word it: the move is refused all the same
            reason = f"{target[:30]!r} is not an action you can take now"
        raise IllegalAction(reason)

    def _undo_target(self) -> int | None:
        """How many actions Undo takes back: back to a human's turn (this board's seat, if bound) with a
        choice, at least one; None if there is no such turn to go back to. A pass the board made for a human
        who could only pass (`auto_pass`) is no such turn: it would be made again at once, and only what
        was seen after it dealt again."""
        state = self.state
        if not state.history or not self.humans or not state.replayable:
            return None
        if self.seat is None and not self.bots:
            return 1
        mine = {self.seat} if self.seat is not None else set(self.humans)
        turns = self._turns()
        for back in range(1, len(state.history) + 1):
            mover, only_pass = turns[-back]
            if mover in mine and not (only_pass and self.auto_pass):
                return back
        return None

    def _movers(self) -> list[int | None]:
        """Who was to move before each action of the history."""
        return [mover for mover, _ in self._turns()]

    def _turns(self) -> list[tuple[int | None, bool]]:
        """Before each action of the history: who was to move, and whether passing was all they could do
        (replayed on a copy, with its redeals, and remembered for that seed, those redeals and that history: a
        redeal changes what a seat could do later)."""
        state = self.state
        key = (state.seed, tuple(state.redeals), tuple(state.history))
        if self._movers_seen[0] != key:
            replay = state.game.state_class(state.game, state.seed, state.options)
            turns = []
            for action in state.history:
                replay.redeal_due(state.redeals)
                turns.append((replay.to_move, action == "pass" and tuple(replay.legal_actions()) == ("pass",)))
                replay.apply(action)
                replay.history.append(action)
            self._movers_seen = (key, turns)
        return self._movers_seen[1]

    def undo(self) -> None:
        """Take back moves until a human (this board's seat, if bound) is to move again: at least one. Then
        what that human has not seen is dealt again (`deal_again`), so undoing and playing elsewhere shows
        nothing of what would have come."""
        if self.cover:
            raise IllegalAction("the board is covered: reveal it first")
        back = self._undo_target()
        if back is None:
            raise IllegalAction("there is nothing to undo" if not self.state.history
                                else "there is no earlier turn of yours to go back to")
        for _ in range(back):
            self.state.undo()
        self.deal_again()
        self.said, self.told = "", None
        self.pending = None
        self._stalled = ""
        self._changed()

    def _deal_rng(self) -> random.Random:
        """Where a new deal after an undo comes from (a room's view: the system's randomness)."""
        return self._games

    def deal_again(self) -> None:
        """Deal again what the human to move (the board's seat, if bound) has not seen: the state becomes, in
        place, its `determinize`d copy for that seat, and the redeal joins its record (`State.redeal`), so
        the record still replays and undo works again. Only where no human's view changes: with several
        humans at one board, a card one of them holds or saw (a K.O. or TIC TOC hand) is not dealt again,
        so there the cards to come come again."""
        state = self.state
        seat = self.seat if self.seat is not None else state.to_move
        if seat is None or state.outcome is not None:
            return
        redealt = state.clone()
        redealt.redeal(seat, self._deal_rng().randrange(2**62))
        if all(redealt.view(human) == state.view(human) for human in self.humans if human != seat):
            state._become(redealt)

    def new_game(self) -> None:
        """A fresh game with the same rules and seats, its seed drawn from `_games` (a Board's `deals`); in
        hot-seat play with hidden information the cover goes up first, since anyone may hold the screen."""
        self.state = self.state.game.new_game(self._games.randrange(2**32), **self.state.options)
        self.pending = None
        self._shown = None
        self._stalled = ""
        self.said, self.told = "", None
        self._changed()

    def hint(self) -> Any:
        """The coach's hint for the human to move; a table that offers none refuses."""
        raise IllegalAction("this board offers no hints")

    def handle(self, content: Any) -> None:
        """A message from the page: checked before use; a malformed, stale or refused one changes nothing
        and says why, and nothing a message holds escapes as an exception."""
        kind = content.get("type") if isinstance(content, dict) else None
        before = self._snapshot(game=type(kind) is str and kind in MESSAGES and MESSAGES[kind].changes_game)
        try:
            message = check_message(content)
            if "turn" in message and message["turn"] != self.turn:
                raise IllegalAction("that was done on an earlier position; the board has moved on")
            MESSAGES[message["type"]].handle(self, message)
        except IllegalAction as error:
            self._restore(before)
            self.message = _short(str(error))
        except KeyboardInterrupt:
            self._restore(before)
            raise
        except Exception as error:  # a bug (in a renderer or a rule): the board stays as it was and says so
            self._restore(before)
            self.message = f"the board could not handle that: {type(error).__name__}: {str(error)[:120]}"
        finally:
            self.answers += 1

    def cancel(self) -> None:
        """Close the open first step, if any."""
        if self.pending is not None:
            self.pending = None
            self.refresh()

    def reveal(self) -> None:
        """Lift the "pass the screen" cover for the player to move, if it is up."""
        if self.cover:
            self._shown = self.state.to_move
            self.refresh()

    def resize(self, width: float) -> None:
        """Draw for `width` CSS px from now on (a number already checked to lie within `WIDTHS`)."""
        if round(width) != self.width:
            self.width = round(width)
            self.refresh()

    def _snapshot(self, game: bool = True) -> tuple:
        """What a failed message restores: the traits and the board's own choices, and a copy of the game
        itself only if the message may change it (`Message.changes_game`)."""
        traits = {name: getattr(self, name) for name in ("svg", "status", "said", "turn", "cover", "thinking",
                                                         "can_undo", "choosing", "can_hint", "hint_words")}
        copy = self.state.clone() if game else None
        return self.state, copy, self.pending, self._shown, self._stalled, self.width, traits

    def _restore(self, snapshot: tuple) -> None:
        state, copy, self.pending, self._shown, self._stalled, self.width, traits = snapshot
        if copy is not None:
            state._become(copy)
        self.state = state
        with self.hold_sync():
            for name, value in traits.items():
                setattr(self, name, value)


class Message(NamedTuple):
    """One kind of message from the page: its fields beside "type" (`turn` is the position the page showed),
    what the table does with it, and whether that may change the game (only then is the game copied first,
    so that a refusal or a bug leaves it exactly as it was)."""

    fields: dict[str, type]
    handle: Callable[[Table, dict], Any]
    changes_game: bool


MESSAGES: dict[str, Message] = {
    "act": Message({"target": str, "turn": int}, lambda table, message: table.act(message["target"]), True),
    "undo": Message({"turn": int}, lambda table, _: table.undo(), True),
    "new": Message({"turn": int}, lambda table, _: table.new_game(), True),
    "reveal": Message({"turn": int}, lambda table, _: table.reveal(), False),
    "hint": Message({"turn": int}, lambda table, _: table.hint(), False),
    "cancel": Message({}, lambda table, _: table.cancel(), False),
    "width": Message({"width": float}, lambda table, message: table.resize(message["width"]), False),
}
"""Every message a page may send, by type: the one table of their shapes and handlers."""
