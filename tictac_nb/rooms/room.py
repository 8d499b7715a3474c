"""A room: one real game held by the server, its seats (a secret token each, or a bot) and a `View` per
connection. The rules run here and only here; each view sends its page exactly what a `Board` bound to
that seat would show (the onlooker's view to a spectator), through the same `Table` logic.

Rulings for a room, where a notebook board has no such question:
- Undo takes moves back only in a room with one human seat (a student against bots): with several
  humans, nobody may take back another player's move. What that seat has not seen is dealt again
  (`Table.undo`, the redeal kept in the record), so an undo never shows what comes next.
- A new game starts once the game is over (or its bot could not move); before that, once every human
  seat has asked for one (or the teacher starts it from the lobby).
- A human seat that can only pass is passed for after `AUTO_PASS_DELAY`, whatever its hand holds (the room's
  `auto_pass`, on unless the teacher turns it off).
- One connection a seat: a new one takes the seat over and the old one is told and closed. Spectators
  (the room's own link) share one onlooker's view, built once per change whatever their number.
- A bot that fails or overruns its time stops its seat (the status says so); a new game goes on.
- A student's bot object cannot be saved: after a restart its seat is played by the game's default bot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..core.bots import Bot, Forfeit, MCTSBot, RandomBot, default_bot
from ..core.engine import Game, IllegalAction, State
from ..core.front_end import (
    CLOSE_FREED,
    CLOSE_LOCKED,
    CLOSE_REISSUED,
    CLOSE_REMOVED,
    CLOSE_TAKEN_OVER,
    TRAITS,
)
from ..core.frozen import thaw
from ..core.registry import is_builtin
from ..core.words import DEAD_ENDS, new_game_asked
from ..notebook.table import AUTO_PASS_DELAY, Table
from ..trust import sandbox
from ..trust.sandbox import as_bot, decide
from .keys import Keys

log = logging.getLogger(__name__)
MAX_MCTS = 20_000
BOT_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tictac-bots")
"""Every room's bots decide in turn in one worker thread: the event loop keeps at least half of the
interpreter for the pages, however many bots think (bench/rooms.py and docs/architecture.md: figures)."""
TOKEN_CHARS = 64
MAX_SPECTATORS = 400
ENDED = "the teacher has ended this room: its board stays to look at"
"""What every page of an ended room says (its status), and what it answers a click or a new game with."""


def make_bot(game: Game, spec: Any, seed: int) -> Bot:
    """A seat's bot from its spec: "default" (the game's own), "random", "mcts:N", or any bot object (a
    student's plays from a sandbox of its own, `tictac_nb.trust.sandbox`, and so does the default bot a registered
    game names: only the kit's own games' bots are the kit's)."""
    if not isinstance(spec, str):
        return sandbox.player(spec)
    if spec == "default":
        bot = default_bot(game, seed)
        return as_bot(bot) if is_builtin(game) else sandbox.player(bot)
    if spec == "random":
        return as_bot(RandomBot(seed))
    if spec.startswith("mcts:") and spec[5:].isdigit() and 1 <= int(spec[5:]) <= MAX_MCTS:
        return as_bot(MCTSBot(iterations=int(spec[5:]), seed=seed))
    raise ValueError(f"a bot is 'default', 'random' or 'mcts:N' (N from 1 to {MAX_MCTS}), not {spec!r:.40}")


@dataclass
class Seat:
    """A seat: a human's secret token (worked out from the room's key and `issue`, how often its link was
    issued; `locked`: its link opens nothing for now), or a bot (`spec` as given; "custom" for a bot object)."""

    token: str | None
    spec: str | None = None
    issue: int = 0
    locked: bool = False

    @property
    def is_bot(self) -> bool:
        return self.spec is not None


class View(Table):
    """One connection's screen: a seat's (or the onlooker's) `Table` over the room's shared state, with its
    own width, open first step, turn counter and answers; `send` takes each frame of changed traits."""

    def __init__(self, room: Room, seat: int | None, send: Callable[[dict], None],
                 close: Callable[[int, str], None] | None = None) -> None:
        self.room, self.seat, self.send, self.close = room, seat, send, close
        self.width: float | None = None
        self.pending: str | None = None
        self._shown: int | None = None
        self._movers_seen: tuple[tuple | None, list[tuple[int | None, bool]]] = (None, [])
        self.svg = self.status = self.message = self.cover = ""
        self.told = room.told
        self.said = self.telling(room.told)
        self.turn = self.played = self.answers = 0
        self.thinking = self.can_undo = self.choosing = self.can_hint = False
        self.can_new = seat is not None
        self.hint_words = ""  # hints are the notebook board's: a room sends these traits empty
        self._sent: dict[str, Any] = {}
        self.refresh()

    # the room's game, seen through this view
    @property
    def state(self) -> State:
        return self.room.state

    @state.setter
    def state(self, state: State) -> None:
        self.room.state = state

    # `Table` declares bots, humans and auto_pass as attributes (a notebook `Board` sets its own); a view's are its
    # room's, which the room alone changes, so each setter refuses, as a property without one did
    @property
    def bots(self) -> dict[int, Bot]:
        return self.room.bots

    @bots.setter
    def bots(self, bots: dict[int, Bot]) -> None:
        raise AttributeError("a view's bots are its room's: the room's seats are set when it opens")

    @property
    def humans(self) -> list[int]:
        return self.room.humans

    @humans.setter
    def humans(self, humans: list[int]) -> None:
        raise AttributeError("a view's humans are its room's: the room's seats are set when it opens")

    @property
    def _stalled(self) -> str:
        return self.room.stalled

    @_stalled.setter
    def _stalled(self, words: str) -> None:
        self.room.stalled = words

    @property
    def hot_seat(self) -> bool:
        return False  # every connection is one seat's screen (or the onlooker's): no screen changes hands

    @property
    def auto_pass(self) -> bool:
        return self.room.auto_pass

    @auto_pass.setter
    def auto_pass(self, on: bool) -> None:
        raise AttributeError("a view's auto_pass is its room's: the teacher sets it (Room.set_auto_pass)")

    def _deal_rng(self) -> random.Random:
        return random.Random(secrets.randbits(64))

    def refresh(self) -> None:
        """The traits as `Table` draws them; in a room the teacher ended, a board to look at: no targets, no
        open first step, no new game."""
        if self.room.ended:
            self.pending = None
        self.thinking = self.room.thinking
        super().refresh()
        self.can_new = self.seat is not None and not self.room.ended
        if self.room.ended:
            self.svg = self.state.game.render(self.state.view(self.viewer()), [], None, self.width)
            self.status = f"{ENDED[0].upper()}{ENDED[1:]}."

    def act(self, target: str) -> None:
        if self.seat is None:
            raise IllegalAction("an onlooker watches the game: only a seat's link plays")
        self.room.check_open()
        super().act(target)

    def _undo_target(self) -> int | None:
        if self.seat is None or len(self.humans) != 1 or self.room.ended:
            return None
        return super()._undo_target()

    def undo(self) -> None:
        if self.seat is None or len(self.humans) != 1:
            raise IllegalAction("moves are not taken back in a room with other players" if self.seat is not None
                                else "an onlooker watches the game: only a seat's link plays")
        self.room.check_open()
        super().undo()

    def new_game(self) -> None:
        room = self.room
        if self.seat is None:
            raise IllegalAction("an onlooker watches the game: only a seat's link starts a new game")
        room.check_open()
        if room.state.outcome is None and not room.stalled and room.ask_new_game(self):
            self.message = "you asked for a new game: every seat and the teacher see it"
            return
        room.restart()
        self.pending = None
        self.said, self.told = "", None
        self._changed()

    def tell_told(self, told: tuple[int | None, str] | None) -> None:
        """Say the room's last action (or nothing) from this view's side."""
        if told is None:
            self.said, self.told = "", None
        else:
            self.tell(*told)

    def _status(self) -> str:
        """The game's status, and while a player asks for a new game, who asks and who it waits for."""
        status = super()._status()
        asking = self.room.asking()
        return f"{status}. {asking}" if asking else status

    def frame(self, **extra: Any) -> dict | None:
        """The traits that changed since the last frame (all of them in the first), or None."""
        changed = {name: value for name in TRAITS
                   if self._sent.get(name, self) != (value := getattr(self, name))}
        if not changed and not extra:
            return None
        self._sent.update(changed)
        return {**extra, "set": changed}

    def everything(self) -> dict:
        """Every trait as last sent: a newcomer's first frame."""
        return dict(self._sent)

    def flush(self, **extra: Any) -> None:
        frame = self.frame(**extra)
        if frame is not None:
            self.send(frame)


class Gallery:
    """A room's spectators: one onlooker's `View`, whose frames are encoded once and sent to every spectator,
    so a change costs the seats one view however many watch (at most `MAX_SPECTATORS`)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.sockets: dict[int, tuple[Callable[[bytes], None], Callable[[int, str], None] | None]] = {}
        self.view = View(room, None, self._broadcast)

    def _broadcast(self, frame: dict) -> None:
        data = json.dumps(frame, separators=(",", ":")).encode()  # encoded once, not once a spectator
        for send, _ in list(self.sockets.values()):
            send(data)

    def add(self, send: Callable[[bytes], None], close: Callable[[int, str], None] | None) -> int | None:
        """A new spectator (sent every trait at once, as UTF-8 text), or None when the gallery is full."""
        if len(self.sockets) >= MAX_SPECTATORS:
            return None
        if not self.sockets:  # nobody watched: the view was left as it was; now it is brought up to date
            self.view.pending = None
            self.view.tell_told(self.room.told)
            self.view._changed()
            self.view.frame()
        key = id(send)
        self.sockets[key] = (send, close)
        hello = {"game": self.room.game.title, "seat": "the onlooker"}
        send(json.dumps({"hello": hello, "set": self.view.everything()}, separators=(",", ":")).encode())
        return key

    def remove(self, key: int) -> None:
        self.sockets.pop(key, None)

    def close_all(self, code: int, reason: str) -> None:
        for _, close in list(self.sockets.values()):
            if close is not None:
                close(code, reason)
        self.sockets.clear()


class Room:
    """One game and everyone at it. `handle(view, text)` takes a page's message; every change of the game
    goes through `commit`, which redraws every view, saves the record and lets a bot move (or passes for a
    seat that can only pass)."""

    def __init__(self, room_id: str, state: State, seats: list[Seat], bots: dict[int, Bot] | None = None,
                 number: int = 0, bot_delay: float = 0.3, time_limit: float | None = 10.0,
                 on_change: Callable[[Room], None] | None = None, keys: Keys | None = None,
                 auto_pass: bool = True, watch_issue: int = 0, ended: bool = False,
                 options: dict | None = None) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{state.game.title} has {state.num_players} seats here, not {len(seats)}")
        self.id, self.state, self.seats, self.number = room_id, state, seats, number
        self.game = state.game
        self.options = dict(options if options is not None else state.options)  # a new game's rules
        self.keys = keys if keys is not None else Keys()
        self.bots = dict(bots or {})
        for index, seat in enumerate(seats):
            if seat.is_bot and index not in self.bots:
                spec = "default" if seat.spec == "custom" else seat.spec
                self.bots[index] = make_bot(self.game, spec, secrets.randbits(32))
            if not seat.is_bot and seat.token is None:
                seat.token = self.keys.seat(room_id, index, seat.issue)
        self.humans = [index for index, seat in enumerate(seats) if not seat.is_bot]
        self.views: list[View] = []
        self.told: tuple[int | None, str] | None = None  # the last action played: (mover, its words)
        self.stalled = ""
        self.version = 0
        self.auto_pass, self.watch_issue, self.ended = auto_pass, watch_issue, ended
        self.asked: set[int] = set()  # the human seats asking for a new game while this one is on
        self.bot_delay, self.time_limit, self.on_change = bot_delay, time_limit, on_change
        self._bot_task: asyncio.Task | None = None
        self.gallery = Gallery(self)

    @classmethod
    def open(cls, game: Game, options: dict | None = None, bots: dict[int, Any] | None = None,
             seed: int | None = None, **kwargs: Any) -> Room:
        """A new room for `game` with fresh tokens for its human seats; `bots` maps seats to bot specs."""
        state = game.new_game(secrets.randbits(32) if seed is None else seed, **(options or {}))
        bots = dict(bots or {})
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < state.num_players:
                raise ValueError(f"bots are keyed by seat, 0 to {state.num_players - 1}, not {seat!r:.20}")
        objects = {seat: sandbox.player(spec) for seat, spec in bots.items() if not isinstance(spec, str)}
        seats = [Seat(None, (spec if isinstance(spec, str) else "custom")) if (spec := bots.get(index)) is not None
                 else Seat(None) for index in range(state.num_players)]
        for index, planned in enumerate(seats):
            if planned.is_bot and index not in objects:
                make_bot(game, planned.spec, 0)  # refuses a bad spec before the room exists
        return cls(secrets.token_urlsafe(6), state, seats, objects, **kwargs)

    def settings(self) -> dict:
        """What the store keeps of the room beside its seats and game."""
        return {"auto_pass": self.auto_pass, "watch_issue": self.watch_issue, "ended": self.ended,
                "options": thaw(self.options)}

    # ---- who is here ---------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return (self.state.outcome is None and self.state.to_move in self.bots and not self.stalled
                and not self.ended)

    @property
    def watch_token(self) -> str:
        return self.keys.watch(self.id, self.watch_issue)

    def check_open(self) -> None:
        if self.ended:
            raise IllegalAction(ENDED)

    def seat_of(self, token: Any) -> int | None:
        """The seat a token opens; None for any other token (a locked seat's too)."""
        seat = self.seat_holding(token)
        return None if seat is None or self.seats[seat].locked else seat

    def seat_holding(self, token: Any) -> int | None:
        """The seat whose link holds `token`, locked or not, compared in constant time against every seat."""
        if type(token) is not str or not 0 < len(token) <= TOKEN_CHARS or not token.isascii():
            return None
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                found = index
        return found

    def is_watch_token(self, token: Any) -> bool:
        return (type(token) is str and 0 < len(token) <= TOKEN_CHARS and token.isascii()
                and secrets.compare_digest(token, self.watch_token))

    def join(self, seat: int | None, send: Callable[[dict], None],
             close: Callable[[int, str], None] | None = None) -> View:
        """A connection for `seat` (None: an onlooker of its own); its first frame holds every trait. The
        seat's earlier connection, if any, is told and closed: one connection a seat."""
        if seat is not None:
            for old in [view for view in self.views if view.seat == seat]:
                self._drop(old, CLOSE_TAKEN_OVER, DEAD_ENDS["taken"])
        view = View(self, seat, send, close)
        self.views.append(view)
        name = "the onlooker" if seat is None else self.state.player_name(seat)
        view.flush(hello={"game": self.game.title, "seat": name})
        return view

    def _all_views(self) -> list[View]:
        """Every view to redraw on a change: the seats' connections, and the spectators' one view if any watch."""
        return [*self.views, self.gallery.view] if self.gallery.sockets else list(self.views)

    def _drop(self, view: View, code: int, reason: str) -> None:
        self.leave(view)
        if view.close is not None:
            view.close(code, reason)

    def leave(self, view: View) -> None:
        if view in self.views:
            self.views.remove(view)

    def connected(self) -> list[int]:
        """How many connections each seat has now (the lobby shows who has joined)."""
        counts = [0] * len(self.seats)
        for view in self.views:
            if view.seat is not None:
                counts[view.seat] += 1
        return counts

    # ---- the teacher's controls ------------------------------------------------------------------
    def _seat(self, seat: Any) -> Seat:
        if type(seat) is not int or not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
            raise ValueError(f"name a human seat of this room, not {str(seat)[:20]!r}")
        return self.seats[seat]

    def _kick(self, seat: int, code: int, reason: str) -> None:
        for view in [view for view in self.views if view.seat == seat]:
            self._drop(view, code, reason)

    def reissue(self, seat: int) -> str:
        """A new link for `seat`: the old one stops at once (its connection is closed)."""
        chosen = self._seat(seat)
        chosen.issue += 1
        chosen.token = self.keys.seat(self.id, seat, chosen.issue)
        self._kick(seat, CLOSE_REISSUED, DEAD_ENDS["reissued"])
        self._save()
        return chosen.token

    def free(self, seat: int) -> None:
        """Close the seat's connection: its link may be opened again, on any screen."""
        self._seat(seat)
        self._kick(seat, CLOSE_FREED, DEAD_ENDS["freed"])

    def lock(self, seat: int, locked: bool = True) -> None:
        """Lock the seat (its link opens nothing, its connection closes) or unlock it."""
        chosen = self._seat(seat)
        chosen.locked = bool(locked)
        if chosen.locked:
            self._kick(seat, CLOSE_LOCKED, DEAD_ENDS["locked"])
        self._save()

    def set_auto_pass(self, on: bool) -> None:
        """Turn auto-pass on or off: every view says at once whether the room passes for the seat to move."""
        self.auto_pass = bool(on)
        for view in self._all_views():
            view.refresh()
            view.flush()
        self._save()
        self.schedule_bot()

    def end(self) -> None:
        """End the room: the board stays to look at (read-only), nothing more is played."""
        self.ended = True
        self.stalled = "the teacher ended this room"
        for view in self._all_views():
            view.refresh()  # its status says so
            view.message = ""
            view.flush()
        self._save()

    def close_all(self) -> None:
        """Every connection closed: the room is removed."""
        for view in list(self.views):
            self._drop(view, CLOSE_REMOVED, DEAD_ENDS["removed"])
        self.gallery.close_all(CLOSE_REMOVED, DEAD_ENDS["removed"])

    def restart(self) -> None:
        """A new game with the same rules and seats (a fresh secret seed)."""
        self.check_open()
        self.state = self.game.new_game(secrets.randbits(32), **self.options)
        self.number += 1
        self.stalled = ""
        self.asked.clear()

    def ask_new_game(self, asker: View) -> bool:
        """`asker`'s seat asks for a new game: every other view (and the lobby) sees the request at once.
        False once every human seat has asked (the new game may start)."""
        assert asker.seat is not None  # an onlooker's view is refused before it asks (View.new_game)
        self.asked.add(asker.seat)
        if not self.waiting_for():
            return False
        for view in self._all_views():
            view.refresh()
            if view is not asker:
                view.flush()
        return True

    def waiting_for(self) -> list[str]:
        """The human seats a new game still waits for, by name."""
        return [self.state.player_name(seat) for seat in self.humans if seat not in self.asked]

    def asking(self) -> str:
        """Who asks for a new game and who it waits for, in words ("" when nobody asks)."""
        if not self.asked:
            return ""
        return new_game_asked([self.state.player_name(seat) for seat in sorted(self.asked)], self.waiting_for())

    def teacher_new_game(self) -> None:
        self.restart()
        self.told = None
        self.commit()

    # ---- what happens ----------------------------------------------------------------------------
    def handle(self, view: View, text: str) -> None:
        """A page's message (JSON text): checked by the view as `Board` checks it, answered in a frame;
        a change of the game reaches every view."""
        state, history = self.state, list(self.state.history)
        try:
            content = json.loads(text)
        except (ValueError, RecursionError):
            view.message = "ignored a message that is not JSON"
            view.answers += 1
        else:
            view.handle(content)
        if self.state is not state or self.state.history != history:
            self.commit(view)
        else:
            view.flush()

    def commit(self, actor: View | None = None) -> None:
        """The game changed (by `actor`'s message, or a bot): every other view redraws at a new turn, the
        record is saved, every view gets its frame, and a bot to move (or a forced pass) is scheduled."""
        self.version += 1
        if self.state.outcome is not None:
            self.asked.clear()
        self.told = actor.told if actor is not None else self.told
        for view in self._all_views():
            if view is not actor:
                view.pending = None
                view.tell_told(self.told)
                view._changed()
        self._save()  # before any page hears of it
        for view in self._all_views():
            view.flush()
        self.schedule_bot()

    def forced_pass(self) -> bool:
        """Whether the seat to move is a human who can only pass, and the room passes for them."""
        state = self.state
        return (self.auto_pass and not self.ended and state.outcome is None and state.to_move in self.humans
                and tuple(state.legal_actions()) == ("pass",))

    def schedule_bot(self) -> None:
        """A bot to move plays on the running event loop, deciding in a worker thread on a copy; a human
        who can only pass is passed for after `AUTO_PASS_DELAY`."""
        if not (self.thinking or self.forced_pass()) or (self._bot_task is not None and not self._bot_task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): `play_bots` plays them
        turn = self._auto_pass(self.version) if not self.thinking else self._bot_turn(self.version)
        self._bot_task = loop.create_task(turn)

    async def _auto_pass(self, version: int) -> None:
        await asyncio.sleep(AUTO_PASS_DELAY)
        self._bot_task = None
        if version == self.version and self.forced_pass():
            self.bot_move("pass")
        else:
            self.schedule_bot()

    async def _bot_turn(self, version: int) -> None:
        await asyncio.sleep(self.bot_delay)
        if version != self.version or not self.thinking or self.ended:
            self._bot_task = None
            self.schedule_bot()
            return
        seat = self.state.to_move
        assert seat is not None  # thinking: the game runs and a bot is to move
        try:
            action = await asyncio.get_running_loop().run_in_executor(
                BOT_THREAD, decide, self.bots[seat], self.state.clone(), self.time_limit)
        except Forfeit as error:
            self._bot_failed(seat, error.reason)
            return
        self._bot_task = None
        if version == self.version and not self.ended:
            self.bot_move(action)
        else:
            self.schedule_bot()

    def bot_move(self, action: str) -> None:
        """Play a bot's (checked) action for the seat to move (or a forced pass, said as a pass is)."""
        mover, words = self.state.to_move, self.state.describe(action)
        self.state.play(action)
        self.told = (mover, words)
        self.commit()

    def play_bots(self) -> None:
        """Every move due now that waits for nobody (bots', forced passes), here and now (no event loop)."""
        while self.thinking or self.forced_pass():
            if self.forced_pass():
                self.bot_move("pass")
                continue
            seat = self.state.to_move
            assert seat is not None  # thinking: the game runs and a bot is to move
            try:
                action = decide(self.bots[seat], self.state.clone(), self.time_limit)
            except Forfeit as error:
                self._bot_failed(seat, error.reason)
                return
            self.bot_move(action)

    def _bot_failed(self, seat: int, reason: str) -> None:
        self.stalled = "could not move: a new game goes on"
        for view in self._all_views():
            view.refresh()
            view.message = f"{self.state.player_name(seat)}'s bot {reason}"[:160]
            view.flush()
        self._save()

    def _save(self) -> None:
        """Save the room (`on_change`); a failure (a full disk) is logged, and the game goes on."""
        if self.on_change is None:
            return
        try:
            self.on_change(self)
        except Exception:
            log.exception("room %s could not be saved", self.id)
